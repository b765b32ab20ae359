import Foundation

// A lease whose getter and renewal each take the lock on their own.

final class Lease: @unchecked Sendable {
    private let lock = NSLock()
    private var expiry: Date?
    private var holder = ""

    var currentExpiry: Date? { lock.withLock { expiry } }

    func renew(for name: String) {
        lock.withLock {
            expiry = Date().addingTimeInterval(60)
            holder = name
        }
    }
}
