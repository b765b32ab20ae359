import Foundation

actor Loader {
    func load() -> Data {
        let done = DispatchSemaphore(value: 0) // expect: lock_in_actor
        fetch { _ in done.signal() }
        done.wait()
        return Data()
    }

    var computed: Int {
        let lock = NSLock() // expect: lock_in_actor
        return lock.withLock { 1 }
    }

    func closures() {
        let work = {
            let lock = NSLock() // expect: lock_in_actor
            lock.lock()
            lock.unlock()
        }
        work()
    }

    func nested() {
        // A local type inside an actor method is not the actor.
        final class Helper {
            let lock = NSLock()
        }
        _ = Helper()
    }
}

actor Store {
    // Guards the nonisolated snapshot, which the actor's isolation does not cover.
    private let storage = NIOLockedValueBox<[String]>([])

    nonisolated func snapshot() -> [String] {
        storage.withLockedValue { $0 }
    }
}

final class NotAnActor {
    func make() {
        let lock = NSLock()
        lock.lock()
        lock.unlock()
    }
}
