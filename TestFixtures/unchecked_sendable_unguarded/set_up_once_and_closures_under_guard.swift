import Foundation

/// Quiet: the client is made once under the lock, and every read outside it follows a call
/// that runs that set-up; the closure handed to `withClient` runs under the lock.
final class ApiGateway: @unchecked Sendable {
    private let lock = NSLock()
    private var opened = false
    private var client: [String: String] = [:]

    private func openIfNeeded() {
        lock.lock()
        defer { lock.unlock() }
        if !opened {
            client = ["host": "local"]
            opened = true
        }
    }

    private func withClient<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }

    func host() -> String? {
        openIfNeeded()
        return client["host"]
    }

    func keys() -> [String] {
        withClient { client.keys.sorted() }
    }

    /// Fires: read before anything runs the set-up.
    func isEmpty() -> Bool {
        client.isEmpty // expect: unchecked_sendable_unguarded
    }
}
