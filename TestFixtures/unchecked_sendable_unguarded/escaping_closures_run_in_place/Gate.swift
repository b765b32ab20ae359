import Foundation

// Lock wrappers whose closure parameter is declared `@escaping` but only called in place, under
// the lock: they run the closure during the call, as a non-escaping one would.

// An unfair lock kept behind a pointer allocated in init, with a labelled generic closure.
final class Gate: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<os_unfair_lock>
    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: os_unfair_lock())
    }
    deinit {
        raw.deinitialize(count: 1)
        raw.deallocate()
    }
    func perform<T>(action: @escaping () -> T) -> T {
        os_unfair_lock_lock(raw)
        defer { os_unfair_lock_unlock(raw) }
        return action()
    }
}

// A box of one value behind a Gate: its closures get the value itself, so it guards only that.
final class Cell<Wrapped>: @unchecked Sendable {
    private let gate = Gate()
    private var wrapped: Wrapped
    init(_ value: Wrapped) { wrapped = value }
    var value: Wrapped {
        get { gate.perform { wrapped } }
        set { gate.perform { wrapped = newValue } }
    }
    func mutate<R>(action: @escaping (inout Wrapped) -> R) -> R {
        gate.perform { action(&wrapped) }
    }
}

// A box with its own lock, taken around an escaping closure it calls in place with the value.
final class Shelf<Wrapped>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Wrapped
    init(_ value: Wrapped) { stored = value }
    func withLockedValue<R>(_ body: @escaping (inout Wrapped) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&stored)
    }
}

// Not locks: a lazy initializer that takes its lock only to publish the value it builds
// (outside the lock), and a list that takes its lock only to keep a closure for later.
final class Once<T>: @unchecked Sendable {
    private let lock = NSLock()
    private var built: T?
    func get(_ make: @escaping () -> T) -> T {
        lock.lock()
        if let v = built { lock.unlock(); return v }
        lock.unlock()
        let v = make()
        lock.lock()
        built = v
        lock.unlock()
        return v
    }
}

final class JobList: @unchecked Sendable {
    private let lock = NSLock()
    private var jobs: [() -> Void] = []
    func enqueue(_ job: @escaping () -> Void) {
        lock.lock()
        jobs.append(job)
        lock.unlock()
    }
    func drain() {
        lock.lock()
        let all = jobs
        jobs = []
        lock.unlock()
        all.forEach { $0() }
    }
}
