import Foundation

// The helper reaches the lock two calls down, through a method that runs its closure under the
// lock: the same deadlock for a caller that holds it.
final class Catalog {
    private let lock = NSLock()
    private var entries: [String: Int] = [:]

    private func locked<T>(_ body: () -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    private func refill() {
        locked { entries["default"] = 0 }
    }

    private func reload() {
        refill()
    }

    func value(for key: String) -> Int? {
        if let v = entries[key] { return v } // expect: inconsistent_locking
        reload()
        return nil
    }

    func bump(_ key: String) {
        locked {
            entries[key, default: 0] += 1
            _ = value(for: key)
        }
    }

    func peek(_ key: String) -> Int? {
        value(for: key)
    }
}
