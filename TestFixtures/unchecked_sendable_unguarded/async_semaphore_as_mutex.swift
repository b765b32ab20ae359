import Foundation

// An async semaphore of the project's own, created with one slot: awaiting it and signalling it
// after (in a `defer`, or on every way out) serialises the code between, like lock()/unlock().
// Its wait may have another name, known by the deferred signal that follows it. Created with
// no slot, the same calls make a signal between tasks, not a mutex.
final class AsyncGate: @unchecked Sendable {
    private var slots: Int
    init(value: Int) { slots = value }
    func wait() async {}
    func waitUnlessCancelled() async throws {}
    func signal() {}
}

final class Inbox: @unchecked Sendable {
    private let gate = AsyncGate(value: 1)
    private var letters: [String] = []

    func post(_ s: String) async throws {
        try await gate.waitUnlessCancelled()
        defer { gate.signal() }
        letters.append(s)
    }

    func drain() async throws -> [String] {
        try await gate.waitUnlessCancelled()
        let all = letters
        letters = []
        gate.signal()
        return all
    }

    func peek() -> Int {
        letters.count // expect: unchecked_sendable_unguarded
    }
}

final class Outbox: @unchecked Sendable {
    private let gate = AsyncGate(value: 1)
    private var sent = 0

    func send(_ n: Int) async {
        await gate.wait()
        if n < 0 {
            gate.signal()
            return
        }
        sent += n
        gate.signal()
    }

    func count() async -> Int {
        await gate.wait()
        defer { gate.signal() }
        return sent
    }
}

final class Relay: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let ready = AsyncGate(value: 0)
    private var handed: [Int] = []

    func hand(_ x: Int) async {
        await ready.wait()
        handed.append(x)
        ready.signal()
    }
}
