import Foundation

/// Quiet: the private `current` in the extension (another file) is never used.
final class TokenStore {
    let lock = NSLock()
    var tokens: [String] = []

    func add(_ token: String) {
        lock.lock()
        tokens.append(token)
        lock.unlock()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return tokens.count
    }
}

/// Fires: the private `latest` is read through a key path, which may run anywhere.
final class BadgeStore {
    let lock = NSLock()
    var badges: [String] = []

    func add(_ badge: String) {
        lock.lock()
        badges.append(badge)
        lock.unlock()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return badges.count
    }

    private var latest: String? {
        badges.last // expect: inconsistent_locking
    }

    func latestValues(_ stores: [BadgeStore]) -> [String?] {
        stores.map(\.latest)
    }
}
