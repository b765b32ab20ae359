import Foundation

/// The caller checks, awaits, then calls an async helper that awaits, looks at the actor's state
/// again and bumps a counter: the bump acts on the helper's own check and loses no update.
actor Stream {
    private var generation: UInt64 = 0
    private var state = 0
    private var restarts = 0

    func handle(_ g: UInt64) async {
        guard g == generation else { return }
        await cleanup()
        await start() // quiet: `start` re-checks `state` after its await, then bumps `generation`
    }

    func start() async {
        await Task.yield()
        if state == 1 || state == 2 { return }
        generation += 1
        state = 1
    }

    // Another spelling: `self.`, `guard`, `-=`.
    func retry(_ g: UInt64) async {
        if self.restarts < 5 {
            await cleanup()
            await self.backOff() // quiet: `backOff` re-checks `state` after its await
        }
    }

    private func backOff() async {
        try? await Task.sleep(nanoseconds: 1)
        guard self.state != 3 else { return }
        self.restarts -= 1
    }

    // Fires: the helper bumps the counter without looking at anything after its await.
    func bump(_ g: UInt64) async {
        if restarts < 5 {
            await blindBump() // expect: actor_reentrancy
        }
    }

    private func blindBump() async {
        await Task.yield()
        restarts += 1
    }

    // Fires: the helper re-checks, but assigns (`=`) what the caller's check stood for.
    func reset(_ g: UInt64) async {
        guard g == generation else { return }
        await setGeneration(g + 1) // expect: actor_reentrancy
    }

    private func setGeneration(_ v: UInt64) async {
        await Task.yield()
        guard state != 3 else { return }
        generation = v
    }

    private func cleanup() async { await Task.yield() }
}
