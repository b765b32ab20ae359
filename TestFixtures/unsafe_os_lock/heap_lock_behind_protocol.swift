import Darwin

protocol Locking: AnyObject {
    func lock()
    func unlock()
}

// A wrapper that owns a heap-allocated lock, set up by a closure run once per instance; the
// code uses it only through the protocol.
final class UnfairLock: Locking, @unchecked Sendable {
    private let raw: os_unfair_lock_t = {
        var value = os_unfair_lock()
        let pointer = os_unfair_lock_t.allocate(capacity: 1)
        pointer.moveInitialize(from: &value, count: 1)
        return pointer
    }()

    func lock() { os_unfair_lock_lock(raw) }
    func unlock() { os_unfair_lock_unlock(raw) }

    deinit {
        raw.deinitialize(count: 1)
        raw.deallocate()
    }
}

final class Cache: @unchecked Sendable {
    private let guardian: any Locking = UnfairLock()
    private var entries: [String: Int] = [:]

    func set(_ key: String, _ value: Int) {
        guardian.lock()
        defer { guardian.unlock() }
        entries[key] = value
    }
}

// A struct whose stored lock is inline and handed to the C functions through a mutating
// method is reported, wrapper or not.
struct InlineLock {
    private var value = os_unfair_lock() // expect: unsafe_os_lock
    mutating func lock() { os_unfair_lock_lock(&value) }
    mutating func unlock() { os_unfair_lock_unlock(&value) }
}
