import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore
import LockLintRules

/// Unfinished, cut and hostile input: the structure stays total and no rule traps. Each crash
/// found (by users or by `Benchmarks/fuzz.py`) is kept here as a reproducer with its exact output.
final class RobustnessTests: XCTestCase {
    func findings(_ code: String) async -> [String] {
        await Support.lint([("R.swift", code)], rules: RuleRegistry.all)
            .map { "\($0.location.line):\($0.location.column) \($0.ruleID)" }
    }

    // MARK: Reproducers

    func testAnUnfinishedFunctionBodyWithALocalAfterItsOpeningBrace() async {
        // Crashed in nonisolated_unsafe: a range from the local's end to the unclosed body's end.
        // (A local that nothing writes concurrently is not reported.)
        let out = await findings("func f() {\n    nonisolated(unsafe) var x = 1\n")
        XCTAssertEqual(out, [])
        // The same unfinished body with a task that writes the local: reported.
        let written = await findings("func f() {\n    nonisolated(unsafe) var x = 1\n    Task { x += 1 }\n")
        XCTAssertEqual(written, ["2:5 nonisolated_unsafe"])
    }

    func testAFunctionOpenedInOneConditionalBranchAndLeftByTheNext() async {
        // Crashed in lock_without_defer: the function's body scope was never closed at `#else`.
        let out = await findings("let flags = [\n#if DEBUG\n]\nfunc work() {\n    lock.lock()\n#else\n")
        XCTAssertEqual(out, ["5:10 lock_without_defer"])
    }

    func testAnExtensionOpenedInOneConditionalBranchAndLeftByTheNext() async {
        // Crashed in lock_in_actor (the same unclosed scope, in a type body).
        let out = await findings("let flags = [\n#if DEBUG\n]\nextension Foo {\n#else\n")
        XCTAssertEqual(out, [])
    }

    /// Issue 20 (found by fuzzing): `defer` typed before an `#if`, the file ending in the branch.
    static let deferBeforeIf = "func f() {\n    lock()\n    defer\n#if os(Linux)\n    {\n#elseif\n"
    static let deferBeforeIfOnOneLine = "{ lock() defer #if { #elseif"

    func testADeferTypedBeforeAnIfInAnUnfinishedFunction() async {
        // Trapped in the lock-state walk (LockFlow.init: "Range requires lowerBound <= upperBound"):
        // the block opened in the branch was left open at the file's last token, and its interior
        // ran backwards. The lock taken on line 2 is released nowhere.
        let out = await findings(Self.deferBeforeIf)
        XCTAssertEqual(out, ["2:5 lock_without_defer"])
        let one = await findings(Self.deferBeforeIfOnOneLine)
        XCTAssertEqual(one, ["1:3 lock_without_defer"])
        assertTotal(FileStructure(file: SourceFile(path: "R.swift", text: Self.deferBeforeIf)), "six lines")
        assertTotal(FileStructure(file: SourceFile(path: "R.swift", text: Self.deferBeforeIfOnOneLine)), "one line")
    }

    func testTheReproducersThroughStandardInputDiffAndTheLanguageServer() async throws {
        let reproducers = [
            ("func f() {\n    nonisolated(unsafe) var x = 1\n", []),
            ("func f() {\n    nonisolated(unsafe) var x = 1\n    Task { x += 1 }\n", ["A.swift:2:5: warning: "]),
            ("let flags = [\n#if DEBUG\n]\nfunc work() {\n    lock.lock()\n#else\n", ["A.swift:5:10: warning: "]),
            ("let flags = [\n#if DEBUG\n]\nextension Foo {\n#else\n", []),
            (Self.deferBeforeIf, ["A.swift:2:5: warning: "]),
            (Self.deferBeforeIfOnOneLine, ["A.swift:1:3: warning: "]),
        ]
        for (code, expected) in reproducers {
            let lint = await Support.run(["--stdin-path", "Sources/App/A.swift"], stdin: code)
            let findings = lint.out.split(separator: "\n").filter { !$0.contains(": note: ") }
            XCTAssertEqual(findings.count, expected.count, lint.out)
            for (line, prefix) in zip(findings, expected) { XCTAssertTrue(line.hasPrefix("Sources/App/" + prefix), String(line)) }
            XCTAssertEqual(lint.code, expected.isEmpty ? 0 : 1)
            let dir = try Support.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: dir) }
            let file = dir.appendingPathComponent("A.swift")
            try Data(code.utf8).write(to: file)
            let diff = await Support.run(["--diff", file.path])
            // No safe fix applies to these: an empty diff, and the run ends normally.
            XCTAssertEqual(diff.out, "")
            XCTAssertTrue(diff.code == 0 || diff.code == 1, diff.err)
            // The language server lints the same text and publishes.
            let client = LanguageServerTests.Client()
            let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
            let open: [String: Any] = ["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                       "params": ["textDocument": ["uri": "file://" + file.path, "version": 1, "text": code]]]
            await server.receive(Array(try JSONSerialization.data(withJSONObject: ["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [String: Any]()])))
            await server.receive(Array(try JSONSerialization.data(withJSONObject: open)))
            await server.settle()
            let published = client.drain().filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
            XCTAssertEqual(published.count, 1)
            XCTAssertEqual(((published.first?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count, expected.count)
        }
    }

    func testATypealiasCutAfterItsEqualsSign() async {
        // Crashed in recursive_lock (found by Benchmarks/fuzz.py, minimized): it read the
        // aliased type's tokens past the end of the file.
        let out = await findings("Mutex.withLock{typealias E=")
        XCTAssertEqual(out, [])
        let other = await findings("{os_unfair_lock_lock()typealias Mutex=")
        XCTAssertEqual(other, ["1:2 lock_without_defer"])
        let cut = await findings("let l = NSLock()\nfunc f() { l.lock() }\ntypealias X =")
        XCTAssertEqual(cut, ["2:14 lock_without_defer"])
    }

    func testACallWithATrailingClosureThatEndsTheFile() async {
        // Crashed in recursive_lock (found by Benchmarks/fuzz.py): reading a call's argument
        // labels stepped past a trailing closure that closes at the file's last token.
        let out = await findings("class e{lazy var playerLock=NSLock(func playing{playerLock.lock()playing{}")
        XCTAssertEqual(out, ["1:60 lock_without_defer"])
    }

    func testAHopAtTheEndOfAnUnfinishedSwitchInATask() async {
        // Crashed in dispatch_main_in_async (found by Benchmarks/fuzz.py): the walk to the end
        // of the task's scope asked whether the token past the file's last one labels a case.
        let out = await findings("detached{switch{DispatchQueue.main.async{}")
        XCTAssertEqual(out, ["1:36 dispatch_main_in_async"])
    }

    func testAHopFollowedByAnUnfinishedStatementAtTheEndOfTheFile() async {
        // What follows a hop is read token by token (other main-queue blocks, an awaited
        // main-actor call): each read must stop at the end of the file.
        for tail in ["", "\n", "\nDispatchQueue.main.async{}", "\ntry? await", "\nlet x =", "\nlet x", "\nawait self.", "\nawait MainActor.run"] {
            _ = await findings("func f() async {DispatchQueue.main.async{}" + tail)
            _ = await findings("Task{DispatchQueue.main.async{}" + tail)
        }
    }

    func testAnAppendOfAClosureParameterThatEndsTheFile() async {
        // Crashed in the guard log's observer table (found by Benchmarks/fuzz.py): a closure
        // parameter kept with `x.append(` read the token after the `(` past the file's end.
        let out = await findings("extension{func(s:()->){a.append(")
        XCTAssertEqual(out, [])
        let closed = await findings("final class K { var a: [() -> Void] = []\nfunc f(s: @escaping () -> Void) { a.append(s) } }\n")
        XCTAssertEqual(closed, [])
    }

    func testAClosureValueInAnUnfinishedInitializer() async {
        // Crashed in guard inference's closure values (found by fuzzing): a local closure in an
        // initializer whose body is never closed, the uses searched from the closure's end to the
        // body's, which ends before it.
        let out = await findings("class t{var\ninit(){let v={lock()g{}{}}")
        XCTAssertEqual(out, ["2:15 lock_without_defer"])
        // Closed, the same local closure is judged where it runs: nothing calls it.
        let closed = await findings("class t{var x = 0\ninit(){let v={lock()}}}\n")
        XCTAssertEqual(closed, ["2:15 lock_without_defer"])
    }

    func testAnExpectCallAtTheVeryStartOfAFile() async {
        // The lock path analysis looks at the token before `expect(` (for `#expect`); at token 0
        // there is none (found by reading the code for unchecked index arithmetic).
        let out = await findings("expect(x)\nlet l = NSLock()\nfunc f() { l.lock(); defer { l.unlock() } }\n")
        XCTAssertEqual(out, [])
    }

    func testAScopeOpenedInABranchEndsAtTheNextBranch() {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: "let flags = [\n#if DEBUG\n]\nfunc work() {\n    lock.lock()\n#else\n}\n#endif\n"))
        let work = s.decls.firstIndex { $0.nameText == "work" }
        XCTAssertNotNil(work)
        guard let work, s.decls[work].body >= 0 else { return XCTFail("no body for work") }
        let body = s.scopes[s.decls[work].body]
        // The body runs from its `{` to the token before `#else` (the `)` of `lock()`).
        XCTAssertEqual(s.text(body.open), "{")
        XCTAssertEqual(s.line(ofToken: body.close), 5)
        assertTotal(s, "branch")
    }

    func testABaselineOccurrenceOutOfRangeIsAnErrorNotATrap() throws {
        let dir = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (k, value) in ["1e300", "-1", "1.5", "1e10"].enumerated() {
            let path = dir.appendingPathComponent("b\(k).json").path
            let text = "{\"version\": 1, \"findings\": [{\"rule\": \"r\", \"path\": \"p\", \"line\": \"l\", \"occurrence\": \(value)}]}"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            XCTAssertThrowsError(try Baseline.load(path), value) { error in
                XCTAssertTrue("\(error)".contains("1:83: error: a baseline occurrence is a whole number"), "\(error)")
            }
        }
        let path = dir.appendingPathComponent("ok.json").path
        try Data("{\"findings\": [{\"rule\": \"r\", \"path\": \"p\", \"line\": \"l\", \"occurrence\": 3}]}".utf8).write(to: URL(fileURLWithPath: path))
        XCTAssertEqual(try Baseline.load(path), [FindingIdentity(rule: "r", path: "p", lineText: "l", occurrence: 3)])
    }

    // MARK: Fixed-seed fuzzing (the long run is Benchmarks/fuzz.py)

    /// Token soup and the fixtures cut at random points, with lines deleted or soup inserted:
    /// every input must give a total structure and lint without trapping. Seeds are fixed, so a
    /// failure names the input that reproduces it.
    func testFixedSeedFuzzInputsLintWithoutTrapping() async throws {
        let fixtures = try fixtureTexts()
        XCTAssertGreaterThan(fixtures.count, 20)
        var inputs: [(String, String)] = []
        for seed in UInt64(1)...UInt64(240) {
            var rng = SplitMix(seed: seed)
            let text: String
            switch seed % 4 {
            case 0: text = Fuzz.soup(&rng)
            case 1: text = Fuzz.cut(fixtures[rng.below(fixtures.count)], &rng)
            case 2: text = Fuzz.deleteLines(fixtures[rng.below(fixtures.count)], &rng)
            default: text = Fuzz.insertSoup(fixtures[rng.below(fixtures.count)], &rng)
            }
            inputs.append(("seed\(seed).swift", text))
        }
        for (name, text) in inputs {
            assertTotal(FileStructure(file: SourceFile(path: name, text: text)), name)
        }
        // All rules over all inputs at once: the project index sees every file too.
        let files = inputs.map { LintInput(path: $0.0, bytes: Array($0.1.utf8)) }
        let settings = LintSettings(rules: RuleRegistry.all, includeGenerated: true, jobs: 2, knownRuleIDs: Set(RuleRegistry.ids))
        let result = await Linter.lint(files, settings: settings)
        // Every finding points into its file.
        let lineCounts = Dictionary(uniqueKeysWithValues: inputs.map { ($0.0, $0.1.split(separator: "\n", omittingEmptySubsequences: false).count) })
        for d in result.diagnostics {
            XCTAssertGreaterThanOrEqual(d.location.line, 1, "\(d.path)")
            XCTAssertLessThanOrEqual(d.location.line, lineCounts[d.path] ?? 0, "\(d.path)")
        }
    }

    func fixtureTexts() throws -> [String] {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures")
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var paths: [String] = []
        for case let p as String in walker where p.hasSuffix(".swift") && !p.contains("/.build/") { paths.append(p) }
        return try paths.sorted().map { try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8) }
    }

    /// The invariants `StructureBuilder.normalize` promises.
    func assertTotal(_ s: FileStructure, _ name: String, file: StaticString = #filePath, line: UInt = #line) {
        let n = s.code.count
        for (k, sc) in s.scopes.enumerated() {
            XCTAssertTrue(0 <= sc.open && sc.open <= sc.close && sc.close < n, "\(name): scope \(k) \(sc.open)...\(sc.close) of \(n)", file: file, line: line)
            XCTAssertTrue(sc.parent < k && sc.parent >= -1, "\(name): scope \(k) parent", file: file, line: line)
        }
        for (k, c) in s.closures.enumerated() {
            XCTAssertTrue(c.scope >= 0 && c.scope < s.scopes.count && c.open <= c.close && c.close < n, "\(name): closure \(k)", file: file, line: line)
        }
        for (k, d) in s.decls.enumerated() {
            XCTAssertTrue(0 <= d.start && d.start <= d.keyword && d.keyword < d.end && d.end <= max(n, d.keyword + 1), "\(name): decl \(k) \(d.start) \(d.keyword) \(d.end) of \(n)", file: file, line: line)
            for r in [d.inheritance, d.typeAnnotation, d.initializer] {
                XCTAssertTrue(r.lowerBound >= 0 && r.upperBound <= n, "\(name): decl \(k) range \(r) of \(n)", file: file, line: line)
            }
            XCTAssertTrue(d.body >= -1 && d.body < s.scopes.count && d.parent >= -1 && d.parent < k, "\(name): decl \(k) body/parent", file: file, line: line)
        }
    }
}

/// A small deterministic generator (SplitMix64), so fuzz inputs are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed &* 0x9E37_79B9_7F4A_7C15 }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A number in `0..<n` (0 when `n <= 0`).
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
}

enum Fuzz {
    static let pieces = [
        "{", "}", "(", ")", "[", "]", "\"", "\"\"\"", "#\"", "\"#", "\\(", "/", "/*", "*/", "//", "#if X", "#endif", "#else",
        "#elseif Y", "actor A", "class C", "struct S", "enum E", "protocol P", "extension E", "func f", "init", "deinit",
        "lock.lock()", "lock.unlock()", "unlock()", "lock()", "await", "async", "let", "var", "nonisolated(unsafe)",
        ": @unchecked Sendable", "withLock", "lock.withLock", "DispatchSemaphore(value: 0)", "sem.wait()", "defer",
        "return", "if", "else", "guard", "switch", "case", "do", "catch", "for", "in", "while", "repeat", "Task",
        "DispatchQueue.main.sync", "queue.sync", "@MainActor", "nonisolated", "private", "final", "static", "Mutex",
        "NSLock()", "os_unfair_lock", "&", "=", "x", "y", ".", "\n", "\n", ",", ":", ";", "->", "#/", "/#", "`", "$0",
        "?", "!", "try", "@TaskLocal", "Atomic", ".load(ordering: .relaxed)", "ObservableObject", "@Published",
        "// swift-lock-lint:disable:next all", "Thread.sleep", "group.wait()", "#available(iOS 17, *)", "get", "set",
        "didSet", "subscript", "where", "é", "😀", "self.", "lazy var", "objc_sync_enter(self)", "pthread_mutex_lock(&m)",
    ]

    static func soup(_ rng: inout SplitMix) -> String {
        (0..<(1 + rng.below(160))).map { _ in pieces[rng.below(pieces.count)] }.joined(separator: " ")
    }

    static func cut(_ text: String, _ rng: inout SplitMix) -> String {
        let bytes = Array(text.utf8)
        return String(decoding: bytes[0..<rng.below(bytes.count + 1)], as: UTF8.self)
    }

    static func deleteLines(_ text: String, _ rng: inout SplitMix) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        for _ in 0..<(1 + rng.below(8)) where !lines.isEmpty { lines.remove(at: rng.below(lines.count)) }
        return lines.joined(separator: "\n")
    }

    static func insertSoup(_ text: String, _ rng: inout SplitMix) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        lines.insert(soup(&rng), at: rng.below(lines.count + 1))
        return lines.joined(separator: "\n")
    }
}
