import XCTest
@testable import LockLintCore

final class TestOrderingTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The order at the first token spelled `marker` that sits directly in a function body.
    func order(_ code: String, at marker: String, occurrence: Int = 0) -> TestOrder? {
        let s = structure(code)
        let ordering = TestOrdering(s)
        let hits = (0..<s.code.count).filter { s.text($0) == marker }
        let i = hits[occurrence]
        guard let e = s.enclosingExecutable(of: i) else { return nil }
        return ordering.order(at: i, body: e)
    }

    let drainCase = """
        final class T: XCTestCase {
            let q = DispatchQueue(label: "q")
            let other = DispatchQueue(label: "o")
            var n = 0
            func testA() {
                n = 0
                bus.on { self.q.async { self.n += 1 } }
                n += 0
                q.sync {}
                print(n)
            }
            func testB() {
                bus.on { self.q.async { self.n += 1 } }
                other.sync {}
                print(n)
            }
        }
        """

    func testSetUpBeforeTheFirstStartAndDrainAfterIt() {
        XCTAssertEqual(order(drainCase, at: "n", occurrence: 1), .setup)
        XCTAssertEqual(order(drainCase, at: "n", occurrence: 3), .unordered)
        XCTAssertEqual(order(drainCase, at: "n", occurrence: 4), .drained(queue: "q", needs: []))
    }

    func testDrainOfAnotherQueueOrdersNothing() {
        XCTAssertEqual(order(drainCase, at: "n", occurrence: 6), .unordered)
    }

    let waitCase = """
        final class T: XCTestCase {
            var n = 0
            func testA() {
                let g = DispatchGroup()
                DispatchQueue.global().async(group: g) { self.n += 1 }
                g.wait()
                print(n)
            }
            func testB() {
                let g = DispatchGroup()
                DispatchQueue.global().async { self.n += 1 }
                g.wait()
                print(n)
            }
            func helper() { print(n) }
        }
        """

    func testWaitJoinsWhatSignalsIt() {
        XCTAssertEqual(order(waitCase, at: "n", occurrence: 2), .joined(needs: []))
    }

    func testWaitDoesNotJoinWorkThatDoesNotSignalIt() {
        XCTAssertEqual(order(waitCase, at: "n", occurrence: 4), .unordered)
        // Not a test: no order.
        XCTAssertNil(order(waitCase, at: "n", occurrence: 5))
    }

    func testAClosureHandedOverByNameStartsWhereItIsHanded() {
        let code = """
            final class T: XCTestCase {
                var n = 0
                func testA() {
                    let work = DispatchWorkItem { self.n += 1 }
                    print(n)
                    DispatchQueue.global().asyncAfter(deadline: .now() + 1, execute: work)
                    print(n)
                }
            }
            """
        XCTAssertEqual(order(code, at: "n", occurrence: 2), .setup)
        XCTAssertEqual(order(code, at: "n", occurrence: 3), .unordered)
    }

    func testHelperThatTakesAClosureJoinsOnlyWhenItWaits() {
        let s = structure("""
            enum H {
                static func all(_ body: @escaping () -> Void) {
                    let g = DispatchGroup()
                    DispatchQueue.global().async(group: g) { body() }
                    g.wait()
                }
                static func fire(_ body: @escaping () -> Void) { DispatchQueue.global().async { body() } }
            }
            """)
        let takers = TestOrdering(s).closureTakers()
        XCTAssertEqual(takers.joining["all"], [])
        XCTAssertEqual(takers.notJoining, ["fire"])
        XCTAssertTrue(TestOrder.joined(needs: ["all"]).holds(joining: takers.joining, notJoining: Set(takers.notJoining)))
        XCTAssertFalse(TestOrder.joined(needs: ["fire"]).holds(joining: takers.joining, notJoining: Set(takers.notJoining)))
    }
}
