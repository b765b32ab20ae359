import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore
import LockLintRules

/// Helpers shared by the tests.
enum Support {
    static let marker: Character = "↓"

    /// Removes `↓` markers, returning the clean source and each marker's 1-based line and UTF-8 column.
    static func stripMarkers(_ code: String) -> (String, [SourceLocation]) {
        var clean = ""
        var locations: [SourceLocation] = []
        var line = 1
        var column = 1
        for ch in code {
            if ch == marker {
                locations.append(SourceLocation(line: line, column: column))
                continue
            }
            clean.append(ch)
            if ch == "\n" {
                line += 1
                column = 1
            } else {
                column += ch.utf8.count
            }
        }
        return (clean, locations)
    }

    /// Lints in-memory files (the first is the one under test) with the given rules.
    static func lint(_ files: [(path: String, code: String)], rules: [any Rule], configuration: Configuration = Configuration()) async -> [Diagnostic] {
        // Hermetic: the file context comes from the path alone, not from a manifest on disk.
        let inputs = files.map {
            LintInput(path: $0.path, bytes: Array($0.code.utf8), context: FileContext(isTestLocation: FileContext.testLocation(byPath: $0.path)))
        }
        let settings = LintSettings(rules: rules, configuration: configuration, includeGenerated: true, jobs: 2, knownRuleIDs: Set(RuleRegistry.ids))
        return await Linter.lint(inputs, settings: settings).diagnostics
    }

    /// Runs the CLI with captured output.
    /// One rule's findings on a fixture under `TestFixtures/` (a file, or a folder of files linted together).
    static func lintFixture(_ folder: String, _ rule: any Rule) async throws -> [Diagnostic] {
        let url = packageRoot.appendingPathComponent("TestFixtures").appendingPathComponent(folder)
        var files: [(path: String, code: String)] = []
        if folder.hasSuffix(".swift") {
            files = [(url.path, try String(contentsOf: url, encoding: .utf8))]
        } else {
            let names = FileManager.default.enumerator(atPath: url.path)?.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.sorted() ?? []
            for n in names {
                files.append((url.appendingPathComponent(n).path, try String(contentsOf: url.appendingPathComponent(n), encoding: .utf8)))
            }
        }
        return await lint(files, rules: [rule]).filter { $0.ruleID == rule.description.id }
    }

    static func run(_ args: [String], stdin: String = "") async -> (code: Int32, out: String, err: String) {
        let out = Captured()
        let err = Captured()
        let bytes = Array(stdin.utf8)
        let io = IO(out: { out.append($0) }, err: { err.append($0) }, readStdin: { bytes })
        let code = await CLI.run(args, io: io)
        return (code, out.value, err.value)
    }

    /// The `swift-lock-lint` built with the tests (next to the test bundle): the language
    /// server's lint worker, and the server run as a process.
    static var executable: String {
        // The bundle is the build folder itself (Linux) or a `.xctest` folder in it (macOS).
        let bundle = Bundle(for: Captured.self).bundleURL
        let candidates = [bundle, bundle.deletingLastPathComponent()].map { $0.appendingPathComponent("swift-lock-lint").path }
        return candidates.first { FileManager.default.isExecutableFile(atPath: $0) } ?? candidates[1]
    }

    /// Lint workers for an in-process language server, running `executable`; `hook` is the
    /// worker's test hook (`LintWorker.testHookVariable`).
    static func workers(hook: String? = nil, timeLimit: Duration? = nil) -> LintWorkers {
        // A crash on purpose prints no backtrace into the test log.
        var environment = ["SWIFT_BACKTRACE": "enable=no"]
        environment[LintWorker.testHookVariable] = hook
        return LintWorkers(launch: .init(executable: executable, environment: environment), timeLimit: timeLimit)
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("swift-lock-lint-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

/// A thread-safe string sink for captured output (NSLock: the package also supports macOS 13).
final class Captured: @unchecked Sendable {
    private let lock = NSLock()
    private var text = ""
    func append(_ s: String) { lock.withLock { text += s } }
    var value: String { lock.withLock { text } }
}

/// A test case with a fresh temporary folder per test, and helpers to write files into it.
class FolderTestCase: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws {
        dir = try Support.temporaryDirectory()
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: dir)
    }

    @discardableResult
    func write(_ relative: String, _ bytes: [UInt8]) throws -> String {
        let url = dir.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
        return url.path
    }

    @discardableResult
    func write(_ relative: String, _ text: String) throws -> String { try write(relative, Array(text.utf8)) }

    func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }
}
