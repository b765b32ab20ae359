import XCTest
@testable import LockLintCore

/// Methods that submit their closure parameter to a queue their type stores, and what that
/// queue is (serial, concurrent, handed in), for a single type and through a protocol.
final class QueueHandOffsTests: XCTestCase {
    func handOffs(_ code: String, type: String) -> [String] {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        index.finish()
        let c = RuleContext(structure: s, vocabulary: .default, index: index)
        return c.queueHandOffs(type)
    }

    func testASerialQueueTheTypeMakesIsAGuard() {
        XCTAssertEqual(handOffs("""
            final class Pipe {
                private let line = DispatchQueue(label: "pipe")
                func push(_ work: @escaping () -> Void) { line.async(execute: work) }
                func wrapped(_ work: @escaping () -> Void) { self.line.async(execute: .init(block: work)) }
                func inBlock(_ work: @escaping () -> Void) { line.async { work() } }
            }
            """, type: "Pipe"), ["inBlock=s", "push=s", "wrapped=s"])
        // Kept for later, run on the spot, or sent to two places: not a hand-off.
        XCTAssertEqual(handOffs("""
            final class Pipe {
                private let line = DispatchQueue(label: "pipe")
                private var kept: [() -> Void] = []
                func keep(_ work: @escaping () -> Void) { kept.append(work) }
                func now(_ work: () -> Void) { work() }
                func both(_ work: @escaping () -> Void) { line.async(execute: work); work() }
            }
            """, type: "Pipe"), [])
    }

    func testConcurrentAndHandedInQueues() {
        XCTAssertEqual(handOffs("""
            struct Spread {
                let pool = DispatchQueue(label: "p", attributes: .concurrent)
                func go(_ work: @escaping () -> Void) { pool.async(execute: work) }
            }
            """, type: "Spread"), ["go=c"])
        XCTAssertEqual(handOffs("""
            struct Borrowed {
                let lane: DispatchQueue
                func go(_ work: @escaping () -> Void) { lane.async { work() } }
            }
            """, type: "Borrowed"), ["go=?"])
    }

    func testAProtocolAnswersWithItsImplementations() {
        XCTAssertEqual(handOffs("""
            protocol Runs { func run(_ job: @escaping () -> Void) }
            struct Serial: Runs {
                private let q = DispatchQueue(label: "s")
                func run(_ job: @escaping () -> Void) { q.async(execute: job) }
            }
            """, type: "Runs"), ["run=s"])
        XCTAssertEqual(handOffs("""
            protocol Runs { func run(_ job: @escaping () -> Void) }
            struct Inline: Runs {
                func run(_ job: @escaping () -> Void) { job() }
            }
            """, type: "Runs"), [])
    }
}
