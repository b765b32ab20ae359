import XCTest
@testable import LockLintCore

/// Where a type hands its queue to other code, and what runs on it as callbacks
/// (`QueueHandOuts`), on small sources.
final class QueueHandOutsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func context(_ s: FileStructure) -> RuleContext { RuleContext(structure: s, vocabulary: .default, index: ProjectIndex()) }

    func queue(_ s: FileStructure, in type: String) -> Int {
        s.decls.indices.first { s.decls[$0].kind == .variable && s.decls[$0].nameText == "queue" && s.decls[s.decls[$0].parent].nameText == type }!
    }

    func testHandOutsToOtherCode() {
        let s = structure("""
            final class Out {
                private let queue = DispatchQueue(label: "q")
                func begin() { connection.start(queue: queue) }
                func current() -> DispatchQueue { return queue }
            }
            final class Kept {
                private let queue = DispatchQueue(label: "q")
                func run() { helper(queue: queue) }
                private func helper(queue: DispatchQueue) {}
                private func current() -> DispatchQueue { return queue }
            }
            """)
        let out = QueueHandOuts.handOuts(context(s), queue: queue(s, in: "Out"))
        XCTAssertEqual(out.map(\.object), ["connection", nil])
        XCTAssertEqual(QueueHandOuts.handOuts(context(s), queue: queue(s, in: "Kept")).count, 0,
                       "a function of this file, and a private accessor, do not hand the queue out")
    }

    func testCallbacksInSightOrNot() {
        let s = structure("""
            final class Ticker {
                private let queue = DispatchQueue(label: "q")
                func start() {
                    let timer = DispatchSource.makeTimerSource(queue: queue)
                    timer.setEventHandler { self.tick() }
                }
                func tick() {}
                func other() {}
            }
            final class Session {
                private let queue = DispatchQueue(label: "q")
                func start() { session = URLSession(configuration: .default, delegate: self, delegateQueue: queue) }
            }
            """)
        let q = queue(s, in: "Ticker")
        let hs = QueueHandOuts.handOuts(context(s), queue: q)
        XCTAssertEqual(hs.map(\.object), ["timer"])
        var index = QueueHandOuts.CallbackIndex()
        let known = QueueHandOuts.callbacks(s, of: hs, type: s.decls[q].parent, index: &index)
        XCTAssertEqual(known?.closures.count, 1)
        XCTAssertEqual(known.map { Set($0.members.keys.map { s.decls[$0].nameText }) }, ["tick"])
        let q2 = queue(s, in: "Session")
        let delegate = QueueHandOuts.handOuts(context(s), queue: q2)
        XCTAssertEqual(delegate.count, 1)
        XCTAssertNil(QueueHandOuts.callbacks(s, of: delegate, type: s.decls[q2].parent, index: &index), "a delegate's methods are not all in sight")
    }
}
