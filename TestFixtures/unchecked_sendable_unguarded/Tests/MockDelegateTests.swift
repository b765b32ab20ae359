import XCTest

// A test double's hooks: set by the test before the code under test runs, and only called by
// the double. Not reported in test code.
final class MockWriterDelegate: @unchecked Sendable {
    var didYieldHandler: ((Int) -> Void)?
    var didTerminateHandler: (@Sendable (Error?) -> Void)?
    var yieldCount = 0 // expect: unchecked_sendable_unguarded

    func didYield(_ n: Int) {
        yieldCount += 1
        didYieldHandler?(n)
    }

    func didTerminate(_ error: Error?) {
        if let handler = didTerminateHandler { handler(error) }
    }

    // A hook the double itself replaces is mutable state like any other.
    var onReset: (() -> Void)? // expect: unchecked_sendable_unguarded

    func reset() {
        onReset = nil
    }
}
