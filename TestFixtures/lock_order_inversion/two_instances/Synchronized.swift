import Foundation

// A lock of the project's own: its closure method runs with its lock held.
final class Synchronized<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func using<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

final class Account: @unchecked Sendable {
    let lock = NSLock()
    var balance = 0

    // `a.transfer(to: b)` on one thread and `b.transfer(to: a)` on another: each holds its own lock
    // and waits for the other's.
    func transfer(_ amount: Int, to other: Account) {
        lock.lock()
        defer { lock.unlock() }
        other.lock.lock() // expect: lock_order_inversion
        defer { other.lock.unlock() }
        balance -= amount
        other.balance += amount
    }

    // Ordered by identity first: always the same order, whatever the arguments.
    static func move(_ amount: Int, from a: Account, to b: Account) {
        let (first, second) = ObjectIdentifier(a) < ObjectIdentifier(b) ? (a, b) : (b, a)
        first.lock.withLock {
            second.lock.withLock {
                a.balance -= amount
                b.balance += amount
            }
        }
    }

    // One lock at a time.
    func copy(from other: Account) {
        let theirs = other.lock.withLock { other.balance }
        lock.withLock { balance = theirs }
    }
}

// Two lock parameters nested in the order they are passed.
func exchange(_ from: NSLock, _ to: NSLock) {
    from.withLock {
        to.withLock { } // expect: lock_order_inversion
    }
}
