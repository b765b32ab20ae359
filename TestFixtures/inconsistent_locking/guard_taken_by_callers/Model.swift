import Foundation

/// Callers take the model's lock themselves (in the other file) around the calls they make:
/// a member the model's own code never calls may be called with the lock held.
final class Model {
    let stateLock = NSLock()
    var value = 0

    func apply(_ delta: Int) { value += delta }

    func read() -> Int { stateLock.withLock { value } }
    func reset() { stateLock.withLock { value = 0 } }

    /// The model's own work runs without the lock: that access is unguarded whoever the callers are.
    func bumpLater() {
        DispatchQueue.global().async { self.value += 1 } // expect: inconsistent_locking
    }
}

/// Its lock is its own (private): no caller can hold it, so a member called from outside runs
/// without it.
final class Ledger {
    private let lock = NSLock()
    var total = 0

    func post(_ amount: Int) { total += amount } // expect: inconsistent_locking

    func balance() -> Int { lock.withLock { total } }
    func clear() { lock.withLock { total = 0 } }
}

/// The contract is in the doc comment: callers hold the lock.
final class Cache {
    let lock = NSLock()
    var entries: [String: Int] = [:]

    func get(_ k: String) -> Int? { lock.withLock { entries[k] } }
    func set(_ k: String, _ v: Int) { lock.withLock { entries[k] = v } }

    /// Drops every entry. The caller synchronizes via `lock`.
    func purgeAll() { entries.removeAll() }

    /// No such contract: it runs without the lock.
    func purgeSome() { entries.removeAll() } // expect: inconsistent_locking
}
