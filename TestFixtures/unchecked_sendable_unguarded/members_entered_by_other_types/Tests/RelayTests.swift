import XCTest

/// Near miss: a test calls a member directly, one step at a time.
final class BeaconTests: XCTestCase {
    func testPing() {
        let b = Beacon()
        b.ping()
        let direct: Beacon = b
        direct.ping()
    }
}
