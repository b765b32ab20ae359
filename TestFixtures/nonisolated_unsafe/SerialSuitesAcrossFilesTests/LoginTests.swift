import Foundation
import Testing

// Each file has its own private stub of the same name, used by its own serialized suite.
private final class Stub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var reply = "ok"

    override class func canInit(with request: URLRequest) -> Bool { true }
    override func startLoading() {
        client?.urlProtocol(self, didLoad: Data(Stub.reply.utf8))
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

@Suite(.serialized)
struct LoginTests {
    @Test func login() {
        Stub.reply = "token"
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [Stub.self]
        #expect(config.protocolClasses?.count == 1)
    }
}

// Internal: the suite in the other file writes it too, in parallel with this one: reported.
enum Endpoint {
    nonisolated(unsafe) static var base = "https://a.example" // expect: nonisolated_unsafe
}

@Suite(.serialized)
struct EndpointTests {
    @Test func base() { Endpoint.base = "https://b.example" }
}
