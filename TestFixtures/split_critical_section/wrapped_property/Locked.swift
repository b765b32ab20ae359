import Foundation

// A wrapper whose getter and setter each take the lock: every read and every write is
// atomic on its own, but `x += 1` is a read and then a write.
@propertyWrapper
final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

// Holding the lock across the whole mutation: quiet.
@propertyWrapper
final class Guarded<Value> {
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
