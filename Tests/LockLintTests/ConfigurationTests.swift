import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore
import LockLintRules

/// `.swift-lock-lint.json`: discovery, every kind of mistake (reported at its line and column,
/// exit 2), and each setting's effect; baselines; standard input.
final class ConfigurationTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try Support.temporaryDirectory() }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: dir) }

    func write(_ relative: String, _ text: String) throws {
        let url = dir.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }

    func testErrorsAreReportedWithLineAndColumn() async throws {
        let cases: [(String, String)] = [
            ("{\n  \"rules\": {\n    \"dispatch_semaphor\": \"off\"\n  }\n}\n", ":3:5: error: unknown rule 'dispatch_semaphor' (did you mean 'dispatch_semaphore'?)"),
            ("{\n  \"exclud\": []\n}\n", ":2:3: error: unknown key 'exclud' (did you mean 'exclude'?)"),
            ("{\"rules\": {\"dispatch_semaphore\": {\"severity\": \"fatal\"}}}", ":1:47: error: 'severity' must be \"warning\" or \"error\""),
            ("{\"rules\": {\"dispatch_semaphore\": 3}}", ":1:34: error: rule 'dispatch_semaphore' must be an object"),
            ("{\"lockTypes\": [\"A\", 1]}", ":1:21: error: 'lockTypes' must contain strings, not a number"),
            ("{\"include\": \"Sources\"}", ":1:13: error: 'include' must be an array of strings, not a string"),
            ("{\"requireSuppressionReason\": \"yes\"}", ":1:30: error: 'requireSuppressionReason' must be true or false"),
            ("{\"rules\": {\"nonisolated_unsafe\": {\"strict\": 1}}}", ":1:45: error: 'strict' must be true or false"),
            ("{\"rules\": {\"dispatch_semaphore\": {\"strict\": true}}}", ":1:35: error: unknown key 'strict' in rule 'dispatch_semaphore' (use \"enabled\", \"severity\" and \"inTests\")"),
            ("{\"rules\": {}, \"rules\": {}}", ":1:15: error: 'rules' is given twice"),
            ("{\"rules\": {\n", ":2:1: error: invalid JSON: a key in double quotes was expected"),
            ("[1, 2]", ":1:1: error: the configuration must be a JSON object, not an array"),
        ]
        for (json, expected) in cases {
            try write("p/.swift-lock-lint.json", json)
            try write("p/A.swift", "let x = 1\n")
            let r = await Support.run([path("p")])
            XCTAssertEqual(r.code, 2, json)
            XCTAssertTrue(r.err.hasPrefix(path("p/.swift-lock-lint.json") + expected), "\(json)\n→ \(r.err)")
        }
        let missing = await Support.run(["--config", path("nope.json"), path("p")])
        XCTAssertEqual(missing.code, 2)
        XCTAssertTrue(missing.err.contains("cannot read configuration"), missing.err)
    }

    func testABrokenNestedConfigurationSkipsOnlyTheFilesItGoverns() async throws {
        try write("App/A.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Legacy/.swift-lock-lint.json", "{\"rules\": ")
        try write("Legacy/B.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Legacy/Deep/C.swift", "let s = DispatchSemaphore(value: 0)\n")
        let r = await Support.run(["--enable-all-rules", path("App"), path("Legacy")])
        XCTAssertEqual(r.code, 2, "a broken configuration fails the run")
        XCTAssertTrue(r.out.contains("A.swift:1:9: warning: semaphore"), r.out)
        XCTAssertFalse(r.out.contains("B.swift"), "never linted with the wrong settings: \(r.out)")
        XCTAssertFalse(r.out.contains("C.swift"), r.out)
        let errors = r.err.split(separator: "\n").filter { $0.contains("invalid JSON") }
        XCTAssertEqual(errors.count, 1, "reported once, not once per file: \(r.err)")
        XCTAssertTrue(r.err.contains("1 file linted, 1 finding"), r.err)
        XCTAssertTrue(r.err.contains("; 2 files not linted (broken configuration)"), r.err)
    }

    func testDiscoveryWalksUpAndNearestWins() async throws {
        try write(".swift-lock-lint.json", #"{"rules": {"dispatch_semaphore": "error"}}"#)
        try write("Sources/App/A.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Sources/Legacy/.swift-lock-lint.json", #"{"rules": {"dispatch_semaphore": "off"}}"#)
        try write("Sources/Legacy/B.swift", "let s = DispatchSemaphore(value: 0)\n")
        let r = await Support.run([path("Sources")])
        XCTAssertTrue(r.out.contains("A.swift:1:9: error: semaphore"), r.out)
        XCTAssertFalse(r.out.contains("B.swift"), r.out)
        // --config replaces discovery.
        try write("other.json", #"{"rules": {"dispatch_semaphore": "on"}}"#)  // off by default
        let forced = await Support.run(["--config", path("other.json"), path("Sources")])
        XCTAssertTrue(forced.out.contains("A.swift:1:9: warning: semaphore"), forced.out)
        XCTAssertTrue(forced.out.contains("B.swift:1:9: warning: semaphore"), forced.out)
    }

    func testIncludeExcludeAndCommandLineExclude() async throws {
        try write(".swift-lock-lint.json", #"{"include": ["Sources/**"], "exclude": ["**/Generated/**", "Sources/*/Skip*.swift"]}"#)
        for f in ["Sources/App/A.swift", "Sources/App/Generated/G.swift", "Sources/App/SkipMe.swift", "Tests/T.swift", "Sources/Deep/er/C.swift"] {
            try write(f, "let s = DispatchSemaphore(value: 0)\n")
        }
        let r = await Support.run(["--enable-all-rules", dir.path])
        let files = Set(r.out.split(separator: "\n").filter { $0.contains(": warning: ") }.compactMap { $0.split(separator: ":").first.map(String.init) })
        XCTAssertEqual(files, [path("Sources/App/A.swift"), path("Sources/Deep/er/C.swift")])
        XCTAssertTrue(r.err.contains("3 files excluded"), r.err)
        let cli = await Support.run(["--enable-all-rules", "--exclude", "\(dir.path)/Sources/Deep/**", dir.path])
        XCTAssertFalse(cli.out.contains("C.swift"), cli.out)
    }

    func testGlobs() {
        XCTAssertTrue(Glob.matches("**/*.swift", "a/b/c.swift"))
        XCTAssertTrue(Glob.matches("**/*.swift", "c.swift"))
        XCTAssertTrue(Glob.matches("Sources/*/A?.swift", "Sources/X/Ab.swift"))
        XCTAssertFalse(Glob.matches("Sources/*.swift", "Sources/X/A.swift"))
        XCTAssertTrue(Glob.matches("Sources/**", "Sources/X/Y/A.swift"))
        XCTAssertFalse(Glob.matches(String(repeating: "*", count: 60) + "x", String(repeating: "a", count: 200)))
    }

    func testRuleSettingsAndVocabulary() async throws {
        try write(".swift-lock-lint.json", """
            {
              "rules": {
                "nonisolated_unsafe": false,
                "lock_in_actor": {"severity": "error"}
              },
              "lockTypes": ["UnfairLock"],
              "lockScopedMethods": {"withCriticalSection": "trailing", "perform": "locked"},
              "acquireRelease": {"acquireWrite": "releaseWrite"}
            }
            """)
        try write("A.swift", """
            actor A {
                let lock = UnfairLock()
            }
            nonisolated(unsafe) var global = 0
            func f(l: UnfairLock, q: Q) async {
                l.withCriticalSection {
                    await g()
                }
                q.perform(locked: { await g() }, later: { await g() })
                l.acquireWrite()
                await g()
                l.releaseWrite()
            }

            """)
        let r = await Support.run([dir.path])
        XCTAssertTrue(r.out.contains("A.swift:2:9: error: actor 'A' stores UnfairLock 'lock'"), r.out)
        XCTAssertFalse(r.out.contains("nonisolated_unsafe"), r.out)
        XCTAssertTrue(r.out.contains("A.swift:7:9: error: 'await' inside withCriticalSection"), r.out)
        XCTAssertTrue(r.out.contains("A.swift:9:25: error: 'await' inside perform"), r.out)
        XCTAssertFalse(r.out.contains("A.swift:9:47"), r.out)
        XCTAssertTrue(r.out.contains("A.swift:11:5: error: 'await' between acquireWrite() and releaseWrite()"), r.out)
    }

    func testRequireSuppressionReason() async throws {
        try write(".swift-lock-lint.json", #"{"requireSuppressionReason": true}"#)
        try write("A.swift", """
            let a = DispatchSemaphore(value: 0) // swift-lock-lint:disable:this dispatch_semaphore
            let b = DispatchSemaphore(value: 0) // swift-lock-lint:disable:this dispatch_semaphore -- test helper

            """)
        let r = await Support.run(["--enable-all-rules", dir.path])
        let lines = r.out.split(separator: "\n").filter { $0.contains(": warning: ") }
        XCTAssertEqual(lines.count, 1, r.out)
        XCTAssertTrue(lines[0].contains("A.swift:1:37: warning: suppression comment gives no reason [superfluous_disable]"), r.out)
    }

    func testBaselineRoundTrip() async throws {
        try write("Sources/A.swift", "import Dispatch\nlet s = DispatchSemaphore(value: 0)\nlet t = DispatchSemaphore(value: 0)\n")
        let baseline = path("baseline.json")
        let first = await Support.run(["--enable-all-rules", "--write-baseline", baseline, path("Sources")])
        XCTAssertEqual(first.code, 0, "recording the findings is a success")
        XCTAssertEqual(first.out, "", "the recorded findings are not printed")
        XCTAssertEqual(first.err, "swift-lock-lint: recorded 2 findings in \(baseline) (1 file linted)\n")
        let text = try String(contentsOfFile: baseline, encoding: .utf8)
        XCTAssertTrue(text.contains("\"line\": \"let s = DispatchSemaphore(value: 0)\""), text)
        // Unrelated lines above the findings: still suppressed.
        try write("Sources/A.swift", "import Dispatch\n// a comment\n\nfunc unrelated() {}\nlet s = DispatchSemaphore(value: 0)\nlet t = DispatchSemaphore(value: 0)\n")
        let again = await Support.run(["--enable-all-rules", "--baseline", baseline, path("Sources")])
        XCTAssertEqual(again.code, 0, again.out)
        XCTAssertTrue(again.err.contains("2 in the baseline"), again.err)
        // A new finding shows, even on an identical line (a third occurrence).
        try write("Sources/A.swift", "let s = DispatchSemaphore(value: 0)\nlet t = DispatchSemaphore(value: 0)\nlet s = DispatchSemaphore(value: 0)\n")
        let new = await Support.run(["--enable-all-rules", "--baseline", baseline, path("Sources")])
        XCTAssertEqual(new.code, 1)
        XCTAssertEqual(new.out.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 1, new.out)
        XCTAssertTrue(new.out.contains("A.swift:3:9: warning: "), new.out)
        // The baseline file is stable: writing it again gives the same bytes.
        try write("Sources/A.swift", "import Dispatch\nlet s = DispatchSemaphore(value: 0)\nlet t = DispatchSemaphore(value: 0)\n")
        _ = await Support.run(["--enable-all-rules", "--write-baseline", baseline, path("Sources")])
        XCTAssertEqual(try String(contentsOfFile: baseline, encoding: .utf8), text)
        // A broken baseline is a usage error.
        try write("bad.json", "{")
        let bad = await Support.run(["--enable-all-rules", "--baseline", path("bad.json"), path("Sources")])
        XCTAssertEqual(bad.code, 2)
    }

    func testOutputFileAndFormats() async throws {
        try write("A.swift", "let s = DispatchSemaphore(value: 0)\n")
        for format in ["json", "sarif", "checkstyle", "github", "text"] {
            let out = path("report.\(format)")
            let r = await Support.run(["--enable-all-rules", "--format", format, "--output", out, path("A.swift")])
            XCTAssertEqual(r.code, 1)
            XCTAssertEqual(r.out, "", "with --output nothing goes to standard output")
            let text = try String(contentsOfFile: out, encoding: .utf8)
            XCTAssertTrue(text.contains("dispatch_semaphore"), format)
        }
        let bad = await Support.run(["--enable-all-rules", "--format", "xml", path("A.swift")])
        XCTAssertEqual(bad.code, 2)
    }
}
