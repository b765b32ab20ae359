import Foundation

// A box whose `value: T` has a getter and a setter that each take its lock: `box.value[k] = v`,
// `box.value.insert(x)` and `box.value += 1` read under one hold and write under another when the
// holder's declaration makes `T` a value type (`Atomic<[String: Bool]>`). When `T` is a class
// (`Atomic<Node>`), `box.value.name = …` changes the object the getter returned: no setter runs.

public final class Atomic<T> {
    private let lock = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    private var _value: T
    public var value: T {
        get {
            lock.wait()
            defer { lock.signal() }
            return _value
        }
        set {
            lock.wait()
            defer { lock.signal() }
            _value = newValue
        }
    }
    public init(value initialValue: T) {
        _value = initialValue
    }
}

final class Node {
    var name = ""
}
