import Foundation

// A helper that one caller reaches with the lock held and two without: the fix-it counts the
// callers that hold it, and never says that the others all do.
final class Ledger {
    private let lock = NSLock()
    private var balance = 0

    func deposit() {
        lock.lock()
        apply()
        lock.unlock()
    }

    func refund() {
        apply()
    }

    func adjust() {
        apply()
    }

    func reset() {
        lock.lock()
        balance = 0
        lock.unlock()
    }

    private func apply() {
        balance += 1 // expect: inconsistent_locking
    }
}

// The lock is held at the one write and at none of the reads: each read is reported, and the
// fix-it does not call the write "the others".
final class Meter {
    private let lock = NSLock()
    private var level = 0

    func set(_ v: Int) {
        lock.lock()
        level = v
        lock.unlock()
    }

    func current() -> Int {
        level // expect: inconsistent_locking
    }

    func isHigh() -> Bool {
        level > 10 // expect: inconsistent_locking
    }
}
