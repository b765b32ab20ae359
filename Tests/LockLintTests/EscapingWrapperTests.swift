import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// Lock wrappers whose closure parameter is declared `@escaping` but only called in place
/// (the fixtures in TestFixtures/unchecked_sendable_unguarded/escaping_closures_run_in_place
/// assert the lines; these the words): a value box is never offered as another field's lock.
final class EscapingWrapperTests: XCTestCase {
    func fixture() async throws -> [Diagnostic] {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/escaping_closures_run_in_place")
        var files: [(path: String, code: String)] = []
        for f in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where f.hasSuffix(".swift") {
            let u = url.appendingPathComponent(f)
            files.append((u.path, try String(contentsOf: u, encoding: .utf8)))
        }
        return await Support.lint(files, rules: [UncheckedSendableUnguardedRule()]).filter { $0.ruleID == "unchecked_sendable_unguarded" }
    }

    func text(_ d: Diagnostic) -> String {
        ([d.message, d.fixIt.message] + d.notes.map(\.message)).joined(separator: "\n")
    }

    /// The box holds its own value: the class is said to have no lock, and the fix-it does not
    /// send its other state into the box's lock. The wrappers of the other classes are named.
    func testValueBoxIsNotAnotherFieldsLock() async throws {
        let ds = try await fixture()
        let outbox = try XCTUnwrap(ds.first { $0.message.contains("'Outbox'") })
        XCTAssertTrue(outbox.message.contains("no lock, queue or actor guarding it ('sent' guards only the value inside it)"), outbox.message)
        XCTAssertFalse(text(outbox).contains("lock 'sent'"), text(outbox))
        let registry = try XCTUnwrap(ds.first { $0.message.contains("'Registry'") })
        XCTAssertTrue(registry.fixIt.message.contains("gate.perform { }"), registry.fixIt.message)
        let ledger = try XCTUnwrap(ds.first { $0.message.contains("'Ledger'") })
        XCTAssertTrue(ledger.message.contains("without holding 'serializer'"), ledger.message)
    }

    /// A module whose own lock type is a value box: the advice keeps the state inside one,
    /// rather than "guarding" it with the box.
    func testOwnValueBoxAdviceMovesTheStateIn() async throws {
        let box = """
        import Foundation
        final class Locked<Value>: @unchecked Sendable {
            private let lock = NSLock()
            private var value: Value
            init(_ value: Value) { self.value = value }
            func withValue<R>(_ body: @escaping (inout Value) -> R) -> R {
                lock.lock()
                defer { lock.unlock() }
                return body(&value)
            }
        }
        """
        let user = """
        final class Counter: @unchecked Sendable {
            private var n = 0
            func bump() { n += 1 }
        }
        """
        let ds = await Support.lint([("/tmp/ewt/Sources/M/Locked.swift", box), ("/tmp/ewt/Sources/M/Counter.swift", user)],
                                    rules: [UncheckedSendableUnguardedRule()])
        let d = try XCTUnwrap(ds.first { $0.message.contains("'Counter'") })
        XCTAssertTrue(d.fixIt.message.contains("keep the mutable state inside one of the module's own Locked, reached only through withValue { }"), d.fixIt.message)
    }
}
