import XCTest
@testable import Routing

final class MeterTests: XCTestCase {
    func testFinish() {
        let meter = Meter()
        meter.finish()
    }
}
