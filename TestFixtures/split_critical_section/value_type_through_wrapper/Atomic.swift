import Foundation

// A wrapper whose getter and setter each take the lock on their own.
@propertyWrapper
final class Atomic<Value> {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value {
        get {
            lock.lock()
            defer { lock.unlock() }
            return value
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            value = newValue
        }
    }
}

// Holding the lock across the whole change: quiet.
@propertyWrapper
final class Exclusive<Value> {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { value } }
        _modify {
            lock.lock()
            defer { lock.unlock() }
            yield &value
        }
    }
}
