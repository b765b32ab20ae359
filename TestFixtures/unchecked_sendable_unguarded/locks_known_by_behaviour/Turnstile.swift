import Foundation

// A lock wrapper whose stored lock is declared through a typealias of an existential: the tool
// knows it is a lock because `pass` runs its closure between lock() and unlock().
final class Turnstile {
    private typealias Inner = NSLocking & Sendable
    private let inner: Inner
    init() { inner = NSLock() }
    func pass<T>(_ work: () throws -> T) rethrows -> T {
        inner.lock()
        defer { inner.unlock() }
        return try work()
    }
}

// The same, with the lock type chosen by `#if`.
final class Latch {
    #if os(Linux)
    private typealias Inner = NSLock
    #else
    private typealias Inner = NSRecursiveLock
    #endif
    private let inner = Inner()
    func hold(_ work: () -> Void) { inner.lock(); work(); inner.unlock() }
}

// A protocol existential stored as is.
final class Bolt {
    private let inner: any NSLocking
    init() { inner = NSLock() }
    func within<T>(_ work: () -> T) -> T { inner.lock(); defer { inner.unlock() }; return work() }
}

// A wrapper built on the first: its closure runs inside `pass`.
final class Slot<Value> {
    private let gate = Turnstile()
    private var held: Value
    init(_ value: Value) { held = value }
    func change<R>(_ body: (inout Value) -> R) -> R { gate.pass { body(&held) } }
}

// A reader-writer wrapper as a struct over a concurrent queue.
struct Ledger<Value> {
    private let queue = DispatchQueue(label: "ledger", attributes: .concurrent)
    private var held: Value
    init(_ value: Value) { held = value }
    var current: Value { queue.sync { held } }
    mutating func amend(_ body: (inout Value) -> Void) { queue.sync(flags: .barrier) { body(&held) } }
}
