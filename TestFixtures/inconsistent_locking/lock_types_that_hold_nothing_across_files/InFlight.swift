import Foundation

// Counts requests in flight: `lock()` runs its work in the inner lock's closure and returns with
// nothing held.
final class InFlight {
    private let state = NSLock()
    private var count = 0

    func lock() {
        state.withLock { count += 1 }
    }

    func unlock() {
        state.withLock { count -= 1 }
    }

    var isIdle: Bool { state.withLock { count == 0 } }
}

// A lock built on a condition: `lock()` waits until no other caller holds it, so it excludes.
final class Turnstile {
    private let condition = NSCondition()
    private var held = false

    func lock() {
        condition.lock()
        while held { condition.wait() }
        held = true
        condition.unlock()
    }

    func unlock() {
        condition.lock()
        held = false
        condition.signal()
        condition.unlock()
    }
}
