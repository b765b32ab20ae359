import CoreData

/// A protocol in between: the owner holds the store as a protocol of the module whose
/// implementation runs every closure later on its context, with `perform`.
protocol Journal: AnyObject {
    func append(_ entry: @escaping (NSManagedObjectContext) -> Void)
}

final class CoreDataJournal: Journal {
    private let moc: NSManagedObjectContext

    init(moc: NSManagedObjectContext) { self.moc = moc }

    func append(_ entry: @escaping (NSManagedObjectContext) -> Void) {
        moc.perform { entry(self.moc) }
    }
}

/// Quiet: `lastID` is touched only in closures handed to `journal.append`.
final class Recorder: @unchecked Sendable {
    private let journal: Journal
    private var lastID = 0

    init(journal: Journal) { self.journal = journal }

    func note(_ id: Int) {
        journal.append { _ in self.lastID = id }
    }

    func bump() {
        journal.append { _ in self.lastID += 1 }
    }
}

/// Fires: one read of the same state bypasses the journal.
final class Tracker: @unchecked Sendable {
    private let journal: Journal
    private var lastTag = 0

    init(journal: Journal) { self.journal = journal }

    func note(_ tag: Int) {
        journal.append { _ in self.lastTag = tag }
    }

    func current() -> Int {
        lastTag // expect: unchecked_sendable_unguarded
    }
}
