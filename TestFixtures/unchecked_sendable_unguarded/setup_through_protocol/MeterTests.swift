import XCTest

// Quiet: XCTest's setUp/tearDown run before and after each test, on the test's own thread.
final class Probe: @unchecked Sendable {
    private let lock = NSLock()
    var samples: [Int] = []
    func add(_ x: Int) { lock.withLock { samples.append(x) } }
}

final class MeterTests: XCTestCase {
    var probe = Probe()
    override func setUp() {
        super.setUp()
        probe = Probe()
    }
    func testAdd() {
        probe.add(1)
        XCTAssertEqual(probe.samples.count, 1)
    }
}
