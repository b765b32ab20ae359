import Foundation

// Shape 2: the check and the act in a helper of an extension, which calls it only from a
// helper that every caller reaches with the outer lock held; the state is private to this
// file, and every use of it here holds the outer lock.

final class Ledger: @unchecked Sendable {
    private let guardLock = NSLock()
    private var book = [String: Int]()
    func read() -> [String: Int] { guardLock.withLock { book } }
    func write(_ fresh: [String: Int]) { guardLock.withLock { book = fresh } }
}

final class Pool: @unchecked Sendable {
    private let poolLock = NSLock()
    private let ledger = Ledger()

    func shrink(to names: Set<String>) {
        poolLock.withLock { settle(names) }
    }

    func add(_ name: String) {
        poolLock.withLock {
            var all = ledger.read()
            all[name] = 1
            ledger.write(all)
        }
    }
}

extension Pool {
    private func settle(_ names: Set<String>) {
        prune(names)
    }

    private func prune(_ names: Set<String>) {
        let current = ledger.read()
        ledger.write(current.filter { names.contains($0.key) })
    }
}
