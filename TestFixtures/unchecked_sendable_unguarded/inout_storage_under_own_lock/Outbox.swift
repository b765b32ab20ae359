import Foundation

/// Messages waiting to be sent; the draining helper lives in an extension in another file.
final class Outbox: @unchecked Sendable {  // Quiet: `take(from:)` holds the lock around its inout list.
    let lock = NSLock()
    var urgent: [String] = []
    var routine: [String] = []

    func post(_ message: String, urgent isUrgent: Bool) {
        lock.withLock {
            if isUrgent { urgent.append(message) } else { routine.append(message) }
        }
    }

    func nextMessage() -> String? {
        take(from: &urgent) ?? take(from: &routine)
    }

    func hasUrgent() -> Bool {
        peek(at: &urgent) != nil  // expect: unchecked_sendable_unguarded
    }
}
