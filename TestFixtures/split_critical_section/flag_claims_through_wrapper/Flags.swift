import Foundation

// A wrapper whose getter and setter each take the lock.
@propertyWrapper
final class Synchronized<Value> {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value {
        get { lock.withLock { value } }
        set { lock.withLock { value = newValue } }
    }
}

protocol Refreshing: AnyObject {
    func refresh()
}
