import Foundation

// A read off the queue in a member that hands its caller the value (or runs a closure it cannot
// keep) before it returns: the fix-it never offers to read inside queue.async and hand the value
// on later, which cannot work there. Where the member hands nothing back now, it still does.
final class Gauge {
    private let queue = DispatchQueue(label: "gauge")
    private var level = 0

    func update(_ v: Int) { queue.async { self.level = v } }

    var current: Int {
        level // expect: inconsistent_locking
    }

    func inspect(_ body: (Int) -> Void) {
        body(level) // expect: inconsistent_locking
    }

    func snapshot() -> [Int] {
        [level] // expect: inconsistent_locking
    }

    func log() {
        print(level) // expect: inconsistent_locking
    }

    func report(_ done: @escaping (Int) -> Void) {
        done(level) // expect: inconsistent_locking
    }
}
