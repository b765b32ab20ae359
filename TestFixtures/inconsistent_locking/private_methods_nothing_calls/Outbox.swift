import Foundation

// A third: private methods called only by a private method that nothing calls run in no run
// either; one called from a block on another queue runs there, with nothing held.
final class Outbox {
    private let lock = NSLock()
    private var pending: [String] = []

    func add(_ s: String) {
        lock.withLock { pending.append(s) }
    }

    // Fires: called from a block on a global queue.
    private func flushNow() {
        pending.removeAll() // expect: inconsistent_locking
    }

    func flushLater() {
        DispatchQueue.global().async { self.flushNow() }
    }

    // Quiet: only `discardAll()` calls `purge()`, and nothing calls `discardAll()`.
    private func discardAll() {
        purge()
    }

    private func purge() {
        pending.removeAll()
    }

    var count: Int { lock.withLock { pending.count } }
}
