import Foundation

final class Catalog {
    static let lock = NSLock()
    nonisolated(unsafe) static var entries: [String] = []
    nonisolated(unsafe) static var loads = 0
    nonisolated(unsafe) static var lastQuery = ""
    nonisolated(unsafe) static var misses = 0 // expect: nonisolated_unsafe

    // Every caller holds `lock` (as `Catalog.reload()`, `Self.reload()` and `reload()`): the
    // writes hold it too.
    static func reload() {
        entries = []
        Catalog.loads += 1
    }

    // One caller holds the lock and the other does not: the tool cannot tell, and says nothing.
    static func remember(_ q: String) {
        lastQuery = q
    }

    // No caller holds a lock: a write with no lock held.
    static func countMiss() {
        misses += 1
    }

    static func refresh() {
        lock.lock()
        defer { lock.unlock() }
        reload()
    }

    static func find(_ q: String) -> Bool {
        remember(q)
        countMiss()
        return lock.withLock { entries.contains(q) }
    }
}

final class Shelf {
    func restock() {
        Catalog.lock.withLock {
            Catalog.reload()
            Catalog.remember("restock")
        }
    }

    func miss() { Catalog.countMiss() }
}

extension Catalog {
    static func rebuild() {
        lock.withLock { Self.reload() }
    }
}
