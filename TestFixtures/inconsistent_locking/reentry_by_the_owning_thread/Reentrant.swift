import Foundation

// A box that lets the thread inside `mutate` read and write again without taking the lock:
// the thread id is set right after the lock is taken and cleared before it is released, so a
// branch taken when it is the current thread's runs with the lock held.
final class Reentrant<Value> {
    private var value: Value
    private let lock = NSLock()
    private let idLock = NSLock()
    private var _ownerID: UInt64?
    private var ownerID: UInt64? {
        get { idLock.lock(); defer { idLock.unlock() }; return _ownerID }
        set { idLock.lock(); defer { idLock.unlock() }; _ownerID = newValue }
    }

    init(_ value: Value) { self.value = value }

    var current: Value {
        guard ownerID != Thread.current.hash.toUInt64 else { return value }
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ v: Value) {
        guard ownerID != Thread.current.hash.toUInt64 else {
            value = v
            return
        }
        lock.lock()
        value = v
        lock.unlock()
    }

    func mutate(_ body: (inout Value) -> Void) {
        lock.lock()
        ownerID = Thread.current.hash.toUInt64
        defer {
            ownerID = nil
            lock.unlock()
        }
        body(&value)
    }

    // Fires: no owner check and no lock.
    func peek() -> Value {
        value // expect: inconsistent_locking
    }
}

private extension Int {
    var toUInt64: UInt64 { UInt64(bitPattern: Int64(self)) }
}
