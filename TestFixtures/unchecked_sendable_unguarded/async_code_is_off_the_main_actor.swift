import Foundation

// Every write runs on the main actor, and most accesses do. Code with no sign of where it runs
// may be on the main actor too (a UIKit callback), so a plain method's read stays quiet; but
// async code that no actor isolates runs on the cooperative pool, never on the main actor: its
// reads race.
final class Session: @unchecked Sendable {
    private var token: String?
    private var retries = 0

    @MainActor func signIn(_ t: String) { token = t; retries = 0 }
    @MainActor func signOut() { token = nil }

    func header() -> String? { token }

    func refresh() async -> String? {
        token // expect: unchecked_sendable_unguarded
    }

    func retry() {
        Task.detached {
            self.retries += 1 // expect: unchecked_sendable_unguarded
        }
    }

    @MainActor func current() async -> String? { token }

    @MainActor func reload() {
        Task { print(self.token ?? "", self.retries) }
    }
}

// Another spelling: a main-actor extension writes, an async function of another extension reads.
final class Cache: @unchecked Sendable {
    private var entries: [String: Int] = [:]
}

@MainActor extension Cache {
    func store(_ k: String, _ v: Int) { entries[k] = v }
    func clear() { entries = [:] }
    func count() -> Int { entries.count }
}

extension Cache {
    func lookup(_ k: String) async -> Int? {
        entries[k] // expect: unchecked_sendable_unguarded
    }

    func peek(_ k: String) -> Int? { entries[k] }
}

// Quiet: one main-actor access of four is no evidence that the main actor is the var's guard.
final class Settings: @unchecked Sendable {
    private var theme = ""
    @MainActor func apply(_ t: String) { theme = t }
    func load() async -> String { theme }
    func name() -> String { theme }
    func reset() { theme = "" }
}
