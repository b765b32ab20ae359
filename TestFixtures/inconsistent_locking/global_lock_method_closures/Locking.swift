import Foundation

// The run's own lock protocol: `perform` runs its closure holding the lock.
public protocol Lockable {
    func lock()
    func unlock()
}

extension Lockable {
    public func perform<T>(locked block: () -> T) -> T {
        lock()
        defer { unlock() }
        return block()
    }
}

extension NSLock: Lockable {}
