import Foundation

/// The module's own lock types, declared apart from the containers that use them: each runs the
/// closure it is given with its lock held.
public final class Latch {
    private let raw = NSLock()
    public init() {}
    public func lock() { raw.lock() }
    public func unlock() { raw.unlock() }
    public func synchronized<A>(_ body: () throws -> A) rethrows -> A {
        lock()
        defer { unlock() }
        return try body()
    }
}

/// A wrapper struct around NSLock with a method of another name.
public struct Section {
    private let inner = NSLock()
    public init() {}
    public func run<R>(_ body: () throws -> R) rethrows -> R {
        inner.lock()
        defer { inner.unlock() }
        return try body()
    }
}
