import Foundation
import Testing
import XCTest

private final class Stub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var reply = "bye"

    override class func canInit(with request: URLRequest) -> Bool { true }
    override func startLoading() {
        client?.urlProtocol(self, didLoad: Data(Stub.reply.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

// An XCTest class runs its methods one at a time.
final class LogoutTests: XCTestCase {
    private nonisolated(unsafe) static var calls = 0

    func testLogout() {
        Stub.reply = "done"
        Self.calls += 1
        XCTAssertEqual(Self.calls, 1)
    }

    func testEndpoint() {
        Endpoint.base = "https://c.example"
    }
}

// Written from a block dispatched to a global queue, alongside the test: reported.
final class DispatchedWriteTests: XCTestCase {
    private nonisolated(unsafe) static var seen: [String] = [] // expect: nonisolated_unsafe

    func testSeen() {
        let done = expectation(description: "done")
        DispatchQueue.global().async {
            Self.seen.append("x")
            done.fulfill()
        }
        wait(for: [done], timeout: 1)
        XCTAssertEqual(Self.seen, ["x"])
    }
}

// The stub appends what it received, on the system's thread: reported.
private final class CollectingStub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var paths: [String] = [] // expect: nonisolated_unsafe

    override func startLoading() {
        Self.paths.append(request.url?.path ?? "")
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

@Suite(.serialized)
struct CollectingTests {
    @Test func collects() {
        CollectingStub.paths = []
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [CollectingStub.self]
        #expect(CollectingStub.paths.isEmpty)
    }
}
