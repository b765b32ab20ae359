import XCTest
@testable import LockLintCore
import LockLintRules

/// The engine's state writes on their own: which names a file may write, which declarations a
/// `nonisolated` modifier marks, and what a file writes of the variables asked about.
final class StateWritesTests: XCTestCase {
    func structure(_ code: String, path: String = "W.swift") -> FileStructure {
        FileStructure(file: SourceFile(path: path, text: code))
    }

    func extract(_ code: String, names: [String]) -> StateWrites {
        let s = structure(code)
        return StateWrites.extract(s, regions: { LockRegions(s, vocabulary: .default) }, names: StateWrites.NameFilter(names))
    }

    let writer = """
        func configure(_ other: Box) {
            Config.verbose = true
            counter += 1
            other.total = 3
            print(reader)
        }
        """

    func testExtractRecordsOnlyTheNamedVariables() {
        let w = extract(writer, names: ["verbose", "total"])
        XCTAssertEqual(Set(w.sites.keys), ["Config.verbose"])
        XCTAssertEqual(w.sites["Config.verbose"]?.map(\.line), [2])
        XCTAssertEqual(w.memberNames, ["total"])
        XCTAssertFalse(w.touched.contains("counter"))
        // Every name asked about: the global's write is there too.
        XCTAssertEqual(extract(writer, names: ["verbose", "counter"]).sites["counter"]?.map(\.line), [3])
        // A name the file never writes: nothing at all.
        XCTAssertEqual(extract(writer, names: ["reader", "missing"]), StateWrites())
    }

    func testWrittenNamesHoldWritesNotReads() {
        let written = StateWrites.writtenNames(structure(writer))
        XCTAssertEqual(written, written.sorted())
        XCTAssertTrue(StateWrites.NameFilter(["counter"]).meets(written))
        XCTAssertTrue(StateWrites.NameFilter(["missing", "verbose"]).meets(written))
        XCTAssertFalse(StateWrites.NameFilter(["reader"]).meets(written))
        XCTAssertFalse(StateWrites.NameFilter(["missing"]).meets(written))
        // More names asked about than the file writes: looked up the other way round.
        let many = (0..<50).map { "name\($0)" }
        XCTAssertTrue(StateWrites.NameFilter(many + ["total"]).meets(written))
        XCTAssertFalse(StateWrites.NameFilter(many + ["reader"]).meets(written))
    }

    func testNonisolatedNames() {
        let s = structure("""
            nonisolated(unsafe) var cache: [String: Int] = [:]
            var plain = 0
            enum Config { nonisolated(unsafe) static var verbose = false }
            """)
        XCTAssertEqual(StateWrites.nonisolatedNames(s), ["cache", "verbose"])
    }

    /// The whole run: a write in another file is found, and a file that writes nothing asked
    /// about changes nothing.
    func testWritesOfOtherFilesReachTheRule() async {
        let declaring = (path: "Sources/App/Config.swift", code: """
            enum Config {
                nonisolated(unsafe) static var verbose = false
                static func show() { print(verbose) }
            }
            """)
        let writing = (path: "Sources/App/Setup.swift", code: "func setUp() { Config.verbose = true }\n")
        let unrelated = (path: "Sources/App/Other.swift", code: "var count = 0\nfunc bump() { count += 1 }\n")
        let found = await Support.lint([declaring, writing, unrelated], rules: [NonisolatedUnsafeRule()])
        XCTAssertEqual(found.count, 1)
        XCTAssertTrue(found.first?.message.contains("in Setup.swift at line 1") ?? false, found.first?.message ?? "")
        let alone = await Support.lint([declaring, unrelated], rules: [NonisolatedUnsafeRule()])
        XCTAssertFalse(alone.contains { $0.message.contains("is written") })
    }

    func testWritesThroughMembersAndMethodsSayHow() {
        let w = extract("""
            func tune() {
                Prefs.current.title = "x"
                Prefs.current.limits.max += 1
                Prefs.counter.advance()
                Prefs.queue.push { $0 }
                shift(&Prefs.origin.x)
                Prefs.plain = Prefs()
                if Prefs.flag.isOn { print(1) }
            }
            """, names: ["current", "counter", "queue", "origin", "plain", "flag"])
        XCTAssertEqual(w.sites["Prefs.current"]?.map(\.through), [".", "."])
        XCTAssertEqual(w.sites["Prefs.counter"]?.map(\.through), ["advance"])
        XCTAssertEqual(w.sites["Prefs.queue"]?.map(\.through), ["push"])
        XCTAssertEqual(w.sites["Prefs.origin"]?.map(\.through), ["."])
        XCTAssertEqual(w.sites["Prefs.plain"]?.map(\.through), [""])
        // Read in a condition whose body follows: no call, no write.
        XCTAssertNil(w.sites["Prefs.flag"])
        XCTAssertFalse(w.touched.contains("Prefs.flag"))
    }

    func testReservedWordNamesAreMatchedAsMembers() {
        let w = extract("func set() { Theme.default.accent = 1 }", names: ["default"])
        XCTAssertEqual(w.sites["Theme.default"]?.map(\.through), ["."])
        // A reserved word that is not after a dot is not a name.
        XCTAssertTrue(extract("func f() { switch x { default: break } }", names: ["default"]).sites.isEmpty)
    }

    /// Test code of another module sets what the module it tests declares: written, so no
    /// "never written"; a variable nothing writes is still reported.
    func testWritesFromATestModuleCount() async {
        let library = """
            nonisolated(unsafe) var onFailure: (String) -> Void = { print($0) }
            nonisolated(unsafe) var banner = "ready"
            func fail(_ s: String) { print(banner); onFailure(s) }
            """
        let tests = "import XCTest\n@testable import Lib\nextension XCTestCase { func intercept() { onFailure = { _ in } } }\n"
        let inputs = [
            LintInput(path: "Sources/Lib/Hooks.swift", bytes: Array(library.utf8), context: FileContext(module: "Sources/Lib")),
            LintInput(path: "Tests/LibTests/HookTests.swift", bytes: Array(tests.utf8),
                      context: FileContext(isTestLocation: true, module: "Tests/LibTests")),
        ]
        let settings = LintSettings(rules: [NonisolatedUnsafeRule()], configuration: Configuration(), includeGenerated: true, jobs: 2,
                                    knownRuleIDs: Set(RuleRegistry.ids))
        let found = await Linter.lint(inputs, settings: settings).diagnostics.filter { $0.message.contains("never written") }
        XCTAssertEqual(found.map(\.location.line), [2])
    }
}
