import Foundation

// A closure literal handed to a method of the same class runs under the guard that method
// holds around every call of it.

/// Quiet: `resolve` calls `build` only inside a plain block of the reader-writer queue, so the
/// trailing closure that reads `table` reads it on that queue, like the other reads.
final class Catalog {
    private let queue = DispatchQueue(label: "catalog", attributes: .concurrent)
    private var table: [String: Int] = [:]

    func lookup(_ key: String) -> Int? { queue.sync { table[key] } }
    func store(_ key: String, _ value: Int) { queue.async(flags: .barrier) { self.table[key] = value } }

    private func resolve<T>(_ key: String, build: (Int) -> T) -> T? {
        queue.sync {
            guard let v = table[key] else { return nil }
            return build(v)
        }
    }

    func describe(_ key: String) -> String? {
        resolve(key) { v in "\(v) of \(table.count)" }
    }
}

/// Fires: `resolveLate` calls `build` after the block has returned, so the closure literal's read
/// of `table` runs off the queue.
final class LateCatalog {
    private let queue = DispatchQueue(label: "late-catalog", attributes: .concurrent)
    private var table: [String: Int] = [:]

    func lookup(_ key: String) -> Int? { queue.sync { table[key] } }
    func store(_ key: String, _ value: Int) { queue.async(flags: .barrier) { self.table[key] = value } }

    private func resolveLate<T>(_ key: String, build: (Int) -> T) -> T? {
        let found = queue.sync { table[key] }
        guard let v = found else { return nil }
        return build(v)
    }

    func describe(_ key: String) -> String? {
        resolveLate(key) { v in "\(v) of \(table.count)" } // expect: inconsistent_locking
    }
}

/// Fires: `keep` calls `make` under the lock once but also keeps it for later, so the closure
/// literal may run anywhere.
final class Deferred {
    private let lock = NSLock()
    private var total = 0
    private var later: (() -> Int)?

    func add(_ n: Int) { lock.lock(); total += n; lock.unlock() }
    func current() -> Int { lock.lock(); defer { lock.unlock() }; return total }

    private func keep(_ make: @escaping () -> Int) -> Int {
        lock.lock()
        defer { lock.unlock() }
        later = make
        return make()
    }

    func snapshot() -> Int {
        keep { self.total } // expect: inconsistent_locking
    }
}
