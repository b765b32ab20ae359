import Foundation

// Quiet: every access runs after `turnstile.enterTurn()` with the release deferred.
final class JobQueue: @unchecked Sendable {
    private let turnstile = Turnstile()
    private var jobs: [String] = []

    func push(_ job: String) {
        turnstile.enterTurn()
        defer { turnstile.unlock() }
        jobs.append(job)
    }

    func pop() -> String? {
        turnstile.enterTurn()
        defer { turnstile.unlock() }
        return jobs.popLast()
    }
}

// Fires: a count read without taking it.
final class LeakyJobQueue: @unchecked Sendable {
    private let turnstile = Turnstile()
    private var jobs: [String] = []

    func push(_ job: String) {
        turnstile.enterTurn()
        defer { turnstile.unlock() }
        jobs.append(job)
    }

    var count: Int { jobs.count } // expect: unchecked_sendable_unguarded
}
