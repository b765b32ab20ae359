import Foundation

final class Counter {
    private let lock = NSLock()
    private var total = 0
    private var loose = 0

    func add(_ n: Int) {
        update(&total, under: lock) { $0 += n }  // Quiet: `update` holds the lock it is handed.
        lock.withLock { loose += n }
    }

    func read() -> Int {
        lock.withLock { total }
    }

    func reset() {
        lock.withLock { total = 0 }
    }

    func nudge() {
        bump(&loose, lock: lock)  // expect: inconsistent_locking
    }

    func peek() -> Int {
        lock.withLock { loose }
    }
}
