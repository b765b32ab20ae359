import Foundation
import os

// MARK: The correct patterns: the lock lives on the heap at one address.

final class HeapLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<os_unfair_lock>

    init() {
        lock = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
    }

    deinit {
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        os_unfair_lock_lock(lock)
        defer { os_unfair_lock_unlock(lock) }
        return try body()
    }
}

final class BufferLock<Value>: ManagedBuffer<Value, pthread_mutex_t> {
    func lock() {
        withUnsafeMutablePointerToElements { pthread_mutex_lock($0) }
    }
}

final class OpaqueLock {
    let raw: os_unfair_lock_t = .allocate(capacity: 1)
    func lock() { os_unfair_lock_lock(raw) }
    func pointeeLock() { os_unfair_lock_lock(&raw.pointee) }
}

/// The system types that do it for you.
@available(macOS 13.0, iOS 16.0, *)
final class Modern {
    let state = OSAllocatedUnfairLock(initialState: 0)
    let legacy = NSLock()
}

/// A raw lock that is never passed with `&` in this file: nothing to report here.
struct Declared {
    var lock = os_unfair_lock()
    let constant = pthread_mutex_t()
}

/// Locals live for one call; a parameter or local of the same name shadows the property.
final class Shadowing {
    private var lock = os_unfair_lock()
    private var count = 0

    func local() {
        var lock = os_unfair_lock()
        os_unfair_lock_lock(&lock)
        os_unfair_lock_unlock(&lock)
    }

    func parameter(_ lock: inout os_unfair_lock) {
        os_unfair_lock_lock(&lock)
        count += 1
        os_unfair_lock_unlock(&lock)
    }
}

/// Generic arguments and pointers to the raw type are not the raw type.
struct Holders {
    var pointer: UnsafeMutablePointer<pthread_mutex_t>? = nil
    var array: [os_unfair_lock] = []
    func use() { _ = pointer }
}

// Lexer traps: none of these is code.
// private var lock = os_unfair_lock(); os_unfair_lock_lock(&lock)
/* var spin = OS_SPINLOCK_INIT /* nested OSSpinLockLock(&spin) */ */
let doc = "var lock = os_unfair_lock(); os_unfair_lock_lock(&lock)"
let rawDoc = #"OSSpinLockLock(&spin) \#("OSSpinLock")"#
let multiDoc = """
    var m = pthread_mutex_t()
    pthread_mutex_lock(&m)
    """
let regex = /OSSpinLock/
