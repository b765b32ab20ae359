import XCTest

// A test class that is itself @unchecked Sendable: its set-up before the tasks start, and its
// reads after waiting for the expectations the tasks fulfil, are ordered by the test.
final class EchoTests: XCTestCase, @unchecked Sendable {
    private let echoLock = NSLock()
    private var heard: [String] = []

    func testEveryWordIsHeard() {
        heard = []
        let arrived = expectation(description: "arrived")
        arrived.expectedFulfillmentCount = 2
        for word in ["a", "b"] {
            Task {
                self.echoLock.withLock { self.heard.append(word) }
                arrived.fulfill()
            }
        }
        waitForExpectations(timeout: 2)
        XCTAssertEqual(heard.count, 2)
    }

    func testReadBeforeTheWait() {
        let arrived = expectation(description: "arrived")
        Task {
            self.echoLock.withLock { self.heard.append("c") }
            arrived.fulfill()
        }
        XCTAssertTrue(heard.count <= 1) // expect: unchecked_sendable_unguarded
        waitForExpectations(timeout: 2)
    }

    func testTaskThatFulfilsNothing() async {
        let arrived = expectation(description: "arrived")
        Task { self.echoLock.withLock { self.heard.removeAll() } }
        Task { arrived.fulfill() }
        await fulfillment(of: [arrived], timeout: 2)
        XCTAssertTrue(heard.isEmpty) // expect: unchecked_sendable_unguarded
    }
}
