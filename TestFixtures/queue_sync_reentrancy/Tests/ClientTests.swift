import XCTest

// In a test, `queue.sync {}` waits for the work sent to the queue before it. The test runner calls
// the test, not a callback: quiet, even when the queue is also handed to the code under test.
final class ClientTests: XCTestCase {
    private let queue = DispatchQueue(label: "client.tests")
    private var sut: Client!

    override func setUp() {
        sut = Client(callbackQueue: queue)
    }

    func testFetchCallsBack() {
        var received: Int?
        sut.fetch { received = $0 }
        queue.sync {}
        XCTAssertEqual(received, 1)
    }
}

final class DelegateTests: XCTestCase, ClientDelegate {
    private let queue = DispatchQueue(label: "delegate.tests")
    private var events = 0

    func testDelegate() {
        let client = Client(delegate: self, delegateQueue: queue)
        client.start()
        queue.sync {}
        XCTAssertEqual(events, 1)
    }

    // A delegate callback runs on `queue`, and this helper it calls waits for `queue`: reported.
    func clientDidFinish() {
        events += 1
        drain()
    }

    private func drain() {
        queue.sync {} // expect: queue_sync_reentrancy
    }
}
