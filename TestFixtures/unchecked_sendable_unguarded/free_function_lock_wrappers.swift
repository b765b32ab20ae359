import Foundation

// A free function that runs its closure under the lock it is given, unlabelled.
func withLocked<T>(_ lock: NSLock, _ body: () throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
}

// Not one: it releases the lock before it runs the closure.
func afterLocking<T>(_ lock: NSLock, _ body: () -> T) -> T {
    lock.lock()
    lock.unlock()
    return body()
}

// Quiet: every access runs in a closure the function runs under `lock`.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func bump() { withLocked(lock) { count += 1 } }
    func current() -> Int { withLocked(lock) { count } }
}

// Fires: the closure of the function that releases first holds nothing.
final class LooseTally: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    func bump() { withLocked(lock) { count += 1 } }
    func current() -> Int { afterLocking(lock) { count } } // expect: unchecked_sendable_unguarded
}
