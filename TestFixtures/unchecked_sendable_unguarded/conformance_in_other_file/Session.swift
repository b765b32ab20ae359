import Foundation

final class Session {
    private let lock = NSLock()
    private var token: String?

    func read() -> String? { lock.withLock { token } }
    func reset() {
        token = nil // expect: unchecked_sendable_unguarded
    }
}
