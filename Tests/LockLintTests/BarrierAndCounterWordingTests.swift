import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// Barrier blocks and locks that hold nothing: the fixtures assert the lines; these the words.
/// A write in a work item made without the barrier flag is told to make the item a barrier (not
/// to submit another block); a write moved onto a concurrent queue goes in a barrier block; a
/// class whose only "lock" is a counter is never said to hold a lock.
final class BarrierAndCounterWordingTests: XCTestCase {
    func lint(_ folder: String, _ rule: any Rule) async throws -> [Diagnostic] {
        try await Support.lintFixture(folder, rule)
    }

    func testWorkItemWritesAreToldToMakeTheItemABarrier() async throws {
        let ds = try await lint("inconsistent_locking/barrier_work_items.swift", InconsistentLockingRule())
        let item = try XCTUnwrap(ds.first { $0.location.line == 47 }, "\(ds.map(\.message))")
        XCTAssertEqual(item.fixIt.message, "make the work item that writes it a barrier: DispatchWorkItem(flags: .barrier) { } at line 46, "
                       + "so that it runs alone wherever it is submitted")
        // A write outside the queue: moved onto it as a barrier block, never a plain one.
        let outside = try XCTUnwrap(ds.first { $0.location.line == 112 }, "\(ds.map(\.message))")
        XCTAssertTrue(outside.fixIt.message.contains("make the write inside queue.async(flags: .barrier) { }"), outside.fixIt.message)
        XCTAssertTrue(outside.fixIt.message.contains("queue.sync(flags: .barrier) { } is safe only"), outside.fixIt.message)
        XCTAssertFalse(outside.fixIt.message.contains("queue.async { }"), outside.fixIt.message)
        // A plain `sync` block: made a barrier in place.
        let plain = try XCTUnwrap(ds.first { $0.location.line == 123 }, "\(ds.map(\.message))")
        XCTAssertTrue(plain.fixIt.message.hasPrefix("make the block that writes it a barrier: queue.sync(flags: .barrier) { } in place of queue.sync { } at line 123"),
                      plain.fixIt.message)
    }

    func testACounterIsNoLockTheClassHolds() async throws {
        let source = """
            import Foundation
            final class Channel: @unchecked Sendable {
                final class Gate {
                    private var count = 0
                    private let inner = NSLock()
                    @discardableResult
                    func lock() -> Bool {
                        inner.lock()
                        count += 1
                        inner.unlock()
                        return true
                    }
                    func unlock() {
                        inner.lock()
                        count -= 1
                        inner.unlock()
                    }
                }
                private let gate = Gate()
                private var native: Int? = nil
                func connect() {
                    gate.lock()
                    native = 1
                }
                func finish() {
                    native = nil
                    gate.unlock()
                }
            }
            """
        let ds = await Support.lint([("/tmp/Channel.swift", source)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [2], "\(ds.map(\.message))")
        XCTAssertEqual(ds.first?.message, "@unchecked Sendable class 'Channel' has mutable state ('native') and no lock, queue or actor guarding it")
        XCTAssertFalse(ds.contains { $0.message.contains("'gate'") || $0.fixIt.message.contains("'gate'") }, "\(ds.map(\.fixIt.message))")
    }

    /// A fix-it that offers a var's guard where the access holds another lock never has the
    /// guard taken inside that lock when the run takes the two the other way round.
    func testTheGuardIsNotOfferedInsideALockTakenAfterIt() async throws {
        let ds = try await lint("inconsistent_locking/lock_order_in_fix_its.swift", InconsistentLockingRule())
        XCTAssertEqual(ds.map(\.location.line).sorted(), [36, 63, 93], "\(ds.map(\.message))")
        for d in ds where d.location.line != 63 {
            XCTAssertTrue(d.fixIt.message.contains("but not by taking it here inside"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("would take the two in the opposite order and can deadlock"), d.fixIt.message)
        }
        let shelves = try XCTUnwrap(ds.first { $0.location.line == 36 })
        XCTAssertTrue(shelves.fixIt.message.hasPrefix("use 'shelfLock' for every access to 'shelves', but not by taking it here inside 'indexLock': "
                                                      + "the code at line 15"), shelves.fixIt.message)
        let plain = try XCTUnwrap(ds.first { $0.location.line == 63 })
        XCTAssertEqual(plain.fixIt.message, "use 'itemsLock' for every access to 'items'")
    }
}
