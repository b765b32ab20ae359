import XCTest
@testable import LockLintCore
import LockLintRules

/// A local semaphore created with a count and then waited on for work that signals it later: the
/// first wait passes at once, and the message says so instead of calling it a lock.
final class SemaphoreHeadStartTests: XCTestCase {
    func testWaitForLaterWorkWithACountPassesAtOnce() async {
        let code = """
            import Foundation
            final class Shutdown {
                func stopAll() async {}
                func load(_ done: @escaping () -> Void) {}
                func viaTask() {
                    let stopped = DispatchSemaphore(value: 1)
                    Task {
                        await self.stopAll()
                        stopped.signal()
                    }
                    stopped.wait()
                }
                func viaQueue() {
                    let flushed = DispatchSemaphore(value: 2)
                    DispatchQueue.global().async { flushed.signal() }
                    flushed.wait()
                }
                func viaCallback() {
                    let loaded = DispatchSemaphore(value: 1)
                    load { loaded.signal() }
                    _ = loaded.wait(timeout: .now() + 5)
                }
                func handedOver() {
                    let turn = DispatchSemaphore(value: 1)
                    turn.wait()
                    Task { turn.signal() }
                }
                func startsAtZero() {
                    let done = DispatchSemaphore(value: 0)
                    Task { done.signal() }
                    done.wait()
                }
                func signalledInline() {
                    let gate = DispatchSemaphore(value: 1)
                    [1, 2].forEach { _ in gate.wait(); gate.signal() }
                    gate.wait()
                }
            }
            """
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(byLine[6]?.contains("the wait on line 11 returns at once") ?? false, "\(byLine)")
        XCTAssertTrue(byLine[14]?.contains("the wait on line 16 returns at once") ?? false, "\(byLine)")
        XCTAssertTrue(byLine[19]?.contains("the wait on line 21 returns at once") ?? false, "\(byLine)")
        for line in [24, 29, 34] {
            XCTAssertNotNil(byLine[line], "line \(line) is still reported: \(byLine)")
            XCTAssertFalse(byLine[line]?.contains("returns at once") ?? true, "line \(line): \(byLine)")
        }
    }
}
