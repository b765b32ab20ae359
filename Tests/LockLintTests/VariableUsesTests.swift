import XCTest
@testable import LockLintCore

/// The engine's variable uses on their own: where a variable is written after its
/// initialization, which lock every use holds, and where a use runs.
final class VariableUsesTests: XCTestCase {
    func uses(_ code: String, of name: String) -> (FileStructure, VariableUses, Int) {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        index.finish()
        let c = RuleContext(structure: s, vocabulary: .default, index: index)
        let d = s.decls.indices.first { s.decls[$0].kind == .variable && s.decls[$0].nameText == name }!
        return (s, VariableUses(of: [d], s, c), d)
    }

    func writeLines(_ code: String, of name: String) -> [Int] {
        var (s, u, d) = uses(code, of: name)
        return u.writesAfterInitialization(s, s.decls[d], d).map { s.line(ofToken: $0) }
    }

    func testWritesAfterInitialization() {
        XCTAssertEqual(writeLines("""
            var hits = 0
            func f() { hits += 1 }
            func g(hits: Int) { print(hits) }
            """, of: "hits"), [2])
        // An instance var set up in init is initialized there; a static one is shared state.
        XCTAssertEqual(writeLines("""
            final class C {
                var n = 0
                init() { n = 1 }
            }
            """, of: "n"), [])
        XCTAssertEqual(writeLines("""
            final class C {
                static var n = 0
                init() { Self.n = 1 }
            }
            """, of: "n"), [3])
    }

    func testAnEntryPointSetsUpBeforeConcurrentWork() {
        let code = """
            var level = 0
            @main struct App {
                static func main() async {
                    level = 1
                    await run()
                    level = 2
                }
            }
            """
        XCTAssertEqual(writeLines(code, of: "level"), [6])
    }

    func testTheLockEveryUseHolds() {
        var (s, u, d) = uses("""
            final class C {
                let lock = NSLock()
                var n = 0
                func f() { lock.withLock { n += 1 } }
                func g() -> Int { lock.withLock { n } }
            }
            """, of: "n")
        XCTAssertEqual(u.commonLock(s, s.decls[d], RuleContext(structure: s, vocabulary: .default, index: ProjectIndex())), "lock")
        (s, u, d) = uses("""
            final class C {
                let lock = NSLock()
                var n = 0
                func f() { lock.withLock { n += 1 } }
                func g() -> Int { n }
            }
            """, of: "n")
        XCTAssertNil(u.commonLock(s, s.decls[d], RuleContext(structure: s, vocabulary: .default, index: ProjectIndex())))
    }

    func testSignalHandlersAndConcurrentClosures() {
        let (s, u, d) = uses("""
            var stop = 0
            var other = 0
            func install() { signal(SIGINT) { _ in stop = 1 }; other = 1 }
            """, of: "stop")
        XCTAssertTrue(u.usedInSignalHandler(s, s.decls[d]))
        let (s2, u2, d2) = uses("""
            var stop = 0
            var other = 0
            func install() { signal(SIGINT) { _ in stop = 1 }; other = 1 }
            """, of: "other")
        XCTAssertFalse(u2.usedInSignalHandler(s2, s2.decls[d2]))

        let local = """
            func f() async {
                var total = 0
                Task { total += 1 }
                total += 2
            }
            """
        let s3 = FileStructure(file: SourceFile(path: "S.swift", text: local))
        let di = s3.decls.indices.first { s3.decls[$0].nameText == "total" }!
        let writes = s3.code.indices.filter { s3.text($0) == "total" && s3.is($0 + 1, "+=") }
        XCTAssertEqual(writes.map { VariableUses.writtenInConcurrentClosure(s3, $0, di: di) }, [true, false])
    }

    /// A static and an instance member of one name: each one's writes, not the other's.
    func testStaticAndInstanceMembersOfOneName() {
        let code = """
            final class C {
                static var n = 0
                var n = 0
                func bump() { self.n += 1; n -= 1 }
                static func reset() { n = 0; Self.n = 1 }
                func resetShared() { Self.n = 2; C.n = 3 }
            }
            """
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        index.finish()
        let c = RuleContext(structure: s, vocabulary: .default, index: index)
        let decls = s.decls.indices.filter { s.decls[$0].kind == .variable && s.decls[$0].nameText == "n" }
        var u = VariableUses(of: decls, s, c)
        let lines = decls.map { d in u.writesAfterInitialization(s, s.decls[d], d).map { s.line(ofToken: $0) } }
        XCTAssertEqual(lines[0], [5, 5, 6, 6])  // the static one
        XCTAssertEqual(lines[1], [4, 4])  // the instance one
    }

    /// A free function every caller of which holds a lock holds it; one some callers call with
    /// none held the tool cannot judge; one no caller calls with a lock held holds none.
    func testWhatTheCallersOfAFreeFunctionHold() {
        let code = """
            import Foundation
            var a = 0
            let lock = NSLock()
            private func always() { a = 1 }
            private func sometimes() { a = 2 }
            private func never() { a = 3 }
            func run(_ flag: Bool) {
                if flag { lock.lock() }
                defer { if flag { lock.unlock() } }
                always()
                sometimes()
            }
            func later() {
                lock.withLock { always() }
                sometimes()
                never()
            }
            """
        var (s, u, _) = uses(code, of: "a")
        let c = RuleContext(structure: s, vocabulary: .default, index: ProjectIndex.facts(of: s, vocabulary: .default))
        let writes = s.code.indices.filter { s.text($0) == "a" && s.is($0 + 1, "=") && !s.isKeyword($0 - 1, .var) }
        XCTAssertEqual(writes.map { u.callerHold(s, $0, c) }, [.every, .some, .none])
    }
}
