import Foundation

/// A box that locks around every change of its value.
final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func replace(with newValue: Value) {
        lock.withLock { value = newValue }
    }

    func read() -> Value {
        lock.withLock { value }
    }
}

extension Guarded where Value: RangeReplaceableCollection {
    /// Named like a collection's mutating method, but a method of the box: it changes the
    /// object the variable points to, not the variable.
    func append(_ element: Value.Element) {
        lock.withLock { value.append(element) }
    }
}

/// A list kept by value: `append` changes the variable itself.
struct Roster {
    var names: [String] = []

    mutating func append(_ name: String) { names.append(name) }
}
