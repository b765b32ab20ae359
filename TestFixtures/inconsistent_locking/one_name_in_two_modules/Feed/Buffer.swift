import Foundation

// Module `Feed`'s buffer: `drain()` runs only from `push(_:)`, with the lock.
final class Buffer {
    private let lock = NSLock()
    private var items: [Int] = []

    func push(_ v: Int) {
        lock.lock()
        defer { lock.unlock() }
        items.append(v)
        drain()
    }

    func drain() {
        items.removeAll()
    }
}
