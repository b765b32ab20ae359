import Foundation

enum Phase { case idle, starting, running, failed }

actor Engine {
    private var phase: Phase = .idle
    private var retries = 0
    private var session: String?
    private var lastError: String?
    private var isBusy = false

    // The decision is never claimed before the await: the write in `catch` acts on it, and can
    // overwrite a phase another call set meanwhile.
    func start() async {
        guard phase == .idle else { return }
        do {
            try await boot()
        } catch {
            phase = .failed // expect: actor_reentrancy
        }
    }

    // A counter bumped in `catch` after a check on it: concurrent calls can both pass the check.
    func retry() async {
        guard retries < 3 else { return }
        do {
            try await boot()
        } catch {
            retries += 1 // expect: actor_reentrancy
        }
    }

    // A value found absent and cleared in `catch`: a session another call stored during the
    // await is wiped.
    func open() async throws -> String {
        if let session { return session }
        do {
            let fresh = try await login()
            return fresh
        } catch {
            session = nil // expect: actor_reentrancy
            throw error
        }
    }

    // Claimed before the await: the `catch` rolls the claim back (quiet).
    func startClaimed() async {
        guard phase == .idle else { return }
        phase = .starting
        do {
            try await boot()
            phase = .running
        } catch {
            phase = .idle
        }
    }

    // A flag recording the failure, and a property not decided on (quiet).
    func probe() async {
        guard !isBusy else { return }
        do {
            try await boot()
        } catch {
            isBusy = true
            lastError = "\(error)"
        }
    }

    private func boot() async throws { await Task.yield() }
    private func login() async throws -> String { await Task.yield(); return "" }

    // Stores a session: a call of it can run while `open()` is suspended.
    func adopt(_ s: String) { session = s }
}
