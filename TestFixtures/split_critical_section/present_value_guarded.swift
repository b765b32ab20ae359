import Foundation

// The same decision through `guard`: the write after the guard runs only where the bound value
// passed the test.
final class TokenStore: @unchecked Sendable {
    private let lock = NSLock()
    private var token: String?

    func rotateIfShort() {
        guard let current = lock.withLock({ token }), current.count < 8 else { return }
        lock.withLock { token = UUID().uuidString } // expect: split_critical_section
    }

    // Quiet: the write is in the guard's `else`, where the value was absent (or failed the
    // test): the fill of a missing value, quiet by design.
    func ensureToken() {
        guard let current = lock.withLock({ token }), !current.isEmpty else {
            lock.withLock { token = UUID().uuidString }
            return
        }
        print(current)
    }
}
