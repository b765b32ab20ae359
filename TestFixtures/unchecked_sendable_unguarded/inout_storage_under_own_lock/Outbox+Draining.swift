import Foundation

extension Outbox {
    func take(from list: inout [String]) -> String? {
        lock.withLock {
            list.isEmpty ? nil : list.removeFirst()
        }
    }

    /// Looks at the list without the lock.
    func peek(at list: inout [String]) -> String? {
        list.first
    }
}
