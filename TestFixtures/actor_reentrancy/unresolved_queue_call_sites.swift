import Foundation

struct Token {}

actor ProgressReporter {
    // Declared where the run cannot see: it may run its blocks one at a time.
    private let progressQueue = AsyncQueue<Serial>()
    private let otherQueue = AsyncQueue<Serial>()
    private var lastReported = 0
    private var token: Token?
    private var total = 0

    func progressChanged() {
        progressQueue.async { await self.sendProgressAssumingOnQueue() }
    }

    func progressFinished() {
        progressQueue.async { [weak self] in
            await self?.sendProgressAssumingOnQueue()
        }
    }

    // Every call is on `progressQueue` (quiet).
    func sendProgressAssumingOnQueue() async {
        guard lastReported < total else { return }
        await report(total)
        lastReported = total
    }

    func refresh() {
        progressQueue.async { await self.refreshToken() }
        otherQueue.async { await self.refreshToken() }
    }

    // Called on two different queues: calls can overlap.
    func refreshToken() async {
        guard token == nil else { return }
        let fresh = await makeToken()
        token = fresh // expect: actor_reentrancy
    }

    // No call in the run: keeps its finding.
    func recount() async {
        guard total == 0 else { return }
        await report(0)
        total = 1 // expect: actor_reentrancy
    }

    private func report(_ n: Int) async { await Task.yield() }
    private func makeToken() async -> Token { await Task.yield(); return Token() }
}
