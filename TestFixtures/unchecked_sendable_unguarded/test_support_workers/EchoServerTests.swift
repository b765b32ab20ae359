import XCTest

final class EchoServerTests: XCTestCase {
    func testEcho() {
        let server = EchoServer(banner: "hi")
        server.start()
        XCTAssertGreaterThan(server.port, 0)
        XCTAssertEqual(server.stop(), "ok")
    }
}
