import Foundation

/// Near miss: each access runs in the gate's closure.
final class Turnstile: @unchecked Sendable {
    private let gate = Gate()
    private var passes = 0

    func enter() { gate.pass { passes += 1 } }
    func total() -> Int { gate.pass { passes } }
}

/// One write skips the gate.
final class Counter: @unchecked Sendable {
    private let gate = Gate()
    private var clicks = 0

    func click() { gate.pass { clicks += 1 } }
    func zero() { clicks = 0 } // expect: unchecked_sendable_unguarded
    func value() -> Int { gate.pass { clicks } }
}
