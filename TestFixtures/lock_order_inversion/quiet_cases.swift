import Foundation

// One order everywhere.
final class Consistent: @unchecked Sendable {
    private let first = NSLock()
    private let second = NSLock()
    func a() { first.withLock { second.withLock { } } }
    func b() {
        first.lock(); defer { first.unlock() }
        second.lock(); defer { second.unlock() }
    }
}

// The first lock is released before the second is taken.
final class Released: @unchecked Sendable {
    private let first = NSLock()
    private let second = NSLock()
    private var value = 0
    func a() { first.withLock { second.withLock { } } }
    func b() {
        let copy = second.withLock { value }
        first.withLock { value = copy }
    }
    func c() {
        second.lock()
        value += 1
        second.unlock()
        first.lock()
        value -= 1
        first.unlock()
    }
}

// A gate lock held around both orders serializes them.
final class Gated: @unchecked Sendable {
    private let gate = NSLock()
    private let first = NSLock()
    private let second = NSLock()
    func a() { gate.withLock { first.withLock { second.withLock { } } } }
    func b() { gate.withLock { second.withLock { first.withLock { } } } }
}

// A try never waits; async work runs later, after the lock is released.
final class NonBlocking: @unchecked Sendable {
    private let first = NSLock()
    private let second = NSLock()
    private let queue = DispatchQueue(label: "q")
    func a() { first.withLock { second.withLock { } } }
    func b() {
        second.withLock {
            if first.try() { first.unlock() }
            queue.async { self.first.withLock { } }
        }
    }
    func c() { queue.async { self.second.withLock { } } }
    func d() { second.withLock { queue.async { } } }
}

// Locks in locals have no name across functions.
func transfer(_ amount: Int) {
    let from = NSLock()
    let to = NSLock()
    from.withLock { to.withLock { } }
    to.withLock { _ = amount }
}

// Two instances of one type: the same lock by name, not judged.
final class Node: @unchecked Sendable {
    private let lock = NSLock()
    var next: Node?
    func link() { lock.withLock { next?.touch() } }
    func touch() { lock.withLock { } }
}

// A concurrent queue is not a lock; a closure stored for later does not run under the lock.
final class Concurrent: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "c", attributes: .concurrent)
    private var work: (() -> Void)?
    func a() { lock.withLock { queue.sync { } } }
    func b() { queue.async { self.lock.withLock { } } }
    func c() { lock.withLock { work = { self.queue.sync { } } } }
    func d() { queue.sync { self.lock.withLock { } } }
}
