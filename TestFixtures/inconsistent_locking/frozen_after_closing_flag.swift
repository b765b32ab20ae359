import Foundation

final class Worker {
    func stop() {}
}

// Quiet: every write of `workers` runs only while `closed` is false, checked under the lock;
// `shutdown()` sets `closed` under the lock first, so no write can follow, and the read after it
// sees the last one.
final class WorkerPool {
    private let lock = NSLock()
    private var closed = false
    private var workers: [Worker] = []

    func add(_ worker: Worker) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { return false }
        workers.append(worker)
        return true
    }

    func count() -> Int {
        lock.withLock { workers.count }
    }

    func shutdown() {
        lock.withLock { closed = true }
        for w in workers {
            w.stop()
        }
    }
}

// Fires: `remove` writes the workers without checking the flag, so a write can still follow the
// close, and the read after it races with that write.
final class LeakyPool {
    private let lock = NSLock()
    private var closed = false
    private var workers: [Worker] = []

    func add(_ worker: Worker) {
        lock.withLock {
            if !closed {
                workers.append(worker)
            }
        }
    }

    func removeAll() {
        lock.withLock { workers.removeAll() }
    }

    func shutdown() {
        lock.withLock { closed = true }
        for w in workers { // expect: inconsistent_locking
            w.stop()
        }
    }
}

// Fires: `reopen()` sets the flag back to false, so writes can follow a close.
final class ReopeningPool {
    private let lock = NSLock()
    private var closed = false
    private var workers: [Worker] = []

    func add(_ worker: Worker) {
        lock.withLock {
            guard !closed else { return }
            workers.append(worker)
        }
    }

    func reopen() {
        lock.withLock { closed = false }
    }

    func shutdown() {
        lock.withLock { closed = true }
        workers.forEach { $0.stop() } // expect: inconsistent_locking
    }
}
