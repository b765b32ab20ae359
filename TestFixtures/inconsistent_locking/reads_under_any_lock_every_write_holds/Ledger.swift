import Foundation

// A third: a wrapper that takes both locks for writes, in another file (Ledger+Writes.swift).
final class Ledger {
    let entriesLock = NSLock()
    let totalsLock = NSLock()
    var total = 0

    var currentTotal: Int { totalsLock.withLock { total } }
    // Fires once `adjust(_:)` writes under `totalsLock` alone (see the other file).
    var auditedTotal: Int { entriesLock.withLock { total } } // expect: inconsistent_locking
}
