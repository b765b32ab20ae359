import Foundation
import Synchronization

@available(macOS 15.0, *)
final class Model: Sendable {
    let state = Mutex<Int>(0)
    let box = NIOLockedValueBox<Int>(0)

    func update() async {
        await state.withLock { value in
            value = await compute() // expect: await_in_lock
        }
        box.withLockedValue { value in
            Task {
                // Runs later, outside the lock.
                await self.compute()
            }
            Task.detached { await self.compute() }
            let later: () async -> Void = { await self.compute() }
            _ = later
        }
        state.withLockIfAvailable { _ in
            // Comments and strings mention await without evaluating it:
            // await compute()
            /* await compute() /* nested */ await compute() */
            let s = "await \(value(1))"
            let r = #"await \#("x")"#
            let m = """
                await compute()
                """
            _ = (s, r, m)
        }
        self.state.withLock(
            { _ in
                await compute() // expect: await_in_lock
            }
        )
        let result = await compute()
        state.withLock { $0 = result }
    }

    func compute() async -> Int { 1 }
    func value(_ x: Int) -> Int { x }
}

func criticalRegion(_ state: ManagedCriticalState<Int>) async {
    await state.withCriticalRegion { value in
        value += await offset() // expect: await_in_lock
    }
}

func offset() async -> Int { 1 }
