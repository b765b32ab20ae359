import Foundation

// A project's own lock named like an unfair lock, but wrapping a recursive one: taking it again
// on the same thread is fine.
final class ReentrantUnfairLock {
    private let inner = NSRecursiveLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}

final class Catalog {
    private let lock = ReentrantUnfairLock()
    private var names: [String] = []

    func add(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        names.append(name)
        lock.lock()
        lock.unlock()
    }
}

// Near miss: the same shape around a raw unfair lock traps when taken again.
final class SpinUnfairLock {
    private let raw: UnsafeMutablePointer<os_unfair_lock> = {
        let p = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        p.initialize(to: os_unfair_lock())
        return p
    }()
    func lock() { os_unfair_lock_lock(raw) }
    func unlock() { os_unfair_lock_unlock(raw) }
}

final class Shelf {
    private let lock = SpinUnfairLock()
    private var names: [String] = []

    func add(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        names.append(name)
        lock.lock()  // expect: recursive_lock
        lock.unlock()
    }
}
