import XCTest
@testable import LockLintCore
import LockLintRules

/// A semaphore created at 0 and signalled once by its owner's initializer admits one holder at a
/// time: it is described as a lock, not as a wait for other work.
final class SemaphoreOneHolderTests: XCTestCase {
    func testSignalledOnceInInitIsOneHolderAndTwiceOrNeverIsNot() async {
        let code = """
            import Foundation
            final class Turns {
                private let gate = DispatchSemaphore(value: 0)
                init() { self.gate.signal() }
                func run() { gate.wait(); work { self.gate.signal() } }
                func work(_ done: @escaping () -> Void) {}
            }
            final class Pair {
                private let slots = DispatchSemaphore(value: 0)
                init() { slots.signal(); slots.signal() }
                func run() { slots.wait(); slots.signal() }
            }
            final class Events {
                private let ready = DispatchSemaphore(value: 0)
                func fire() { ready.signal() }
                func await() { ready.wait() }
            }
            """
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(byLine[3]?.contains("one holder at a time") ?? false, "\(byLine)")
        XCTAssertFalse(byLine[9]?.contains("one holder") ?? true, "\(byLine)")
        XCTAssertFalse(byLine[14]?.contains("one holder") ?? true, "\(byLine)")
        XCTAssertTrue(byLine[14]?.contains("wait for other work") ?? false, "\(byLine)")
    }

    /// Signalled in a loop of the initializer (once per buffered item): a count, not one holder,
    /// in each shape of loop.
    func testSignalledInALoopOfInitIsNotOneHolder() async {
        let code = """
            import Foundation
            final class Buffered {
                private let items = DispatchSemaphore(value: 0)
                init(_ n: Int) { for _ in 0..<n { items.signal() } }
                func next() { items.wait() }
            }
            final class Each {
                private let slots = DispatchSemaphore(value: 0)
                init(_ xs: [Int]) { xs.forEach { _ in slots.signal() } }
                func take() { slots.wait() }
            }
            final class Counted {
                private let ready = DispatchSemaphore(value: 0)
                init(_ n: Int) {
                    var i = 0
                    while i < n { ready.signal(); i += 1 }
                }
                func take() { ready.wait() }
            }
            """
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        for line in [3, 8, 13] {
            XCTAssertNotNil(byLine[line], "\(byLine)")
            XCTAssertFalse(byLine[line]?.contains("one holder") ?? true, "\(byLine)")
        }
    }
}
