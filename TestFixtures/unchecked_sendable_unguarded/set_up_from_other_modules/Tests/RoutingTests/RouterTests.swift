import XCTest
@testable import Routing

final class RouterTests: XCTestCase {
    func testMatch() {
        let router = Router()
        router.addRoute("/a")
        XCTAssertEqual(router.match("/a"), "/a")
    }
}
