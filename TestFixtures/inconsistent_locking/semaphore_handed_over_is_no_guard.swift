import Foundation

// A semaphore created with a count of one that some code signals without having waited on it (a
// callback, a `leave()` that lets nested work through, a reply to a timed wait) hands turns between
// threads: it is no mutex, so the state its waits happen to surround is not guarded by it.

// Signalled from a callback.
final class Pipe {
    private let turn = DispatchSemaphore(value: 1)
    private var pending = 0

    func push(_ send: (@escaping () -> Void) -> Void) {
        turn.wait()
        pending += 1
        turn.signal()
        send { self.turn.signal() }
    }

    func drain() {
        pending = 0
    }
}

// Signalled by `leave()`, a method that never waits.
final class Reader {
    private let reading = DispatchSemaphore(value: 1)
    private var closed = false

    func read() {
        reading.wait()
        if !closed { print("reading") }
        reading.signal()
    }

    func isOpen() -> Bool {
        reading.wait()
        defer { reading.signal() }
        return !closed
    }

    func close() {
        closed = true
    }

    func leave() {
        reading.signal()
    }
}

// A reply awaited with a timeout and signalled from an extension's handler.
final class Caller {
    private let reply = DispatchSemaphore(value: 1)
    private var status = 0

    func call() {
        reply.wait()
        status = 1
        reply.signal()
        _ = reply.wait(timeout: .now() + 5)
    }

    func reset() {
        status = 0
    }
}

extension Caller {
    func answered() { reply.signal() }
}

// A real mutex: every signal gives back its own body's wait. The unguarded access is reported.
final class Ledger {
    private let gate = DispatchSemaphore(value: 1)
    private var total = 0

    func add(_ n: Int) {
        gate.wait()
        defer { gate.signal() }
        total += n
    }

    func subtract(_ n: Int) {
        gate.wait()
        total -= n
        gate.signal()
    }

    func clear() {
        total = 0 // expect: inconsistent_locking
    }
}
