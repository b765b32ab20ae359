import Foundation

/// Labelled overloads in an extension in another file (`CacheStore.swift`): `store(_:value:)`
/// names neither declaration exactly, and only `store(_:value:ttl:)` can take it.
final class Cache {
    let lock = NSLock()
    var entries: [String: Int] = [:]
    var evictions = 0

    func put(_ key: String, _ value: Int) {
        lock.withLock {
            store(key, value: value)
        }
    }

    func putAll(_ values: [String: Int]) {
        lock.lock()
        defer { lock.unlock() }
        store("all", values: values)
    }

    /// Reaches the one-value overload without the lock.
    func putUnlocked(_ key: String) {
        store(key, value: 0, ttl: 1)
    }

    func evicted() -> Int {
        lock.withLock { evictions }
    }
}
