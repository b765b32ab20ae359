import Foundation

enum Phase { case idle, running, stopped }

actor Connection {
    private var phase: Phase = .idle
    private var isShuttingDown = false
    private var token: String?
    private var retries = 0
    private var cache: [String: Data] = [:]

    private func setPhase(_ p: Phase) { phase = p }
    private func store(_ key: String, _ data: Data) { cache[key] = data }
    private func updateToken(_ t: String?) { self.token = t }

    // A setter that decides on the property itself is a check-and-set with no suspension.
    private func startIfIdle() { if phase == .idle { phase = .running } }

    // (a) The write after the await goes through a setter method.
    func open() async {
        guard phase == .idle else { return }
        await handshake()
        setPhase(.running) // expect: actor_reentrancy
    }

    func fetch(_ key: String) async throws -> Data {
        if let hit = cache[key] { return hit }
        let data = try await download(key)
        self.store(key, data) // expect: actor_reentrancy
        return data
    }

    func refreshToken() async {
        if token == nil {
            let fresh = await authorize()
            updateToken(fresh) // expect: actor_reentrancy
        }
    }

    // Quiet: re-checked after the await, before the setter.
    func reopen() async {
        guard phase == .idle else { return }
        await handshake()
        guard phase == .idle else { return }
        setPhase(.running)
    }

    // Quiet: the setter that checks for itself.
    func begin() async {
        guard phase == .idle else { return }
        await handshake()
        startIfIdle()
    }

    // Quiet: claimed through the setter before the await.
    func claim() async {
        guard phase == .idle else { return }
        setPhase(.running)
        await handshake()
    }

    // (b) A Task body is isolated to the actor and suspends at its own awaits.
    func warmUp(_ key: String) {
        Task {
            if cache[key] == nil {
                let data = try await download(key)
                cache[key] = data // expect: actor_reentrancy
            }
        }
    }

    func retryLater() {
        Task {
            guard retries < 3 else { return }
            await handshake()
            retries += 1 // expect: actor_reentrancy
        }
    }

    // Quiet: the Task re-checks after its await.
    func warmUpChecked(_ key: String) {
        Task {
            guard cache[key] == nil else { return }
            let data = try await download(key)
            guard cache[key] == nil else { return }
            cache[key] = data
        }
    }

    // Quiet: a detached task is not isolated to the actor.
    func detached(_ key: String) {
        Task.detached {
            if await self.cache[key] == nil {
                let data = try await download(key)
                await self.store(key, data)
            }
        }
    }

    // Quiet: a Task given to the main actor, and one holding the actor weakly, do not run on it.
    func onMain(_ key: String) {
        Task { @MainActor in
            if cache[key] == nil {
                let data = try await download(key)
                cache[key] = data
            }
        }
    }

    func weakly(_ key: String) {
        Task { [weak self] in
            guard let self else { return }
            if await self.cache[key] == nil {
                let data = try await download(key)
                await self.store(key, data)
            }
        }
    }

    // Quiet: awaiting a synchronous method of the actor does not suspend.
    func refill(_ key: String) {
        Task {
            guard retries < 3 else { return }
            await self.setPhase(.running)
            retries += 1
        }
    }

    // Quiet: the write in the Task does not depend on a check.
    func log() {
        Task {
            let data = try await download("log")
            cache["log"] = data
        }
    }

    // (c) A decision over two properties re-checked on only one after the await, while
    // `shutdown()` sets the other.
    func stop() async {
        guard phase == .running, !isShuttingDown else { return }
        await drain()
        guard phase == .running else { return }
        phase = .stopped // expect: actor_reentrancy
    }

    func shutdown() {
        isShuttingDown = true
    }

    // Quiet: both properties re-checked.
    func stopChecked() async {
        guard phase == .running, !isShuttingDown else { return }
        await drain()
        guard phase == .running, !isShuttingDown else { return }
        phase = .stopped
    }

    // Quiet: the left-out property is assigned only by this method (claimed before the await).
    private var pending = 0
    func flush() async {
        guard phase == .running, pending > 0 else { return }
        let n = pending
        pending = 0
        await send(n)
        guard phase == .running else { return }
        phase = .idle
    }

    private func handshake() async { await Task.yield() }
    private func drain() async { await Task.yield() }
    private func send(_ n: Int) async { await Task.yield() }
    private func authorize() async -> String { await Task.yield(); return "t" }
}

func download(_ key: String) async throws -> Data { Data() }
