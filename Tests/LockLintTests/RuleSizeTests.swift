import Foundation
import XCTest

/// A rule file reads as what it reports: its analyses live in the engine
/// (`Sources/LockLintCore/Analysis`). This keeps each rule file within 400 lines of code, not
/// counting its description and examples, blank lines or comments.
final class RuleSizeTests: XCTestCase {
    static let limit = 400

    /// Lines of code of a rule file outside its `let description = RuleDescription(` … `    )` block.
    static func codeLines(_ text: String) -> Int {
        var count = 0
        var inDescription = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if inDescription {
                if line == "    )" { inDescription = false }
                continue
            }
            if line.contains("let description = RuleDescription(") {
                inDescription = true
                continue
            }
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("//") { continue }
            count += 1
        }
        return count
    }

    func testCountingSkipsTheDescriptionBlankLinesAndComments() {
        let text = """
        public struct R: Rule {
            public let description = RuleDescription(
                id: "r",
                triggeringExamples: ["a", "b"]
            )

            // a comment
            func check() {}
        }
        """
        XCTAssertEqual(Self.codeLines(text), 3)
    }

    func testEveryRuleFileIsWithinTheLimit() throws {
        let folder = Support.packageRoot.appendingPathComponent("Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix("Rule.swift") }
        XCTAssertGreaterThan(files.count, 15)
        for name in files.sorted() {
            let text = try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
            XCTAssertTrue(text.contains("let description = RuleDescription("), "\(name) has no description block")
            let lines = Self.codeLines(text)
            XCTAssertLessThanOrEqual(lines, Self.limit, "\(name): \(lines) lines of code; move its analysis into the engine")
        }
    }
}
