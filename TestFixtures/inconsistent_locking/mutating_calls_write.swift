import Foundation

/// A call of a method that the var's own value type declares `mutating` writes the var, as an
/// assignment would: the var is shared state once such a call holds the lock, and a bare use
/// elsewhere races with it. A method the type does not declare mutating only reads.
struct Tally {
    private var counts: [String: Int] = [:]
    mutating func bump(_ key: String) { counts[key, default: 0] += 1 }
    mutating func wipe() { counts = [:] }
    mutating func edit(_ body: (inout [String: Int]) -> Void) { body(&counts) }
    func total() -> Int { counts.values.reduce(0, +) }
}

final class Scoreboard {
    private let lock = NSLock()
    private var tally = Tally()

    func record(_ key: String) { lock.withLock { tally.bump(key) } }
    func clear() { lock.withLock { self.tally.wipe() } }
    func adjust() { lock.withLock { tally.edit { $0["x"] = 0 } } }

    var sum: Int { tally.total() } // expect: inconsistent_locking
    func forget() { tally.wipe() } // expect: inconsistent_locking
    func locked() -> Int { lock.withLock { tally.total() } }
}

/// Optional, spelled through `self?` in a block on the queue.
final class Ledger {
    private let queue = DispatchQueue(label: "ledger")
    private var tally: Tally?

    func note(_ key: String) { queue.async { [weak self] in self?.tally?.bump(key) } }
    func peek() -> Int { tally?.total() ?? 0 } // expect: inconsistent_locking
}

/// Quiet: only methods the type does not declare mutating are called, under the lock or not:
/// nothing writes the var after construction.
final class ReadOnlyBoard {
    private let lock = NSLock()
    private var tally = Tally()

    func locked() -> Int { lock.withLock { tally.total() } }
    func bare() -> Int { tally.total() }
}

/// Quiet: a class-typed var: a method call changes the object, not the var.
final class Counter {
    private var n = 0
    func wipe() { n = 0 }
}

final class Holder {
    private let lock = NSLock()
    private var counter = Counter()

    func reset() { lock.withLock { counter.wipe() } }
    func bare() { counter.wipe() }
}
