import XCTest
@testable import Routing

final class PluginSetTests: XCTestCase {
    func makePlugins() -> PluginSet {
        let set = PluginSet()
        set.register("auth")
        return set
    }

    func testContains() {
        XCTAssertTrue(makePlugins().contains("auth"))
        let routes = Routes()
        routes.insert("/")
        XCTAssertEqual(routes.first(), "/")
    }
}
