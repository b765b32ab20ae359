import Foundation

// Another shape: a lock held around a `forEach` whose closure captures `self` weakly.
final class Registry {
    private let lock = NSLock()
    private var names: Set<String> = []

    func register(_ batch: [String]) {
        lock.lock()
        defer { lock.unlock() }
        batch.forEach { [weak self] name in
            self?.names.insert(name)
        }
    }

    var all: Set<String> { lock.withLock { names } }

    // Fires: the closure is kept by a timer and runs later, without the lock.
    func expire() {
        lock.lock()
        _ = Timer.scheduledTimer(withTimeInterval: 1, repeats: false) { [weak self] _ in
            self?.names.removeAll() // expect: inconsistent_locking
        }
        lock.unlock()
    }
}
