import Foundation

// The read is a getter that takes the lock, the write a method that takes it again: the count
// read through one acquisition is stored back incremented through another, and increments made
// in between are lost.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var _count = 0

    var count: Int { lock.withLock { _count } }

    func setCount(_ value: Int) {
        lock.withLock { _count = value }
    }

    func increment() {
        setCount(count + 1) // expect: split_critical_section
    }

    // Through a local, and `self.`.
    func add(_ n: Int) {
        let current = self.count
        self.setCount(current + n) // expect: split_critical_section
    }

    // One acquisition for the whole change: quiet.
    func incrementAtomically() {
        lock.withLock { _count += 1 }
    }

    // A value that does not come from the read: quiet.
    func reset(to value: Int) {
        print(count)
        setCount(value)
    }
}

// A check through a getter, the act through a method with no argument.
final class Gate: @unchecked Sendable {
    private let lock = NSLock()
    private var isOpen = false
    private var openings = 0

    var isOpenNow: Bool {
        lock.lock()
        defer { lock.unlock() }
        return isOpen
    }

    func close() {
        lock.withLock { isOpen = false }
    }

    private func markOpen() {
        lock.withLock {
            isOpen = true
            openings += 1
        }
    }

    func openOnce() {
        if !isOpenNow {
            markOpen() // expect: split_critical_section
        }
    }

    // The method checks again under its own acquisition: quiet.
    private func openIfClosed() -> Bool {
        lock.withLock {
            guard !isOpen else { return false }
            isOpen = true
            return true
        }
    }

    func openChecked() {
        if !isOpenNow { _ = openIfClosed() }
    }
}
