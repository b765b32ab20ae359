import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A class's own methods that take and release one of its locks (`_lock()`, `acquire()`) stand
/// for that lock: messages name the lock they take, fix-its call the methods as the class does,
/// and whether taking it again deadlocks is judged by the lock's type (never as `objc_sync`).
/// A var that tells whether this thread already holds a lock is never told to take that lock.
/// The fixtures assert the lines; these the words.
final class OwnLockMethodWordingTests: XCTestCase {
    func lint(_ folder: String, _ rule: any Rule) async throws -> [Diagnostic] {
        try await Support.lintFixture(folder, rule)
    }

    func testGuardsAreTheLocksTheMethodsTake() async throws {
        let ds = try await lint("unchecked_sendable_unguarded/own_lock_methods", UncheckedSendableUnguardedRule())
        let byFile = Dictionary(grouping: ds) { URL(fileURLWithPath: $0.path).lastPathComponent }
        let expected: [String: (lock: String, fix: String)] = [
            "Ledger.swift": ("'entriesLock'", "_lock(); defer { _unlock() }"),
            "Channel.swift": ("'mutex'", "acquire(); defer { release() }"),
            "Tally.swift": ("'gate'", "latch(); defer { unlatch() }"),
        ]
        XCTAssertEqual(Set(byFile.keys), Set(expected.keys), "\(ds.map(\.message))")
        for (file, want) in expected {
            for d in byFile[file] ?? [] {
                XCTAssertTrue(d.message.contains("without holding \(want.lock)"), d.message)
                XCTAssertFalse(d.message.contains("only reads of it hold"), d.message)
                if d.location.line == 72 {
                    // In the helper that takes the lock itself when its flag says so.
                    XCTAssertEqual(d.fixIt.message, "do not take 'gate' here: 'bump' takes it itself when 'holding' is false; pass holding: false "
                                   + "where its caller does not hold 'gate', or hold 'gate' around that call")
                    continue
                }
                XCTAssertTrue(d.fixIt.message.contains("wrap this access in \(want.fix)"), d.fixIt.message)
                XCTAssertFalse((d.message + d.fixIt.message).contains("objc_sync"), d.message)
            }
        }
    }

    func testTakingTheLockAgainIsJudgedByItsType() async throws {
        let ds = try await lint("recursive_lock/own_lock_methods_and_flags.swift", RecursiveLockRule())
        XCTAssertEqual(ds.map(\.location.line).sorted(), [42, 50, 86], "\(ds.map(\.message))")
        for d in ds {
            XCTAssertTrue(d.message.contains("is not recursive"), d.message)
            XCTAssertFalse(d.message.contains("objc_sync") || d.message.contains("'self'"), d.message)
        }
        XCTAssertTrue(ds.contains { $0.message.hasPrefix("calling 'announce' while 'lock' is held takes 'lock' again") }, "\(ds.map(\.message))")
        XCTAssertTrue(ds.contains { $0.message.hasPrefix("calling 'flush' while 'gate' is held takes 'gate' again") }, "\(ds.map(\.message))")
    }

    func testTheOwnerVarIsNotToldToTakeTheLockItTests() async throws {
        let ds = try await lint("inconsistent_locking/reentry_by_the_owning_thread", InconsistentLockingRule())
        let owners = ds.filter { $0.message.hasPrefix("'writer'") || $0.message.hasPrefix("'holder'") }
        XCTAssertEqual(owners.count, 2, "\(ds.map(\.message))")
        for d in owners {
            XCTAssertTrue(d.fixIt.message.hasPrefix("give '") && d.fixIt.message.contains("a lock of its own"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("would deadlock the thread that holds it"), d.fixIt.message)
            XCTAssertFalse(d.fixIt.message.contains(".lock()") || d.fixIt.message.contains("{ }"), d.fixIt.message)
        }
        // The other findings keep the usual advice.
        for d in ds where !owners.contains(where: { $0.location == d.location && $0.path == d.path }) {
            XCTAssertTrue(d.fixIt.message.hasPrefix("wrap this access in"), d.fixIt.message)
        }
    }
}
