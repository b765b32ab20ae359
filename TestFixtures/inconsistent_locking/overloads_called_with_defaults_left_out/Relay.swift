import Foundation

/// Overloads reached through a closure the lock runs, from a class behind a protocol: a call
/// that leaves `urgent:` out is the two-argument overload's, so the one made without the lock
/// (`sendNow`) is what leaves the helper's accesses unguarded.
protocol Sending {
    func send(_ message: String)
}

final class Relay: Sending {
    private let lock = NSLock()
    private var queue: [String] = []
    private var sent = 0

    func send(_ message: String) {
        lock.withLock { deliver(message, 1) }
    }

    func flush() {
        lock.withLock { deliver(queue.count) }
    }

    func total() -> Int { lock.withLock { sent } }

    func sendNow(_ message: String) {
        deliver(message, 2)
    }

    private func deliver(_ message: String, _ priority: Int, urgent: Bool = false) {
        queue.append(message)  // expect: inconsistent_locking
        sent += priority
    }

    private func deliver(_ count: Int) {
        sent += count  // Quiet: its one caller holds lock.
        deliver("batch", count, urgent: true)
    }
}
