import Foundation

// A protocol whose requirement is synchronous: the actor meets it with a `nonisolated` member,
// which runs on the caller's thread, not on the actor.
protocol TokenReading {
    var currentToken: String? { get }
    func waitForToken() -> String?
}

extension Session: TokenReading {
    // Quiet: a nonisolated computed var; it blocks its caller, not the actor.
    nonisolated var currentToken: String? {
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var result: String?
        Task.detached {
            result = await self.token
            done.signal()
        }
        done.wait()
        return result
    }

    // Quiet: a nonisolated method, a nested function in it.
    nonisolated func waitForToken() -> String? {
        func wait() -> String? {
            let lock = NSCondition()
            lock.lock()
            lock.unlock()
            return nil
        }
        return wait()
    }

    // Fires: the same semaphore in an isolated member blocks the actor.
    var isolatedToken: String? {
        let done = DispatchSemaphore(value: 0) // expect: lock_in_actor
        done.signal()
        done.wait()
        return token
    }
}
