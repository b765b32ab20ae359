import Foundation
import XCTest

// A double driven from concurrentPerform: `record()` and what it calls race with each other and
// with the test; `label`, set and read by the test's own thread only, does not.
final class CountingSink: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    private var seen: [Int] = []
    var label = ""

    func record(_ n: Int) {
        lock.withLock { total += n }
        remember(n)
    }

    private func remember(_ n: Int) {
        seen.append(n) // expect: unchecked_sendable_unguarded
    }

    func snapshot() -> Int { lock.withLock { total } }
}

final class CountingSinkTests: XCTestCase {
    func testParallelRecords() {
        let sink = CountingSink()
        sink.label = "parallel"
        DispatchQueue.concurrentPerform(iterations: 8) { i in sink.record(i) }
        XCTAssertEqual(sink.snapshot(), 28)
        XCTAssertEqual(sink.label, "parallel")
    }
}
