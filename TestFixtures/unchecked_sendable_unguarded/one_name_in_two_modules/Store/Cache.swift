import Foundation

// Module `Store`'s cache: `refill()` runs only from `add()`, under the lock.
public final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    public func add(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        refill()
        items.append(s)
    }

    func refill() {
        items.reserveCapacity(8)
    }
}
