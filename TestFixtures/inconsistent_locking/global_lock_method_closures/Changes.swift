import Foundation

// A global lock taken by hand and through a method of the run the tool does not resolve: the
// accesses in its closure may hold the lock, so they are not told they do not.
private let changesLock = NSLock()
private var pendingChanges: [String: Int] = [:]
private var deletions: Set<String> = []

final class ChangeLog {
    func record(_ key: String) {
        changesLock.lock()
        pendingChanges[key, default: 0] += 1
        changesLock.unlock()
    }

    func apply(_ key: String, _ value: Int) {
        changesLock.perform {
            var changes = pendingChanges
            changes[key] = value
            pendingChanges = changes
        }
    }

    func delete(_ key: String) {
        _ = changesLock.perform {
            deletions.insert(key)
        }
        changesLock.lock()
        deletions.insert(key + ".meta")
        changesLock.unlock()
    }

    // Nested one closure deeper, still inside the lock's method.
    func deleteAll(_ keys: [String]) {
        changesLock.perform {
            keys.forEach { deletions.insert($0) }
        }
    }

    // Fires: nothing held.
    func peek(_ key: String) -> Int? {
        pendingChanges[key] // expect: inconsistent_locking
    }
}
