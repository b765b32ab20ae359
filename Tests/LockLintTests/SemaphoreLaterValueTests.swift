import XCTest
@testable import LockLintCore
import LockLintRules

/// A semaphore declared optional (`= nil`) and created later by an assignment is judged with the
/// value it is created with, not as one of unknown value.
final class SemaphoreLaterValueTests: XCTestCase {
    func testOptionalAssignedLaterKeepsItsValue() async {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestFixtures/dispatch_semaphore/optional_assigned_later.swift")
        let code = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(byLine[6]?.message.contains("'suspended' created with value 0") ?? false, "\(byLine)")
        XCTAssertTrue(byLine[7]?.message.contains("'paused' created with value 0") ?? false, "\(byLine)")
        XCTAssertTrue(byLine[30]?.message.contains("returns at once") ?? false, "\(byLine)")
        for d in found { XCTAssertFalse(d.fixIt.message.contains("mutual exclusion"), d.message) }
    }

    func testKeywordLabelledArgumentsDoNotHideTheCallback() async {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("TestFixtures/dispatch_semaphore/labelled_callbacks.swift")
        let code = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        XCTAssertEqual(found.map(\.location.line).sorted(), [7, 19, 30], "\(found.map(\.message))")
        for d in found { XCTAssertTrue(d.message.contains("returns at once"), d.message) }
    }
}
