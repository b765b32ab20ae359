import Foundation

// The whole value read through a getter that locks, then reset through a setter that locks
// again: what another thread adds in between is dropped without being in the value taken.
final class Batcher: @unchecked Sendable {
    private let lock = NSLock()
    private var _queued: [String] = []
    private var _hits = 0

    var queued: [String] {
        get { lock.withLock { _queued } }
        set { lock.withLock { _queued = newValue } }
    }

    var hits: Int {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _hits
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _hits = newValue
        }
    }

    func flush(_ send: ([String]) -> Void) {
        let batch = self.queued
        self.queued = [] // expect: split_critical_section
        send(batch)
    }

    func drainHits() -> Int {
        let n = hits
        hits = 0 // expect: split_critical_section
        return n
    }

    // Only a count read (not the value taken): quiet.
    func discard() -> Int {
        let n = queued.count
        queued = []
        return n
    }

    // The value read is not used after the reset: quiet.
    func clear() {
        let old = queued
        print(old.count)
        queued = []
    }

    // Reset to something that is not empty: quiet.
    func restart() -> [String] {
        let before = queued
        queued = ["start"]
        return before
    }

    // Taken and reset in one acquisition: quiet.
    func take() -> [String] {
        lock.withLock {
            let batch = _queued
            _queued = []
            return batch
        }
    }
}
