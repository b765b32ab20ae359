import Foundation

// Labelled, in its own file.
func execute<Result>(in lock: NSLock, block: () throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try block()
}

// Through the lock's own closure method.
func guarded<T>(by lock: NSRecursiveLock, _ body: () -> T) -> T {
    lock.withLock { body() }
}
