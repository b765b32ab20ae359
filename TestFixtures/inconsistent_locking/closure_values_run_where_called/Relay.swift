import Foundation

/// A closure kept in a private property runs where the type calls it; with a lock held around
/// every call, its body holds the lock.
final class Relay {
    private let lock = NSLock()
    private var pending: [String] = []
    private var onFlush: (() -> Void)?
    private var onDrop: (() -> Void)?

    init() {
        onFlush = { [weak self] in
            self?.pending.removeAll()
        }
        self.onDrop = { [weak self] in
            self?.pending.removeLast() // expect: inconsistent_locking
        }
    }

    func add(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        pending.append(s)
    }

    // Quiet: `onFlush` is called only with the lock held.
    func flush() {
        lock.lock()
        onFlush?()
        lock.unlock()
    }

    func flushAll() {
        lock.withLock { self.onFlush?() }
    }

    // Fires above: `onDrop` is also called without the lock.
    func drop() {
        lock.withLock { onDrop?() }
    }

    func dropLoosely() {
        onDrop?()
    }
}
