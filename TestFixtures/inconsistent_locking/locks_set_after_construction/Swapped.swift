import Foundation

// A non-optional lock in a var that a method replaces: two threads may hold different objects.
final class Rotating {
    private var gate = NSLock()
    private var count = 0

    func add() {
        gate.lock()
        count += 1
        gate.unlock()
    }

    func addTwo() {
        gate.lock()
        defer { gate.unlock() }
        count += 2
    }

    func rotate() {
        gate = NSLock()
    }

    func peek() -> Int { count }
}

// The same lock in a var set only in init is one object for the instance's lifetime: the read
// without it is reported.
final class Steady {
    private var gate: NSLock
    private var count = 0

    init() { gate = NSLock() }

    func add() {
        gate.lock()
        count += 1
        gate.unlock()
    }

    func addTwo() {
        gate.lock()
        defer { gate.unlock() }
        count += 2
    }

    func peek() -> Int { count } // expect: inconsistent_locking
}
