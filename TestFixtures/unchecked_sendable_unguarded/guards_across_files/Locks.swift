import Foundation

/// The project's own lock: a method that runs its closure between lock() and unlock().
final class Lock {
    private let inner = NSLock()
    func perform<T>(_ body: () throws -> T) rethrows -> T {
        inner.lock()
        defer { inner.unlock() }
        return try body()
    }
}

/// A method that takes a closure and a lock, but calls the closure outside the lock: not a lock.
final class LazyCache {
    private let inner = NSLock()
    private var stored: [String: Int] = [:]
    func synchronizedLazy(_ key: String, initializer: () -> Int) -> Int {
        if let v = inner.withLock({ stored[key] }) { return v }
        let v = initializer()
        inner.withLock { stored[key] = v }
        return v
    }
}

/// A serializer reached through a protocol: its implementation runs the closure on one queue.
protocol Serializer {
    func run<T>(_ body: () -> T) -> T
}

final class QueueSerializer: Serializer {
    private let queue = DispatchQueue(label: "serial")
    func run<T>(_ body: () -> T) -> T { queue.sync { body() } }
}

/// A serial queue declared at module level, used by classes in other files.
let moduleQueue = DispatchQueue(label: "module")
