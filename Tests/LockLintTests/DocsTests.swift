import Foundation
import XCTest
@testable import LockLintCLI
import LockLintRules

/// The README's rule table is generated from the rule descriptions; this fails when it is stale.
final class DocsTests: XCTestCase {
    func testReadmeRuleTableIsCurrent() throws {
        let readme = try String(contentsOf: Support.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let begin = try XCTUnwrap(readme.range(of: "<!-- rules:begin"))
        let afterBegin = try XCTUnwrap(readme[begin.upperBound...].range(of: "-->\n"))
        let end = try XCTUnwrap(readme.range(of: "<!-- rules:end -->"))
        let committed = String(readme[afterBegin.upperBound..<end.lowerBound])
        XCTAssertEqual(committed, RuleDocs.markdownTable(RuleRegistry.all),
                       "README rule table is stale: regenerate it with `swift-lock-lint --markdown-rules`")
    }

    func testExplainCoversEveryRule() {
        for rule in RuleRegistry.all {
            let text = RuleDocs.explain(rule.description)
            XCTAssertTrue(text.contains("## Why this is a problem"))
            XCTAssertTrue(text.contains("## How to fix it"))
            XCTAssertTrue(text.hasPrefix("# \(rule.description.id):"))
        }
    }

    func testRuleIDsAreSnakeCaseAndUnique() {
        let ids = RuleRegistry.ids
        XCTAssertEqual(Set(ids).count, ids.count)
        for id in ids { XCTAssertNotNil(id.range(of: "^[a-z_]+$", options: .regularExpression), id) }
    }
}
