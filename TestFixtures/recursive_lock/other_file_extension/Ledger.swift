import Foundation

final class Ledger: @unchecked Sendable {
    let lock = NSLock()
    var entries: [Int] = []

    func record(_ n: Int) {
        lock.withLock {
            entries.append(n)
            // `audit()` is declared in another file: not followed (documented limit).
            audit()
            // `balance` is declared here, in an extension of this file: followed.
            _ = balance // expect: recursive_lock
        }
    }
}

extension Ledger {
    var balance: Int {
        lock.lock()
        defer { lock.unlock() }
        return entries.reduce(0, +)
    }
}
