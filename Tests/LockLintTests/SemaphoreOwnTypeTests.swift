import XCTest
@testable import LockLintCore
import LockLintRules

/// A project's own semaphore type that takes more than the value (`DispatchSemaphore(value: 0,
/// name: "…")`): the message quotes the value alone, and the type's declaration is no semaphore.
final class SemaphoreOwnTypeTests: XCTestCase {
    func testValueIsTheValueArgumentAloneInEverySpelling() async {
        let wrapper = """
            import Foundation
            final class DispatchSemaphore {
                let name: String
                var sem: Foundation.DispatchSemaphore
                init(value: Int, name: String) {
                    self.name = name
                    sem = Foundation.DispatchSemaphore(value: value)
                }
                func wait() { sem.wait() }
                func signal() { sem.signal() }
            }
            """
        let uses = """
            import Foundation
            final class Prompt {
                func ask(_ done: @escaping (Bool) -> Void) {
                    let semaphore = DispatchSemaphore(value: 0, name: "prompt")
                    background { semaphore.signal() }
                    semaphore.wait()
                }
                func background(_ f: @escaping () -> Void) {}
            }
            final class Fetcher {
                private let slots = DispatchSemaphore(value: max(1, 4), name: "fetch slots")
                func fetch() { slots.wait(); defer { slots.signal() }; print("fetched") }
            }
            final class Gate {
                private let gate: DispatchSemaphore = DispatchSemaphore(value: 1, name: "gate")
                func enter() { gate.wait(); print("in"); gate.signal() }
            }
            """
        let found = await Support.lint([("Semaphore.swift", wrapper), ("Uses.swift", uses)], rules: [DispatchSemaphoreRule()])
        let inUses = Dictionary(found.filter { $0.path.hasSuffix("Uses.swift") }.map { ($0.location.line, $0.message) },
                                uniquingKeysWith: { a, _ in a })
        XCTAssertTrue(inUses[4]?.contains("created with value 0 ") ?? false, "\(inUses)")
        XCTAssertTrue(inUses[11]?.contains("'max(1, 4)'") ?? false, "\(inUses)")
        XCTAssertTrue(inUses[15]?.contains("created with value 1 ") ?? false, "\(inUses)")
        XCTAssertFalse(found.contains(where: { $0.message.contains("name:") }), "\(found.map(\.message))")
        // The type's declaration (line 2 of its file) is not a semaphore created or used there.
        XCTAssertFalse(found.contains(where: { $0.path.hasSuffix("Semaphore.swift") && $0.location.line == 2 }), "\(found.map(\.location))")
    }
}
