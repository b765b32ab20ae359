import Foundation

// The project's own box of the same kind, in another file.
final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var _value: Value

    init(_ value: Value) { _value = value }

    var value: Value { lock.withLock { _value } }

    func setValue(_ newValue: Value) {
        lock.withLock { _value = newValue }
    }

    func withValue<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        try lock.withLock { try body(&_value) }
    }
}
