import Foundation

// A lock type whose acquires have names of its own; `unlock()` gives back what each takes. The
// code shows which call takes the lock: the one right before `defer { lock.unlock() }`.
final class RW: @unchecked Sendable {
    private let raw = UnsafeMutablePointer<pthread_rwlock_t>.allocate(capacity: 1)
    func lockForReading() { pthread_rwlock_rdlock(raw) }
    func lockForWriting() { pthread_rwlock_wrlock(raw) }
    func unlock() { pthread_rwlock_unlock(raw) }
}

// Quiet: both accesses run between an acquire and its deferred release.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = RW()
    private var storage: Value
    init(_ v: Value) { storage = v }
    func read<T>(_ f: (Value) -> T) -> T {
        lock.lockForReading()
        defer { lock.unlock() }
        return f(storage)
    }
    func write<T>(_ f: (inout Value) -> T) -> T {
        lock.lockForWriting()
        defer { lock.unlock() }
        return f(&storage)
    }
}

// Fires: the same lock, and one read outside it.
final class HalfGuarded: @unchecked Sendable {
    private let lock = RW()
    private var hits = 0

    func hit() {
        lock.lockForWriting()
        defer { lock.unlock() }
        hits += 1
    }

    func peek() -> Int {
        hits // expect: unchecked_sendable_unguarded
    }
}
