import Foundation

// Through the file's own wrapper that runs each closure under the lock.
final class TokenBox: @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func value(fetch: () -> String) -> String {
        if let t = locked({ token }) { return t }
        let fetched = fetch()
        locked { token = fetched } // expect: split_critical_section
        return fetched
    }

    func replace(with newToken: String) {
        locked { token = newToken }
    }
}

// A value set elsewhere only to nil (an invalidation), and a fill that re-checks: both quiet.
final class PlainBox: @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?

    func value(fetch: () -> String) -> String {
        if let t = lock.withLock({ token }) { return t }
        let fetched = fetch()
        return lock.withLock {
            if let t = token { return t }
            token = fetched
            return fetched
        }
    }

    func invalidate() { lock.withLock { token = nil } }

    func cached(fetch: () -> String) -> String {
        if let t = lock.withLock({ token }) { return t }
        let fetched = fetch()
        lock.withLock { token = fetched }
        return fetched
    }
}
