import Foundation

// The callers of the migration, and the migration that calls back into the store, in a file
// of their own: every `apply()` here runs with the store's lock held.
protocol Migration {
    func apply()
}

struct Uppercase: Migration {
    unowned let store: Store
    func apply() { store.rewrite { $0.uppercased() } }
}

extension Store {
    func migrate(_ ms: [Migration]) {
        lock.lock()
        defer { lock.unlock() }
        for m in ms { m.apply() }
    }

    // Fires: read here with nothing held.
    func currentVersion() -> Int {
        version // expect: inconsistent_locking
    }
}
