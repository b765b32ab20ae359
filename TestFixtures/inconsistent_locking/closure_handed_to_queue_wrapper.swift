import Foundation

// A private method that hands its closure parameter itself to the queue or lock as the work
// (`queue.sync(flags: .barrier, execute: block)`, `lock.withLock(block)`) runs it under that
// guard, like one that calls it inside `queue.sync { block() }`: what its callers' closures touch,
// and the helpers only they call, are guarded.

/// Quiet: every access runs on `barrierQueue`, through `exclusively` or `async`; fires only for
/// the read that bypasses both.
final class Ledger {
    private let barrierQueue = DispatchQueue(label: "ledger", attributes: .concurrent)
    private var entries: [Int] = []

    private func exclusively<T>(_ block: () throws -> T) rethrows -> T {
        try barrierQueue.sync(flags: .barrier, execute: block)
    }

    func add(_ n: Int) {
        exclusively { entries.append(n) }
    }

    func total() -> Int {
        exclusively { sum() }
    }

    private func sum() -> Int {
        entries.reduce(0, +)
    }

    func later(_ n: Int) {
        barrierQueue.async(flags: .barrier) { self.entries.append(n) }
    }

    func peek() -> Int? {
        entries.last // expect: inconsistent_locking
    }
}

/// Quiet: `locked` hands its closure to `lock.withLock`; fires for the write outside it.
final class Tally {
    private let lock = NSLock()
    private var count = 0

    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        try lock.withLock(body)
    }

    func bump() {
        locked { count += 1 }
    }

    func read() -> Int {
        locked { count }
    }

    func reset() {
        count = 0 // expect: inconsistent_locking
    }
}

/// Fires: the closure goes to a queue handed in by the caller, not the class's own `queue`, so
/// the write in `forward` does not exclude the accesses on `queue`.
final class Relay {
    private let queue = DispatchQueue(label: "relay")
    private var last = 0

    private func run(on other: DispatchQueue, _ block: () -> Void) {
        other.sync(flags: .barrier, execute: block)
    }

    func forward(_ n: Int, via q: DispatchQueue) {
        run(on: q) { last = n }
    }

    func store(_ n: Int) {
        queue.async { self.last = n } // expect: inconsistent_locking
    }

    func value() -> Int {
        queue.sync { last }
    }
}
