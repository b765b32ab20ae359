import Foundation
import XCTest

// XCTest runs setUp and tearDown on the test case instance before and after each test, like
// init and deinit: their writes are exempt. (A file that imports XCTest is test code, where the
// rule reports only state that the file's own concurrent code touches.)
final class Fixture: XCTestCase, @unchecked Sendable {
    private let lock = NSLock()
    var app: String?
    override func setUp() { app = "x" }
    override func tearDown() { app = nil }
    func testThing() { lock.withLock { app = "y" } }
}

/// XCTest lifecycle methods, in any form, are exempt like init.
final class AsyncFixture: XCTestCase, @unchecked Sendable {
    var app: String?
    override func setUp() async throws { app = "x" }
    override func tearDown() async throws { app = nil }
}

/// A test double that has a lock and still reads its state without it: this file's tests call
/// it from concurrent code, so the unguarded read races and is reported in test code too.
final class RecordingDelegate: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func record(_ e: String) { lock.withLock { events.append(e) } }
    var count: Int { events.count } // expect: unchecked_sendable_unguarded
}

final class RecordingTests: XCTestCase {
    func testConcurrentRecording() {
        let delegate = RecordingDelegate()
        DispatchQueue.concurrentPerform(iterations: 8) { i in delegate.record("\(i)") }
        XCTAssertEqual(delegate.count, 8)
    }
}

/// The same double driven by its test one step at a time: nothing here runs concurrently, so
/// the unguarded read cannot race in this test and is not reported.
final class SteppedDelegate: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    func add(_ e: String) { lock.withLock { events.append(e) } }
    var total: Int { events.count }
}

final class SteppedTests: XCTestCase {
    func testStepping() {
        let delegate = SteppedDelegate()
        delegate.add("a")
        XCTAssertEqual(delegate.total, 1)
    }
}

/// A lock-free double marked @unchecked Sendable to satisfy a protocol: the test drives it one
/// step at a time, and it is not reported in test code.
final class StubClock: @unchecked Sendable {
    var now = 0
    func advance() { now += 1 }
}
