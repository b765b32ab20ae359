import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A method named as a value (`handle`, `handle(event:)`) and handed to other code is not called
/// where it is named: the note says it is handed on, and the fix-it wraps it in a closure that
/// takes the guard, rather than telling the user to hold the guard where the reference is made.
final class MethodReferenceWordingTests: XCTestCase {
    func lint(_ files: [(String, String)]) async -> [Diagnostic] {
        await Support.lint(files.map { ("Sources/M/\($0.0)", $0.1) }, rules: [InconsistentLockingRule()])
    }

    func assertReference(_ ds: [Diagnostic], line: Int, name: String, wrap: String, file: StaticString = #filePath, lineNo: UInt = #line) {
        XCTAssertEqual(ds.count, 1, "\(ds.map(\.message))", file: file, line: lineNo)
        guard let d = ds.first else { return }
        let note = d.notes.first { $0.location.line == line }
        XCTAssertEqual(note?.message.hasPrefix("'\(name)' is handed on as a method reference (run when the code it is given calls it) here without"), true,
                       "\(d.notes.map(\.message))", file: file, line: lineNo)
        XCTAssertFalse(d.notes.contains { $0.message.contains("'\(name)()' is called") }, "\(d.notes.map(\.message))", file: file, line: lineNo)
        XCTAssertTrue(d.fixIt.message.hasPrefix("in place of the method reference at line \(line), hand on a closure that \(wrap)"), d.fixIt.message,
                      file: file, line: lineNo)
    }

    /// A compound name in an enum case's payload; the guard is a serial queue.
    func testCompoundNameInAPayload() async {
        let ds = await lint([("Store.swift", """
            import Foundation

            enum TransferKind {
                case upload(onEvent: (Int) -> Void)
            }

            final class TransferStore {
                private let queue = DispatchQueue(label: "store")
                private var uploadHandler: ((Int) -> Void)?

                func attach(_ h: @escaping (Int) -> Void) {
                    queue.async { self.uploadHandler = h }
                }

                func kind() -> TransferKind {
                    .upload(onEvent: handleUpload(event:))
                }

                func poke() {
                    queue.async { self.handleUpload(event: 1) }
                }

                private func handleUpload(event: Int) {
                    uploadHandler?(event)
                }
            }
            """)])
        assertReference(ds, line: 16, name: "handleUpload", wrap: "submits its call of 'handleUpload' to queue (queue.async { })")
    }

    /// A compound name handed to a method of another object; the guard is a lock.
    func testBareNameAsAnArgument() async {
        let ds = await lint([("Feed.swift", """
            import Foundation

            final class Poller {
                func start(every seconds: Int, tick: @escaping (String) -> Void) {}
            }

            final class Feed {
                private let lock = NSLock()
                private var items: [Int] = []
                private let poller = Poller()

                func add(_ i: Int) {
                    lock.lock()
                    defer { lock.unlock() }
                    items.append(i)
                }

                func begin() {
                    poller.start(every: 5, tick: refresh(reason:))
                }

                func refreshNow() {
                    lock.lock()
                    defer { lock.unlock() }
                    refresh(reason: "now")
                }

                private func refresh(reason: String) {
                    items.removeAll()
                }
            }
            """)])
        assertReference(ds, line: 19, name: "refresh", wrap: "holds 'lock' around its call of 'refresh'")
    }

    /// A compound name stored into another file's object; the guard is a lock taken with withLock.
    func testStoredIntoAnotherFilesObject() async {
        let ds = await lint([("Button.swift", """
            import Foundation

            final class Trigger {
                var onPress: ((Int) -> Void)?
            }
            """), ("Screen.swift", """
            import Foundation

            final class Screen {
                private let lock = NSLock()
                private var presses = 0
                private let trigger = Trigger()

                func reset() {
                    lock.withLock { presses = 0 }
                }

                func wire() {
                    trigger.onPress = pressed(times:)
                }

                func tap() {
                    lock.withLock { pressed(times: 1) }
                }

                private func pressed(times: Int) {
                    presses += times
                }
            }
            """)])
        assertReference(ds, line: 13, name: "pressed", wrap: "holds 'lock' around its call of 'pressed'")
    }
}
