import Foundation

// Shape 3: the flag says whether to take the lock (`takeLock: Bool = true`), and the function
// releases it under the same flag; one caller holds the lock and passes `false`.
final class Registry {
    private let mutex = NSRecursiveLock()
    private var entries: [String: Int] = [:]

    func register(_ key: String) {
        mutex.lock()
        defer { mutex.unlock() }
        entries[key] = 1
        prune(takeLock: false)
    }

    func tidy() {
        prune()
    }

    func prune(takeLock: Bool = true) {
        if takeLock { mutex.lock() }
        entries = entries.filter { $0.value > 0 }
        if takeLock { mutex.unlock() }
    }
}

// Near miss: the default leaves the lock to the caller, and a caller leaves the argument out
// without holding it.
final class Roster {
    private let mutex = NSLock()
    private var names: [String] = []

    func add(_ n: String) {
        mutex.lock()
        names.append(n)
        mutex.unlock()
    }

    func sweep() {
        clear()
    }

    func clear(alreadyLocked: Bool = true) {
        if alreadyLocked == false { mutex.lock() }
        names.removeAll() // expect: inconsistent_locking
        if alreadyLocked == false { mutex.unlock() }
    }
}
