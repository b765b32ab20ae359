import Foundation

/// Fires: `state` is guarded by `stateLock` everywhere but in `peek()`.
final class SignalCore {
    private let stateLock: StateLock = StateLock.make()
    private var state: [Int] = []

    func send(_ value: Int) {
        stateLock.lock()
        state.append(value)
        stateLock.unlock()
    }

    func drain() -> [Int] {
        stateLock.lock()
        defer { stateLock.unlock() }
        let out = state
        state = []
        return out
    }

    func peek() -> Int? {
        state.last // expect: inconsistent_locking
    }
}

/// Quiet: every access holds the lock.
final class CounterCore {
    private let lock: BaseMutex = PosixMutex()
    private var count = 0

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }

    func value() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }
}

/// Fires: through the other abstract base, declared in another file.
final class GaugeCore {
    private let lock: BaseMutex = PosixMutex()
    private var level = 0

    func raise() {
        lock.lock()
        level += 1
        lock.unlock()
    }

    func reset() {
        level = 0 // expect: inconsistent_locking
    }
}
