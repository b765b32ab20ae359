import Foundation

// The same stale fill spelled with lock()/unlock() and a setter method that takes a parameter:
// the profile loaded outside the lock replaces one a caller stored while it loaded.
final class ProfileCache: @unchecked Sendable {
    private let mutex = NSLock()
    private var profile: String?
    private var byName: [String: String] = [:]

    func current(load: () -> String) -> String {
        mutex.lock()
        let hit = profile
        mutex.unlock()
        guard hit == nil else { return hit! }
        let made = load()
        mutex.lock() // expect: split_critical_section
        profile = made
        mutex.unlock()
        return made
    }

    func update(_ fresh: String) {
        mutex.lock()
        profile = fresh
        mutex.unlock()
    }

    // One element of a table, filled when absent: quiet by design, even with a setter beside it.
    func named(_ key: String, load: () -> String) -> String {
        mutex.lock()
        let hit = byName[key]
        mutex.unlock()
        if let hit { return hit }
        let made = load()
        mutex.lock()
        byName[key] = made
        mutex.unlock()
        return made
    }

    func store(_ value: String, for key: String) {
        mutex.lock()
        byName[key] = value
        mutex.unlock()
    }
}
