import Foundation

/// Runs `body` at once; only a wrapper between the statement and its class.
func now(_ body: () -> Void) { body() }

final class Cache {
    private let queue = DispatchQueue(label: "cache")
    private var entries: [String: Int] = [:]

    func put(_ k: String, _ v: Int) {
        queue.async { self.entries[k] = v }
    }

    // Quiet: inside a closure, after `;`, still a read thrown away.
    func prime() {
        now { print("prime"); _ = self.entries }
    }

    // Fires: discarding a call's result is not discarding the var (the lookup reads it).
    func probe(_ k: String) {
        now {
            _ = self.entries[k] // expect: inconsistent_locking
        }
    }
}
