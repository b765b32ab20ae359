import Synchronization

// Helpers named with a leading underscore, read as computed properties only inside the lock's
// closure (and inside each other): every caller holds the lock, nothing to report.
final class Almanac: @unchecked Sendable {
    private let gate = Mutex<Void>(())
    private var override: Int?
    private var base = 1

    var start: Int {
        get { gate.withLock { _ in _held_start } }
        set { gate.withLock { _ in override = newValue; base = newValue } }
    }

    private var _held_start: Int {
        override ?? base
    }

    private var _held_twice: Int {
        _held_start * 2
    }

    var doubled: Int {
        gate.withLock { _ in _held_twice }
    }
}

// The same helper also read once without the lock: its accesses are reported.
final class Ledger: @unchecked Sendable {
    private let gate = Mutex<Void>(())
    private var entries = 0

    func add() { gate.withLock { _ in entries += 1 } }

    private var _size: Int {
        entries // expect: unchecked_sendable_unguarded
    }

    var sizeHeld: Int { gate.withLock { _ in _size } }
    var sizeFree: Int { _size }
}
