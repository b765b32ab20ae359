import Foundation

// A continuation resumed once: `claim()` tests and sets a flag under the lock and returns
// true to one caller only; what that caller then does with the continuation no other thread
// does through the same gate.
final class Resumer<T> {
    private let lock = NSLock()
    private var continuation: CheckedContinuation<T, Error>?
    private var resumed = false

    init(_ c: CheckedContinuation<T, Error>) { continuation = c }

    private func claim() -> Bool {
        lock.withLock { () -> Bool in
            guard !resumed else { return false }
            resumed = true
            return true
        }
    }

    func resume(returning value: T) {
        guard claim(), let c = continuation else { return }
        lock.withLock { continuation = nil }
        c.resume(returning: value)
    }

    func resume(throwing error: Error) {
        guard claim() else { return }
        let c = continuation
        lock.withLock { continuation = nil }
        c?.resume(throwing: error)
    }

    // Fires: not behind the gate.
    var isPending: Bool {
        continuation != nil // expect: inconsistent_locking
    }
}

// Another class's var of the same name, set in a method, is not the box's.
final class Waiter {
    var continuation: CheckedContinuation<Int, Error>?

    func wait(_ c: CheckedContinuation<Int, Error>) {
        continuation = c
    }
}
