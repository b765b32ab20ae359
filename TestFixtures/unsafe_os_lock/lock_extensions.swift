import os

extension os_unfair_lock { // expect: unsafe_os_lock
    mutating func lock() {
        os_unfair_lock_lock(&self)
    }

    mutating func unlock() {
        os_unfair_lock_unlock(&self)
    }
}

typealias RawLock = os_unfair_lock_s

extension RawLock { // expect: unsafe_os_lock
    mutating func withLocked<T>(_ body: () -> T) -> T {
        os_unfair_lock_lock(&self); defer { os_unfair_lock_unlock(&self) }
        return body()
    }
}

struct SpinBox {
    var raw = os_unfair_lock() // expect: unsafe_os_lock
    var value = 0

    mutating func lock() { os_unfair_lock_lock(&raw) }
    mutating func unlock() { os_unfair_lock_unlock(&raw) }
}

// Quiet: an extension of the pointer works on a lock at a stable heap address.
extension UnsafeMutablePointer where Pointee == os_unfair_lock {
    func lock() { os_unfair_lock_lock(self) }
    func unlock() { os_unfair_lock_unlock(self) }
}

// Quiet: an extension that never passes `&self` (reads a copy's description only).
extension os_unfair_lock {
    var label: String { "unfair lock" }
}

// Quiet: `&self.member` in another type's extension is the property rule's concern, not this one.
struct Other {
    var count = 0
    mutating func bump() { withUnsafeMutablePointer(to: &self) { $0.pointee.count += 1 } }
}
