import Foundation

// A third shape: the lock methods are reached through a protocol the class conforms to, and
// the flag helper tests `== false` and releases in an else-branch of the same flag.
protocol Latching: AnyObject {
    func latch()
    func unlatch()
}

final class Tally: Latching, @unchecked Sendable {
    private let gate = NSLock()
    private var total = 0
    private var peak = 0

    func latch() { self.gate.lock() }
    func unlatch() { self.gate.unlock() }

    func add(_ n: Int) {
        bump(n, holding: false)
    }

    func addPair(_ a: Int, _ b: Int) {
        latch()
        bump(a, holding: true)
        bump(b, holding: true)
        unlatch()
    }

    private func bump(_ n: Int, holding: Bool) {
        if holding == false {
            latch()
        }
        total += n
        peak = max(peak, total)
        if holding {
            print("held by the caller")
        } else {
            unlatch()
        }
    }

    var value: Int {
        latch()
        defer { unlatch() }
        return total
    }

    // Fires: the latch is not taken here.
    func resetPeak() {
        peak = 0 // expect: unchecked_sendable_unguarded
    }
}

// Near-miss: one caller passes the flag that says it holds the gate, and does not hold it.
final class Score: @unchecked Sendable {
    private let gate = NSLock()
    private var points = 0

    func latch() { gate.lock() }
    func unlatch() { gate.unlock() }

    func add(_ n: Int) {
        bump(n, holding: false)
    }

    func addUnheld(_ n: Int) {
        bump(n, holding: true)
    }

    private func bump(_ n: Int, holding: Bool) {
        if !holding { latch() }
        points += n // expect: unchecked_sendable_unguarded
        if !holding { unlatch() }
    }

    var value: Int {
        latch()
        defer { unlatch() }
        return points
    }
}
