import Foundation

public final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var _wrappedValue: Value

    public init(_ value: Value) { _wrappedValue = value }

    public var wrappedValue: Value {
        get { lock.withLock { _wrappedValue } }
        set { lock.withLock { _wrappedValue = newValue } }
    }

    public func withValue<R>(_ body: (inout Value) -> R) -> R {
        lock.withLock { body(&_wrappedValue) }
    }
}

public final class Cell<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    public init(_ value: Value) { stored = value }
    public var contents: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
