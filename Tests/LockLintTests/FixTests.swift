import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore

/// `--fix`, `--unsafe-fixes` and `--diff`: every fix's before and after, idempotence, token
/// preservation, and never overwriting a file that changed since it was linted.
final class FixTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try Support.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func write(_ name: String, _ text: String) throws -> String {
        let url = dir.appendingPathComponent(name)
        try text.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    static let before = """
        nonisolated(unsafe) let name = "service"
        nonisolated(unsafe) var counter = 0; func bump() { counter += 1 }
        enum Config {
            nonisolated(unsafe)
            static let limit: Int = 4
        }
        class Cache: @unchecked Sendable {
            let id = 1
        }

        """

    static let afterSafe = """
        let name = "service"
        nonisolated(unsafe) var counter = 0; func bump() { counter += 1 }
        enum Config {
            static let limit: Int = 4
        }
        class Cache: @unchecked Sendable {
            let id = 1
        }

        """

    static let afterUnsafe = """
        let name = "service"
        nonisolated(unsafe) var counter = 0; func bump() { counter += 1 }
        enum Config {
            static let limit: Int = 4
        }
        final class Cache: @unchecked Sendable {
            let id = 1
        }

        """

    func testSafeFixesAndIdempotence() async throws {
        let path = try write("A.swift", Self.before)
        chmod(path, 0o640)
        let first = await Support.run(["--fix", path])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.afterSafe)
        XCTAssertTrue(first.err.contains("fixed 2 findings in 1 file"), first.err)
        // Remaining findings are reported from the fixed file.
        XCTAssertTrue(first.out.contains("A.swift:2:1: warning: global var 'counter'"), first.out)
        XCTAssertFalse(first.out.contains("A.swift:1:1"), first.out)
        var st = stat()
        stat(path, &st)
        XCTAssertEqual(st.st_mode & 0o777, 0o640, "permissions are kept")
        // A second run changes nothing.
        let second = await Support.run(["--fix", path])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.afterSafe)
        XCTAssertTrue(second.err.contains("fixed 0 findings in 0 files"), second.err)
    }

    func testUnsafeFixesNeedTheFlag() async throws {
        let path = try write("B.swift", Self.before)
        _ = await Support.run(["--enable-all-rules", "--fix", "--unsafe-fixes", path])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.afterUnsafe)
        let again = await Support.run(["--enable-all-rules", "--fix", "--unsafe-fixes", path])
        XCTAssertTrue(again.err.contains("fixed 0 findings"), again.err)
        let misuse = await Support.run(["--unsafe-fixes", path])
        XCTAssertEqual(misuse.code, 2)
    }

    func testFixedFileKeepsItsTokensApartFromTheEdits() async throws {
        let path = try write("C.swift", Self.before)
        _ = await Support.run(["--enable-all-rules", "--fix", "--unsafe-fixes", path])
        func words(_ s: String) -> [String] {
            let bytes = Array(s.utf8)
            return Lexer.tokenize(bytes).map { String(decoding: bytes[$0.range], as: UTF8.self) }
        }
        var expected = words(Self.before)
        // The edits: the first and third `nonisolated ( unsafe )` removed, one `final` added.
        let modifiers = expected.indices.filter { expected[$0] == "nonisolated" }
        for k in [modifiers[2], modifiers[0]] { expected.removeSubrange(k..<(k + 4)) }
        let got = words(try String(contentsOfFile: path, encoding: .utf8))
        XCTAssertEqual(got.filter { $0 != "final" }, expected)
        XCTAssertEqual(got.filter { $0 == "final" }.count, 1)
    }

    func testDiffPrintsAndWritesNothing() async throws {
        let path = try write("D.swift", Self.before)
        let r = await Support.run(["--diff", path])
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.before)
        let rel = path.hasPrefix("/") ? String(path.dropFirst()) : path
        XCTAssertEqual(r.out, """
            --- a/\(rel)
            +++ b/\(rel)
            @@ -1,7 +1,6 @@
            -nonisolated(unsafe) let name = "service"
            +let name = "service"
             nonisolated(unsafe) var counter = 0; func bump() { counter += 1 }
             enum Config {
            -    nonisolated(unsafe)
                 static let limit: Int = 4
             }
             class Cache: @unchecked Sendable {

            """)
        let clean = try write("E.swift", "let x = 1\n")
        let none = await Support.run(["--diff", clean])
        XCTAssertEqual(none.code, 0)
        XCTAssertEqual(none.out, "")
    }

    func testStdinFixPrintsTheFixedBuffer() async throws {
        let r = await Support.run(["--fix", "--stdin-path", "Sources/A.swift"], stdin: Self.before)
        XCTAssertEqual(r.out, Self.afterSafe)
    }

    func testFileChangedOnDiskIsNotOverwritten() throws {
        let path = try write("F.swift", Self.before)
        let bytes = Array(Self.before.utf8)
        var report = LintReport()
        report.contentHashes[path] = ContentHash.of(bytes) &+ 1  // as if it was different when linted
        report.diagnostics = [Diagnostic(ruleID: "nonisolated_unsafe", severity: .warning, message: "m", path: path,
                                         location: SourceLocation(line: 1, column: 1),
                                         fixIt: FixIt("f", edits: [Edit(range: 0..<20, replacement: "")], applicability: .safe))]
        let err = Captured()
        let io = IO(out: { _ in }, err: { err.append($0) })
        let outcome = CLI.applyFixes(report, inputs: [LintInput(path: path)], options: try Options.parse(["--fix", path]), io: io)
        XCTAssertEqual(outcome.changedFiles, 0)
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), Self.before)
        XCTAssertTrue(err.value.contains("changed on disk since it was linted; not fixed"))
    }

    func testManualUnlockAtTheEndOfTheBlockBecomesADefer() async throws {
        let before = """
            final class Store {
                private let lock = NSLock()
                private var items: [String] = []
                func add(_ s: String) throws {
                    lock.lock()
                    try validate(s)
                    items.append(s)
                    lock.unlock()
                }
                func early(_ s: String) {
                    lock.lock()
                    if s.isEmpty { return }
                    items.append(s)
                    lock.unlock()  // keep this comment
                }
                func validate(_ s: String) throws {}
            }

            """
        let path = try write("G.swift", before)
        let r = await Support.run(["--fix", path])
        XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), """
            final class Store {
                private let lock = NSLock()
                private var items: [String] = []
                func add(_ s: String) throws {
                    lock.lock()
                    defer { lock.unlock() }
                    try validate(s)
                    items.append(s)
                }
                func early(_ s: String) {
                    lock.lock()
                    if s.isEmpty { return }
                    items.append(s)
                    lock.unlock()  // keep this comment
                }
                func validate(_ s: String) throws {}
            }

            """)
        XCTAssertTrue(r.err.contains("fixed 1 finding in 1 file"), r.err)
        // The other finding stays, with its manual fix-it (a comment would be lost).
        XCTAssertTrue(r.out.contains("G.swift:11:14: warning: 'lock' is still held at the return on line 12"), r.out)
    }

    func testOverlappingEditsApplyOnce() {
        let bytes = Array("abcdef".utf8)
        let r = Fixer.apply([Edit(range: 1..<3, replacement: "X"), Edit(range: 2..<4, replacement: "Y"), Edit(range: 5..<5, replacement: "Z")], to: bytes)
        XCTAssertEqual(String(decoding: r.bytes, as: UTF8.self), "aXdeZf")
        XCTAssertEqual(r.skipped.count, 1)
    }
}
