import XCTest
@testable import LockLintCore

/// The engine's statement questions on their own: the keyword that introduces a token's
/// statement, the code an `if` or `guard` decides, and the first use of names there.
final class DecisionsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testStatementHeadsAndWhatTheyDecide() {
        let s = structure("""
            func run() {
                if ready.load(ordering: .acquiring) {
                    use(value)
                }
                guard done.load(ordering: .acquiring) else { return }
                use(other)
                counter.add(1)
            }
            """)
        let ifHead = Decisions.statementHead(s, token(s, "ready"))
        XCTAssertEqual(ifHead, token(s, "if"))
        XCTAssertEqual(Decisions.statementHead(s, token(s, "done")), token(s, "guard"))
        XCTAssertNil(Decisions.statementHead(s, token(s, "counter")), "an expression statement")
        let (from, to) = Decisions.decidedRange(s, head: token(s, "if"))!
        XCTAssertEqual(Decisions.firstUse(s, of: ["value": 0], in: s.span(from, to)), token(s, "value"))
        XCTAssertNil(Decisions.firstUse(s, of: ["other": 0], in: s.span(from, to)))
        let (gFrom, gTo) = Decisions.decidedRange(s, head: token(s, "guard"))!
        XCTAssertEqual(Decisions.firstUse(s, of: ["other": 0], in: s.span(gFrom, gTo)), token(s, "other"))
    }
}
