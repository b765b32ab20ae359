import XCTest

// The join is in a helper of another file, and the drain in a method the test calls.
final class RelayTests: XCTestCase {
    let relay = Relay()
    let inbox = DispatchQueue(label: "relay.inbox")
    var delivered = 0

    func testDeliveriesAfterTheHelperJoins() {
        delivered = 0
        subscribe()
        let ok = Concurrently.run(times: 8) { _ in
            self.relay.send()
        }
        XCTAssertTrue(ok)
        settle()
        XCTAssertEqual(delivered, 8)
    }

    func testHelperThatDoesNotJoin() {
        subscribe()
        Detached.fire {
            self.relay.send()
        }
        settle()
        XCTAssertEqual(delivered, 1) // expect: inconsistent_locking
    }

    func testReadBeforeSettling() {
        subscribe()
        _ = Concurrently.run(times: 2) { _ in self.relay.send() }
        XCTAssertEqual(delivered, 2) // expect: inconsistent_locking
        settle()
    }

    func subscribe() {
        relay.onMessage {
            self.inbox.async { self.delivered += 1 }
        }
    }

    func settle() {
        inbox.sync {}
    }
}
