import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A public static var of a public API (a member of a `public extension` too) is set by clients:
/// the fix-it never offers `let` for it; members the run sees whole still get `let`.
final class GuardNamingWordingTests: XCTestCase {
    func testPublicExtensionMembersAreNotOfferedLet() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/nonisolated_unsafe/public_extension_knobs.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await Support.lint([("Sources/M/RuntimeTuning.swift", code)], rules: [NonisolatedUnsafeRule()])
        let fix = Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        let message = Dictionary(ds.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        // Public knobs nothing in the run writes (9, 10, 22, 35, 36) are quiet.
        XCTAssertEqual(fix.keys.sorted(), [13, 14, 24, 31, 51, 55], "\(fix)")
        for line in [13, 14, 24, 31] {
            XCTAssertTrue(fix[line]?.contains("declare it `let`") ?? false, "\(line): \(fix[line] ?? "")")
        }
        // Set by the module under its lock: clients can set it with none.
        XCTAssertTrue(message[51]?.contains("can be set by any client of the module") ?? false, "\(message[51] ?? "")")
        XCTAssertTrue(message[55]?.contains("is written at line 56 with no lock held") ?? false, "\(message[55] ?? "")")
        for line in [51, 55] {
            XCTAssertFalse(fix[line]?.contains("`let`") ?? true, "\(line): \(fix[line] ?? "")")
        }
    }

    /// An instance var's guard is never a lock every instance shares (`static let`).
    func testATypeLockIsNotNamedAsAnInstanceVarsGuard() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/type_locks_are_not_instance_guards.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await Support.lint([("Sources/M/Client.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        let message = Dictionary(ds.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        let fix = Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(message.keys.sorted(), [23, 53], "\(message)")
        for (line, text) in fix {
            XCTAssertFalse(text.contains("openFolders") || text.contains("registryLock"), "\(line): \(text)")
        }
        XCTAssertFalse(message[53]?.contains("registryLock") ?? true, "\(message)")
        XCTAssertTrue(message[23]?.contains("never accessed under a guard of its own: the class's only lock ('Self.openFolders') belongs to the type") ?? false, "\(message)")
        XCTAssertFalse(message[23]?.contains("the class's guard") ?? true, "\(message)")
        XCTAssertTrue(message[53]?.contains("the class's guard ('lock')") ?? false, "\(message)")
    }

    /// A method that holds the lock around its closure and also does other work is not offered as
    /// the class's way of holding the lock; one that only holds it is.
    func testAWrapperThatDoesMoreIsNotOffered() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/wrappers_that_do_more.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await Support.lint([("Sources/M/Store.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        let fix = Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), [22, 53, 72], "\(fix)")
        XCTAssertTrue(fix[22]?.hasPrefix("wrap this access in lock.withLock { }") ?? false, "\(fix)")
        XCTAssertTrue(fix[53]?.hasPrefix("wrap this access in mutex.lock()") ?? false, "\(fix)")
        XCTAssertTrue(fix[72]?.hasPrefix("wrap this access in locked { } (the class's own way of holding 'lock')") ?? false, "\(fix)")
    }
}
