import Foundation

extension Ledger {
    /// Quiet: the labelled closure runs inside `withEntries`, under the lock.
    func total() -> Int {
        withEntries(perform: { entries.values.reduce(0, +) })
    }

    /// Quiet: through a method that hands its closure on to `withEntries`.
    func names() -> [String] {
        inspect { entries.keys.sorted() }
    }

    /// Fires: `inspectLoosely` runs its closure outside the lock.
    func largest() -> Int? {
        inspectLoosely { entries.values.max() } // expect: inconsistent_locking
    }
}
