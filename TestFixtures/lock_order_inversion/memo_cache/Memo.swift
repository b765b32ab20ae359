import Foundation

// A memoizing cache: it fills a missing value by calling the closure it is given, while holding
// its own lock (so one value is made once).
final class Memo<Key: Hashable, Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var storage: [Key: Value] = [:]

    func value(for key: Key, make: (Key) -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let hit = storage[key] { return hit }
        let made = make(key)
        storage[key] = made
        return made
    }

    // Makes the value with the lock released (a race may make it twice; the first stays).
    func valueUnlocked(for key: Key, make: (Key) -> Value) -> Value {
        if let hit = lock.withLock({ storage[key] }) { return hit }
        let made = make(key)
        return lock.withLock {
            if let raced = storage[key] { return raced }
            storage[key] = made
            return made
        }
    }

    func removeAll() {
        lock.lock() // expect: lock_order_inversion
        defer { lock.unlock() }
        storage.removeAll()
    }
}
