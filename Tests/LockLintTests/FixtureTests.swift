import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// Fixtures under `TestFixtures/<rule_id>/` carry their expectations inline: a comment
/// `// expect: <rule_id>` (comma-separated for several) at the end of each line where that rule
/// must report. A case is a file, or a folder of files linted together (cross-file facts).
/// Each case runs with only its folder's rule; missing and unexpected findings are both failures.
final class FixtureTests: XCTestCase {
    func testFixtures() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures")
        let fm = FileManager.default
        let ruleDirs = try fm.contentsOfDirectory(atPath: root.path).filter { !$0.hasPrefix(".") }.sorted()
        XCTAssertFalse(ruleDirs.isEmpty, "no fixtures found at \(root.path)")
        var cases = 0
        for ruleID in ruleDirs {
            var isDir: ObjCBool = false
            guard fm.fileExists(atPath: root.appendingPathComponent(ruleID).path, isDirectory: &isDir), isDir.boolValue else { continue }
            guard let rule = RuleRegistry.rule(ruleID) else {
                if ruleID != "packages" { XCTFail("TestFixtures/\(ruleID) names no rule") }
                continue
            }
            let entries = try fm.contentsOfDirectory(atPath: root.appendingPathComponent(ruleID).path).sorted()
            for entry in entries where !entry.hasPrefix(".") {
                let url = root.appendingPathComponent(ruleID).appendingPathComponent(entry)
                var files: [URL] = []
                if entry.hasSuffix(".swift") {
                    files = [url]
                } else if let inner = try? fm.contentsOfDirectory(atPath: url.path) {
                    files = inner.filter { $0.hasSuffix(".swift") }.sorted().map { url.appendingPathComponent($0) }
                    // One level of sub-folders: the same case, in another folder of the run.
                    for sub in inner.sorted() where !sub.hasSuffix(".swift") && !sub.hasPrefix(".") {
                        let subURL = url.appendingPathComponent(sub)
                        let more = (try? fm.contentsOfDirectory(atPath: subURL.path)) ?? []
                        files += more.filter { $0.hasSuffix(".swift") }.sorted().map { subURL.appendingPathComponent($0) }
                    }
                }
                guard !files.isEmpty else { continue }
                cases += 1
                try await check(ruleID: ruleID, rule: rule, files: files, caseName: "\(ruleID)/\(entry)")
            }
        }
        XCTAssertGreaterThan(cases, 5)
    }

    struct Key: Hashable, Comparable {
        var path: String
        var line: Int
        static func < (a: Key, b: Key) -> Bool { (a.path, a.line) < (b.path, b.line) }
    }

    func check(ruleID: String, rule: any Rule, files: [URL], caseName: String) async throws {
        var sources: [(path: String, code: String)] = []
        var expected: [Key: Int] = [:]
        for f in files {
            let code = try String(contentsOf: f, encoding: .utf8)
            sources.append((f.path, code))
            for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                guard let r = line.range(of: "// expect: ") else { continue }
                for id in line[r.upperBound...].split(separator: ",") {
                    let trimmed = id.trimmingCharacters(in: .whitespaces)
                    if trimmed == ruleID { expected[Key(path: f.path, line: n + 1), default: 0] += 1 }
                }
            }
        }
        let rules: [any Rule] = [rule]
        let ds = await Support.lint(sources, rules: rules).filter { $0.ruleID == ruleID }
        var actual: [Key: Int] = [:]
        for d in ds { actual[Key(path: d.path, line: d.location.line), default: 0] += 1 }
        guard actual != expected else { return }
        var report = "\(caseName): findings differ from the inline expectations\n"
        let lines = Dictionary(uniqueKeysWithValues: sources.map { ($0.path, $0.code.split(separator: "\n", omittingEmptySubsequences: false)) })
        for key in Set(actual.keys).union(expected.keys).sorted() {
            let a = actual[key] ?? 0
            let e = expected[key] ?? 0
            guard a != e else { continue }
            let src = lines[key.path].map { key.line - 1 < $0.count ? String($0[key.line - 1]) : "" } ?? ""
            let file = URL(fileURLWithPath: key.path).lastPathComponent
            report += a > e ? "  unexpected (\(a) found, \(e) expected) \(file):\(key.line)\n" : "  missing (\(a) found, \(e) expected) \(file):\(key.line)\n"
            report += "      \(src)\n"
            for d in ds where d.path == key.path && d.location.line == key.line {
                report += "      \(String(repeating: " ", count: max(0, d.location.column - 1)))^ \(d.message)\n"
            }
        }
        XCTFail(report)
    }
}
