enum LedgerError: Error { case negative }

// An extension in another file: a `throw` out of a loop still runs the defer.
extension Ledger {
    func addAll(_ xs: [Int]) throws {
        gate.wait()
        defer { gate.signal() }
        for x in xs {
            if x < 0 {
                rejected += 1
                throw LedgerError.negative
            }
            entries.append(x)
        }
    }

    // The near miss: no wait at all.
    func reset() {
        rejected = 0 // expect: inconsistent_locking
    }
}
