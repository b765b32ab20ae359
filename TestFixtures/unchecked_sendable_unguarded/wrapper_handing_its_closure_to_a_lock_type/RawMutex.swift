import Foundation

/// A mutex of the project's own: its closure method runs the block with the mutex held.
final public class RawMutex {
    private let inner = NSLock()

    public init() {}

    fileprivate func lock() { inner.lock() }
    fileprivate func unlock() { inner.unlock() }

    public func withCriticalScope<T>(block: () -> T) -> T {
        lock()
        defer { unlock() }
        return block()
    }
}

typealias StateMutex = RawMutex

/// Hands out exclusive use of named categories; its `unlock(categories:)` releases those, it
/// is no mutex.
final class JobQueue {
    func unlock(categories: Set<String>) {}
}
