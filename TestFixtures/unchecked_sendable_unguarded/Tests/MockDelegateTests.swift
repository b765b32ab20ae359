import XCTest

// A test double's hooks: set by the test before the code under test runs, and only called by
// the double. Not reported in test code, and neither is the lock-free double itself: in tests the
// rule reports only classes that have a lock and still touch state without it.
final class MockWriterDelegate: @unchecked Sendable {
    var didYieldHandler: ((Int) -> Void)?
    var didTerminateHandler: (@Sendable (Error?) -> Void)?
    var yieldCount = 0

    func didYield(_ n: Int) {
        yieldCount += 1
        didYieldHandler?(n)
    }

    func didTerminate(_ error: Error?) {
        if let handler = didTerminateHandler { handler(error) }
    }

    // A hook the double itself replaces is mutable state like any other.
    var onReset: (() -> Void)?

    func reset() {
        onReset = nil
    }
}
