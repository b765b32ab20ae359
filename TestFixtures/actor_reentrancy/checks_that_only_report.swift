import Foundation

// A read before the await that only feeds a warning (an `if` with no else whose block only
// reports) decides nothing: the write after the await runs whatever it saw. Quiet. The same
// read guarding the write (a return, an else) fires; a block that writes the state is judged as
// any other check (an unconditional counter bump after the await stays quiet, as before).
actor Session {
    enum Phase { case idle, opening, open }
    var phase: Phase = .idle
    var opens = 0

    func warn(_ s: String) {}

    func open() async throws {
        if phase != .idle {
            warn("open while \(phase)")
        }
        try await handshake()
        phase = .open
    }

    func openOrBail() async throws {
        if phase != .idle {
            warn("open while \(phase)")
            return
        }
        try await handshake()
        phase = .open // expect: actor_reentrancy
    }

    func openCounting() async throws {
        if phase == .idle {
            opens += 1
        }
        try await handshake()
        opens += 1
    }

    func handshake() async throws { await Task.yield() }
}
