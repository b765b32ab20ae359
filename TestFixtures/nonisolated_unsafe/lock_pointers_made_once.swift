import Foundation
import os

/// A lock allocated on the heap once, by the declaration's own initializer, and never freed: it
/// is initialized before any use and lives as long as the program.
enum FormatterCache {
    private nonisolated(unsafe) static let lock: UnsafeMutablePointer<os_unfair_lock> = {  // Quiet: made once, never freed.
        let pointer = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        pointer.initialize(to: os_unfair_lock())
        return pointer
    }()

    static func withCache<T>(_ body: () -> T) -> T {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        return body()
    }
}

nonisolated(unsafe) let registryLock: UnsafeMutablePointer<os_unfair_lock> = {  // Quiet: a global made the same way.
    let made = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
    made.initialize(to: .init())
    return made
}()

struct Ledger {}

extension Ledger {
    nonisolated(unsafe) static let entriesLock: UnsafeMutablePointer<os_unfair_lock> = {  // Quiet: made once in an extension, never freed.
        let lock = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        lock.initialize(repeating: os_unfair_lock(), count: 1)
        return lock
    }()
}

final class Pool {
    nonisolated(unsafe) static let guardLock: UnsafeMutablePointer<os_unfair_lock> = {  // expect: nonisolated_unsafe
        let p = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        p.initialize(to: os_unfair_lock())
        return p
    }()

    /// Frees the lock while other code may still use it.
    static func shutdown() {
        guardLock.deinitialize(count: 1)
        guardLock.deallocate()
    }

    nonisolated(unsafe) let slotLock: UnsafeMutablePointer<os_unfair_lock>  // expect: nonisolated_unsafe

    init() {
        slotLock = .allocate(capacity: 1)
        slotLock.initialize(to: os_unfair_lock())
    }
}
