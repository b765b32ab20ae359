import Foundation

// `os_unfair_lock_t` is the C typedef for a pointer to an unfair lock: allocated once, it has a
// stable address and is a lock. A project method on the pointer type that runs a closure between
// lock and unlock guards what the closure touches.
extension UnsafeMutablePointer<os_unfair_lock_s> {
    func withHeld<R>(_ body: () -> R) -> R {
        os_unfair_lock_lock(self)
        defer { os_unfair_lock_unlock(self) }
        return body()
    }
}

final class Relay: @unchecked Sendable {
    private let lock: os_unfair_lock_t
    private var latest = 0
    private var listeners: [(Int) -> Void] = []

    init() {
        lock = os_unfair_lock_t.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
    }

    deinit {
        lock.deinitialize(count: 1)
        lock.deallocate()
    }

    func subscribe(_ f: @escaping (Int) -> Void) {
        lock.withHeld { listeners.append(f) }
    }

    func send(_ value: Int) {
        let current = lock.withHeld {
            latest = value
            return listeners
        }
        for f in current { f(value) }
    }

    func count() -> Int {
        listeners.count // expect: unchecked_sendable_unguarded
    }
}
