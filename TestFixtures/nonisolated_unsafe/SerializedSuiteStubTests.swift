import Foundation
import Testing

// State of a file-private stub that one `.serialized` suite alone uses and writes in its own
// statements: no test running in parallel shares it. The stub only reads it, on the thread the
// system calls it on, after the test set it up.
private final class StatusStubProtocol: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var statusCode = 500

    override class func canInit(with request: URLRequest) -> Bool { true }
    override class func canonicalRequest(for request: URLRequest) -> URLRequest { request }
    override func startLoading() {
        let response = HTTPURLResponse(url: request.url!, statusCode: StatusStubProtocol.statusCode, httpVersion: nil, headerFields: nil)!
        client?.urlProtocol(self, didReceive: response, cacheStoragePolicy: .notAllowed)
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

@Suite(.serialized)
struct StatusTests {
    static func session(status: Int) -> URLSession {
        StatusStubProtocol.statusCode = status
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [StatusStubProtocol.self]
        return URLSession(configuration: config)
    }

    @Test func failsThenRecovers() async throws {
        let session = Self.session(status: 500)
        _ = try await session.data(from: URL(string: "https://example.com")!)
        StatusStubProtocol.statusCode = 200
        _ = try await session.data(from: URL(string: "https://example.com")!)
    }
}

// Another spelling: a named suite with the trait among others, a fileprivate holder, a private
// global.
fileprivate enum Replies {
    nonisolated(unsafe) static var body = Data()
}
private nonisolated(unsafe) var delay: TimeInterval = 0

@Suite("Replies", .serialized, .tags(.network))
struct ReplyTests {
    @Test func empty() {
        Replies.body = Data()
        delay = 0.5
        #expect(Replies.body.isEmpty && delay > 0)
    }
}

extension Tag { @Tag static var network: Self }

// The stub writes what it received on the system's thread, and the test reads it: reported.
private final class RecordingStubProtocol: URLProtocol, @unchecked Sendable {
    nonisolated(unsafe) static var received = false // expect: nonisolated_unsafe

    override class func canInit(with request: URLRequest) -> Bool { true }
    override func startLoading() {
        RecordingStubProtocol.received = true
        client?.urlProtocolDidFinishLoading(self)
    }
    override func stopLoading() {}
}

@Suite(.serialized)
struct RecordingTests {
    @Test func records() async throws {
        RecordingStubProtocol.received = false
        let config = URLSessionConfiguration.ephemeral
        config.protocolClasses = [RecordingStubProtocol.self]
        try await Task.sleep(nanoseconds: 1_000)
        #expect(RecordingStubProtocol.received)
    }
}

// A suite without the trait runs its tests in parallel: reported.
private enum ParallelState {
    nonisolated(unsafe) static var attempts = 0 // expect: nonisolated_unsafe
}

@Suite struct ParallelAttemptTests {
    @Test func first() { ParallelState.attempts = 1 }
    @Test func second() { ParallelState.attempts = 2 }
}

// Written from a task the test starts, which runs alongside the test: reported.
private enum TaskState {
    nonisolated(unsafe) static var last = "" // expect: nonisolated_unsafe
}

@Suite(.serialized)
struct TaskWriteTests {
    @Test func writesInTask() async {
        Task { TaskState.last = "a" }
        #expect(TaskState.last.isEmpty || TaskState.last == "a")
    }
}

// Shared by two suites, which run in parallel with each other: reported.
private enum SharedState {
    nonisolated(unsafe) static var token = "" // expect: nonisolated_unsafe
}

@Suite(.serialized)
struct FirstSharedTests {
    @Test func one() { SharedState.token = "1" }
}

@Suite(.serialized)
struct SecondSharedTests {
    @Test func two() { SharedState.token = "2" }
}

// Not file-private: another file's tests can write it too: reported.
enum VisibleState {
    nonisolated(unsafe) static var flag = false // expect: nonisolated_unsafe
}

@Suite(.serialized)
struct VisibleStateTests {
    @Test func sets() { VisibleState.flag = true }
}
