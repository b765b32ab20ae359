import Foundation

// A box declared in one module (`Core`) and changed in place from another (`Feature`), which
// declares no type of that name: its getter and setter still each take the lock. A module that
// declares its own type of the name (`Sync`, whose box has a `_modify` accessor) uses its own,
// and a name two other modules declare (`Atomic`, from `Reports`) is not followed.

public final class Locked<T> {
    private let lock = NSLock()
    private var _value: T
    public var value: T {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); defer { lock.unlock() }; _value = newValue }
    }
    public init(value initialValue: T) { _value = initialValue }
}

public final class Atomic<T> {
    private let lock = NSLock()
    private var _value: T
    public var value: T {
        get { lock.lock(); defer { lock.unlock() }; return _value }
        set { lock.lock(); defer { lock.unlock() }; _value = newValue }
    }
    public init(value initialValue: T) { _value = initialValue }
}
