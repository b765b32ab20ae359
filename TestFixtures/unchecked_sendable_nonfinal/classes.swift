import Foundation

class Cache: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    private let lock = NSLock()
    private var items: [String: Int] = [:]
}

open class Base: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    public let id = 1
}

class Parent: NSObject, @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    let name = "p"
}
final class Child: Parent {
    var extra = 0
}

public final class Locked<Value>: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    private let lock = NSLock()
    private var value: Value
    public init(_ value: Value) { self.value = value }
    public func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// Quiet: final classes, Sendable-constrained wrappers, private classes without subclasses.
final class FinalCache: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String: Int] = [:]
}

final class SafeLocked<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
}

final class WhereLocked<Value>: @unchecked Sendable where Value: Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
}

final class GenericNoLock<T>: @unchecked Sendable {
    let value: T
    init(_ value: T) { self.value = value }
}

private class Helper: @unchecked Sendable {
    let id = 1
}

fileprivate class Shared: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    let id = 1
}
fileprivate final class SharedChild: Shared {}

class Plain {
    var x = 0
}

struct Value: @unchecked Sendable {
    var x = 0
}

#if DEBUG
class DebugOnly: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    let x = 0
}
#endif

// A subclass that restates the conformance made its own reviewed promise.
class Channel: @unchecked Sendable {
    let id = 1
}
final class SocketChannel: Channel, @unchecked Sendable {
    let fd = 3
}

// An open class can be subclassed by other modules: still reported.
open class OpenBase: @unchecked Sendable { // expect: unchecked_sendable_nonfinal
    public let id = 1
}
final class OpenChild: OpenBase, @unchecked Sendable {}

func makeThing() {
    // Declared inside a function: nothing else can subclass it.
    class Thing: @unchecked Sendable {
        var value = 0
    }
    _ = Thing()
}

// A wrapper whose closures are @Sendable keeps its value inside.
final class Isolated<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func withValue<T: Sendable>(_ body: @Sendable (inout Value) throws -> T) rethrows -> T {
        try lock.withLock { try body(&value) }
    }
}
