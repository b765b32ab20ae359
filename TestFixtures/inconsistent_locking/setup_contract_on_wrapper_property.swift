import Foundation

// A computed property that wraps one stored var, its contract in its doc comment: what it says
// of the property it says of the var. A wrapper whose comment states no contract says nothing.
final class Pool {
    private let lock = NSLock()
    private var _size = 4
    private var _name = "pool"
    private var items: [Int] = []

    /// How many items the pool keeps. Configure it during setup, before the first take().
    var size: Int {
        get { _size }
        set { _size = newValue }
    }

    /// The pool's name in logs.
    var name: String {
        get { _name } // expect: inconsistent_locking
        set { _name = newValue }
    }

    func take() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        if items.count > _size { items.removeFirst() }
        print(_name)
        return items.popLast()
    }

    func grow() {
        lock.lock()
        _size += 1
        _name += "+"
        lock.unlock()
    }
}
