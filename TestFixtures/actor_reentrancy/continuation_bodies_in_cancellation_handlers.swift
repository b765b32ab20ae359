import Foundation

// The operation closure of `withTaskCancellationHandler` runs at once, in the actor's isolation,
// while the caller waits: a continuation body awaited first in it still runs before the task
// suspends. Code after the continuation's await, or a continuation awaited after another
// suspension in the operation, runs after the suspension.
actor PermitPool {
    struct Waiter { let id: UUID; let continuation: CheckedContinuation<Bool, Never> }
    var waiters: [Waiter] = []
    var active = 0
    let limit = 2

    private func grant() {
        while active < limit, !waiters.isEmpty {
            let w = waiters.removeFirst()
            active += 1
            w.continuation.resume(returning: true)
        }
    }

    private func cancel(_ id: UUID) {}

    // Trailing-closure spelling, direct write and a setter: quiet.
    func acquire() async {
        if active < limit, waiters.isEmpty {
            active += 1
            return
        }
        let id = UUID()
        _ = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                waiters.append(Waiter(id: id, continuation: continuation))
                grant()
            }
        } onCancel: {
            Task { await self.cancel(id) }
        }
    }

    // The same, but a write after the continuation has resumed: the check is stale.
    func acquireThenCount() async {
        guard active < limit else { return }
        _ = await withTaskCancellationHandler {
            let granted = await withCheckedContinuation { continuation in
                waiters.append(Waiter(id: UUID(), continuation: continuation))
            }
            active += 1 // expect: actor_reentrancy
            return granted
        } onCancel: {
        }
    }
}

actor Gate {
    var parked: CheckedContinuation<Void, Error>?
    var opened = false

    private func park(_ c: CheckedContinuation<Void, Error>) { parked = c }

    // Labelled `operation:` spelling with a throwing continuation inside an `if`: quiet.
    func wait() async throws {
        guard parked == nil else { return }
        try await withTaskCancellationHandler(operation: {
            if !opened {
                try await withCheckedThrowingContinuation { c in
                    park(c)
                }
            }
        }, onCancel: {
        })
    }

    // Another await inside the operation before the continuation: the body runs after it.
    func waitAfterSleep() async throws {
        guard parked == nil else { return }
        try await withTaskCancellationHandler(operation: {
            try await Task.sleep(nanoseconds: 10)
            try await withCheckedThrowingContinuation { c in
                park(c) // expect: actor_reentrancy
            }
        }, onCancel: {
        })
    }
}

// Inside a `Task { }` an actor method starts, and through `self.`: the same.
actor Mailbox {
    var receiver: CheckedContinuation<String, Never>?

    func listen() {
        Task {
            guard self.receiver == nil else { return }
            _ = await withTaskCancellationHandler {
                await withCheckedContinuation { c in
                    self.receiver = c
                }
            } onCancel: {
            }
        }
    }

    // A task group's body is not an operation that runs before any suspension.
    func listenInGroup() async {
        guard receiver == nil else { return }
        await withTaskGroup(of: Void.self) { group in
            _ = await withCheckedContinuation { c in
                self.receiver = c // expect: actor_reentrancy
            }
        }
    }
}
