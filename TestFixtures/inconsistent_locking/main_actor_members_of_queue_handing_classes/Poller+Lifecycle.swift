import Foundation

@MainActor
extension Poller {
    func suspend() {
        source = nil // expect: inconsistent_locking
    }
}

extension Sampler {
    // Not isolated, and nothing in the run calls it; the timer is the only code the queue is
    // given to and its handler is in sight, so this runs wherever its caller does: judged.
    func clear() { samples = 0 } // expect: inconsistent_locking
}

extension Fetcher {
    // Quiet: nothing in the run calls it, and the queue is handed to a delegate-driven session.
    func reset() { fetched = 0 }
}
