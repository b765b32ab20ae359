import Foundation
import XCTest
@testable import LockLintCLI
@testable import LockLintCore
import LockLintRules

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Paths that are not regular files, writes that must not replace what a path names, hostile
/// configuration bytes and file names, and the language server's framing after bad headers.
final class HostileInputTests: XCTestCase {
    var dir: URL!

    override func setUpWithError() throws { dir = try Support.temporaryDirectory() }
    override func tearDownWithError() throws {
        _ = chmodTree()
        try? FileManager.default.removeItem(at: dir)
    }

    func path(_ relative: String) -> String { dir.appendingPathComponent(relative).path }

    func write(_ relative: String, _ text: String) throws {
        let url = dir.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }

    func read(_ relative: String) throws -> String { try String(contentsOfFile: path(relative), encoding: .utf8) }

    /// Makes everything writable again so the folder can be removed.
    func chmodTree() -> Bool {
        guard let e = FileManager.default.enumerator(atPath: dir.path) else { return false }
        for case let p as String in e { chmod(dir.appendingPathComponent(p).path, 0o755) }
        return true
    }

    // MARK: Paths that are not regular files never block

    func testAFIFONamedAnywhereIsRefusedWithoutBlocking() async throws {
        XCTAssertEqual(mkfifo(path("pipe.swift"), 0o644), 0)
        try write("A.swift", "let s = DispatchSemaphore(value: 0)\n")
        // Each of these used to block forever in open(2), waiting for a writer.
        let lint = await Support.run([path("pipe.swift"), path("A.swift")])
        XCTAssertEqual(lint.code, 1)
        XCTAssertTrue(lint.out.contains("pipe.swift:1:1: error: cannot read file: is a FIFO (named pipe), not a regular file [file_error]"), lint.out)
        XCTAssertTrue(lint.out.contains("A.swift:1:9: warning:"), lint.out)
        let config = await Support.run(["--config", path("pipe.swift"), path("A.swift")])
        XCTAssertEqual(config.code, 2)
        XCTAssertTrue(config.err.contains("is a FIFO"), config.err)
        let baseline = await Support.run(["--baseline", path("pipe.swift"), path("A.swift")])
        XCTAssertEqual(baseline.code, 2)
        XCTAssertTrue(baseline.err.contains("is a FIFO"), baseline.err)
        let dump = await Support.run(["--dump-tokens", path("pipe.swift")])
        XCTAssertEqual(dump.code, 2)
        XCTAssertTrue(dump.err.contains("is a FIFO"), dump.err)
    }

    func testADeviceIsNotReadAsASourceFile() {
        XCTAssertThrowsError(try FileIO.readFile("/dev/zero")) { e in
            XCTAssertEqual((e as? FileIOError)?.reason, "is a device, not a regular file")
        }
    }

    // MARK: Writes

    func testWritingThroughASymbolicLinkKeepsTheLink() throws {
        try write("real/A.swift", "old\n")
        XCTAssertEqual(symlink(path("real/A.swift"), path("link.swift")), 0)
        try FileIO.writeAtomically(path("link.swift"), Array("new\n".utf8))
        var st = stat()
        XCTAssertEqual(lstat(path("link.swift"), &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFLNK)
        XCTAssertEqual(try read("real/A.swift"), "new\n")
    }

    func testAHardLinkedFileIsRewrittenInPlace() throws {
        try write("A.swift", "old\n")
        XCTAssertEqual(link(path("A.swift"), path("B.swift")), 0)
        try FileIO.writeAtomically(path("A.swift"), Array("new\n".utf8))
        XCTAssertEqual(try read("B.swift"), "new\n")
        var a = stat(), b = stat()
        XCTAssertEqual(stat(path("A.swift"), &a), 0)
        XCTAssertEqual(stat(path("B.swift"), &b), 0)
        XCTAssertEqual(a.st_ino, b.st_ino)
    }

    func testModeIsKeptAndAReadOnlyFileIsLeftAlone() throws {
        try write("A.swift", "old\n")
        chmod(path("A.swift"), 0o640)
        try FileIO.writeAtomically(path("A.swift"), Array("new\n".utf8))
        var st = stat()
        XCTAssertEqual(stat(path("A.swift"), &st), 0)
        XCTAssertEqual(st.st_mode & 0o777, 0o640)
        XCTAssertEqual(try read("A.swift"), "new\n")

        try write("R.swift", "old\n")
        chmod(path("R.swift"), 0o444)
        XCTAssertThrowsError(try FileIO.writeAtomically(path("R.swift"), Array("new\n".utf8))) { e in
            XCTAssertEqual((e as? FileIOError)?.reason, "is read-only; left unchanged")
        }
        XCTAssertEqual(try read("R.swift"), "old\n")
    }

    func testTheOwnerIsKept() throws {
        // Only root can give a file to someone else (to set the test up).
        try XCTSkipUnless(geteuid() == 0, "needs root to change a file's owner")
        try write("A.swift", "old\n")
        XCTAssertEqual(chown(path("A.swift"), 1234, 1234), 0)
        try FileIO.writeAtomically(path("A.swift"), Array("new\n".utf8))
        var st = stat()
        XCTAssertEqual(stat(path("A.swift"), &st), 0)
        XCTAssertEqual(st.st_uid, 1234)
        XCTAssertEqual(st.st_gid, 1234)
        XCTAssertEqual(try read("A.swift"), "new\n")
    }

    func testFixLeavesAReadOnlyFileAloneWithAMessage() async throws {
        let source = "import Foundation\nlet x: Int = 1\nfinal class C: @unchecked Sendable {\n    nonisolated(unsafe) let n: Int = 0\n}\n"
        try write("R.swift", source)
        chmod(path("R.swift"), 0o444)
        let r = await Support.run(["--fix", path("R.swift")])
        XCTAssertEqual(try read("R.swift"), source)
        XCTAssertTrue(r.err.contains("cannot write \(path("R.swift")): is read-only; left unchanged"), r.err)
    }

    func testOutputIntoAFIFOWritesIntoItAndKeepsIt() async throws {
        XCTAssertEqual(mkfifo(path("out.fifo"), 0o644), 0)
        try write("A.swift", "let s = DispatchSemaphore(value: 0)\n")
        let fifo = path("out.fifo")
        // A reader on its own thread, as a pipeline's next command would be.
        let received = Captured()
        let reader = Thread {
            let fd = open(fifo, O_RDONLY)
            var buf = [UInt8](repeating: 0, count: 4096)
            while fd >= 0 {
                let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, 4096) }
                if n <= 0 { break }
                received.append(String(decoding: buf[0..<n], as: UTF8.self))
            }
            close(fd)
        }
        reader.start()
        // Through a link to it, as `-o /dev/stdout` is a link to the process's output.
        XCTAssertEqual(symlink(fifo, path("out.link")), 0)
        let r = await Support.run(["-o", path("out.link"), path("A.swift")])
        XCTAssertEqual(r.code, 1)
        var st = stat()
        XCTAssertEqual(lstat(fifo, &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFIFO)
        XCTAssertEqual(lstat(path("out.link"), &st), 0)
        XCTAssertEqual(st.st_mode & S_IFMT, S_IFLNK)
        for _ in 0..<200 where !received.value.contains("[dispatch_semaphore]") { try await Task.sleep(for: .milliseconds(10)) }
        XCTAssertTrue(received.value.contains("A.swift:1:9: warning:"), received.value)
    }

    // MARK: The text format stays one finding per line

    func testALineBreakInAFileNameIsEscapedInTheTextFormat() async throws {
        try write("a\nb.swift", "let s = DispatchSemaphore(value: 0)\n")
        let r = await Support.run([dir.path])
        let lines = r.out.split(separator: "\n")
        XCTAssertEqual(lines.count, 2, r.out)
        XCTAssertTrue(lines[0].hasSuffix("/a\\nb.swift:1:9: warning: DispatchSemaphore blocks a thread while waiting; in async code it can starve the cooperative pool [dispatch_semaphore]")
                      || lines[0].contains("/a\\nb.swift:1:9: warning: "), r.out)
        XCTAssertTrue(CLITests.matches(CLITests.findingLine, String(lines[0])), String(lines[0]))
        XCTAssertEqual(TextReporter.escapedPath("a\u{1B}[31m\tb\r"), "a\\u001B[31m\\tb\\r")
    }

    // MARK: Configuration bytes

    func testConfigurationDuplicateNestedKeySurrogatePairsAndBadUTF8() async throws {
        try write("p/A.swift", "let x = 1\n")
        let cases: [(String, String)] = [
            ("{\"rules\": {\"dispatch_semaphore\": {\"severity\": \"error\", \"severity\": \"warning\"}}}",
             ":1:56: error: 'severity' is given twice (first at 1:35)"),
            ("{\"lockTypes\": [\"\\ud83d\"]}", ":1:17: error: invalid JSON: unpaired UTF-16 surrogate in a \\u escape"),
            ("{\"lockTypes\": [\"\\ude00\\ud83d\"]}", ":1:17: error: invalid JSON: unpaired UTF-16 surrogate in a \\u escape"),
        ]
        for (json, expected) in cases {
            try write("p/.swift-lock-lint.json", json)
            let r = await Support.run([path("p")])
            XCTAssertEqual(r.code, 2, json)
            XCTAssertTrue(r.err.hasPrefix(path("p/.swift-lock-lint.json") + expected), "\(json)\n→ \(r.err)")
        }
        // Non-UTF-8 bytes are reported where they are, not replaced.
        try Data([0x7B, 0x22, 0x6C, 0x6F, 0x63, 0x6B, 0x54, 0x79, 0x70, 0x65, 0x73, 0x22, 0x3A, 0x5B, 0x22, 0xFF, 0x22, 0x5D, 0x7D])
            .write(to: URL(fileURLWithPath: path("p/.swift-lock-lint.json")))
        let bad = await Support.run([path("p")])
        XCTAssertEqual(bad.code, 2)
        XCTAssertTrue(bad.err.hasPrefix(path("p/.swift-lock-lint.json") + ":1:16: error: invalid JSON: the file is not valid UTF-8 (byte 0xFF)"), bad.err)
        // A valid surrogate pair is a character like any other.
        let node = try JSONReader.parse(Array("{\"a\": \"x\\ud83d\\ude00y\"}".utf8))
        guard case .object(let members) = node.value, case .string(let text) = members.first?.value.value else { return XCTFail("\(node)") }
        XCTAssertEqual(text, "x😀y")
    }

    // MARK: Language server

    func message(_ object: [String: Any]) -> [UInt8] { Array(try! JSONSerialization.data(withJSONObject: object)) }

    func testABurstOfChangesLintsOnlyTheNewestText() async throws {
        let client = LanguageServerTests.Client()
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
        let uri = "file:///tmp/swift-lock-lint-lsp-burst/Sources/App/Cache.swift"
        await server.receive(message(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [String: Any]()]))
        await server.receive(message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                      "params": ["textDocument": ["uri": uri, "version": 1, "text": "let x = 1\n"]]]))
        // The burst arrives while the server is busy (one turn of the actor), as when the
        // reading thread has queued it: every change but the last is stale before it is linted.
        var burst: [LSPIncoming] = []
        for v in 2...200 {
            let text = v == 200 ? "let s = DispatchSemaphore(value: 0)\n" : "let x = \(v)\n"
            let body = message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                "params": ["textDocument": ["uri": uri, "version": v], "contentChanges": [["text": text]]]])
            // Half decoded on the reading thread, half the plain way.
            burst.append(v % 2 == 0 ? LSPIncoming.decode(body) : .message(body))
        }
        await server.receiveInOneTurn(burst)
        await server.settle()
        let published = client.drain().compactMap { m -> Int? in
            guard m["method"] as? String == "textDocument/publishDiagnostics" else { return nil }
            return (m["params"] as? [String: Any])?["version"] as? Int
        }
        // Version 1 may have been published before the burst; nothing between it and 200 is.
        XCTAssertTrue(published == [200] || published == [1, 200], "\(published)")
        // At most three lints, not one per change: version 1's, the first change's (cancelled by
        // the next one, when version 1's had already ended), and the newest once that one ended.
        let lints = await server.lintsStarted
        XCTAssertLessThanOrEqual(lints, 3)
    }

    func testExitDuringALintPublishesNothingMore() async throws {
        let client = LanguageServerTests.Client()
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
        let uri = "file:///tmp/swift-lock-lint-lsp-exit/Sources/App/Big.swift"
        await server.receive(message(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": [String: Any]()]))
        _ = client.drain()
        let big = String(repeating: "final class C: @unchecked Sendable { var v = 0; let lock = NSLock(); func f() { lock.lock(); v += 1; lock.unlock() } }\n", count: 20000)
        await server.receive(message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                      "params": ["textDocument": ["uri": uri, "version": 1, "text": big]]]))
        await server.receive(message(["jsonrpc": "2.0", "method": "exit"]))
        let code = await server.exitCode
        XCTAssertEqual(code, 1)  // exit without shutdown
        await server.settle()    // returns: the lint was cancelled and nothing waits for it
        XCTAssertTrue(client.drain().isEmpty)
    }

    func testOnlyAFullTextDidChangeIsDecodedOnTheReadingThread() {
        let change = message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                              "params": ["textDocument": ["uri": "file:///a.swift", "version": 3], "contentChanges": [["text": "é\n"]]]])
        guard case .change(let uri, let version, let text) = LSPIncoming.decode(change) else { return XCTFail("not a change") }
        XCTAssertEqual(uri, "file:///a.swift")
        XCTAssertEqual(version, 3)
        XCTAssertEqual(text, Array("é\n".utf8))
        // A request with that method, or a change with a range, goes the ordinary way.
        let request = message(["jsonrpc": "2.0", "id": 4, "method": "textDocument/didChange", "params": [String: Any]()])
        guard case .message = LSPIncoming.decode(request) else { return XCTFail("a request was decoded as a change") }
        let ranged = message(["jsonrpc": "2.0", "method": "textDocument/didChange",
                              "params": ["textDocument": ["uri": "file:///a.swift"], "contentChanges": [["range": [String: Any](), "text": "x"]]]])
        guard case .message = LSPIncoming.decode(ranged) else { return XCTFail("a ranged change was decoded as a full text") }
        let open = message(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                            "params": ["textDocument": ["uri": "file:///b.swift", "version": 7, "text": "let y = 2\n"]]])
        guard case .open("file:///b.swift", 7, let opened) = LSPIncoming.decode(open) else { return XCTFail("not an open") }
        XCTAssertEqual(opened, Array("let y = 2\n".utf8))
        let other = message(["jsonrpc": "2.0", "id": 5, "method": "shutdown"])
        guard case .message(let same) = LSPIncoming.decode(other) else { return XCTFail("shutdown was decoded") }
        XCTAssertEqual(same, other)
    }

    /// The texts of `didOpen` and `didChange` are read from the bytes without Foundation: what they
    /// decode to must be what Foundation's reader gives, and a message the byte reader does not
    /// take whole still goes the ordinary way.
    func testDirectTextReadingAgreesWithFoundation() throws {
        func viaFoundation(_ raw: String) -> LSPIncoming? { viaFoundation(Array(raw.utf8)) }
        func viaFoundation(_ raw: [UInt8]) -> LSPIncoming? {
            guard let json = try? JSONSerialization.jsonObject(with: Data(raw)) as? [String: Any],
                  let params = json["params"] as? [String: Any], let doc = params["textDocument"] as? [String: Any],
                  let uri = doc["uri"] as? String else { return nil }
            if let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String {
                return .change(uri: uri, version: doc["version"] as? Int, text: Array(text.utf8))
            }
            return (doc["text"] as? String).map { .open(uri: uri, version: doc["version"] as? Int ?? 0, text: Array($0.utf8)) }
        }
        let texts = [#"a\nb\t\"q\"\\ \/ \u00e9 \ud83d\ude00 \u0000 é🔒"#, "", #"\r\n"#, "plain"]
        for text in texts {
            for raw in [
                #"{"jsonrpc":"2.0","method":"textDocument\/didChange","params":{"textDocument":{"uri":"file:\/\/\/a%20b.swift","version":12},"contentChanges":[{"text":"x"},{"text":"\#(text)"}]}}"#,
                #"{ "method" : "textDocument/didOpen" , "params" : { "textDocument" : { "languageId" : "swift", "uri" : "file:///é.swift", "text" : "\#(text)", "version" : -3 }, "extra": [1, 2.5e3, -0.0, true, false, null, {"k": []}] } }"#,
            ] {
                XCTAssertNotNil(LSPTextMessage.read(Array(raw.utf8)), "not read from the bytes: \(raw)")
                let decoded = LSPIncoming.decode(Array(raw.utf8))
                guard let expected = viaFoundation(raw) else { return XCTFail("Foundation does not read \(raw)") }
                switch (decoded, expected) {
                case (.change(let u, let v, let t), .change(let eu, let ev, let et)):
                    XCTAssertEqual(u, eu); XCTAssertEqual(v, ev); XCTAssertEqual(t, et)
                case (.open(let u, let v, let t), .open(let eu, let ev, let et)):
                    XCTAssertEqual(u, eu); XCTAssertEqual(v, ev); XCTAssertEqual(t, et)
                default:
                    XCTFail("\(raw) decoded as \(decoded), expected \(expected)")
                }
            }
        }
        // Not taken whole by the byte reader (a repeated key, a lone surrogate, a version that is
        // not a plain integer, a number JSON does not allow, bytes that are not UTF-8, text after
        // the object): decoded by Foundation as before, or left to the server as a message.
        let refused = [
            #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","uri":"v"},"contentChanges":[{"text":"x"}]}}"#,
            #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[{"text":"\udc00"}]}}"#,
            #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":2.0},"contentChanges":[{"text":"x"}]}}"#,
            #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u","version":+2},"contentChanges":[{"text":"x"}]}}"#,
            #"{"method":"textDocument/didChange","params":{"textDocument":{"uri":"u"},"contentChanges":[{"text":"x"}]}} x"#,
        ]
        var bad = Array(#"{"method":"textDocument/didOpen","params":{"textDocument":{"uri":"u","text":"x"}}}"#.utf8)
        bad[bad.count - 5] = 0xFF
        for raw in refused.map({ Array($0.utf8) }) + [bad] {
            XCTAssertNil(LSPTextMessage.read(raw), "read from the bytes: \(String(decoding: raw, as: UTF8.self))")
            let decoded = LSPIncoming.decode(raw)
            switch (decoded, viaFoundation(raw)) {
            case (.message, nil): break
            case (.change(let u, let v, let t), .change(let eu, let ev, let et)?):
                XCTAssertEqual(u, eu); XCTAssertEqual(v, ev); XCTAssertEqual(t, et)
            case (.open(let u, let v, let t), .open(let eu, let ev, let et)?):
                XCTAssertEqual(u, eu); XCTAssertEqual(v, ev); XCTAssertEqual(t, et)
            default: XCTFail("\(String(decoding: raw, as: UTF8.self)) decoded as \(decoded)")
            }
        }
    }

    // MARK: Language server framing

    func testFramingResynchronisesAfterBadHeaders() {
        var p = LSPFrameParser()
        let body = Array(#"{"a":1}"#.utf8)
        let good = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var input: [UInt8] = []
        input += Array("Content-Lenght: 7\r\n\r\n".utf8) + body + good      // misspelled
        input += Array("Content-Length: 1000000000000\r\n\r\n".utf8) + body + good  // 10^12
        input += Array("Content-Length: 7\n\n".utf8) + body                  // LF only: accepted
        input += Array("garbage without a header".utf8) + good
        var frames: [LSPFrameParser.Frame] = []
        // Fed in small pieces, as a pipe may deliver it.
        var k = 0
        while k < input.count {
            frames += p.feed(Array(input[k..<min(input.count, k + 5)]))
            k += 5
        }
        XCTAssertEqual(frames, [
            .malformedHeader("no valid Content-Length in header"), .message(body),
            .malformedHeader("Content-Length 1000000000000 exceeds the limit of 67108864 bytes"), .message(body),
            .message(body),
            .malformedHeader("malformed header line"), .message(body),
        ])
    }
}

extension LanguageServer {
    /// Handles `messages` without letting anything else (a lint finishing) run in between.
    func receiveInOneTurn(_ messages: [LSPIncoming]) async {
        for m in messages {
            switch m {
            case .message(let body): await receive(body)
            case .change(let uri, let version, let text): receiveChange(uri: uri, version: version, text: text)
            case .open(let uri, let version, let text): receiveOpen(uri: uri, version: version, text: text)
            case .malformedHeader: break
            }
        }
    }
}
