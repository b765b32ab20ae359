import Foundation
import XCTest
@testable import LockLintCLI
import LockLintCore

/// A scripted LSP client: open, edit, save, ask for code actions, close; malformed input.
final class LanguageServerTests: XCTestCase {
    /// Collects the server's framed output and decodes it back into messages.
    final class Client: @unchecked Sendable {
        private let lock = NSLock()
        private var parser = LSPFrameParser()
        private var messages: [[String: Any]] = []

        func take(_ bytes: [UInt8]) {
            lock.withLock {
                for frame in parser.feed(bytes) {
                    if case .message(let body) = frame, let m = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
                        messages.append(m)
                    }
                }
            }
        }

        func drain() -> [[String: Any]] {
            lock.withLock {
                defer { messages.removeAll() }
                return messages
            }
        }
    }

    func frame(_ object: [String: Any]) -> [UInt8] {
        let data = try! JSONSerialization.data(withJSONObject: object)
        return Array(data)
    }

    static let source = "actor Cache {\n    private let lock = NSLock()\n}\nnonisolated(unsafe) let name = \"svc\"\n"

    func testOpenEditSaveCodeActionClose() async throws {
        let client = Client()
        let server = LanguageServer(output: { client.take($0) })
        let uri = "file:///tmp/swift-lock-lint-lsp/Sources/App/Cache.swift"

        await server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]]))
        var out = client.drain()
        XCTAssertEqual(out.count, 1)
        let caps = (out[0]["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual((caps?["textDocumentSync"] as? [String: Any])?["change"] as? Int, 1)
        XCTAssertEqual(caps?["positionEncoding"] as? String, "utf-16")
        await server.receive(frame(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()]))

        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": uri, "languageId": "swift", "version": 1, "text": Self.source]]]))
        await server.settle()
        out = client.drain()
        XCTAssertEqual(out.count, 1)
        XCTAssertEqual(out[0]["method"] as? String, "textDocument/publishDiagnostics")
        var params = try XCTUnwrap(out[0]["params"] as? [String: Any])
        XCTAssertEqual(params["version"] as? Int, 1)
        var diags = try XCTUnwrap(params["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diags.map { $0["code"] as? String }, ["lock_in_actor", "nonisolated_unsafe"])
        let first = diags[0]
        XCTAssertEqual(((first["range"] as? [String: Any])?["start"] as? [String: Any])?["line"] as? Int, 1)
        XCTAssertEqual(((first["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int, 16)
        XCTAssertEqual(first["severity"] as? Int, 2)
        XCTAssertTrue((first["message"] as? String)?.contains("fix-it:") == true)

        // Edit: the lock goes away (full sync); UTF-16 columns after a non-ASCII character.
        let edited = "// café ☕️\nnonisolated(unsafe) let name = \"svc\"\n"
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                    "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": edited]]]]))
        await server.settle()
        out = client.drain()
        params = try XCTUnwrap(out.last?["params"] as? [String: Any])
        XCTAssertEqual(params["version"] as? Int, 2)
        diags = try XCTUnwrap(params["diagnostics"] as? [[String: Any]])
        XCTAssertEqual(diags.map { $0["code"] as? String }, ["nonisolated_unsafe"])

        // Code actions on line 1 (0-based): the safe fix and "disable for this line".
        await server.receive(frame(["jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
                                    "params": ["textDocument": ["uri": uri],
                                               "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]],
                                               "context": ["diagnostics": diags]]]))
        out = client.drain()
        let actions = try XCTUnwrap(out[0]["result"] as? [[String: Any]])
        XCTAssertEqual(actions.count, 2)
        XCTAssertTrue((actions[0]["title"] as? String)?.hasPrefix("Fix: remove nonisolated(unsafe)") == true)
        let edit = try XCTUnwrap(((actions[0]["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]])
        XCTAssertEqual(edit[0]["newText"] as? String, "")
        XCTAssertEqual(actions[1]["title"] as? String, "Disable nonisolated_unsafe for this line")

        // Save, then close: diagnostics are cleared.
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]]))
        await server.settle()
        _ = client.drain()
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didClose", "params": ["textDocument": ["uri": uri]]]))
        out = client.drain()
        XCTAssertEqual(((out.last?["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count, 0)

        await server.receive(frame(["jsonrpc": "2.0", "id": 3, "method": "shutdown"]))
        await server.receive(frame(["jsonrpc": "2.0", "method": "exit"]))
        let code = await server.exitCode
        XCTAssertEqual(code, 0)
    }

    func testMalformedMessagesGetErrorsAndServingGoesOn() async throws {
        let client = Client()
        let server = LanguageServer(output: { client.take($0) })
        await server.receive(Array("{not json".utf8))
        // Before `initialize`, a request is refused with -32002 and a notification is dropped.
        await server.receive(frame(["jsonrpc": "2.0", "id": 6, "method": "textDocument/codeAction", "params": [String: Any]()]))
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": "file:///tmp/A.swift", "version": 1, "text": "let x = 1\n"]]]))
        await server.receive(frame(["jsonrpc": "2.0", "id": 9, "method": "initialize", "params": [String: Any]()]))
        await server.receive(frame(["jsonrpc": "2.0", "id": 7, "method": "no/suchMethod"]))
        await server.receive(frame(["jsonrpc": "2.0", "id": 8, "method": "textDocument/didOpen", "params": ["textDocument": 3]]))
        // A batch is not supported: one -32600 error with a null id.
        await server.receive(Array(#"[{"jsonrpc": "2.0", "id": 10, "method": "shutdown"}]"#.utf8))
        await server.settle()
        let out = client.drain()
        XCTAssertEqual(out.count, 6)
        XCTAssertEqual((out[0]["error"] as? [String: Any])?["code"] as? Int, -32700)
        XCTAssertEqual((out[1]["error"] as? [String: Any])?["code"] as? Int, -32002)
        XCTAssertEqual(out[1]["id"] as? Int, 6)
        XCTAssertNotNil(out[2]["result"])
        XCTAssertEqual(out[2]["id"] as? Int, 9)
        XCTAssertEqual((out[3]["error"] as? [String: Any])?["code"] as? Int, -32601)
        XCTAssertEqual((out[4]["error"] as? [String: Any])?["code"] as? Int, -32602)
        XCTAssertEqual((out[5]["error"] as? [String: Any])?["code"] as? Int, -32600)
        XCTAssertTrue(out[5]["id"] is NSNull)
    }

    func testFrameParserHandlesSplitsAndGarbage() {
        var p = LSPFrameParser()
        let body = Array(#"{"a":1}"#.utf8)
        let framed = Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
        var frames = p.feed(Array(framed[0..<10]))
        XCTAssertTrue(frames.isEmpty)
        frames = p.feed(Array(framed[10...]) + Array("Content-Type: x\r\n\r\n".utf8) + framed)
        XCTAssertEqual(frames, [.message(body), .malformedHeader("no valid Content-Length in header"), .message(body)])
    }

    func testUTF8PositionsWhenTheClientAsks() async throws {
        let client = Client()
        let server = LanguageServer(output: { client.take($0) })
        await server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize",
                                    "params": ["capabilities": ["general": ["positionEncodings": ["utf-8", "utf-16"]]]]]))
        let caps = (client.drain()[0]["result"] as? [String: Any])?["capabilities"] as? [String: Any]
        XCTAssertEqual(caps?["positionEncoding"] as? String, "utf-8")
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": "file:///tmp/x/A.swift", "version": 1,
                                                                "text": "/* é */ nonisolated(unsafe) var x = 0\nfunc bump() { x += 1 }\n"]]]))
        await server.settle()
        let params = client.drain().last?["params"] as? [String: Any]
        let d = (params?["diagnostics"] as? [[String: Any]])?.first
        XCTAssertEqual(((d?["range"] as? [String: Any])?["start"] as? [String: Any])?["character"] as? Int, 9)
    }

    func testABrokenConfigurationIsShownOnceAndNothingIsLintedUnderItUntilASave() async throws {
        let dir = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let config = dir.appendingPathComponent(".swift-lock-lint.json")
        try "{\"rules\": ".write(to: config, atomically: true, encoding: .utf8)
        let uri = dir.appendingPathComponent("A.swift").absoluteString
        let client = Client()
        let server = LanguageServer(output: { client.take($0) })
        await server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]]))
        _ = client.drain()
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": uri, "version": 1, "text": Self.source]]]))
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                    "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": Self.source + "\n"]]]]))
        await server.settle()
        var out = client.drain()
        let shown = out.filter { $0["method"] as? String == "window/showMessage" }
        XCTAssertEqual(shown.count, 1, "the error is shown once, not on every keystroke")
        let text = (shown.first?["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(text.contains(".swift-lock-lint.json:1:11: error: invalid JSON"), text)
        let published = out.filter { $0["method"] as? String == "textDocument/publishDiagnostics" }
        XCTAssertEqual(published.count, 2)
        for p in published { XCTAssertEqual(((p["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count, 0) }
        // Fixed and saved: read again, and the document is linted.
        try "{}".write(to: config, atomically: true, encoding: .utf8)
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didSave", "params": ["textDocument": ["uri": uri]]]))
        await server.settle()
        out = client.drain()
        XCTAssertEqual(out.count, 1)
        let diags = (out.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(diags.map { $0["code"] as? String }, ["lock_in_actor", "nonisolated_unsafe"])
    }

    func testWorkerMessagesRoundTripAndBadFramesThrow() throws {
        let d = Diagnostic(ruleID: "lock_in_actor", severity: .error, message: "é message", path: "/a/B.swift",
                           location: SourceLocation(line: 3, column: 7), offset: 41, endLocation: SourceLocation(line: 3, column: 11),
                           notes: [Note(path: "/a/B.swift", location: SourceLocation(line: 1, column: 1), message: "here")],
                           fixIt: FixIt("remove it", edits: [Edit(range: 40..<45, replacement: "x\r\n")], applicability: .safe))
        let plain = Diagnostic(ruleID: "r", severity: .warning, message: "", path: "", location: SourceLocation(line: 1, column: 1), fixIt: FixIt(""))
        let replies: [WorkerReply] = [.result(id: 7, diagnostics: [d, plain]), .result(id: -1, diagnostics: []), .cancelled(id: 9)]
        let requests: [WorkerRequest] = [
            .lint(WorkerJob(id: 1, path: "/a/B.swift", configurationPath: "/a/.swift-lock-lint.json", configuration: Array("{}".utf8), text: Array("let x = 1\n".utf8))),
            .lint(WorkerJob(id: 2, path: "B.swift", configurationPath: nil, configuration: [], text: [])),
            .cancel(id: 3),
        ]
        // All the frames in one stream, fed a few bytes at a time.
        let stream = replies.flatMap(\.frame) + requests.flatMap(\.frame)
        var reader = WireFrameReader()
        var payloads: [[UInt8]] = []
        for start in stride(from: 0, to: stream.count, by: 3) { payloads += try reader.feed(stream[start..<min(stream.count, start + 3)]) }
        XCTAssertEqual(payloads.count, 6)
        XCTAssertEqual(try payloads[0..<3].map { try WorkerReply(decoding: $0) }, replies)
        XCTAssertEqual(try payloads[3..<6].map { try WorkerRequest(decoding: $0) }, requests)
        // Cut short, a byte too many, a backwards edit range, a count larger than the frame: errors, not traps.
        let full = Array(replies[0].frame.dropFirst(4))
        XCTAssertThrowsError(try WorkerReply(decoding: Array(full.dropLast())))
        XCTAssertThrowsError(try WorkerReply(decoding: full + [0]))
        var backwards = WireWriter()
        backwards.int(1); backwards.int(7); backwards.int(1)
        var bad = d
        bad.fixIt.edits = [Edit(range: 40..<45, replacement: "")]
        backwards.diagnostic(bad)
        var bytes = Array(backwards.frame.dropFirst(4))
        // The edit's lower bound is the 24th byte from the end (lower, upper, replacement length).
        bytes.replaceSubrange((bytes.count - 24)..<(bytes.count - 16), with: [50, 0, 0, 0, 0, 0, 0, 0])
        XCTAssertThrowsError(try WorkerReply(decoding: bytes)) { XCTAssertEqual(($0 as? WireError)?.what, "bad edit range 50..<45") }
        XCTAssertThrowsError(try WorkerReply(decoding: [1, 0, 0, 0, 0, 0, 0, 0, 7, 0, 0, 0, 0, 0, 0, 0, 255, 255, 255, 255, 0, 0, 0, 0]))
        var huge = WireFrameReader()
        XCTAssertThrowsError(try huge.feed([255, 255, 255, 255]))
    }
}
