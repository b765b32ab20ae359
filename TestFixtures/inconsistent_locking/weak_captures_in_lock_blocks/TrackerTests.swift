import XCTest

// A test sets up a fresh tracker and reads it after its own calls: nothing to report here.
final class TrackerTests: XCTestCase {
    func testIdentify() {
        let t = Tracker()
        t.identify("a")
        XCTAssertEqual(t.current(), "a")
    }
}
