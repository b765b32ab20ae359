import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore

/// The command line as users and CI scripts meet it: exit codes, the text format, the walker,
/// bad input, determinism.
final class CLITests: FolderTestCase {
    static let findingLine = try! NSRegularExpression(pattern: #"^(.+?):(\d+):(\d+): (warning|error): (.*) \[([a-z_]+)\]$"#)
    static let noteLine = try! NSRegularExpression(pattern: #"^(.+?):(\d+):(\d+): note: (.*)$"#)

    static func matches(_ re: NSRegularExpression, _ line: String) -> Bool {
        re.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    func testCleanTreeExitsZeroAndFindingsExitOne() async throws {
        try write("Clean.swift", "final class A { let lock = NSLock() }\n")
        let clean = await Support.run([path("Clean.swift")])
        XCTAssertEqual(clean.code, 0)
        XCTAssertEqual(clean.out, "")
        XCTAssertTrue(clean.err.contains("1 file linted, 0 findings"), clean.err)

        try write("Bad.swift", "actor A {\n    let lock = NSLock()\n}\n")
        let bad = await Support.run([path("Bad.swift")])
        XCTAssertEqual(bad.code, 1)
        let lines = bad.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 2)
        XCTAssertTrue(Self.matches(Self.findingLine, lines[0]), lines[0])
        XCTAssertTrue(lines[0].hasPrefix("\(path("Bad.swift")):2:9: warning: "), lines[0])
        XCTAssertTrue(lines[0].hasSuffix("[lock_in_actor]"))
        XCTAssertTrue(Self.matches(Self.noteLine, lines[1]))
        XCTAssertTrue(lines[1].contains(": note: fix-it: "))
        XCTAssertFalse(bad.out.contains("swift-lock-lint:"), "the summary goes to stderr only")
    }

    func testFailOnThresholds() async throws {
        try write("W.swift", "actor A { let lock = NSLock() }\n")
        let warnOnly = await Support.run(["--fail-on", "error", path("W.swift")])
        XCTAssertEqual(warnOnly.code, 0)
        XCTAssertFalse(warnOnly.out.isEmpty)
        let never = await Support.run(["--fail-on=never", path("W.swift")])
        XCTAssertEqual(never.code, 0)
        try write("E.swift", "func f() async {\n    lock.lock()\n    await g()\n    lock.unlock()\n}\n")
        let error = await Support.run(["--fail-on", "error", path("E.swift")])
        XCTAssertEqual(error.code, 1)
        XCTAssertTrue(error.out.contains(":3:5: error: "), error.out)
    }

    func testUsageErrorsExitTwo() async {
        for args in [["--no-such-flag"], ["--jobs", "0"], ["--fail-on", "sometimes"], ["--only-rule", "no_such_rule", "."],
                     ["--explain", "no_such_rule"], ["--dump-tokens"], ["/definitely/not/here"]] {
            let r = await Support.run(args)
            XCTAssertEqual(r.code, 2, "\(args): \(r.err)")
            XCTAssertFalse(r.err.isEmpty, "\(args) must explain itself")
            XCTAssertEqual(r.out, "")
        }
    }

    func testAMissingPathAmongOthersIsReportedAndTheRestIsStillLinted() async throws {
        try write("Here.swift", "actor A { let lock = NSLock() }\n")
        try write("Clean.swift", "let x = 1\n")
        let r = await Support.run([path("Here.swift"), path("gone.swift")])
        XCTAssertEqual(r.code, 2, "a missing path fails the run even when there are findings")
        XCTAssertTrue(r.err.contains("no such file or directory: \(path("gone.swift"))"), r.err)
        XCTAssertTrue(r.out.contains("Here.swift:1:15: warning: actor 'A' stores NSLock 'lock'"), r.out)
        XCTAssertTrue(r.err.contains("1 file linted, 1 finding"), r.err)
        let clean = await Support.run([path("gone.swift"), path("Clean.swift")])
        XCTAssertEqual(clean.code, 2, "a clean file does not hide a missing path")
        XCTAssertTrue(clean.err.contains("1 file linted, 0 findings"), clean.err)
    }

    func testUnreadableAndBinaryFilesAreReportedAndTheRunGoesOn() async throws {
        try write("a/Good.swift", "actor A { let lock = NSLock() }\n")
        try write("a/Binary.swift", "abc\u{0}def")
        try write("a/Latin1.swift", "let x = 1\n")
        // Invalid UTF-8 (a Latin-1 byte) inside a comment: reported, and the file is still linted.
        let latin = Array("// caf".utf8) + [0xE9] + Array("\nlet s = DispatchSemaphore(value: 1)\n".utf8)
        FileManager.default.createFile(atPath: path("a/Latin1.swift"), contents: Data(latin))
        try write("a/Locked.swift", "let x = 1\n")
        chmod(path("a/Locked.swift"), 0)
        defer { chmod(path("a/Locked.swift"), 0o644) }
        let r = await Support.run(["--enable-all-rules", path("a")])
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.contains("Binary.swift:1:1: error: binary file: NUL byte at 1:4; not linted [file_error]"), r.out)
        XCTAssertTrue(r.out.contains("Latin1.swift:1:7: error: file is not valid UTF-8"), r.out)
        XCTAssertTrue(r.out.contains("Latin1.swift:2:9: warning: semaphore"), r.out)
        XCTAssertTrue(r.out.contains("Good.swift:1:15: warning: actor 'A' stores NSLock 'lock'"), r.out)
        if getuid() != 0 {
            XCTAssertTrue(r.out.contains("Locked.swift:1:1: error: cannot read file: Permission denied [file_error]"), r.out)
        }
    }

    func testWalkerSkipsHiddenBuildAndCheckoutFoldersAndDoesNotFollowLinks() async throws {
        try write("Sources/A.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write(".build/B.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write(".hidden/C.swift", "let s = DispatchSemaphore(value: 0)\n")
        // An app's own local packages are linted; dependency checkouts are not, and are named.
        try write("Packages/Feature/Sources/D.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Pods/Lib/F.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Carthage/Checkouts/Lib/G.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Build/SourcePackages/checkouts/Lib/H.swift", "let s = DispatchSemaphore(value: 0)\n")
        try write("Sources/notes.txt", "DispatchSemaphore")
        try FileManager.default.createSymbolicLink(atPath: path("Sources/loop"), withDestinationPath: dir.path)
        let outside = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: outside) }
        try "let s = DispatchSemaphore(value: 0)\n".write(to: outside.appendingPathComponent("E.swift"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: path("Sources/E.swift"), withDestinationPath: outside.appendingPathComponent("E.swift").path)
        let r = await Support.run(["--enable-all-rules", dir.path])
        let files = Set(r.out.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
        XCTAssertEqual(files, [path("Sources/A.swift"), path("Packages/Feature/Sources/D.swift")])
        XCTAssertTrue(r.err.contains("2 files linted"), r.err)
        XCTAssertTrue(r.err.contains("3 dependency folders skipped ("), r.err)
        for skipped in ["Pods", "Carthage/Checkouts", "Build/SourcePackages/checkouts"] {
            XCTAssertTrue(r.err.contains(path(skipped)), r.err)
        }
    }

    func testGeneratedFilesAreSkippedUnlessAsked() async throws {
        try write("Gen.pb.swift", "// DO NOT EDIT.\n// swift-format-ignore-file\nactor A { let lock = NSLock() }\n")
        let skipped = await Support.run([dir.path])
        XCTAssertEqual(skipped.code, 0)
        XCTAssertTrue(skipped.err.contains("1 generated file skipped"), skipped.err)
        let included = await Support.run(["--include-generated", dir.path])
        XCTAssertEqual(included.code, 1)
    }

    /// Generators' output by where it lies: a `Generated` folder (any case, at any depth inside the
    /// walk) or a `*.generated.swift` name. A folder the user names is linted, and so is a file
    /// whose name or folder only contains the word.
    func testGeneratedFoldersAndNamesAreSkippedUnlessAsked() async throws {
        let finding = "actor A { let lock = NSLock() }\n"
        try write("App/Generated/Assets.swift", finding)
        try write("Sources/Kit/OpenApi/generated/Models/Call.swift", finding)
        try write("Sources/Kit/AutoMockable.generated.swift", finding)
        try write("Sources/Kit/Regenerated/Kept.swift", finding)
        try write("Sources/Kit/GeneratedIDs.swift", finding)
        try write("Sources/Kit/generated.swift", finding)
        let r = await Support.run([dir.path])
        let files = Set(r.out.split(separator: "\n").compactMap { $0.split(separator: ":").first.map(String.init) })
        XCTAssertEqual(files, [path("Sources/Kit/Regenerated/Kept.swift"), path("Sources/Kit/GeneratedIDs.swift"),
                               path("Sources/Kit/generated.swift")])
        XCTAssertTrue(r.err.contains("3 generated files skipped"), r.err)
        let all = await Support.run(["--include-generated", dir.path])
        XCTAssertEqual(all.out.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 6)
        // Named directly, a generated folder is what the user wants linted; a generated name is not.
        let named = await Support.run([path("Sources/Kit/OpenApi/generated")])
        XCTAssertEqual(named.out.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 1, named.out)
        let file = await Support.run([path("Sources/Kit/AutoMockable.generated.swift")])
        XCTAssertEqual(file.code, 0)
        XCTAssertTrue(file.err.contains("1 generated file skipped"), file.err)
    }

    func testOutputIsDeterministicWhateverTheParallelism() async throws {
        for k in 0..<40 {
            try write("M\(k % 7)/F\(k).swift", "actor A\(k) {\n  let lock = NSLock()\n  let s = DispatchSemaphore(value: \(k % 3))\n}\n")
        }
        let one = await Support.run(["--enable-all-rules", "--jobs", "1", dir.path])
        let many = await Support.run(["--enable-all-rules", "-j", "8", dir.path])
        XCTAssertEqual(one.out, many.out)
        XCTAssertEqual(one.out.split(separator: "\n").filter { $0.contains(": warning: ") }.count, 120)
        // Sorted by path, then line.
        let paths = one.out.split(separator: "\n").filter { $0.contains(": warning: ") }.map { String($0.split(separator: ":")[0]) }
        XCTAssertEqual(paths, paths.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    func testStdinPath() async throws {
        let r = await Support.run(["--stdin-path", "Sources/App/Cache.swift"], stdin: "actor Cache {\n    let lock = NSLock()\n}\n")
        XCTAssertEqual(r.code, 1)
        XCTAssertTrue(r.out.hasPrefix("Sources/App/Cache.swift:2:9: warning: actor 'Cache' stores NSLock 'lock'"), r.out)
    }

    func testSuppressionsAndSuperfluousDisable() async throws {
        try write("S.swift", """
            // swift-lock-lint:disable:next dispatch_semaphore -- legacy bridge
            let a = DispatchSemaphore(value: 0)
            let b = DispatchSemaphore(value: 0) // swift-lock-lint:disable:this dispatch_semaphore
            // swift-lock-lint:disable dispatch_semaphore
            let c = DispatchSemaphore(value: 0)
            // swift-lock-lint:enable dispatch_semaphore
            let d = DispatchSemaphore(value: 0)
            // swift-lock-lint:disable:next nonisolated_unsafe
            let e = 1
            // swift-lock-lint:disable:next not_a_rule
            let f = 2
            // Prose that mentions swift-lock-lint:disable:next all is not a directive.
            /// Nor is a doc comment: swift-lock-lint:disable all
            let g = 3

            """)
        let r = await Support.run(["--enable-all-rules", path("S.swift")])
        let findings = r.out.split(separator: "\n").filter { Self.matches(Self.findingLine, String($0)) }
        XCTAssertEqual(findings.count, 3, r.out)
        guard findings.count == 3 else { return }
        XCTAssertTrue(findings[0].contains("S.swift:7:9: warning: semaphore 'd'"))
        XCTAssertTrue(findings[1].contains("S.swift:8:1: warning: 'disable:next nonisolated_unsafe' suppresses no finding [superfluous_disable]"))
        XCTAssertTrue(findings[2].contains("S.swift:10:1: warning: suppression comment names unknown rule 'not_a_rule' [superfluous_disable]"))
        // --only-rule: disables of rules that did not run are not superfluous.
        let only = await Support.run(["--only-rule", "dispatch_semaphore", path("S.swift")])
        XCTAssertEqual(only.out.split(separator: "\n").filter { Self.matches(Self.findingLine, String($0)) }.count, 1, only.out)
    }

    func testListRulesExplainVersionHelp() async {
        let list = await Support.run(["--list-rules"])
        XCTAssertEqual(list.code, 0)
        for id in ["lock_in_actor", "await_in_lock", "unchecked_sendable_unguarded", "dispatch_semaphore", "nonisolated_unsafe"] {
            XCTAssertTrue(list.out.contains(id))
        }
        let explain = await Support.run(["--explain", "await_in_lock"])
        XCTAssertEqual(explain.code, 0)
        XCTAssertTrue(explain.out.contains("## How to fix it"))
        let version = await Support.run(["--version"])
        XCTAssertTrue(version.out.hasPrefix("swift-lock-lint "))
        let help = await Support.run(["--help"])
        XCTAssertTrue(help.out.contains("EXIT CODES"))
    }

    func testDumpTokens() async throws {
        try write("T.swift", "let x = \"a\\(b)\"")
        let r = await Support.run(["--dump-tokens", path("T.swift")])
        XCTAssertEqual(r.code, 0)
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 6)
        XCTAssertEqual(lines[3], #"{"kind":"string","text":"\"a\\(","line":1,"column":9,"offset":8,"length":4}"#)
        for l in lines {
            let obj = try JSONSerialization.jsonObject(with: Data(l.utf8)) as? [String: Any]
            XCTAssertEqual(Set(obj?.keys.map { $0 } ?? []), ["kind", "text", "line", "column", "offset", "length"])
        }
    }

    func testDumpTokensKeepsNeverCompiledBranchesThatTheLintDrops() async throws {
        // `--dump-tokens` is compared with swift-syntax's lexer, which lexes `#if false` branches;
        // the lint drops them (the compiler never reads them).
        let source = "#if false\nlet hidden = 1 // gone\n#else\nlet shown = 2\n#endif\n"
        try write("F.swift", source)
        let r = await Support.run(["--dump-tokens", path("F.swift")])
        XCTAssertEqual(r.code, 0)
        XCTAssertTrue(r.out.contains(#""text":"hidden""#), r.out)
        XCTAssertTrue(r.out.contains(#""text":"\/\/ gone""#) || r.out.contains(#""text":"// gone""#), r.out)
        XCTAssertTrue(r.out.contains(#""text":"shown""#), r.out)
        let linted = Lexer.tokenize(Array(source.utf8)).map { String(decoding: Array(source.utf8)[$0.range], as: UTF8.self) }
        XCTAssertFalse(linted.contains("hidden"), "\(linted)")
        XCTAssertFalse(linted.contains("// gone"), "\(linted)")
        XCTAssertTrue(linted.contains("shown"), "\(linted)")
    }

    func testAnUnguardedAccessInAPrivateHelperPointsAtTheCallThatLacksTheLock() async throws {
        try write("Pool.swift", """
            import Foundation
            final class Pool: @unchecked Sendable {
                private let lock = NSLock()
                private var timer: Int?
                func start() { lock.withLock { timer = 1 } }
                func stop() { lock.withLock { cancelTimer() } }
                func shutdown() {
                    cancelTimer()
                }
                private func cancelTimer() { timer = nil }
            }

            """)
        let r = await Support.run([path("Pool.swift")])
        XCTAssertEqual(r.code, 1)
        let lines = r.out.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.filter { $0.contains(": warning: ") }.map { String($0.split(separator: "/").last ?? "") },
                       ["Pool.swift:10:34: warning: 'timer' of @unchecked Sendable class 'Pool' is written without holding 'lock' [unchecked_sendable_unguarded]"])
        XCTAssertTrue(lines.contains(path("Pool.swift") + ":8:9: note: 'cancelTimer()' is called here without 'lock', so its access to 'timer' is unguarded"), r.out)
    }
}
