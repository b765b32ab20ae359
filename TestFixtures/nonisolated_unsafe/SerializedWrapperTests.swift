import Foundation
import Testing
import XCTest

// The trait of an outer suite covers the suites nested in it.
private enum Clock {
    nonisolated(unsafe) static var now = Date(timeIntervalSince1970: 0)
}

@Suite(.serialized)
struct ClockTests {
    struct Morning {
        @Test func early() { Clock.now = Date(timeIntervalSince1970: 3_600) }
    }
    struct Evening {
        @Test func late() { Clock.now = Date(timeIntervalSince1970: 72_000) }
    }
}

// A setter of the stub in between, called only by the suite's own statements.
private final class ConfiguredStub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var status = 200

    static func respond(with code: Int) { status = code }

    override class func canInit(with request: URLRequest) -> Bool { true }
    override func startLoading() {
        let response = HTTPURLResponse(url: request.url!, statusCode: Self.status, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

@Suite(.serialized)
struct ConfiguredStubTests {
    @Test func notFound() {
        ConfiguredStub.respond(with: 404)
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [ConfiguredStub.self]
    }
}

// The same setter, also called by a suite whose tests run in parallel: reported.
private final class SharedSetterStub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var status = 200 // expect: nonisolated_unsafe

    static func respond(with code: Int) { status = code }
    override func startLoading() { _ = Self.status }
    override func stopLoading() {}
}

@Suite(.serialized)
struct SerialSetterTests {
    @Test func gone() { SharedSetterStub.respond(with: 410) }
}

@Suite struct ParallelSetterTests {
    @Test func teapot() { SharedSetterStub.respond(with: 418) }
}

// Written only by a serialized suite, but the stub is installed by a parallel suite too, whose
// requests read it while the serialized suite writes it: reported.
private final class InstalledTwiceStub: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var status = 200 // expect: nonisolated_unsafe

    override func startLoading() { _ = Self.status }
    override func stopLoading() {}
}

@Suite(.serialized)
struct InstallingSerialTests {
    @Test func set() { InstalledTwiceStub.status = 500 }
}

@Suite struct InstallingParallelTests {
    @Test func install() {
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [InstalledTwiceStub.self]
    }
}

// A serialized suite nested in one without the trait: the outer suite's own tests run in
// parallel with it: reported.
private enum Counter {
    nonisolated(unsafe) static var value = 0 // expect: nonisolated_unsafe
}

@Suite struct OuterTests {
    @Test func outer() { Counter.value = 1 }

    @Suite(.serialized)
    struct Inner {
        @Test func inner() { Counter.value = 2 }
    }
}

// An XCTest class through a base class of the file.
class NetworkTestCase: XCTestCase {}

final class RetryTests: NetworkTestCase {
    private nonisolated(unsafe) static var retries = 0

    func testRetry() { Self.retries = 3 }
}

// The same class writing from a child task of a task group: reported.
final class GroupTests: NetworkTestCase {
    private nonisolated(unsafe) static var total = 0 // expect: nonisolated_unsafe

    func testGroup() async {
        await withTaskGroup(of: Void.self) { group in
            group.addTask { Self.total += 1 }
        }
    }
}

// Stubs nested in a serialized suite: still stubs. One only reads what the tests set: quiet; one
// records on the system's thread what the tests read: reported.
@Suite(.serialized)
struct NestedStubTests {
    private final class ReadingStub: URLProtocol, @unchecked Sendable {
        nonisolated(unsafe) static var code = 200
        override func startLoading() { _ = Self.code }
        override func stopLoading() {}
    }

    private final class WritingStub: URLProtocol, @unchecked Sendable {
        nonisolated(unsafe) static var hits = 0 // expect: nonisolated_unsafe
        override func startLoading() { Self.hits += 1 }
        override func stopLoading() {}
    }

    @Test func reads() {
        ReadingStub.code = 503
        WritingStub.hits = 0
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [ReadingStub.self, WritingStub.self]
        #expect(WritingStub.hits == 0)
    }
}
