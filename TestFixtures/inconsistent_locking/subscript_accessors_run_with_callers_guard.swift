import Foundation

// A subscript's get and set run when it is used, with what its caller holds: every use of
// this private one holds the lock, so its accesses are guarded.
final class Counters {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    private subscript(_ key: String) -> Int {
        get { counts[key] ?? 0 }
        set { counts[key] = newValue }
    }

    func bump(_ key: String) {
        lock.withLock { self[key] += 1 }
    }

    func value(_ key: String) -> Int {
        lock.withLock { self[key] }
    }

    func reset() {
        lock.withLock { counts.removeAll() }
    }
}

// The same subscript, but one use holds nothing: its accesses are reported there.
final class LooseCounters {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    private subscript(_ key: String) -> Int {
        get { counts[key] ?? 0 } // expect: inconsistent_locking
        set { counts[key] = newValue }
    }

    func bump(_ key: String) {
        lock.withLock { self[key] += 1 }
    }

    func peek(_ key: String) -> Int {
        self[key]
    }

    func reset() {
        lock.withLock { counts.removeAll() }
    }
}
