import Foundation

protocol Clock {
    func now() -> Date
}

struct SystemClock: Clock {
    func now() -> Date { Date() }
}

// The contract is stated where the protocol-typed value is declared, in an extension.
final class Scheduler {}

extension Scheduler {
    /// The clock all schedulers read.
    ///
    /// - Important: this should not be reassigned after the first scheduler is created.
    nonisolated(unsafe) static var clock: any Clock = SystemClock()

    /// The clock for tests, swapped by each test.
    nonisolated(unsafe) static var testClock: any Clock = SystemClock() // expect: nonisolated_unsafe

    static func useTestClock(_ c: any Clock) {
        clock = c
        testClock = c
    }
}
