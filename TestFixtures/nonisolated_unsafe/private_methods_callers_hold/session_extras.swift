import Foundation

/// The method in an extension in another file: only that file can call it, and it does under
/// the lock.
public final class Ticket: @unchecked Sendable {
    let lock = NSLock()
    nonisolated(unsafe) var pending: [String] = []

    public func add(_ s: String) {
        lock.lock()
        pending.append(s)
        lock.unlock()
    }
}
