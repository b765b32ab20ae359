import XCTest
@testable import Hooks

protocol FreezesTime {}

extension FreezesTime {
    func freeze(at t: Double) { clockOverride = { t } }
}

final class ClockTests: XCTestCase, FreezesTime {
    func testFrozen() { freeze(at: 1) }
}
