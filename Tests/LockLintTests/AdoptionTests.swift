import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore
import LockLintRules

/// What a team meets when it adopts the tool (issue 12): SARIF columns, suppression comments,
/// fixes on CRLF and CR files, baselines, option spelling, off-by-default rules, globs on long
/// paths, and the README's editor and pre-commit examples.
final class AdoptionTests: FolderTestCase {
    func findingLines(_ out: String) -> [String] {
        out.split(separator: "\n").map(String.init).filter { $0.contains(": warning: ") || $0.contains(": error: ") }
    }

    // MARK: SARIF

    func testSARIFColumnsAreUTF16CodeUnitsAfterNonASCIIText() async throws {
        // 'é' is 2 UTF-8 bytes and 1 UTF-16 unit; '🔒' is 4 bytes and 2 units.
        let line = "let s = \"café 🔒\"; actor A { let lock = NSLock() }"
        let file = try write("U.swift", line + "\n")
        let text = await Support.run([file])
        let byteColumn = line.utf8.count - "lock = NSLock() }".utf8.count + 1
        XCTAssertEqual(findingLines(text.out).first?.hasPrefix("\(file):1:\(byteColumn): warning: actor 'A' stores NSLock 'lock'"), true, text.out)

        let r = await Support.run(["--format", "sarif", file])
        let run = try XCTUnwrap(try sarifRun(r.out))
        XCTAssertEqual(run["columnKind"] as? String, "utf16CodeUnits")
        let result = try XCTUnwrap((run["results"] as? [[String: Any]])?.first)
        let region = try XCTUnwrap(((result["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["region"] as? [String: Any])
        let utf16Column = line.utf16.count - "lock = NSLock() }".utf16.count + 1
        XCTAssertEqual(byteColumn - utf16Column, 1 + 2, "the test line must differ in the two units")
        XCTAssertEqual(region["startLine"] as? Int, 1)
        XCTAssertEqual(region["startColumn"] as? Int, utf16Column)
        XCTAssertEqual(region["endColumn"] as? Int, utf16Column + "lock".utf16.count)
    }

    func testSARIFFileErrorHasARuleAndRuleIndex() async throws {
        let bad = try write("Bad.swift", Array("let x = \"".utf8) + [0xFF] + Array("\"\nactor A { let lock = NSLock() }\n".utf8))
        let r = await Support.run(["--format", "sarif", bad])
        XCTAssertEqual(r.code, 1)
        let run = try XCTUnwrap(try sarifRun(r.out))
        let rules = try XCTUnwrap(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["rules"] as? [[String: Any]])
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        XCTAssertEqual(results.map { $0["ruleId"] as? String }, ["file_error", "lock_in_actor"])
        for result in results {
            let index = try XCTUnwrap(result["ruleIndex"] as? Int, "every result has a ruleIndex")
            XCTAssertEqual(rules[index]["id"] as? String, result["ruleId"] as? String)
        }
        let fileError = try XCTUnwrap(rules.first { $0["id"] as? String == "file_error" })
        XCTAssertEqual((fileError["shortDescription"] as? [String: Any])?["text"] as? String,
                       "A file that could not be read, or is not valid UTF-8, so it was not (fully) linted")
        XCTAssertEqual((fileError["defaultConfiguration"] as? [String: Any])?["level"] as? String, "error")
        XCTAssertEqual(rules.filter { $0["id"] as? String == "file_error" }.count, 1)
        // No file error: no file_error descriptor.
        let clean = try write("Clean.swift", "actor B { let lock = NSLock() }\n")
        let ok = await Support.run(["--format", "sarif", clean])
        XCTAssertFalse(ok.out.contains("\"file_error\""), ok.out)
    }

    func testUTF16ColumnConversion() {
        let bytes = Array("aé🔒x\n".utf8) + [0xFF] + Array("y\n".utf8)
        let columns = UTF16Columns([SourceFile(path: "F.swift", bytes: bytes)])
        XCTAssertEqual(columns.column(path: "F.swift", line: 1, column: 1), 1)
        XCTAssertEqual(columns.column(path: "F.swift", line: 1, column: 2), 2)   // before é
        XCTAssertEqual(columns.column(path: "F.swift", line: 1, column: 4), 3)   // before 🔒
        XCTAssertEqual(columns.column(path: "F.swift", line: 1, column: 8), 5)   // before x
        XCTAssertEqual(columns.column(path: "F.swift", line: 2, column: 2), 2, "an invalid byte counts as one replacement character")
        XCTAssertEqual(columns.column(path: "F.swift", line: 2, column: 9), 9, "past the end keeps its distance")
        XCTAssertEqual(columns.column(path: "Other.swift", line: 1, column: 7), 7, "an unknown file keeps its column")
    }

    func sarifRun(_ text: String) throws -> [String: Any]? {
        let obj = try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
        return (obj?["runs"] as? [[String: Any]])?.first
    }

    // MARK: Suppression comments

    func testSuppressionRuleListsTakeCommasAndSpaces() async throws {
        let file = try write("S.swift", """
            actor A {
                // swift-lock-lint:disable:next lock_in_actor,nonisolated_unsafe -- migrating in #12
                let a = NSLock()
                // swift-lock-lint:disable:next nonisolated_unsafe, lock_in_actor
                let b = NSLock()
                let c = NSLock() // swift-lock-lint:disable:this lock_in_actor,
            }

            """)
        let r = await Support.run(["--only-rule", "lock_in_actor,superfluous_disable", file])
        XCTAssertEqual(findingLines(r.out), [], r.out)
        XCTAssertEqual(r.code, 0)
    }

    func testAnEmptyReasonIsReportedAsAMissingReason() async throws {
        let file = try write("R.swift", """
            actor A {
                // swift-lock-lint:disable:next lock_in_actor --
                let a = NSLock()
                let b = NSLock() // swift-lock-lint:disable:this lock_in_actor --\u{20}
                let c = NSLock() // swift-lock-lint:disable:this lock_in_actor -- the C API wants it
            }

            """)
        let r = await Support.run([file])
        XCTAssertEqual(findingLines(r.out), [
            "\(file):2:5: warning: suppression comment has no reason after '--' [superfluous_disable]",
            "\(file):4:22: warning: suppression comment has no reason after '--' [superfluous_disable]",
        ], r.out)
        XCTAssertTrue(r.out.contains("\(file):2:5: note: fix-it: write why the finding is safe to keep after '--', or delete the '--'\n"), r.out)
        XCTAssertFalse(r.out.contains("'--'\" [superfluous_disable]") || r.out.contains("unknown rule '--'"), r.out)
    }

    func testMalformedDirectivesAreReportedWithTheNearestOne() async throws {
        let file = try write("M.swift", """
            actor A {
                // swift-lock-lint:disable-next lock_in_actor
                let a = NSLock()
                // swift-lock-lint:disable:nxt lock_in_actor
                let b = NSLock()
                // swift-lock-lint:silence lock_in_actor
                let c = NSLock()
                // swift-lock-lint: the tool's own prose, not a directive
                let d = 1
                // swift-lock-lint:disable:next lock_in_actr
                let e = NSLock()
            }

            """)
        let r = await Support.run([file])
        XCTAssertEqual(findingLines(r.out), [
            "\(file):2:5: warning: unknown suppression directive 'disable-next' (did you mean 'disable:next'?) [superfluous_disable]",
            "\(file):3:9: warning: actor 'A' stores NSLock 'a': a second synchronization on top of the actor's isolation [lock_in_actor]",
            "\(file):4:5: warning: unknown suppression directive 'disable:nxt' (did you mean 'disable:next'?) [superfluous_disable]",
            "\(file):5:9: warning: actor 'A' stores NSLock 'b': a second synchronization on top of the actor's isolation [lock_in_actor]",
            "\(file):6:5: warning: unknown suppression directive 'silence' [superfluous_disable]",
            "\(file):7:9: warning: actor 'A' stores NSLock 'c': a second synchronization on top of the actor's isolation [lock_in_actor]",
            "\(file):10:5: warning: suppression comment names unknown rule 'lock_in_actr' (did you mean 'lock_in_actor'?) [superfluous_disable]",
            "\(file):11:9: warning: actor 'A' stores NSLock 'e': a second synchronization on top of the actor's isolation [lock_in_actor]",
        ], r.out)
        XCTAssertTrue(r.out.contains("\(file):2:5: note: fix-it: write 'swift-lock-lint:disable:next'\n"), r.out)
        XCTAssertTrue(r.out.contains("\(file):6:5: note: fix-it: write 'disable', 'enable', 'disable:next' or 'disable:this' after 'swift-lock-lint:'\n"), r.out)
        XCTAssertTrue(r.out.contains("\(file):10:5: note: fix-it: write 'lock_in_actor'\n"), r.out)
    }

    func testDirectiveParsing() {
        func parsed(_ text: String) -> [String] {
            let p = Suppressions.parse(text)
            return [p.word, p.rules.joined(separator: "|"), p.reason.map { "reason:" + $0 } ?? "no reason"]
        }
        XCTAssertEqual(parsed("disable:next a,b"), ["disable:next", "a|b", "no reason"])
        XCTAssertEqual(parsed("disable:next a, b  c -- why -- really"), ["disable:next", "a|b|c", "reason:why -- really"])
        XCTAssertEqual(parsed("disable:next,a"), ["disable:next", "a", "no reason"])
        XCTAssertEqual(parsed("disable a --"), ["disable", "a", "reason:"])
        XCTAssertEqual(parsed("enable\ta\t--\t"), ["enable", "a", "reason:"])
        XCTAssertEqual(parsed(""), ["", "", "no reason"])
    }

    func testDidYouMeanForOnlyRuleAndExplain() async {
        let only = await Support.run(["--only-rule", "lock_in_actr", "."])
        XCTAssertEqual(only.code, 2)
        XCTAssertTrue(only.err.hasPrefix("swift-lock-lint: unknown rule 'lock_in_actr' for --only-rule (did you mean 'lock_in_actor'?); see --list-rules\n"), only.err)
        let explain = await Support.run(["--explain", "await_in_locks"])
        XCTAssertEqual(explain.code, 2)
        XCTAssertEqual(explain.err, "swift-lock-lint: unknown rule 'await_in_locks' (did you mean 'await_in_lock'?); see --list-rules\n")
        let far = await Support.run(["--explain", "xyz"])
        XCTAssertEqual(far.err, "swift-lock-lint: unknown rule 'xyz'; see --list-rules\n", "nothing near: no suggestion")
        XCTAssertNil(Spelling.nearest("ab", in: ["all"]), "a suggestion must be nearer than the word's length")
    }

    // MARK: Fixes keep line endings

    static let lockWithoutDefer = [
        "import Foundation", "final class A {", "    let lock = NSLock()", "    var n = 0", "    func f() throws {",
        "        lock.lock()", "        try g()", "        n += 1", "        lock.unlock()", "    }", "    func g() throws {}", "}",
    ]
    static let fixed = [
        "import Foundation", "final class A {", "    let lock = NSLock()", "    var n = 0", "    func f() throws {",
        "        lock.lock()", "        defer { lock.unlock() }", "        try g()", "        n += 1", "    }", "    func g() throws {}", "}",
    ]

    func testFixKeepsCRLFAndCRLineEndings() async throws {
        for ending in ["\r\n", "\r", "\n"] {
            let name = "E\(ending.unicodeScalars.map { String($0.value) }.joined()).swift"
            let file = try write(name, Self.lockWithoutDefer.joined(separator: ending) + ending)
            let r = await Support.run(["--fix", file])
            XCTAssertTrue(r.err.contains("fixed 1 finding in 1 file"), "\(name): \(r.err)")
            let after = try Data(contentsOf: URL(fileURLWithPath: file))
            XCTAssertEqual(Array(after), Array((Self.fixed.joined(separator: ending) + ending).utf8), name)
        }
    }

    func testEditsTakeTheLineEndingOfTheirLine() {
        let crlf = Array("a\r\nb\r\n".utf8)
        XCTAssertEqual(Fixer.adapt([Edit(range: 1..<1, replacement: "\n  x\r\ny\rz")], to: crlf),
                       [Edit(range: 1..<1, replacement: "\r\n  x\r\ny\r\nz")])
        XCTAssertEqual(Fixer.lineEnding(of: Array("a\rb".utf8), at: 2), "\r", "a last line without a break takes the file's")
        XCTAssertEqual(Fixer.lineEnding(of: Array("ab".utf8), at: 0), "\n")
        XCTAssertEqual(Fixer.adapt([Edit(range: 0..<1, replacement: "final ")], to: crlf), [Edit(range: 0..<1, replacement: "final ")])
    }

    // MARK: Baselines

    func testBaselinePathsAreRelativeToTheBaselineFile() async throws {
        try write("proj/Sources/A.swift", "actor A {\n    let lock = NSLock()\n}\n")
        let baseline = dir.appendingPathComponent("proj/baseline.json").path
        // Written from the package root (the tests' folder), read from the project's folder and from its parent.
        let written = await Support.run(["--write-baseline", baseline, dir.appendingPathComponent("proj/Sources").path])
        XCTAssertEqual(written.code, 0)
        XCTAssertEqual(written.out, "")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("\"path\": \"Sources/A.swift\""), text)
        let saved = FileManager.default.currentDirectoryPath
        defer { FileManager.default.changeCurrentDirectoryPath(saved) }
        for (folder, sources, base) in [("proj", "Sources", "baseline.json"), ("", "proj/Sources", "proj/baseline.json")] {
            FileManager.default.changeCurrentDirectoryPath(dir.appendingPathComponent(folder).path)
            let r = await Support.run(["--baseline", base, sources])
            XCTAssertEqual(r.code, 0, "from '\(folder)': \(r.out)")
            XCTAssertEqual(r.out, "")
            XCTAssertTrue(r.err.contains("; 1 in the baseline"), r.err)
        }
        XCTAssertEqual(Baseline.relativePath("/a/b/c.swift", to: "/a/x"), "../b/c.swift")
        XCTAssertEqual(Baseline.relativePath("/a/./b/../c.swift", to: "/a"), "c.swift")
    }

    func testWriteBaselineStillReportsUnreadableFiles() async throws {
        let bad = try write("Bad.swift", [0x61, 0x00, 0x62])
        let baseline = dir.appendingPathComponent("b.json").path
        let r = await Support.run(["--write-baseline", baseline, bad])
        XCTAssertEqual(r.code, 1)
        XCTAssertEqual(findingLines(r.out), ["\(bad):1:1: error: binary file: NUL byte at 1:2; not linted [file_error]"])
        XCTAssertEqual(try String(contentsOfFile: baseline, encoding: .utf8), "{\n  \"version\": 1,\n  \"findings\": []\n}\n")
    }

    // MARK: Options and rule defaults

    func testShortOptionsTakeAnAttachedValue() throws {
        XCTAssertEqual(try Options.parse(["-j2"]).jobs, 2)
        XCTAssertEqual(try Options.parse(["-j", "3"]).jobs, 3)
        XCTAssertEqual(try Options.parse(["-oreport.txt"]).output, "report.txt")
        XCTAssertThrowsError(try Options.parse(["-j0"]))
        XCTAssertThrowsError(try Options.parse(["-jx"]))
        XCTAssertEqual(try Options.parse(["--only-rule", "a,b", "--only-rule=c"]).onlyRules, ["a", "b", "c"])
        XCTAssertEqual(try Options.parse(["--default-path", "Sources", "x.swift"]).paths, ["x.swift"])
    }

    func testDefaultPathsAreLintedOnlyWhenNoPathIsNamed() async throws {
        let a = try write("A/A.swift", "actor A { let lock = NSLock() }\n")
        let b = try write("B/B.swift", "actor B { let lock = NSLock() }\n")
        let defaults = await Support.run(["--default-path", dir.appendingPathComponent("A").path])
        XCTAssertEqual(findingLines(defaults.out).map { String($0.prefix(a.count)) }, [a])
        let named = await Support.run(["--default-path", dir.appendingPathComponent("A").path, b])
        XCTAssertEqual(findingLines(named.out).map { String($0.prefix(b.count)) }, [b])
    }

    func testBuildLogFixItNotesDoNotMentionFix() async throws {
        let file = try write("N.swift", "nonisolated(unsafe) let limit = 10\n")
        let plain = await Support.run([file])
        XCTAssertTrue(plain.out.contains("(--fix applies this)\n"), plain.out)
        let build = await Support.run(["--build-log", file])
        XCTAssertFalse(build.out.contains("--fix"), build.out)
        XCTAssertEqual(findingLines(build.out), findingLines(plain.out))
    }

    func testAdviceRulesAreOffByDefault() async throws {
        let off: Set = ["unchecked_sendable_nonfinal", "compile_time_availability", "actor_view_model"]
        let list = await Support.run(["--list-rules"])
        for line in list.out.split(separator: "\n") {
            let id = String(line.prefix { $0 != " " })
            let columns = line.split(separator: " ", omittingEmptySubsequences: true)
            XCTAssertEqual(columns[2], off.contains(id) ? "off" : "on", String(line))
        }
        XCTAssertEqual(list.out.split(separator: "\n").count, RuleRegistry.all.count)
        let file = try write("D.swift", "class Legacy: @unchecked Sendable {}\n")
        let byDefault = await Support.run([file])
        XCTAssertEqual(byDefault.code, 0)
        XCTAssertEqual(byDefault.out, "")
        let all = await Support.run(["--enable-all-rules", file])
        XCTAssertEqual(all.code, 1)
        XCTAssertEqual(findingLines(all.out).count, 1)
        XCTAssertTrue(all.out.contains("[unchecked_sendable_nonfinal]"))
        try write(".swift-lock-lint.json", #"{"rules": {"unchecked_sendable_nonfinal": "on"}}"#)
        let configured = await Support.run([file])
        XCTAssertTrue(configured.out.contains("[unchecked_sendable_nonfinal]"), configured.out)
        let explain = await Support.run(["--explain", "unchecked_sendable_nonfinal"])
        XCTAssertTrue(explain.out.contains("Default: warning, off (enable with --enable-all-rules or the config file)."), explain.out)
        // The semaphore rule stays on: with test code reported narrowly it is no longer noise.
        let semaphore = try write("S.swift", "let s = DispatchSemaphore(value: 0)\n")
        let on = await Support.run([semaphore])
        XCTAssertTrue(on.out.contains("[dispatch_semaphore]"), on.out)
    }

    func testExplainListsTheLockTypes() async {
        let r = await Support.run(["--explain", "lock_in_actor"])
        XCTAssertFalse(r.out.contains("SPEC"), r.out)
        for type in LockVocabulary.defaultLockTypes.sorted() {
            XCTAssertTrue(r.out.range(of: "\\b\(type)\\b", options: .regularExpression) != nil, "\(type) is not listed")
        }
    }

    func testAMissingConfigFileHasNoMadeUpPosition() async throws {
        try write("A.swift", "let x = 1\n")
        let r = await Support.run(["--config", "nope.json", dir.appendingPathComponent("A.swift").path])
        XCTAssertEqual(r.code, 2)
        XCTAssertEqual(r.err, "swift-lock-lint: cannot read configuration nope.json: No such file or directory\n")
    }

    // MARK: Globs

    func testGlobsMatchLongPaths() {
        let deep = (0..<600).map { "d\($0)" }.joined(separator: "/")  // about 2.9 KB
        let long = "Sources/" + deep + "/Generated/" + String(repeating: "x", count: 2_000) + ".swift"
        XCTAssertGreaterThan(long.utf8.count, 4_500)
        XCTAssertTrue(Glob.matches("**/Generated/**", long))
        XCTAssertTrue(Glob.matches("Sources/**/*.swift", long))
        XCTAssertFalse(Glob.matches("Sources/*/Generated/*.swift", long))
        XCTAssertFalse(Glob.matches("**/Generated/*.txt", long))
        var configuration = Configuration()
        configuration.path = "/p/.swift-lock-lint.json"
        configuration.exclude = ["**/Generated/**"]
        XCTAssertTrue(CLI.excluded("/p/" + long, by: configuration, cliExcludes: [], cwd: "/"))
        XCTAssertTrue(CLI.excluded("/q/" + long, by: Configuration(), cliExcludes: ["/q/Sources/**"], cwd: "/"))
    }

    func testGlobSemantics() {
        let cases: [(String, String, Bool)] = [
            ("**/*.swift", "a/b/c.swift", true), ("**/*.swift", "c.swift", true), ("**/", "", true), ("**/", "a/", true),
            ("**/a", "xa", false), ("**/a", "x/a", true), ("a/**/b", "a/b", true), ("a/**/b", "a/x/y/b", true),
            ("a/**", "a/", true), ("a/**", "a", false), ("*", "a/b", false), ("*", "", true), ("?", "/", false),
            ("a*b*c", "aXbYc", true), ("a*b*c", "aXbY/c", false), ("**", "any/thing", true), ("", "", true), ("", "a", false),
            ("Sources/*/A?.swift", "Sources/X/Ab.swift", true), ("***", "a/b", true),
        ]
        for (pattern, path, expected) in cases {
            XCTAssertEqual(Glob.matches(pattern, path), expected, "'\(pattern)' on '\(path)'")
        }
    }

    // MARK: The README's examples

    func readme() throws -> String {
        try String(contentsOf: Support.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
    }

    /// The fenced block that follows `marker`.
    func block(after marker: String, in text: String) throws -> String {
        let at = try XCTUnwrap(text.range(of: marker))
        let open = try XCTUnwrap(text.range(of: "```", range: at.upperBound..<text.endIndex))
        let bodyStart = try XCTUnwrap(text.range(of: "\n", range: open.upperBound..<text.endIndex)).upperBound
        let close = try XCTUnwrap(text.range(of: "```", range: bodyStart..<text.endIndex))
        return String(text[bodyStart..<close.lowerBound])
    }

    func testVSCodeTaskPassesTheFileAsOneArgument() throws {
        let json = try block(after: "**VS Code** (`.vscode/tasks.json`", in: try readme())
        let tasks = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let task = try XCTUnwrap((tasks["tasks"] as? [[String: Any]])?.first)
        XCTAssertEqual(task["type"] as? String, "process", "a process task hands each argument over unsplit")
        XCTAssertEqual(task["command"] as? String, "swift-lock-lint")
        XCTAssertEqual(task["args"] as? [String], ["--quiet", "${file}"])
        let pattern = try XCTUnwrap(((task["problemMatcher"] as? [String: Any])?["pattern"] as? [String: Any])?["regexp"] as? String)
        let re = try NSRegularExpression(pattern: pattern)
        let line = "/Users/me/My Project/Sources/A B.swift:2:9: warning: actor 'A' stores NSLock 'lock' [lock_in_actor]"
        let m = try XCTUnwrap(re.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)))
        XCTAssertEqual((line as NSString).substring(with: m.range(at: 1)), "/Users/me/My Project/Sources/A B.swift")
    }

    func testPreCommitExamplePinsACommitAndWarnsAboutTheBuild() throws {
        let text = try readme()
        let yaml = try block(after: "**pre-commit**", in: text)
        let rev = try XCTUnwrap(yaml.split(separator: "\n").first { $0.contains("rev:") })
        XCTAssertNotNil(rev.range(of: #"rev: [0-9a-f]{40}\b"#, options: .regularExpression), String(rev))
        XCTAssertTrue(yaml.contains("- id: swift-lock-lint"))
        let hooks = try String(contentsOf: Support.packageRoot.appendingPathComponent(".pre-commit-hooks.yaml"), encoding: .utf8)
        XCTAssertTrue(hooks.contains("- id: swift-lock-lint\n"))
        XCTAssertTrue(text.contains("about 4 minutes on 2 cores"))
    }

    func testNeovimSetupsForNewAndOldVersions() throws {
        let text = try readme()
        XCTAssertTrue(try block(after: "*Neovim* 0.11 and later", in: text).contains("vim.lsp.enable('swift_lock_lint')"))
        let old = try block(after: "Neovim 0.7 to 0.10", in: text)
        XCTAssertTrue(old.contains("vim.lsp.start_client({"))
        XCTAssertTrue(old.contains("cmd = { 'swift-lock-lint', '--lsp' }"))
        XCTAssertFalse(old.contains("vim.lsp.config"), "0.7 to 0.10 have no vim.lsp.config")
    }
}
