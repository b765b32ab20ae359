import Foundation

// Helpers whose other uses hold a recursive lock: one use without it is reported (the fix-it
// text, which must not claim a deadlock, is checked in GuardMessagesTests).
final class Registry {
    private let lock = NSRecursiveLock()
    private var items: [String] = []

    private var total: Int {
        return items.count // expect: inconsistent_locking
    }

    func add(_ s: String) {
        lock.lock()
        items.append(s)
        lock.unlock()
    }

    // Quiet: the helper's use holds the lock.
    func trim() {
        lock.lock()
        defer { lock.unlock() }
        if total > 3 { items.removeAll() }
    }

    func count() -> Int {
        return total
    }
}

/// The project's own lock, recursive because it wraps one.
final class ReentrantLock {
    private let inner = NSRecursiveLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}

final class Roster {
    private let guardLock = ReentrantLock()
    private var names: [String] = []

    private func dump() {
        print(names) // expect: inconsistent_locking
    }

    func add(_ n: String) {
        guardLock.lock()
        names.append(n)
        dump()
        guardLock.unlock()
    }

    func show() {
        dump()
    }
}

final class Tally {
    private var counts: [String: Int] = [:]

    private func describe() -> String {
        "\(counts)" // expect: inconsistent_locking
    }

    func bump(_ k: String) {
        objc_sync_enter(self)
        counts[k, default: 0] += 1
        print(describe())
        objc_sync_exit(self)
    }

    func show() {
        print(describe())
    }
}
