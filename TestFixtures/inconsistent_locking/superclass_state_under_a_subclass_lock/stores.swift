import Foundation

/// Fires: `count()` reads the inherited `items` without `lock`.
final class SafeItemStore: ItemStore {
    private let lock = NSLock()

    func add(_ item: String) {
        lock.lock()
        items.append(item)
        version += 1
        lock.unlock()
    }

    func snapshot() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }

    func count() -> Int {
        items.count // expect: inconsistent_locking
    }
}

/// Quiet: every access to the inherited state holds `lock`.
final class LockedItemStore: ItemStore {
    private let lock = NSLock()

    func add(_ item: String) {
        lock.lock()
        defer { lock.unlock() }
        items.append(item)
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return items.count
    }
}

/// Fires: two levels up, `pending` is written off `queue`.
final class FlushingStore: LoggedStore {
    private let queue = DispatchQueue(label: "flushing-store")

    func enqueue(_ line: String) {
        queue.async { self.pending.append(line) }
    }

    func flush() {
        queue.async {
            print(self.pending)
            self.pending.removeAll()
        }
    }

    func drop() {
        pending = [] // expect: inconsistent_locking
    }
}

/// Quiet: `GuardedStore` guards `entries` with its own queue; its state is judged by its code.
final class MirroredStore: GuardedStore {
    private let lock = NSLock()
    private var mirror: [String] = []

    func copy() {
        lock.lock()
        mirror = entries
        lock.unlock()
    }

    func mirrored() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return mirror
    }

    func peek() -> Int {
        entries.count
    }
}

/// Quiet: `insert` changes the database instance, which guards itself; the inherited var is
/// only read.
final class AuditedRepository: Repository {
    private let lock = NSLock()
    private var audit: [String] = []

    func save(_ row: String) {
        lock.lock()
        database.insert(row)
        audit.append(row)
        lock.unlock()
    }

    func saveQuietly(_ row: String) {
        database.insert(row)
    }

    func entries() -> [String] {
        lock.lock()
        defer { lock.unlock() }
        return audit
    }
}
