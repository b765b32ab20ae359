import Foundation

// A semaphore created with a count of one is still reported, but a signal made where nothing
// waited on it (a callback's, a `leave()` that lets nested work through, a reply to a timed wait)
// hands a turn between threads: the message must not call it a lock, and no lock can replace it.

// Signalled from a callback.
final class ReplyChannel {
    private let turn = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    private var last = ""

    func request(_ text: String, send: (String, @escaping () -> Void) -> Void) {
        turn.wait()
        last = text
        send(text) { self.turn.signal() }
    }
}

// Signalled by `leave()`, a method that never waits, so that nested work can read.
final class NestedReader {
    fileprivate let reading = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    private var buffer: [UInt8] = []

    func read() {
        reading.wait()
        buffer.removeAll()
        reading.signal()
    }

    func leave() {
        reading.signal()
    }
}

// A reply awaited with a timeout, signalled by whoever answers (here, an extension's handler).
final class Requester {
    private let answered = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    var timeout: DispatchTime { .now() + 5 }

    func ask() -> Bool {
        answered.wait()
        return answered.wait(timeout: timeout) == .success
    }
}

extension Requester {
    func handleReply() { answered.signal() }
}

// A real mutex: every signal gives back a wait of its own body. Reported as a lock.
final class Tally {
    private let gate = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    private var count = 0

    func add() {
        gate.wait()
        defer { gate.signal() }
        count += 1
    }

    func reset() {
        gate.wait()
        count = 0
        gate.signal()
    }
}
