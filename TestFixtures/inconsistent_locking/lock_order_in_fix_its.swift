import Foundation

// A var guarded by one lock, written once under another: the fix-it offers the guard, but not
// taken inside the other lock when the code elsewhere takes the two the other way round.
final class Library {
    private let shelfLock = NSLock()
    private let indexLock = NSLock()
    private var shelves: [String] = []
    private var index: [String: Int] = [:]

    func addShelf(_ name: String) {
        shelfLock.lock()
        defer { shelfLock.unlock() }
        shelves.append(name)
        reindex(name)
    }

    private func reindex(_ name: String) {
        indexLock.lock()
        defer { indexLock.unlock() }
        index[name] = index.count
    }

    func shelfCount() -> Int {
        shelfLock.lock()
        defer { shelfLock.unlock() }
        return shelves.count
    }

    // Fires: under `indexLock`, not `shelfLock`; taking `shelfLock` here would invert the
    // order `addShelf` takes them in.
    func dropIndexed(_ name: String) {
        indexLock.lock()
        defer { indexLock.unlock() }
        index[name] = nil
        shelves.removeAll { $0 == name } // expect: inconsistent_locking
    }
}

// The same mistake with no opposite order anywhere: the plain fix-it.
final class Pantry {
    private let itemsLock = NSLock()
    private let logLock = NSLock()
    private var items: [String] = []
    private var log: [String] = []

    func add(_ item: String) {
        itemsLock.lock()
        items.append(item)
        itemsLock.unlock()
    }

    func count() -> Int {
        itemsLock.lock()
        defer { itemsLock.unlock() }
        return items.count
    }

    func record(_ line: String) {
        logLock.lock()
        defer { logLock.unlock() }
        log.append(line)
        items.append(line) // expect: inconsistent_locking
    }
}

// The order taken in closures: `withLock` around a call that takes the other lock.
final class Roster {
    private let namesLock = NSLock()
    private let badgeLock = NSLock()
    private var names: [String] = []
    private var badges: [String: Int] = [:]

    func enroll(_ name: String) {
        namesLock.withLock {
            names.append(name)
            issueBadge(name)
        }
    }

    private func issueBadge(_ name: String) {
        badgeLock.withLock { badges[name] = badges.count }
    }

    func headcount() -> Int {
        namesLock.withLock { names.count }
    }

    // Fires: taking `namesLock` inside `badgeLock` would invert `enroll`'s order.
    func revoke(_ name: String) {
        badgeLock.withLock {
            badges[name] = nil
            names.removeAll { $0 == name } // expect: inconsistent_locking
        }
    }
}
