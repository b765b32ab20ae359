import Foundation

/// An action queue: a flag claimed before a `Task` that runs one action, released by a method that
/// Task calls when the action is done; the next action starts only then.
actor Workflow {
    private enum Step: Sendable { case open, close, retry }
    private var steps: [Step] = []
    private var isRunning = false
    private var current: Task<Void, Never>?
    private var isOpen = false
    private var retries = 0
    private var closes = 0

    func open() { enqueue(.open) }
    func close() { enqueue(.close) }
    func retry() { enqueue(.retry) }

    private func enqueue(_ step: Step) {
        steps.append(step)
        runNext()
    }

    private func runNext() {
        guard !isRunning, !steps.isEmpty else { return }
        isRunning = true
        let step = steps.removeFirst()
        current = Task { [weak self] in
            guard let self else { return }
            await self.perform(step)
            await self.finished()
        }
    }

    private func finished() {
        isRunning = false
        runNext()
    }

    private func perform(_ step: Step) async {
        switch step {
        case .open: await openConnection()
        case .close: await closeConnection()
        case .retry: await retryConnection()
        }
    }

    // Reached only through the gated Task (quiet).
    private func openConnection() async {
        guard !isOpen else { return }
        await Task.yield()
        isOpen = true
    }

    // Reached only through the gated Task (quiet).
    private func retryConnection() async {
        guard retries < 3 else { return }
        await Task.yield()
        retries += 1
    }

    // Reached through the gated Task, and from a public method too: calls can overlap.
    private func closeConnection() async {
        guard closes < 3 else { return }
        await Task.yield()
        closes += 1 // expect: actor_reentrancy
    }

    func closeNow() async {
        await closeConnection()
    }
}

/// Another spelling: a drain loop that claims `self.draining` and releases it in a `defer`.
actor Outbox {
    private var queue: [Int] = []
    private var draining = false
    private var sent: Set<Int> = []

    func post(_ id: Int) {
        queue.append(id)
        Task { await drain() }
    }

    private func drain() async {
        guard !self.draining else { return }
        self.draining = true
        defer { self.draining = false }
        while !queue.isEmpty {
            let id = queue.removeFirst()
            await deliver(id)
        }
    }

    // Reached only from the gated drain (quiet).
    private func deliver(_ id: Int) async {
        guard !sent.contains(id) else { return }
        await Task.yield()
        sent.insert(id)
    }
}

/// Gates the tool cannot trust: a flag another method clears at any time, and one claimed only
/// after an await.
actor LooseGates {
    private var queue: [Int] = []
    private var busy = false
    private var pumping = false
    private var total = 0
    private var high = 0

    func push(_ v: Int) {
        queue.append(v)
        guard !busy else { return }
        busy = true
        Task {
            await self.add(v)
            await self.idle()
        }
    }

    private func idle() { busy = false }

    func cancelAll() { busy = false }

    private func add(_ v: Int) async {
        guard total < 100 else { return }
        await Task.yield()
        total += v // expect: actor_reentrancy
    }

    func pump() async {
        guard !pumping else { return }
        await Task.yield()
        pumping = true // expect: actor_reentrancy
        defer { pumping = false }
        await raise(1)
    }

    private func raise(_ v: Int) async {
        guard high < v else { return }
        await Task.yield()
        high = v // expect: actor_reentrancy
    }
}
