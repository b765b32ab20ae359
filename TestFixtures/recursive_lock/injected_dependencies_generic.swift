import Foundation

// Through an existential (`any Clock`): a clock whose implementations are a struct and a class
// holding a date, so the check and the count stay one step under the lock.

protocol Clock {
    func currentDate() -> Date
}

struct SystemClock: Clock {
    func currentDate() -> Date { Date() }
}

final class FixedClock: Clock {
    var fixed = Date(timeIntervalSince1970: 0)
    func currentDate() -> Date { fixed }
}

final class RateGate {
    private let lock = NSLock()
    private let clock: any Clock
    private let deadline: Date
    private var passes = 0

    init(clock: any Clock = SystemClock(), deadline: Date) {
        self.clock = clock
        self.deadline = deadline
    }

    func tryPass() -> Bool {
        lock.withLock {
            guard clock.currentDate() < deadline else { return false }
            passes += 1
            return true
        }
    }
}

// Near miss: an implementation whose superclass is a class of the run: what that base holds is
// not known here, so the call can reach anything.
class ClockBase {
    var observers: [() -> Void] = []
}

protocol Ticker {
    func tick()
}

final class ObservedTicker: ClockBase, Ticker {
    func tick() { observers.forEach { $0() } }
}

final class Metronome {
    private let lock = NSLock()
    private let ticker: any Ticker
    private var beats = 0

    init(ticker: any Ticker) { self.ticker = ticker }

    func beat() {
        lock.withLock {
            beats += 1
            ticker.tick() // expect: recursive_lock
        }
    }
}
