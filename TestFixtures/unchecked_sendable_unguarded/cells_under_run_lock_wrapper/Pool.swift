import Foundation

/// A protocol in between: the pool's lock is typed as a protocol of the module whose every
/// implementation runs the closure with its lock held.
protocol Exclusive: AnyObject {
    func exclusively<R>(_ body: () throws -> R) rethrows -> R
}

final class MutexBox: Exclusive {
    private let m = NSLock()
    func exclusively<R>(_ body: () throws -> R) rethrows -> R {
        m.lock()
        defer { m.unlock() }
        return try body()
    }
}

/// Quiet: the pool's entries are reached only inside `gate.exclusively { }`.
final class EntryPool: @unchecked Sendable {
    fileprivate final class Entry: @unchecked Sendable {
        var uses = 0
        var spare: Entry?
    }

    private let gate: Exclusive = MutexBox()
    private var free: Entry?

    func lend() -> Int {
        gate.exclusively {
            let e = free ?? Entry()
            free = e.spare
            e.spare = nil
            e.uses += 1
            return e.uses
        }
    }
}

/// Near miss: the same pool, and one entry counted outside the lock.
final class SloppyPool: @unchecked Sendable {
    fileprivate final class Slot: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        var loans = 0
    }

    private let gate: Exclusive = MutexBox()
    private var spare: Slot?

    func lend() {
        let s = gate.exclusively { spare ?? Slot() }
        s.loans += 1
    }
}
