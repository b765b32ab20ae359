import Foundation

/// A value kept behind a lock; closures read or change it with the lock held.

final class StateBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    func read<T>(_ body: (Value) -> T) -> T { lock.withLock { body(value) } }
    @discardableResult
    func mutate<T>(_ body: (inout Value) -> T) -> T { lock.withLock { body(&value) } }
}
