import XCTest
@testable import LockLintCore

/// Once-sections (a guarded check of a flag that the same code sets), the calls that run on
/// every path before what follows them, and the vars only such sections write.
final class OnceSectionsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    func classBody(_ s: FileStructure, _ name: String) -> Int {
        s.decls[s.decls.indices.first { s.decls[$0].kind == .class && s.decls[$0].nameText == name }!].body
    }

    func testACheckThatItsOwnCodeSetsIsASectionAndOneThatDoesNotIsNot() {
        let s = structure("""
            final class Boot {
                var up = false
                var down = false
                var table: [Int] = []
                func a() { q.sync { if !up { table = [1]; up = true } } }
                func b() { lock.lock(); defer { lock.unlock() }; guard !self.up else { return }; table = [2]; self.up = true }
                func c() { q.sync { if !down { table = [3] } } }
                func d() { q.sync { if !down { table = [4]; down = false } } }
            }
            """)
        let found = OnceSections.find(s, body: classBody(s, "Boot"), vars: NameSet(["up", "down", "table"]))
        XCTAssertEqual(found.map(\.flag), ["up", "up"])
        XCTAssertTrue(s.isKeyword(found[0].check, .if))
        XCTAssertTrue(s.isKeyword(found[1].check, .guard))
    }

    func testACallAtTheTopOfABodyLeadsAndOneInABranchOrALaterClosureDoesNot() {
        let s = structure("""
            func f() {
                q.sync { setUp() }
                if x { setUp() }
                q.async { setUp() }
            }
            """)
        let body = s.decls[s.decls.indices.first { s.decls[$0].nameText == "f" }!].body
        let calls = s.code.indices.filter { s.text($0) == "setUp" }
        XCTAssertTrue(OnceSections.leads(s, calls[0], body: body, escaping: []))
        XCTAssertFalse(OnceSections.leads(s, calls[1], body: body, escaping: []))
        XCTAssertFalse(OnceSections.leads(s, calls[2], body: body, escaping: []))
    }

    func testAVarIsSetUpOnceOnlyWhenEveryWriteOfItAndItsFlagIsInTheSection() {
        func write(_ v: String, _ flag: String?) -> StateAccessRecord {
            var r = StateAccessRecord(variable: v, site: CodeSite(path: "S.swift", offset: 0, line: 1, column: 1), member: "m()", guards: [])
            r.write = true
            r.onceFlag = flag
            return r
        }
        let once = OnceSections.setUpOnce([write("table", "up"), write("up", "up"), write("other", "up"), write("other", nil),
                                           write("later", "down"), write("down", "down"), write("down", nil)], setOutside: [])
        XCTAssertEqual(once, ["table": "up"])
        XCTAssertEqual(OnceSections.setUpOnce([write("table", "up"), write("up", "up")], setOutside: ["table"]), [:])
    }
}
