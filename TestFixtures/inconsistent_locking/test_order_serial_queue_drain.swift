import XCTest

// A test class that owns a serial queue and a tally the subscribers bump on it. What the test
// does before it subscribes is set-up; what it reads after an empty `gate.sync {}` happens
// after every block queued on the gate before it.
final class ChimeTests: XCTestCase {
    struct Tally {
        var rings = 0
        var misses = 0
    }

    let bell = Bell()
    let gate = DispatchQueue(label: "chime.gate")
    let elsewhere = DispatchQueue(label: "chime.elsewhere")
    var tally = Tally()

    func testRingsAreCounted() {
        tally = Tally()
        listen()
        bell.ring()
        gate.sync {}
        XCTAssertEqual(tally.rings, 1)
        XCTAssertEqual(tally.misses, 0)
    }

    func testReadBeforeTheDrain() {
        tally = Tally()
        listen()
        bell.ring()
        XCTAssertEqual(tally.rings, 1) // expect: inconsistent_locking
        gate.sync {}
    }

    func testDrainOfAnotherQueue() {
        tally = Tally()
        listen()
        bell.ring()
        elsewhere.sync {}
        XCTAssertEqual(tally.rings, 1) // expect: inconsistent_locking
    }

    func testListenAgainAfterTheDrain() {
        tally = Tally()
        listen()
        gate.sync {}
        listen()
        bell.ring()
        XCTAssertEqual(tally.rings, 2) // expect: inconsistent_locking
    }

    func testWriteAfterTheFirstSubscription() {
        listen()
        tally = Tally() // expect: inconsistent_locking
        bell.ring()
        gate.sync {}
    }

    func listen() {
        bell.onRing { _ in
            self.gate.async {
                self.tally.rings += 1
            }
        }
    }
}
