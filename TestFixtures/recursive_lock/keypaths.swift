import Foundation

final class AppStore {
    private let lock = NSLock()
    private var state: [String: Int] = [:]
    private var title = ""

    var total: Int { lock.withLock { state.values.reduce(0, +) } }
    var summary: String { "\(title)" }

    func read<T>(_ path: KeyPath<AppStore, T>) -> T {
        lock.withLock {
            self[keyPath: path] // expect: recursive_lock
        }
    }

    func readTotal() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return self[keyPath: \.total] // expect: recursive_lock
    }

    // Quiet: the key path names a property that does not take the lock.
    func readSummary() -> String {
        lock.withLock { self[keyPath: \.summary] }
    }

    // Quiet: read after releasing the lock.
    func readLater<T>(_ path: KeyPath<AppStore, T>) -> T {
        lock.lock()
        lock.unlock()
        return self[keyPath: path]
    }
}
