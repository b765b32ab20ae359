import Foundation

// A first acquisition that tests a flag and sets it (test-and-set), or reads it and resets it
// (consumes it), hands the state to this caller: a later write of it is the owner's release or
// the consumed request acted on, not a decision gone stale.

final class Uploader: @unchecked Sendable {
    private let lock = NSLock()
    private var busy = false
    private var failures = 0
    private var ready = false

    func uploadOnce() {
        let claimed = lock.withLock { () -> Bool in
            if busy { return false }
            busy = true
            return true
        }
        guard claimed else { return }
        send()
        lock.withLock { busy = false }
    }

    // Counted up, not set: two callers can both see the limit passed.
    func recordFailure() {
        let count = lock.withLock { () -> Int in
            failures += 1
            return failures
        }
        if count > 3 {
            lock.withLock { failures = 0 } // expect: split_critical_section
        }
    }

    // Only read under the first: another caller can take the same decision.
    func startIfReady() {
        let isReady = lock.withLock { ready }
        guard isReady else { return }
        lock.withLock { ready = false } // expect: split_critical_section
    }

    func prepare() { lock.withLock { ready = true } }

    func send() {}
}

final class Inbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = false
    private var waiting = false

    // Read and reset in one hold: the request is this caller's.
    func drain() {
        let had = lock.withLock { () -> Bool in
            let value = pending
            pending = false
            return value
        }
        if had {
            lock.withLock { pending = true }
        }
    }

    // Read without resetting, then cleared: two callers can both take it.
    func take() {
        let had = lock.withLock { waiting }
        if had {
            lock.withLock { waiting = false } // expect: split_critical_section
        }
    }

    func wait() { lock.withLock { waiting = true } }
}
