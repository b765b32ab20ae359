import Foundation

/// Only intended for single threaded testing.
final class TestSpan: @unchecked Sendable {
    var events: [String] = []
    func add(_ e: String) { events.append(e) }
}

/// The class is itself a lock: its state is what lock()/unlock() implement.
final class SpinLock: @unchecked Sendable {
    private var locked = false
    func lock() { locked = true }
    func unlock() { locked = false }
}

final class UncheckedBox<Value>: @unchecked Sendable {
    var wrappedValue: Value
    init(_ v: Value) { wrappedValue = v }
}

/// The class's own lock wrapper guards the closures passed to it.
final class Wrapped: @unchecked Sendable {
    private let lock = NSLock()
    private var state = 0
    private func withLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
    func bump() { withLock { state += 1 } }
    func read() -> Int { self.withLock { state } }
    func bad() { state = 0 } // expect: unchecked_sendable_unguarded
}

/// A helper called only from init is part of initialization.
final class Setup: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [Int] = []
    init() { configure() }
    private func configure() { observers = [1] }
    func add(_ o: Int) { lock.withLock { observers.append(o) } }
}

/// A private computed property used only under the lock.
final class ComputedHelper: @unchecked Sendable {
    private let lock = NSLock()
    private var running = false
    private var canStart: Bool { !running }
    func start() {
        lock.withLock {
            if canStart { running = true }
        }
    }
}

/// The caller holds the lock on entry to a function that only releases it.
final class Handoff: @unchecked Sendable {
    private let condition = NSConditionLock(condition: 0)
    private var buffer: [Int] = []
    func produce(_ v: Int) {
        condition.lock()
        buffer.append(v)
        finishProducing()
    }
    private func finishProducing() {
        buffer.append(0)
        condition.unlock(withCondition: buffer.count)
    }
}

/// A semaphore waited on and signalled in the same function is used as a mutex: it guards
/// like a lock, and an access outside it is reported as one outside a lock.
final class Waiter: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    private var result: Int?
    func set(_ v: Int) { semaphore.wait(); result = v; semaphore.signal() }
    func get() -> Int? {
        semaphore.wait()
        defer { semaphore.signal() }
        return result
    }
    func reset() { result = nil } // expect: unchecked_sendable_unguarded
}

/// A semaphore signalled from a callback only waits for other work: it guards nothing.
final class CompletionWaiter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var result: Int?
    func load(_ start: (@escaping (Int) -> Void) -> Void) {
        let done = DispatchSemaphore(value: 0)
        start { value in
            self.result = value
            done.signal()
        }
        done.wait()
    }
}

/// Conditional acquires hold the lock in their then-branch; a release's arguments are
/// evaluated with the lock held; a property's own observers are part of its (guarded) writes.
final class Conditional: @unchecked Sendable {
    private let condition = NSConditionLock(condition: 0)
    private var buffer: [Int] = [] {
        didSet { print(buffer.count) }
    }
    func take() -> Int? {
        if condition.lock(whenCondition: 1) {
            defer { condition.unlock(withCondition: buffer.isEmpty ? 0 : 1) }
            return buffer.popLast()
        }
        return nil
    }
    func put(_ v: Int) {
        condition.lock()
        buffer.append(v)
        condition.unlock(withCondition: buffer.isEmpty ? 0 : 1)
    }
    func tryPut(_ v: Int) {
        if condition.tryLock() {
            buffer.append(v)
            condition.unlock()
        }
    }
}

/// A read-write lock implementation is itself the lock.
final class ReadWriteLock: @unchecked Sendable {
    private var readers = 0
    func lockRead() { readers += 1 }
    func lockWrite() {}
    func unlock() { readers -= 1 }
}

/// Work submitted to a stored event loop runs serially on it.
final class LoopSubmitter: @unchecked Sendable {
    let eventLoop: EventLoop
    private var buffer: [Int] = []
    init(eventLoop: EventLoop) { self.eventLoop = eventLoop }
    func add(_ v: Int) { eventLoop.execute { self.buffer.append(v) } }
    func drain() { eventLoop.submit { self.buffer.removeAll() } }
}

/// Never assigned after initialization (a binding of the same name and calls on the value do not
/// count as assignments): in effect a `let`.
final class Mock: @unchecked Sendable {
    var handler: (() -> Void)?
    var response = Response(
        code: 200
    )
    var client: Client!
    func fire() {
        if let handler = self.handler { handler() }
        client.send(response)
    }
}

/// A private helper (in an extension) called only from init is part of initialization.
final class SetsUpInExtension {
    private var observers: [Int] = []
    init() { setUpObservers() }
}
extension SetsUpInExtension: @unchecked Sendable {}
extension SetsUpInExtension {
    private func setUpObservers() {
        if observers.isEmpty { observers.append(1) }
    }
}

/// Copy-on-write storage: written only through a uniquely referenced box.
struct Handler {
    final class Box: @unchecked Sendable {
        var metadata: [String: String] = [:]
    }
    private var box = Box()
    var metadata: [String: String] {
        get { box.metadata }
        set {
            makeUnique()
            box.metadata = newValue
        }
    }
    private mutating func makeUnique() {
        if !isKnownUniquelyReferenced(&box) { box = Box() }
    }
}

/// Each branch releases the lock on its own path: both writes hold it.
final class BranchRelease: @unchecked Sendable {
    private let condition = NSConditionLock(condition: 0)
    private var value: Int?
    func set(_ newValue: Int?) {
        condition.lock()
        if let v = newValue {
            value = v
            condition.unlock(withCondition: 1)
        } else {
            value = nil
            condition.unlock(withCondition: 0)
        }
    }
    func get() -> Int? { condition.lock(); defer { condition.unlock() }; return value }
}

/// A helper object owned by a class that touches it only under its own lock.
final class Pool: @unchecked Sendable {
    private final class Item: @unchecked Sendable {
        let element: Int
        var isAvailable = true
        init(element: Int) { self.element = element }
    }
    private let contentLock = NSLock()
    private var items: [Item] = []
    func get() -> Int? {
        contentLock.withLock {
            guard let item = items.first(where: { $0.isAvailable }) else { return nil }
            item.isAvailable = false
            return item.element
        }
    }
    func release(_ element: Int) {
        contentLock.lock()
        defer { contentLock.unlock() }
        items.first { $0.element == element }?.isAvailable = true
    }
}

final class Semaphore: @unchecked Sendable {
    /// A waiter. Instances are always protected by the semaphore's lock.
    private final class Suspension: @unchecked Sendable {
        var state = 0
    }
    private let lock = NSLock()
    private var waiters: [Suspension] = []
    func wait() { lock.withLock { waiters.append(Suspension()) } }
    func bump(_ s: Suspension) { s.state += 1 }
}
