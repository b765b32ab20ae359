import Foundation

// The value read through a getter that locks is worked through (iterated, handed on) and only
// then reset through a setter that locks again: what another thread stored in between is
// dropped without that work.
final class Outbox: @unchecked Sendable {
    private let queue = DispatchQueue(label: "outbox")
    private let lock = NSLock()
    private var _messages: [String] = []
    private var _timers: [Int: Timer] = [:]

    var messages: [String] {
        get { queue.sync { _messages } }
        set { queue.sync { _messages = newValue } }
    }

    var timers: [Int: Timer] {
        get {
            lock.lock()
            defer { lock.unlock() }
            return _timers
        }
        set {
            lock.lock()
            defer { lock.unlock() }
            _timers = newValue
        }
    }

    func deliver(_ sink: ([String]) -> Void) {
        let outgoing = self.messages
        sink(outgoing)
        self.messages = [] // expect: split_critical_section
    }

    func invalidateAll() {
        let all = timers
        for (key, timer) in all where key >= 0 {
            timer.invalidate()
        }
        timers = [:] // expect: split_critical_section
    }

    // Only questions asked of the value before the reset: quiet.
    func reset() -> Bool {
        let all = timers
        if all.isEmpty { return false }
        print(all.count)
        timers = [:]
        return true
    }

    // Worked through under one acquisition: quiet.
    func invalidateAllAtOnce() {
        let all: [Int: Timer] = lock.withLock {
            let taken = _timers
            _timers = [:]
            return taken
        }
        for (_, timer) in all { timer.invalidate() }
    }
}
