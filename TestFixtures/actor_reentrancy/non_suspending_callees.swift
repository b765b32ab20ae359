import Foundation

// An await on a method of the same actor whose body never suspends: no other call can run there,
// so a check before it and a write after it are one step.
actor SyncGate {
    private var inProgress = false
    private var attempts = 0
    private var cached: [String: Data] = [:]

    // Async only by its signature.
    func isNeeded() async -> Bool {
        return true
    }

    // Awaits only members of the actor that do not suspend (a synchronous one and the one above).
    private func shouldRun() async -> Bool {
        let limit = limitReached()
        let needed = await isNeeded()
        return needed && !limit
    }

    private func limitReached() -> Bool { attempts > 3 }

    // Suspends: it awaits another object.
    private func isReachable() async -> Bool {
        await Network.shared.ping()
    }

    // Suspends through a member that suspends.
    private func canRun() async -> Bool {
        await isReachable()
    }

    // Two members that await each other: a cycle may suspend.
    private func ping(_ n: Int) async -> Bool {
        n > 0 ? await pong(n - 1) : true
    }

    private func pong(_ n: Int) async -> Bool {
        await ping(n)
    }

    // Quiet: the await runs `isNeeded()` without suspending.
    func start() async {
        guard !inProgress else { return }
        let needed = await isNeeded()
        if !needed { return }
        inProgress = true
    }

    // Quiet: another spelling (`self.`, in the condition), through a wrapper that awaits only
    // non-suspending members.
    func startAgain() async {
        guard attempts < 3 else { return }
        if await self.shouldRun() {
            attempts += 1
        }
    }

    // Fires: the member awaits another object, so other calls can run during it.
    func startReachable() async {
        guard !inProgress else { return }
        let reachable = await isReachable()
        if !reachable { return }
        inProgress = true // expect: actor_reentrancy
    }

    // Fires: the wrapper suspends through the member it awaits.
    func startChecked() async {
        guard !inProgress else { return }
        guard await canRun() else { return }
        inProgress = true // expect: actor_reentrancy
    }

    // Fires: a cycle of members is not known not to suspend.
    func startCycle() async {
        guard !inProgress else { return }
        _ = await ping(2)
        inProgress = true // expect: actor_reentrancy
    }

    // Fires: the await on the non-suspending member is followed by one that suspends.
    func load(_ key: String) async {
        if cached[key] != nil { return }
        _ = await isNeeded()
        let data = await Network.shared.fetch(key)
        cached[key] = data // expect: actor_reentrancy
    }

    // Quiet: only the non-suspending member is awaited between the lookup and the store.
    func store(_ key: String, _ data: Data) async {
        if cached[key] != nil { return }
        guard await isNeeded() else { return }
        cached[key] = data
    }
}

// A nonisolated async method leaves the actor: awaiting it suspends.
actor Outbox {
    private var queued = 0

    nonisolated func ready() async -> Bool { true }

    func send() async {
        guard queued < 10 else { return }
        _ = await ready()
        queued += 1 // expect: actor_reentrancy
    }
}

final class Network: Sendable {
    static let shared = Network()
    func ping() async -> Bool { true }
    func fetch(_ key: String) async -> Data { Data() }
}
