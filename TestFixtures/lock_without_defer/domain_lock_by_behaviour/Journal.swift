import Foundation

/// Receivers whose types the run does not declare: a lock only with evidence.
final class Journal {
    private let entriesLock = makeExternalLock()
    private let ledger = makeLedger()
    private let clock = makeClock()
    private let rwlock = makeExternal()
    private var entries: [String] = []

    /// Named as a lock and never released in this file: reported.
    func append(_ entry: String, _ skip: Bool) {
        entriesLock.lock() // expect: lock_without_defer
        if skip { return }
        entries.append(entry)
    }

    /// Nothing says `ledger` is a lock: its lock() is not judged.
    func close() {
        ledger.lock()
        entries.removeAll()
    }

    /// A closure parameter of an unknown type, never released: not judged.
    func finish(_ run: ((Ledger) -> Void) -> Void) {
        run { book in
            book.lock()
        }
    }

    /// `clock` says no lock; `rwlock` does.
    func tick(_ skip: Bool) {
        clock.lock()
        if skip { return }
        entries.append("tick")
    }

    func read(_ skip: Bool) {
        rwlock.lock() // expect: lock_without_defer
        if skip { return }
        entries.append("read")
    }
}
