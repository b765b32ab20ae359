import Foundation

// Gate and near-miss: a region that assigns only locals after the await, or a member that no
// other region of the lock reads, is not a gate (the plain fix-it applies). The findings are the
// same either way; this checks that each region is reported once.
final class Warmup: @unchecked Sendable {
    private let gate = NSLock()
    private var ready = false
    private var hits = 0

    func warm() async {
        gate.lock()
        defer { gate.unlock() }
        let value = await fetch() // expect: await_in_lock
        var local = value
        local += await fetch()
        hits = local
    }

    var isReady: Bool { gate.withLock { ready } }

    func warmAndPublish() async {
        gate.withLock {
            ready = false
        }
        let value = await fetch()
        gate.withLock { ready = value > 0 }
    }

    func fetch() async -> Int { 1 }
}
