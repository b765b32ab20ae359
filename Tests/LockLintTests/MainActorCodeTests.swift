import XCTest
@testable import LockLintCore

/// The engine's main-actor question on its own: whether the code at a token runs on the main
/// actor whenever it runs (by its declaration's isolation, or a closure that runs there).
final class MainActorCodeTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func onMain(_ code: String, at word: String) -> Bool {
        let s = structure(code)
        let k = s.code.indices.first { s.text($0) == word }!
        return MainActorCode.runs(s, at: k, context: RuleContext(structure: s, vocabulary: .default, index: ProjectIndex()))
    }

    func testIsolatedDeclarationsRunOnMainAndNonisolatedOnesDoNot() {
        let code = """
            @MainActor final class Panel {
                func show() { showing() }
                nonisolated func peek() { peeking() }
            }
            struct Card: View {
                @State var on = false { didSet { observing() } }
            }
            final class Plain { func run() { running() } }
            """
        XCTAssertTrue(onMain(code, at: "showing"))
        XCTAssertTrue(onMain(code, at: "observing"))
        XCTAssertFalse(onMain(code, at: "peeking"))
        XCTAssertFalse(onMain(code, at: "running"))
    }

    func testClosuresInheritOrLeaveTheMainActor() {
        let code = """
            @MainActor func start() {
                Task { inherited() }
                Task.detached { cut() }
                items.forEach { onTheSpot() }
                load { later() }
            }
            func elsewhere() {
                DispatchQueue.main.async { mainQueue() }
                DispatchQueue.global().async { globalQueue() }
                Task { @MainActor in marked() }
            }
            """
        XCTAssertTrue(onMain(code, at: "inherited"))
        XCTAssertTrue(onMain(code, at: "onTheSpot"))
        XCTAssertTrue(onMain(code, at: "mainQueue"))
        XCTAssertTrue(onMain(code, at: "marked"))
        XCTAssertFalse(onMain(code, at: "cut"))
        XCTAssertFalse(onMain(code, at: "later"))
        XCTAssertFalse(onMain(code, at: "globalQueue"))
    }

    func testAResultUsedIsARead() {
        let s = structure("""
            func f() {
                let a = Box.url.appending(path: "x")
                Box.list.append(1)
                let b = Box.list.popLast()
                Box.list.sortInPlace()
            }
            """)
        func use(_ word: String) -> Int { s.code.indices.first { s.text($0) == word && s.isChar($0 - 1, UInt8(ascii: ".")) }! }
        XCTAssertFalse(StateWrites.isDefiniteWrite(s, use("url")))
        XCTAssertTrue(StateWrites.isDefiniteWrite(s, use("list")))
        let lists = s.code.indices.filter { s.text($0) == "list" }
        XCTAssertTrue(StateWrites.isDefiniteWrite(s, lists[1]))
        XCTAssertTrue(StateWrites.isDefiniteWrite(s, lists[2]))
    }
}
