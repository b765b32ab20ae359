import Foundation

/// The lock is taken here; the helpers live in an extension in another file.
final class Store {
    let lock = NSLock()
    var items: [Int] = []
    func add(_ i: Int) { lock.withLock { appendItem(i) } }
    func addTwice(_ i: Int) {
        lock.lock()
        defer { lock.unlock() }
        appendItem(i)
        appendItem(i)
    }
    func snapshot() -> [Int] { lock.withLock { items } }
    func clearAll() { lock.withLock { clear(keepingCapacity: true) } }
    func log() { dumpItems() }
}

/// A private overload that expects the queue is not the public one that hops to it: its
/// access is unguarded because `insertNow` calls it off the queue (the fix goes to that call).
final class Index {
    private let queue = DispatchQueue(label: "index")
    var keys: [String] = []
    func insert(_ k: String) { queue.sync { insert(k, onQueue: true) } }
    private func insert(_ k: String, onQueue: Bool) { keys.append(k) } // expect: inconsistent_locking
    func all() -> [String] { queue.sync { keys } }
    func insertNow(_ k: String) { insert(k, onQueue: false) }
}
