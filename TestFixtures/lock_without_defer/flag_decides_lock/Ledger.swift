import Foundation

// The caller says whether it already holds the lock; the callee takes it only when it does not.
final class Ledger: @unchecked Sendable {
    private let guardLock = NSLock()
    private var entries: [Int] = []
    private var closed = false

    func settle(amount: Int) {
        guardLock.lock()
        entries.append(amount)
        guard amount > 0 else {
            finish(callerHolds: true)
            return
        }
        guardLock.unlock()
    }

    func settleLoose(amount: Int) {
        guardLock.lock() // expect: lock_without_defer
        entries.append(amount)
        if amount < 0 { return }
        guardLock.unlock()
    }

    private func finish(callerHolds: Bool = false) {
        if !callerHolds { guardLock.lock() }
        closed = true
        guardLock.unlock()
    }

    // Near-miss: the flag guards only a balanced section; the unconditional lock still leaks.
    func record(verbose: Bool) {
        if verbose {
            guardLock.lock()
            entries.append(0)
            guardLock.unlock()
        }
        guardLock.lock() // expect: lock_without_defer
        if entries.isEmpty { return }
        guardLock.unlock()
    }
}
