import Foundation

// A plain base class of the run that guards nothing itself: its stored vars have the guard a
// subclass gives them. The subclass's code that skips that guard is reported; a base class that
// guards its own state is judged by its own code, not through its subclasses.

class ItemStore {
    var items: [String] = []
    var version = 0
}

class QueuedStore {
    var pending: [String] = []
}

class LoggedStore: QueuedStore {}

class GuardedStore {
    private let queue = DispatchQueue(label: "guarded-store")
    var entries: [String] = []

    func add(_ entry: String) {
        queue.async { self.entries.append(entry) }
    }
}

final class Database {
    private let lock = NSLock()
    private var rows: [String] = []
    func insert(_ row: String) { lock.lock(); rows.append(row); lock.unlock() }
}

class Repository {
    var database = Database()
}
