import Foundation

// A project's lock type whose base `lock()` only traps (an abstract method) and whose
// subclasses take a real lock: the base body says nothing of what a lock of the type does, so
// a property of the base type is a lock like any other, and the state it guards is judged.

class StateLock {
    static func make() -> StateLock { UnfairStateLock() }

    func lock() { fatalError("abstract") }
    func unlock() { fatalError("abstract") }
    func `try`() -> Bool { fatalError("abstract") }

    final class UnfairStateLock: StateLock {
        private let raw: os_unfair_lock_t = .allocate(capacity: 1)
        override init() {
            raw.initialize(to: os_unfair_lock())
            super.init()
        }
        override func lock() { os_unfair_lock_lock(raw) }
        override func unlock() { os_unfair_lock_unlock(raw) }
        override func `try`() -> Bool { os_unfair_lock_trylock(raw) }
    }
}

class BaseMutex {
    func lock() { preconditionFailure("subclasses lock") }
    func unlock() { preconditionFailure("subclasses unlock") }
}

final class PosixMutex: BaseMutex {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t> = .allocate(capacity: 1)
    override init() { pthread_mutex_init(mutex, nil) }
    override func lock() { pthread_mutex_lock(mutex) }
    override func unlock() { pthread_mutex_unlock(mutex) }
}
