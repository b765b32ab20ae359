import Foundation

// A check and an act that each take an inner lock, made while an outer lock stays held (around
// both, or by every caller of the private helper they are in), on state that every write in
// the file also changes with the outer lock held: nothing can come between them. A writer
// without the outer lock, a helper some caller reaches without it, or a helper that lets the
// outer lock go between the steps still splits them.

final class SafeTable: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int: String] = [:]
    func copy() -> [Int: String] { lock.withLock { items } }
    func swap(in fresh: [Int: String]) { lock.withLock { items = fresh } }
    func drop(_ key: Int) { lock.withLock { items[key] = nil } }
}

/// Shape 1: the snapshot and the replacement in a private helper of the same type, which every
/// caller reaches with the outer lock held; every other use of the table holds it too.
final class Session: @unchecked Sendable {
    private let stateLock = NSRecursiveLock()
    private let inFlight = SafeTable()

    func reset(keeping kept: Set<Int>) {
        stateLock.lock()
        defer { stateLock.unlock() }
        trim(to: kept)
    }

    func reconnect() {
        stateLock.lock()
        trim(to: [])
        stateLock.unlock()
    }

    func finish(_ key: Int) {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard key >= 0 else { return }
        inFlight.drop(key)
    }

    private func trim(to kept: Set<Int>) {
        inFlight.swap(in: inFlight.copy().filter { kept.contains($0.key) })
    }
}

/// Shape 1b: a counter read and written under its own lock, inside one hold of the outer lock;
/// every write of it holds the outer lock as well.
final class Meter: @unchecked Sendable {
    private let outer = NSLock()
    private let inner = NSLock()
    private var level = 0

    func bump() {
        outer.lock()
        let seen = inner.withLock { level }
        if seen < 10 {
            inner.withLock { level = seen + 1 }
        }
        outer.unlock()
    }

    func clear() {
        outer.withLock { inner.withLock { level = 0 } }
    }
}

// Near-misses that still fire.

/// One writer of the table does not hold the outer lock.
final class LeakySession: @unchecked Sendable {
    private let stateLock = NSLock()
    private let inFlight = SafeTable()

    func reset(keeping kept: Set<Int>) {
        stateLock.withLock { trim(to: kept) }
    }

    func finish(_ key: Int) {
        inFlight.drop(key)
    }

    private func trim(to kept: Set<Int>) {
        inFlight.swap(in: inFlight.copy().filter { kept.contains($0.key) }) // expect: split_critical_section
    }
}

/// One caller of the helper does not hold the outer lock.
final class HalfLockedSession: @unchecked Sendable {
    private let stateLock = NSLock()
    private let inFlight = SafeTable()

    func reset(keeping kept: Set<Int>) {
        stateLock.withLock { trim(to: kept) }
    }

    func quickReset() {
        trim(to: [])
    }

    func finish(_ key: Int) {
        stateLock.withLock { inFlight.drop(key) }
    }

    private func trim(to kept: Set<Int>) {
        inFlight.swap(in: inFlight.copy().filter { kept.contains($0.key) }) // expect: split_critical_section
    }
}

/// The outer lock is let go between the two steps.
final class GappyMeter: @unchecked Sendable {
    private let outer = NSLock()
    private let inner = NSLock()
    private var level = 0

    func bump() {
        outer.lock()
        let seen = inner.withLock { level }
        outer.unlock()
        outer.lock() // expect: split_critical_section
        if seen < 10 {
            inner.withLock { level = seen + 1 } // expect: split_critical_section
        }
        outer.unlock()
    }

    func clear() {
        outer.withLock { inner.withLock { level = 0 } }
    }
}

/// Every caller holds the outer lock, but a write of the state elsewhere does not.
final class OpenMeter: @unchecked Sendable {
    private let outer = NSLock()
    private let inner = NSLock()
    private var level = 0

    func bump() {
        outer.withLock { step() }
    }

    private func step() {
        let seen = inner.withLock { level }
        if seen < 10 {
            inner.withLock { level = seen + 1 } // expect: split_critical_section
        }
    }

    func clear() {
        inner.withLock { level = 0 }
    }
}
