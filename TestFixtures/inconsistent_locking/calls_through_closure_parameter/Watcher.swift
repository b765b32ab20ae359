import Foundation

// The same kind of call in a closure handed to code outside the file (a thread the system
// starts): it runs with nothing the class holds, and is reported.
final class Watcher {
    private let queue = DispatchQueue(label: "watcher")
    private var events: [Int] = []

    func add(_ e: Int) { queue.sync { events.append(e) } }

    func count() -> Int { queue.sync { events.count } }

    private func drain() { events.removeAll() } // expect: inconsistent_locking

    static func install(_ watchers: [Watcher]) {
        Thread.detachNewThread {
            for w in watchers { w.drain() }
        }
    }
}
