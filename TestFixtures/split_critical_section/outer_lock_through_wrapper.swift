import Foundation

// Shape 3: the state behind a wrapper object that locks inside; the check and the act run in a
// helper reached through another helper, and every path into them holds the outer lock (a
// deferred unlock, and a withLock closure), like every other use of the store.

final class CountCell: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Int
    init(_ start: Int) { value = start }
    func current() -> Int { lock.withLock { value } }
    func store(_ fresh: Int) { lock.withLock { value = fresh } }
}

final class Quota: @unchecked Sendable {
    private let gate = NSLock()
    private let counts = CountCell(0)

    func take() {
        gate.lock()
        defer { gate.unlock() }
        spend()
    }

    func refill() {
        gate.withLock { counts.store(0) }
    }

    private func spend() { charge(by: 1) }

    private func charge(by amount: Int) {
        let used = counts.current()
        if used < 100 {
            counts.store(used + amount)
        }
    }
}

// Near-misses that still fire.

/// The helper is also handed on as a value: it may run without the outer lock.
final class LooseQuota: @unchecked Sendable {
    private let gate = NSLock()
    private let counts = CountCell(0)

    func take() {
        gate.withLock { charge() }
    }

    func later(_ run: @escaping () -> Void) { run() }

    func schedule() { later(charge) }

    private func charge() {
        let used = counts.current()
        if used < 100 {
            counts.store(used + 1) // expect: split_critical_section
        }
    }
}

/// The helper lets the outer lock go before the act.
final class HandingQuota: @unchecked Sendable {
    private let gate = NSLock()
    private let counts = CountCell(0)

    func take() {
        gate.lock()
        charge()
    }

    private func charge() {
        let used = counts.current()
        gate.unlock()
        if used < 100 {
            counts.store(used + 1) // expect: split_critical_section
        }
    }
}
