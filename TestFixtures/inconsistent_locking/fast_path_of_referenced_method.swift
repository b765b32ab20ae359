import Foundation

struct Thunk {
    let run: () -> Any
}

// A lazily made value read with nothing held first (the fast path), then made and stored under
// the lock after a second look. The method is handed out as a value, so the tool cannot see its
// callers; but it takes the class's one lock itself, which is not recursive: no caller can hold
// it there, and the fast path reads with nothing held while the write holds the lock.
final class LazySlot {
    private let lock = NSLock()
    private var made: Any?
    private let factory: () -> Any

    init(factory: @escaping () -> Any) { self.factory = factory }

    var thunk: Thunk { Thunk(run: self.value) }

    private func value() -> Any {
        if let made = made { return made } // expect: inconsistent_locking
        return lock.withLock {
            if let made = made { return made }
            let fresh = factory()
            self.made = fresh
            return fresh
        }
    }
}

// Near-miss: a recursive lock may be held by whoever calls the handed-out method.
final class RecursiveSlot {
    private let lock = NSRecursiveLock()
    private var made: Any?
    private let factory: () -> Any

    init(factory: @escaping () -> Any) { self.factory = factory }

    var thunk: Thunk { Thunk(run: self.value) }

    private func value() -> Any {
        if let made = made { return made }
        return lock.withLock {
            if let made = made { return made }
            let fresh = factory()
            self.made = fresh
            return fresh
        }
    }
}

// Near-miss: the handed-out method takes no lock itself; whoever calls it may hold the lock.
final class BareSlot {
    private let lock = NSLock()
    private var made: Any?

    var thunk: Thunk { Thunk(run: self.peek) }

    private func peek() -> Any { made ?? 0 }

    func store(_ v: Any) { lock.withLock { made = v } }
    func load() -> Any? { lock.withLock { made } }
}

// Near-miss: two locks, and the handed-out method takes only one of them; a caller may hold the other.
final class TwoLockSlot {
    private let lock = NSLock()
    private let other = NSLock()
    private var made: Any?
    private var count = 0
    private let factory: () -> Any

    init(factory: @escaping () -> Any) { self.factory = factory }

    var thunk: Thunk { Thunk(run: self.value) }

    private func value() -> Any {
        if let made = made { return made }
        return lock.withLock {
            if let made = made { return made }
            let fresh = factory()
            self.made = fresh
            return fresh
        }
    }

    func bump() { other.withLock { count += 1 } }
}

// Near-miss: a handed-out worker body that takes the lock but reads a var bare that only other
// members write (closed after the workers end, say): no double-checked shape, and the tool cannot
// see what orders that read against those writes.
final class Worker {
    private let lock = NSLock()
    private var fd: Int32 = 3
    private var pending = 0

    func start() { Thread(block: self.run).start() }

    private func run() {
        let handle = fd
        lock.withLock { pending = Int(handle) }
    }

    func close() { lock.withLock { fd = -1 } }
}
