import Foundation

// A semaphore signalled where nothing waited on it (a callback's signal, a reply to a timed wait)
// passes turns between threads: it is no lock, so it is not taken as the guard of the state.

// The state is guarded by its lock; the semaphore only passes replies: quiet.
public final class Courier: @unchecked Sendable {
    private let lock = NSLock()
    private let replied = DispatchSemaphore(value: 1)
    private var inFlight = 0

    public func send(_ post: (@escaping () -> Void) -> Void) -> Bool {
        replied.wait()
        lock.lock()
        inFlight += 1
        lock.unlock()
        replied.signal()
        post { self.replied.signal() }
        return replied.wait(timeout: .now() + 5) == .success
    }

    public func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return inFlight
    }

    public func reset() {
        lock.lock()
        inFlight = 0
        lock.unlock()
    }
}

// Nothing but a handshake around the state: it has no guard at all.
public final class Channel: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let turn = DispatchSemaphore(value: 1)
    private var pending = 0

    public func push(_ send: (@escaping () -> Void) -> Void) {
        turn.wait()
        pending += 1
        turn.signal()
        send { self.turn.signal() }
    }

    public func peek() -> Int {
        turn.wait()
        defer { turn.signal() }
        return pending
    }

    public func drain() {
        pending = 0
    }
}

// A semaphore every signal of which gives back its own body's wait is a mutex: the access
// outside it is reported.
public final class Box: @unchecked Sendable {
    private let gate = DispatchSemaphore(value: 1)
    private var pending = 0

    public func push() {
        gate.wait()
        pending += 1
        gate.signal()
    }

    public func peek() -> Int {
        gate.wait()
        defer { gate.signal() }
        return pending
    }

    public func drain() {
        pending = 0 // expect: unchecked_sendable_unguarded
    }
}
