import Foundation

struct Counts {
    var hits = 0
    var misses = 0
}

/// Through `self.` and a helper with more arguments, taking the lock with lock()/unlock().
final class CacheCounters {
    private let lock = NSLock()
    private var _counts = Counts()

    var counts: Counts {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _counts
        }
        set { self.store(newValue, notify: false) }
    }

    private func store(_ counts: Counts, notify: Bool) {
        lock.lock()
        _counts = counts
        lock.unlock()
        if notify { print("counts changed") }
    }

    func hit() {
        var c = counts
        c.hits += 1
        counts = c // expect: split_critical_section
    }
}

/// On a serial queue.
final class QueueCounters {
    private let queue = DispatchQueue(label: "queue-counters")
    private var _counts = Counts()

    var counts: Counts {
        get { queue.sync { _counts } }
        set { write(newValue) }
    }

    private func write(_ counts: Counts) {
        queue.sync { _counts = counts }
    }

    func miss() {
        var c = counts
        c.misses += 1
        counts = c // expect: split_critical_section
    }
}
