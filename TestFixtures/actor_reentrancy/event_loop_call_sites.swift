import Foundation

enum TunnelEvent: Sendable { case start, stop, path(Int) }

/// Work driven by one sequential event loop: each handler is awaited before the next event.
actor TunnelDriver {
    nonisolated let events: AsyncStream<TunnelEvent>
    private var applied: Int?
    private var phase = 0
    private var retries = 0
    private var shared = 0

    init(events: AsyncStream<TunnelEvent>) {
        self.events = events
        consume(events)
    }

    private nonisolated func consume(_ channel: AsyncStream<TunnelEvent>) {
        Task.detached { [weak self] in
            for await event in channel {
                guard let self else { return }
                await self.handle(event)
            }
        }
    }

    private func handle(_ event: TunnelEvent) async {
        switch event {
        case .start: await start()
        case .stop: await stopTunnel()
        case .path(let p): await apply(p)
        }
    }

    // Reached only from the loop, through `handle` (quiet).
    private func apply(_ value: Int) async {
        if applied != value {
            await push(value)
            applied = value
        }
    }

    // Reached only from the loop (quiet).
    private func start() async {
        guard phase == 0 else { return }
        await push(1)
        phase = 1
    }

    // Reached from the loop and from a public method: calls can overlap.
    private func stopTunnel() async {
        guard retries < 3 else { return }
        await push(0)
        retries += 1 // expect: actor_reentrancy
    }

    func stopNow() async {
        await stopTunnel()
    }

    private func push(_ value: Int) async { await Task.yield() }
}

/// Another spelling: `for try await` in a `Task { }`, calls through `self?.`.
actor FeedReader {
    private var lastID = 0
    private var count = 0

    func listen(to feed: AsyncThrowingStream<Int, Error>) {
        Task { [weak self] in
            for try await id in feed {
                await self?.receive(id)
            }
        }
    }

    // Reached only from the loop (quiet).
    private func receive(_ id: Int) async {
        guard id > lastID else { return }
        await store(id)
        lastID = id
    }

    // Reached only from the loop, but a public method writes `count` meanwhile.
    private func tally(_ id: Int) async {
        guard count < 10 else { return }
        await store(id)
        count += 1 // expect: actor_reentrancy
    }

    func reset() {
        count = 0
    }

    func listenAgain(to feed: AsyncStream<Int>) {
        Task {
            for await id in feed { await tally(id) }
        }
    }

    private func store(_ id: Int) async { await Task.yield() }
}

/// Two different loops call the same handler: they can overlap.
actor TwoLoops {
    private var seen = 0

    func first(_ s: AsyncStream<Int>) {
        Task { for await v in s { await self.take(v) } }
    }

    func second(_ s: AsyncStream<Int>) {
        Task { for await v in s { await self.take(v) } }
    }

    private func take(_ v: Int) async {
        guard v > seen else { return }
        await Task.yield()
        seen = v // expect: actor_reentrancy
    }
}
