import Foundation

/// One call made without the guard reaches several members that use the var: that call is
/// the one path, and the accesses it reaches are one finding, at the first, with a note at
/// each of the others. A member that another unguarded call reaches on its own is another path.
final class Sync {
    private let queue = DispatchQueue(label: "sync")
    private var entries: [String] = []

    func add(_ e: String) { queue.async { self.entries.append(e) } }
    func drop() { queue.async { self.entries.removeAll() } }

    func refresh() {
        DispatchQueue.global().async { [weak self] in
            self?.merge(["a"])
        }
    }

    private func merge(_ fresh: [String]) {
        entries = fresh // expect: inconsistent_locking
        store()
        announce()
    }

    private func store() { print(entries.count) }
    private func announce() { print(self.entries.first ?? "") }

    /// Another path: reached on its own from another unguarded block.
    func later() {
        DispatchQueue.global().async { [weak self] in self?.audit() }
    }

    private func audit() { print(entries.isEmpty) } // expect: inconsistent_locking
}

/// The same with a lock, the chain two calls deep, and the entry member using no state itself:
/// the first access reached is the finding.
final class Cache {
    private let lock = NSLock()
    private var items: [Int: String] = [:]

    func put(_ k: Int, _ v: String) { lock.withLock { items[k] = v } }

    func reload() {
        Thread.detachNewThread { [weak self] in self?.rebuild() }
    }

    private func rebuild() { prune(); count() }
    private func prune() { items.removeAll() } // expect: inconsistent_locking
    private func count() { print(items.count) }

    /// Quiet: every path to these holds the lock.
    func tidy() { lock.withLock { prune2() } }
    private func prune2() { items = [:] }
}
