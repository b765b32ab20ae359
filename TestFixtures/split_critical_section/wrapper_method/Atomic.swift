import Foundation

// A wrapper read through `wrappedValue` (which locks) and changed through a method (which locks
// again): reading `hits` and calling `_hits.set(hits + 1)` are two acquisitions.
@propertyWrapper
final class Atomic<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(wrappedValue: Value) { value = wrappedValue }

    var wrappedValue: Value { lock.withLock { value } }
    var projectedValue: Atomic<Value> { self }

    func set(_ newValue: Value) {
        lock.withLock { value = newValue }
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&value) }
    }
}
