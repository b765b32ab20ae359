import Foundation

/// A reader-writer lock of the project's own, taken with lockRead()/lockWrite() and unlock().
final class RWLock {
    private var lock = pthread_rwlock_t()
    init() { pthread_rwlock_init(&lock, nil) }
    func lockRead() { pthread_rwlock_rdlock(&lock) }
    func lockWrite() { pthread_rwlock_wrlock(&lock) }
    func unlock() { pthread_rwlock_unlock(&lock) }
}

final class Registry {
    private let rw = RWLock()
    private var names: [String] = []
    func all() -> [String] {
        rw.lockRead()
        defer { rw.unlock() }
        return names
    }
    func add(_ n: String) {
        rw.lockWrite()
        defer { rw.unlock() }
        names.append(n)
    }
    func reset() { names = [] } // expect: inconsistent_locking
}

/// A wrapper that reaches the lock through another wrapper of the class, and a closure passed
/// with a label (`body:`) that also runs under it.
final class WorkQueue {
    private let mutex = NSLock()
    private var items: [Int] = []
    private var shuttingDown = false
    func withLock<R>(_ body: (inout [Int]) -> R) -> R {
        withUnderlyingLock { queue in body(&queue) }
    }
    private func withUnderlyingLock<R>(condition: () -> Bool = { false }, body: (inout [Int]) -> R) -> R {
        mutex.lock()
        defer { mutex.unlock() }
        while condition() {}
        return body(&items)
    }
    func next() -> Int? {
        withUnderlyingLock {
            items.isEmpty && !shuttingDown
        } body: { queue in
            queue.popLast()
        }
    }
    func shutdown() { withLock { _ in shuttingDown = true } }
    func isDown() -> Bool { shuttingDown } // expect: inconsistent_locking
}

extension NSRecursiveLock {
    func sync<T>(_ body: () -> T) -> T {
        lock()
        defer { unlock() }
        return body()
    }
}

/// `sync` on a lock is the lock's closure method, also inside a main-actor method; a lock made
/// for one call guards nothing of the class.
final class Scheduler {
    private let lock = NSRecursiveLock()
    private var now = 0
    @MainActor func advance() { lock.sync { now += 1 } }
    func current() -> Int { lock.sync { now } }
    func reset() {
        let scratch = NSLock()
        scratch.withLock { now = 0 } // expect: inconsistent_locking
    }
}

/// A public var of a class that guards it inside, in an app (no package manifest): nothing
/// outside the run calls it, and its own accesses hold the lock. (In a package's library target
/// it is reported at its declaration: see GuardInferenceTests.)
public final class Metrics {
    private let lock = NSLock()
    public var unit = "ms"
    private var samples: [Double] = []
    public func record(_ x: Double) { lock.withLock { samples.append(x); unit = unit.lowercased() } }
    public func describe() -> String { lock.withLock { "\(samples.count) \(unit)" } }
}
