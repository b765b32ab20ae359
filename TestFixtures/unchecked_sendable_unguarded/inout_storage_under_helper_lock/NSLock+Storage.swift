import Foundation

extension NSLock {
    /// Reads or fills the storage with the lock held.
    func fillOnce<T>(_ storage: inout T?, make: () -> T) -> T {
        lock()
        defer { unlock() }
        if let existing = storage {
            return existing
        }
        let made = make()
        storage = made
        return made
    }

    /// Touches the storage before taking the lock: not a guard of it.
    func fillLoosely<T>(_ storage: inout T?, make: () -> T) -> T {
        if let existing = storage {
            return existing
        }
        lock()
        defer { unlock() }
        let made = make()
        storage = made
        return made
    }

    /// Same name, another label: takes no lock.
    func fillOnce<T>(unlocked storage: inout T?, make: () -> T) -> T {
        if storage == nil { storage = make() }
        return storage!
    }
}
