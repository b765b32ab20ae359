import Foundation

extension Ledger {
    func audit() {
        // Takes the lock: a deadlock when called from `record`, but the call is in another file.
        lock.withLock { print(entries.count) }
    }

    /// The lock's declaration is in another file, so its type is not known here: not judged
    /// (documented limit; NSRecursiveLock would make this correct).
    func reconcile() {
        lock.withLock {
            lock.withLock { entries.removeAll() }
        }
    }
}
