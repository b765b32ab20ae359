import Foundation

/// Entries guarded by a lock; `withEntries` runs its closure with the lock held.
final class Ledger {
    let lock = NSLock()
    var entries: [String: Int] = [:]

    func record(_ name: String, _ amount: Int) {
        lock.lock()
        defer { lock.unlock() }
        entries[name, default: 0] += amount
    }

    func withEntries<R>(perform body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    /// Passes its closure on to the method that runs it under the lock.
    func inspect<R>(_ reader: () -> R) -> R {
        withEntries(perform: reader)
    }

    /// Passes its closure on to code the tool does not see run it under the lock.
    func inspectLoosely<R>(_ reader: () -> R) -> R {
        Ledger.measure(reader)
    }

    static func measure<R>(_ f: () -> R) -> R { f() }
}
