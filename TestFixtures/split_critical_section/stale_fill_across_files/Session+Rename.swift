import Foundation

extension Session {
    func rename(to newName: String) {
        lock.withLock { cachedName = newName }
    }

    // A fill of the settings declared in the other file: the state is not this file's (quiet).
    func settingsOrLoad() -> [String: String] {
        if let s = lock.withLock({ settings }) { return s }
        let loaded = reload()
        lock.withLock { settings = loaded }
        return loaded
    }
}
