import Foundation

// A third: a helper every caller of which holds the lock starts the thread.
final class Uploader {
    private let lock = NSLock()
    private var sent = 0

    func send() {
        lock.lock()
        defer { lock.unlock() }
        sent += 1
        spawnLocked()
    }

    // Quiet: runs under its caller's lock.
    private func countLocked() -> Int { sent }

    var total: Int { lock.withLock { countLocked() } }

    // Fires: the thread runs after `send()` has released the lock.
    private func spawnLocked() {
        Thread.detachNewThread {
            self.sent = 0 // expect: inconsistent_locking
        }
    }
}
