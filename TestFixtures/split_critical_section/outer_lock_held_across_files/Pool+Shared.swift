import Foundation

// Near-miss: the same steps on a ledger other files of the module can reach: the tool cannot
// see that every write of it holds the outer lock, so the split is still reported.

final class SharedPool: @unchecked Sendable {
    private let poolLock = NSLock()
    let ledger = Ledger()

    func shrink(to names: Set<String>) {
        poolLock.withLock { prune(names) }
    }
}

extension SharedPool {
    private func prune(_ names: Set<String>) {
        let current = ledger.read()
        ledger.write(current.filter { names.contains($0.key) }) // expect: split_critical_section
    }
}
