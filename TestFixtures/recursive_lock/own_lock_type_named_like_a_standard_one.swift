import Foundation

// A project type named like a standard lock, declared here: judged by what it wraps.

// Wraps NSRecursiveLock: taking it again is allowed, quiet.
final class NSLock {
    private let inner = NSRecursiveLock()
    func lock() { inner.lock() }
    func unlock() { inner.unlock() }
}

final class Registry {
    private let lock = NSLock()
    private var names: [String] = []

    var isEmpty: Bool {
        lock.lock()
        defer { lock.unlock() }
        return names.isEmpty
    }

    func add(_ name: String) {
        lock.lock()
        defer { lock.unlock() }
        if isEmpty { names = [] }
        names.append(name)
    }
}

// Wraps a plain pthread mutex: taking it again deadlocks, reported.
final class Mutex {
    private let raw = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    init() { pthread_mutex_init(raw, nil) }
    func lock() { pthread_mutex_lock(raw) }
    func unlock() { pthread_mutex_unlock(raw) }
}

final class Counter {
    private let mutex = Mutex()
    private var value = 0

    var current: Int {
        mutex.lock()
        defer { mutex.unlock() }
        return value
    }

    func bump() {
        mutex.lock()
        defer { mutex.unlock() }
        if current < 10 { value += 1 } // expect: recursive_lock
    }
}
