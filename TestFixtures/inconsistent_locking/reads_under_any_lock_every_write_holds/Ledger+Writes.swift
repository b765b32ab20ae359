import Foundation

extension Ledger {
    private func writing<T>(_ body: () -> T) -> T {
        entriesLock.lock()
        defer { entriesLock.unlock() }
        return totalsLock.withLock { body() }
    }

    func post(_ amount: Int) {
        writing { total += amount }
    }

    // A write under one lock alone: the read under the other is no longer ordered against it.
    func adjust(_ n: Int) {
        totalsLock.withLock { total = n }
    }
}
