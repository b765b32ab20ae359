import Foundation

// A `defer` that releases, written before the acquire, runs on every exit of its block.

final class Cache {
    private let lock = NSLock()
    private var values: [String: Int] = [:]

    func value(_ key: String) -> Int? {
        defer { lock.unlock() }
        lock.lock()
        guard let v = values[key] else { return nil }
        return v
    }

    func store(_ key: String, _ v: Int) throws {
        defer { objc_sync_exit(self) }
        objc_sync_enter(self)
        if v < 0 { throw CacheError.negative }
        values[key] = v
    }

    /// The defer is in the outer block, the acquire in a branch.
    func refresh(_ force: Bool) -> Bool {
        defer { if force { lock.unlock() } }
        if force {
            lock.lock()
            if values.isEmpty { return false }
        }
        return true
    }

    /// In a loop whose body registers the defer: released at the end of every iteration.
    func drain(_ keys: [String]) {
        for key in keys {
            defer { lock.unlock() }
            lock.lock()
            if values[key] == nil { continue }
            values[key] = nil
        }
    }

    /// The defer is outside the loop: the next iteration takes the lock again while it is held.
    func sweep(_ keys: [String]) {
        defer { lock.unlock() }
        for key in keys {
            lock.lock() // expect: lock_without_defer
            values[key] = nil
        }
    }
}

enum CacheError: Error { case negative }
