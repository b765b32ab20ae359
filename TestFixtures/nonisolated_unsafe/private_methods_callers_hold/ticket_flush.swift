import Foundation

extension Ticket {
    public func flush() {
        lock.withLock { drain() }
    }

    private func drain() {
        pending.removeAll()
    }
}
