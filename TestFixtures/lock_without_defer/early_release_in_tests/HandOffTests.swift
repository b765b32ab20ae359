import XCTest

// A test that holds a lock to stall a worker, releases it mid-test, then checks the outcome.
// An error thrown while it is held leaves the worker stalled (the test hangs instead of
// failing): reported, with a fix-it that keeps the mid-test release where it is.
final class Gate: @unchecked Sendable {
    let lock = NSLock()
}

final class HandOffTests: XCTestCase {
    func testWorkerWaitsForGate() throws {
        let gate = Gate()
        gate.lock.lock() // expect: lock_without_defer
        startWorker(gate)
        try expectNothingYet()
        gate.lock.unlock()
        try expectDone()
    }

    // Nothing throws while it is held: quiet.
    func testWorkerRunsAfterRelease() throws {
        let gate = Gate()
        gate.lock.lock()
        startWorker(gate)
        gate.lock.unlock()
        try expectDone()
    }

    // Errors caught in the held part: quiet.
    func testWorkerWithCaughtError() throws {
        let gate = Gate()
        gate.lock.lock()
        startWorker(gate)
        do {
            try expectNothingYet()
        } catch {
            XCTFail("\(error)")
        }
        gate.lock.unlock()
        try expectDone()
    }

    func startWorker(_ gate: Gate) {}
    func expectNothingYet() throws {}
    func expectDone() throws {}
}
