import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest
@testable import LockLintCore

/// Every output format, byte for byte, on findings whose paths and messages need escaping
/// (`%`, `:`, `,`, quotes, `<`, `&`, a line break, non-ASCII). Regenerate a golden file by
/// running the test with SWIFT_LOCK_LINT_UPDATE_GOLDEN=1 and reviewing the diff.
final class ReporterTests: XCTestCase {
    static let diagnostics: [Diagnostic] = [
        Diagnostic(ruleID: "await_in_lock", severity: .error, message: "'await' inside withLock on 'state' suspends the task while 'state' is held",
                   path: "Sources/App/Cache.swift", location: SourceLocation(line: 12, column: 9), offset: 200,
                   endLocation: SourceLocation(line: 12, column: 14),
                   notes: [Note(path: "Sources/App/Cache.swift", location: SourceLocation(line: 10, column: 15), message: "'state' is held for the whole withLock closure")],
                   fixIt: FixIt("await the value before calling withLock, then apply it inside a short withLock closure")),
        Diagnostic(ruleID: "dispatch_semaphore", severity: .warning, message: "100% <odd> & \"quoted\", with: colons\nand a line break",
                   path: "Sources/Ünïcödé dir/a,b:c%d.swift", location: SourceLocation(line: 3, column: 20), offset: 40,
                   fixIt: FixIt("use a lock, or await the work")),
    ]

    static let context = ReportContext(
        toolVersion: "1.2.3",
        rules: [
            .init(id: "await_in_lock", name: "Await while holding a lock", summary: "An await while a lock is held",
                  rationale: "The task suspends holding the lock.", fix: "Await first, then lock.", severity: .error),
            .init(id: "dispatch_semaphore", name: "DispatchSemaphore", summary: "DispatchSemaphore used",
                  rationale: "No priority donation.", fix: "Use a lock or await.", severity: .warning),
        ],
        identities: [
            FindingIdentity(rule: "await_in_lock", path: "Sources/App/Cache.swift", lineText: "value = await compute()", occurrence: 0),
            FindingIdentity(rule: "dispatch_semaphore", path: "Sources/Ünïcödé dir/a,b:c%d.swift", lineText: "let s = DispatchSemaphore(value: 0)", occurrence: 0),
        ],
        basePath: "/work/project/", filesLinted: 7)

    func golden(_ name: String, _ actual: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let url = Support.packageRoot.appendingPathComponent("Tests/LockLintTests/Golden/\(name)")
        if ProcessInfo.processInfo.environment["SWIFT_LOCK_LINT_UPDATE_GOLDEN"] != nil {
            try actual.write(to: url, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        XCTAssertEqual(actual, expected, "\(name) differs from its golden file", file: file, line: line)
    }

    func testText() throws {
        try golden("report.txt", TextReporter.render(Self.diagnostics))
        let colored = TextReporter.render(Self.diagnostics, style: .init(color: true))
        XCTAssertTrue(colored.contains("\u{1B}[1;31merror\u{1B}[0m"))
    }

    func testJSON() throws {
        let out = JSONReporter.render(Self.diagnostics, context: Self.context)
        try golden("report.json", out)
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        let findings = try XCTUnwrap(obj["findings"] as? [[String: Any]])
        XCTAssertEqual(findings.count, 2)
        XCTAssertEqual(findings[1]["message"] as? String, Self.diagnostics[1].message)
        XCTAssertEqual(findings[1]["path"] as? String, "Sources/Ünïcödé dir/a,b:c%d.swift")
    }

    func testSARIF() throws {
        let out = SARIFReporter.render(Self.diagnostics, context: Self.context)
        try golden("report.sarif", out)
        let obj = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(out.utf8)) as? [String: Any])
        XCTAssertEqual(obj["version"] as? String, "2.1.0")
        let run = try XCTUnwrap((obj["runs"] as? [[String: Any]])?.first)
        let driver = try XCTUnwrap((run["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try XCTUnwrap(driver["rules"] as? [[String: Any]])
        for r in rules {
            for key in ["id", "shortDescription", "fullDescription", "help"] { XCTAssertNotNil(r[key], key) }
        }
        let results = try XCTUnwrap(run["results"] as? [[String: Any]])
        for r in results {
            for key in ["ruleId", "level", "message", "locations", "partialFingerprints"] { XCTAssertNotNil(r[key], key) }
            let loc = try XCTUnwrap((r["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])
            let uri = try XCTUnwrap((loc["artifactLocation"] as? [String: Any])?["uri"] as? String)
            XCTAssertFalse(uri.hasPrefix("/"), "SARIF URIs are relative to %SRCROOT%")
            XCTAssertNotNil((loc["region"] as? [String: Any])?["startLine"])
        }
    }

    func testGitHub() throws {
        try golden("report.github", GitHubReporter.render(Self.diagnostics, context: Self.context))
        try golden("summary.md", GitHubReporter.stepSummary(Self.diagnostics, context: Self.context))
    }

    func testCheckstyle() throws {
        let out = CheckstyleReporter.render(Self.diagnostics, context: Self.context)
        try golden("report.checkstyle.xml", out)
        let parser = XMLParser(data: Data(out.utf8))
        XCTAssertTrue(parser.parse(), "checkstyle output must be well-formed XML")
    }

    func testFingerprintsIgnoreLineNumbers() {
        var moved = Self.diagnostics
        moved[0].location.line += 40
        let a = FindingIdentity.identities(Self.diagnostics) { _ in "same text" }
        let b = FindingIdentity.identities(moved) { _ in "  same   text " }
        XCTAssertEqual(a.map(\.hash), b.map(\.hash))
        let dup = FindingIdentity.identities([Self.diagnostics[0], Self.diagnostics[0]]) { _ in "x" }
        XCTAssertNotEqual(dup[0].hash, dup[1].hash, "repeated findings on identical lines keep distinct identities")
    }
}
