import Foundation

// A setter method declared in the actor, called from an extension's continuation body.

actor Barrier {
    var parked: [Int: CheckedContinuation<Int, Error>] = [:]
    var opened = false

    func record(_ id: Int, _ c: CheckedContinuation<Int, Error>) {
        parked[id] = c
    }
}

extension Barrier {
    // A timer task started before the continuation: its await does not suspend this method.
    func wait(_ id: Int) async throws -> Int {
        guard parked[id] == nil, !opened else { return 0 }
        let timer = Task {
            try await Task.sleep(nanoseconds: 1_000)
        }
        return try await withCheckedThrowingContinuation { cont in
            timer.cancel()
            self.record(id, cont)
        }
    }

    // An await before the continuation: the write in its body comes after that await.
    func waitAfterWarmUp(_ id: Int) async throws -> Int {
        guard parked[id] == nil else { return 0 }
        await warmUp()
        return try await withCheckedThrowingContinuation { cont in
            self.record(id, cont) // expect: actor_reentrancy
        }
    }

    func warmUp() async { await Task.yield() }
}
