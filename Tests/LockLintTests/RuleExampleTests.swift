import XCTest
@testable import LockLintCore
import LockLintRules

/// Every rule's documented examples are tests: each triggering example must produce exactly the
/// marked findings, each non-triggering one none. Each triggering example is then re-checked
/// wrapped in a block comment and in a raw string literal (no findings), after a line with
/// multi-byte characters (same findings one line down), and under a disable comment (none).
final class RuleExampleTests: XCTestCase {
    func testEveryRuleHasExamples() {
        for rule in RuleRegistry.all {
            XCTAssertFalse(rule.description.triggeringExamples.isEmpty, "\(rule.description.id) has no triggering example")
            XCTAssertFalse(rule.description.nonTriggeringExamples.isEmpty, "\(rule.description.id) has no non-triggering example")
        }
    }

    func testTriggeringExamplesReportExactlyTheMarkedPlaces() async {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (k, example) in rule.description.triggeringExamples.enumerated() {
                let (code, expected) = Support.stripMarkers(example.code)
                XCTAssertFalse(expected.isEmpty, "\(id) triggering example \(k) has no ↓ marker")
                let found = await findings(of: id, in: code, others: example.otherFiles, rule: rule)
                XCTAssertEqual(found, expected, "\(id) triggering example \(k):\n\(code)")
            }
        }
    }

    func testNonTriggeringExamplesStayQuiet() async {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (k, example) in rule.description.nonTriggeringExamples.enumerated() {
                let found = await findings(of: id, in: example.code, others: example.otherFiles, rule: rule)
                XCTAssertEqual(found, [], "\(id) non-triggering example \(k) reported:\n\(example.code)")
            }
        }
    }

    func testTriggeringExamplesInsideCommentsAndStringsStayQuiet() async {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (k, example) in rule.description.triggeringExamples.enumerated() where !example.skipWrappingTests {
                let (code, _) = Support.stripMarkers(example.code)
                let comment = "/*\n\(code)\n*/\n"
                let commentFound = await findings(of: id, in: comment, others: example.otherFiles, rule: rule)
                XCTAssertEqual(commentFound, [], "\(id) example \(k) inside a block comment")
                let string = "let text = #\"\"\"\n\(code)\n\"\"\"#\n"
                let stringFound = await findings(of: id, in: string, others: example.otherFiles, rule: rule)
                XCTAssertEqual(stringFound, [], "\(id) example \(k) inside a raw string literal")
            }
        }
    }

    func testTriggeringExamplesAfterMultiByteLineShiftByOneLine() async {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (k, example) in rule.description.triggeringExamples.enumerated() where !example.skipWrappingTests {
                let (code, expected) = Support.stripMarkers(example.code)
                let shifted = "let 名前 = \"🔒 ünïcödé\" // ✓\n" + code
                let found = await findings(of: id, in: shifted, others: example.otherFiles, rule: rule)
                XCTAssertEqual(found, expected.map { SourceLocation(line: $0.line + 1, column: $0.column) },
                               "\(id) example \(k) after a multi-byte line")
            }
        }
    }

    func testTriggeringExamplesUnderDisableCommentStayQuiet() async {
        for rule in RuleRegistry.all {
            let id = rule.description.id
            for (k, example) in rule.description.triggeringExamples.enumerated() where !example.skipWrappingTests {
                let (code, _) = Support.stripMarkers(example.code)
                let disabled = "// swift-lock-lint:disable \(id)\n" + code
                let found = await findings(of: id, in: disabled, others: example.otherFiles, rule: rule)
                XCTAssertEqual(found, [], "\(id) example \(k) under a disable comment")
            }
        }
    }

    private func findings(of id: String, in code: String, others: [String], rule: any Rule) async -> [SourceLocation] {
        var files = [(path: "Example.swift", code: code)]
        for (k, o) in others.enumerated() { files.append((path: "Other\(k).swift", code: o)) }
        let rules: [any Rule] = id == "superfluous_disable" ? RuleRegistry.all : [rule]
        let ds = await Support.lint(files, rules: rules)
        return ds.filter { $0.path == "Example.swift" && $0.ruleID == id }.map(\.location)
    }
}
