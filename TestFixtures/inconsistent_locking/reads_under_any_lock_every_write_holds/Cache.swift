import Foundation

// Another shape: writes on a serial queue under a lock as well; reads on the queue, or under
// the lock alone.
final class Cache {
    private let queue = DispatchQueue(label: "cache")
    private let lock = NSLock()
    private var size = 0

    func grow(by n: Int) {
        queue.sync {
            lock.withLock { size += n }
        }
    }

    func report() {
        queue.async { print(self.size) }
    }

    var current: Int { lock.withLock { size } }

    // Fires: a write on the queue without the lock, not ordered against the reads under the
    // lock alone.
    func reset() {
        queue.async { self.size = 0 } // expect: inconsistent_locking
    }
}
