import Foundation

/// Runs on the superclass's queue, asserted through the superclass's helper.
final class Indexer: Worker {
    private var pending: [String] = []
    func schedule(_ s: String) { queue.async { self.add(s) } }
    func add(_ s: String) {
        assertOnQueue()
        pending.append(s)
    }
    func flush() {
        self.assertOnQueue()
        pending.removeAll()
    }
    func count() -> Int { pending.count } // expect: inconsistent_locking
}

/// Isolated to the main actor through its base class: nothing to report.
final class Profile: ScreenBase {
    private let lock = NSLock()
    private var name = ""
    func rename(_ n: String) { lock.withLock { name = n } }
    func show() -> String { name }
}
