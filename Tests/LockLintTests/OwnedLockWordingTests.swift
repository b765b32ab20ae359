import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A member of another object that takes a lock the object's class stores (its `state` box, its
/// `lock`) is one acquisition of that lock: messages name it through the receiver
/// ('link.phase'), never the object that merely owns it ('link').
final class OwnedLockWordingTests: XCTestCase {
    func lint(_ names: [String]) async throws -> [Diagnostic] {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/split_critical_section")
        let files = try names.map { name in
            ("Sources/M/\(name.split(separator: "/").last!)", try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
        }
        return await Support.lint(files, rules: [SplitCriticalSectionRule()])
    }

    func testABoxTheObjectStoresIsNamed() async throws {
        let ds = try await lint(["owned_box_named.swift"])
        XCTAssertEqual(ds.map(\.location.line).sorted(), [34, 39], "\(ds.map(\.message))")
        for d in ds {
            XCTAssertTrue(d.message.hasPrefix("'link.phase' is released and taken again between checking its value through 'currentPhase'"), d.message)
            XCTAssertTrue(d.fixIt.message.contains("one acquisition of 'link.phase'"), d.fixIt.message)
            XCTAssertFalse(d.message.contains("'link' "), d.message)
        }
    }

    func testALockAndABoxInAnotherFile() async throws {
        let ds = try await lint(["owned_boxes_across_files/Engine.swift", "owned_boxes_across_files/Scheduler.swift"])
        let message = Dictionary(ds.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(message.keys.sorted(), [11, 19], "\(message)")
        XCTAssertTrue(message[11]?.hasPrefix("'engine.lock' is released and taken again between checking 'engine.queued' through 'pending' and writing 'engine.queued'") ?? false,
                      message[11] ?? "")
        XCTAssertTrue(message[19]?.hasPrefix("'engine.mode' is released and taken again between checking its value through 'currentMode' and writing it") ?? false,
                      message[19] ?? "")
    }

    func testThroughAHelperOfTheFile() async throws {
        let ds = try await lint(["owned_box_through_helper.swift"])
        XCTAssertEqual(ds.map(\.location.line), [31], "\(ds.map(\.message))")
        XCTAssertTrue(ds.first?.message.hasPrefix("'gate.state' is released and taken again between checking its value through 'isClosed()'") ?? false,
                      ds.first?.message ?? "")
    }
}
