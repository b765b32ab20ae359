import Foundation

// Another spelling: the owner is the `Thread` object, compared with `==` in an if/else, the
// else-branch taking the lock. The then-branch holds the lock; the read of `writer` itself does
// not (it is written under the lock), and is reported with a fix-it that does not take the lock.
final class Journal {
    private var lines: [String] = []
    private var writer: Thread?
    private let mutex = NSLock()

    func write(_ line: String) {
        if writer == Thread.current { // expect: inconsistent_locking
            lines.append(line)
        } else {
            mutex.lock()
            lines.append(line)
            mutex.unlock()
        }
    }

    func batch(_ body: () -> Void) {
        mutex.lock()
        writer = Thread.current
        body()
        writer = nil
        mutex.unlock()
    }

    var count: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return lines.count
    }
}

// Near-miss: the thread that made the object, recorded outside any lock, proves nothing about
// the lock: the branch for it is unguarded.
final class Ledger {
    private var rows: [Int] = []
    private let creator = Thread.current
    private var starter: Thread?
    private let lock = NSLock()

    func start() {
        starter = Thread.current
    }

    func add(_ n: Int) {
        if starter == Thread.current {
            rows.append(n) // expect: inconsistent_locking
        } else {
            lock.lock()
            rows.append(n)
            lock.unlock()
        }
    }

    var total: Int {
        lock.lock()
        defer { lock.unlock() }
        return rows.reduce(0, +)
    }
}
