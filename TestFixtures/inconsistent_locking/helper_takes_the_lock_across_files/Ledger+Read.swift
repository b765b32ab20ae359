import Foundation

extension Ledger {
    func current() -> Int {
        if !stale { return balance } // expect: inconsistent_locking
        lock.lock()
        defer { lock.unlock() }
        stale = false
        return balance
    }
}
