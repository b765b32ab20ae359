import Foundation

/// Near miss: this module's own box, whose `_modify` holds the lock across the change.
public final class Atomic<T> {
    private let lock = NSLock()
    private var _value: T
    public var value: T {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        _modify { lock.lock(); defer { lock.unlock() }; yield &_value }
    }
    public init(value initialValue: T) { _value = initialValue }
}

final class Tally {
    private let count = Atomic<Int>(value: 0)
    func bump() { count.value += 1 }
}
