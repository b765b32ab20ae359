import Foundation

/// A method reached from one `for await` loop, and from the initializer only where that loop is
/// not started (the other branch), or before the initializer starts it: calls never overlap.
actor Coordinator {
    private var leader: String?
    private var owned: String?
    private var loop: Task<Void, Never>?

    init(events: AsyncStream<String>, clustered: Bool) async {
        if clustered {
            loop = Task {
                for await node in events {
                    await self.follow(node)
                }
            }
        } else {
            await self.lead()
        }
    }

    private func follow(_ node: String) async {
        guard leader != node else { return }
        leader = node
        await lead()
    }

    // Reached from the loop (through `follow`) and from init's other branch (quiet).
    private func lead() async {
        if owned != nil { return }
        let made = await make()
        owned = made
    }

    private func make() async -> String { await Task.yield(); return "x" }
}

/// The initializer starts the loop first and then calls the method itself: the loop's first
/// element may be handled during that call.
actor EagerCoordinator {
    private var owned: String?
    private var loop: Task<Void, Never>?

    init(events: AsyncStream<String>) async {
        loop = Task {
            for await _ in events {
                await self.lead()
            }
        }
        await self.lead()
    }

    private func lead() async {
        if owned != nil { return }
        let made = await make()
        owned = made // expect: actor_reentrancy
    }

    private func make() async -> String { await Task.yield(); return "x" }
}

/// Another spelling: the initializer awaits the method before it starts the loop (quiet); a
/// public method calling it too keeps the finding in the second actor.
actor Warmup {
    private var cache: [Int: Int] = [:]

    init(keys: AsyncStream<Int>) async {
        await prime(0)
        Task { [weak self] in
            for await k in keys { await self?.prime(k) }
        }
    }

    // Quiet: init's call ends before the loop starts.
    private func prime(_ k: Int) async {
        if cache[k] != nil { return }
        let v = await compute(k)
        cache[k] = v
    }

    private func compute(_ k: Int) async -> Int { await Task.yield(); return k }
}

actor OpenWarmup {
    private var cache: [Int: Int] = [:]

    init(keys: AsyncStream<Int>) async {
        await prime(0)
        Task { [weak self] in
            for await k in keys { await self?.prime(k) }
        }
    }

    func refresh(_ k: Int) async { await prime(k) }

    private func prime(_ k: Int) async {
        if cache[k] != nil { return }
        let v = await compute(k)
        cache[k] = v // expect: actor_reentrancy
    }

    private func compute(_ k: Int) async -> Int { await Task.yield(); return k }
}
