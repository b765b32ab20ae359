import Foundation

extension Ledger {
    var current: Int { lock.withLock { balance } }

    // Quiet: nothing calls it.
    private func resetForAudit() {
        balance = 0
    }

    // Fires: called from `close()` without the lock.
    fileprivate func zero() {
        balance = 0 // expect: inconsistent_locking
    }

    func close() { zero() }
}
