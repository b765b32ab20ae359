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

    /// `swift-lock-lint --lsp` run as a process, the way an editor runs it.
    final class ServerProcess: @unchecked Sendable {
        let process = Process()
        private let input = Pipe()
        private let output = Pipe()
        private let condition = NSCondition()
        private var parser = LSPFrameParser()
        private var messages: [[String: Any]] = []
        private var ended = false

        init(environment: [String: String] = [:]) throws {
            process.executableURL = URL(fileURLWithPath: Support.executable)
            process.arguments = ["--lsp"]
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardInput = input
            process.standardOutput = output
            try process.run()
            let handle = output.fileHandleForReading
            Thread { [self] in
                while true {
                    let data = handle.availableData
                    condition.withLock {
                        if data.isEmpty { ended = true }
                        for frame in parser.feed(Array(data)) {
                            if case .message(let body) = frame, let m = try? JSONSerialization.jsonObject(with: Data(body)) as? [String: Any] {
                                messages.append(m)
                            }
                        }
                        condition.broadcast()
                    }
                    if data.isEmpty { return }
                }
            }.start()
        }

        func send(_ object: [String: Any]) {
            let body = try! JSONSerialization.data(withJSONObject: object)
            input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// Takes the first message (and everything before it) that `matches`; nil if the server's
        /// output ends first, or after a minute (a failure, not a measurement).
        func take(until matches: ([String: Any]) -> Bool) -> (before: [[String: Any]], match: [String: Any]?) {
            let deadline = Date().addingTimeInterval(60)
            return condition.withLock {
                while true {
                    if let k = messages.firstIndex(where: matches) {
                        let before = Array(messages[..<k])
                        let match = messages[k]
                        messages.removeFirst(k + 1)
                        return (before, match)
                    }
                    if ended || !condition.wait(until: deadline) { return (messages, nil) }
                }
            }
        }

        /// Closes the server's input and waits for it to end; its exit status.
        func finish() -> Int32 {
            try? input.fileHandleForWriting.close()
            process.waitUntilExit()
            return process.terminationStatus
        }
    }

    func frame(_ object: [String: Any]) -> [UInt8] {
        let data = try! JSONSerialization.data(withJSONObject: object)
        return Array(data)
    }

    static let source = "actor Cache {\n    private let lock = NSLock()\n}\nnonisolated(unsafe) let name = \"svc\"\n"

    func testOpenEditSaveCodeActionClose() async throws {
        let client = Client()
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
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
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
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
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
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
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
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

    // MARK: Lint workers

    /// Issue 20: `defer` typed before an `#if` trapped the lock-state walk and took the server
    /// down. The server process, sent that file and three edits that complete it, answers each
    /// with diagnostics and exits cleanly.
    func testTheServerProcessLintsADeferTypedBeforeAnIfUntilTheCodeIsComplete() throws {
        let server = try ServerProcess()
        let uri = "file:///tmp/swift-lock-lint-lsp-issue20/Sources/App/F.swift"
        let versions = [
            "func f() {\n    lock()\n    defer\n#if os(Linux)\n    {\n#elseif\n",
            "func f() {\n    lock()\n    defer\n#if os(Linux)\n    {\n#elseif os(macOS)\n    {\n#endif\n",
            "func f() {\n    lock()\n    defer {\n#if os(Linux)\n        unlock()\n#elseif os(macOS)\n        unlock()\n#endif\n",
            "func f() {\n    lock()\n    defer {\n#if os(Linux)\n        unlock()\n#elseif os(macOS)\n        unlock()\n#endif\n    }\n}\n",
        ]
        // (rule, 0-based line and character) of each version's findings: the lock taken on line
        // 2 is released nowhere until `defer` gets its block.
        let expected: [[String]] = [["lock_without_defer 1:4"], ["lock_without_defer 1:4"], [], []]
        server.send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        XCTAssertNotNil(server.take { $0["id"] as? Int == 1 }.match?["result"])
        server.send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        for (k, text) in versions.enumerated() {
            let version = k + 1
            if k == 0 {
                server.send(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                             "params": ["textDocument": ["uri": uri, "languageId": "swift", "version": version, "text": text]]])
            } else {
                server.send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                             "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]]])
            }
            let (before, published) = server.take {
                $0["method"] as? String == "textDocument/publishDiagnostics" && ($0["params"] as? [String: Any])?["version"] as? Int == version
            }
            XCTAssertEqual(before.count, 0, "version \(version): \(before)")
            let diagnostics = (published?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]]
            XCTAssertEqual(diagnostics.map(Self.summaries), expected[k], "version \(version)")
        }
        server.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        let reply = server.take { $0["id"] as? Int == 2 }
        XCTAssertTrue(reply.match?["result"] is NSNull, "\(reply)")
        server.send(["jsonrpc": "2.0", "method": "exit"])
        XCTAssertEqual(server.finish(), 0)
    }

    /// The worker lints a document as the command line lints the same path: under the
    /// configuration file found for it (read again after didChangeConfiguration), and as test
    /// code when its package says so.
    func testTheWorkerLintsWithTheDocumentsConfigurationAndPackageContext() async throws {
        let dir = try Support.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let manifest = "// swift-tools-version: 5.9\nimport PackageDescription\n"
            + "let package = Package(name: \"P\", targets: [.target(name: \"App\"), .testTarget(name: \"AppTests\")])\n"
        try manifest.write(to: dir.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let config = dir.appendingPathComponent(".swift-lock-lint.json")
        try #"{"rules": {"lock_in_actor": "off"}}"#.write(to: config, atomically: true, encoding: .utf8)
        let text = Self.source + "func bump() { Task { name += \"x\" } }\nfinal class Box: @unchecked Sendable {\n    var count = 0\n}\n"
        let source = dir.appendingPathComponent("Sources/App/A.swift")
        let test = dir.appendingPathComponent("Tests/AppTests/ATests.swift")
        for file in [source, test] { try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true) }

        let client = Client()
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers())
        await server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]]))
        _ = client.drain()
        func lint(_ file: URL, version: Int) async -> [String] {
            let method = version == 1 ? "textDocument/didOpen" : "textDocument/didChange"
            let params: [String: Any] = version == 1
                ? ["textDocument": ["uri": file.absoluteString, "version": version, "text": text]]
                : ["textDocument": ["uri": file.absoluteString, "version": version], "contentChanges": [["text": text]]]
            await server.receive(frame(["jsonrpc": "2.0", "method": method, "params": params]))
            await server.settle()
            let published = client.drain().last?["params"] as? [String: Any]
            return Self.summaries(published?["diagnostics"] as? [[String: Any]] ?? [])
        }
        /// The command line's findings for the same path and text, as "rule line:character".
        func commandLine(_ file: URL) async -> [String] {
            let run = await Support.run(["--stdin-path", file.path], stdin: text)
            return run.out.split(separator: "\n").compactMap { line -> String? in
                let parts = line.split(separator: ":")
                guard parts.count > 3, parts[3] == " warning", let rule = line.split(separator: "[").last?.dropLast(),
                      let row = Int(parts[1]), let column = Int(parts[2]) else { return nil }
                return "\(rule) \(row - 1):\(column - 1)"
            }
        }
        let sourceFindings = await lint(source, version: 1)
        XCTAssertEqual(sourceFindings, ["nonisolated_unsafe 3:0", "unchecked_sendable_unguarded 5:12"])
        let sourceOnTheCommandLine = await commandLine(source)
        XCTAssertEqual(sourceFindings, sourceOnTheCommandLine)
        let testFindings = await lint(test, version: 1)
        XCTAssertEqual(testFindings, [])
        let testOnTheCommandLine = await commandLine(test)
        XCTAssertEqual(testFindings, testOnTheCommandLine)

        // The configuration changes: read again, and its new bytes reach the worker.
        try "{}".write(to: config, atomically: true, encoding: .utf8)
        await server.receive(frame(["jsonrpc": "2.0", "method": "workspace/didChangeConfiguration", "params": ["settings": [String: Any]()]]))
        let again = await lint(source, version: 2)
        XCTAssertEqual(again, ["lock_in_actor 1:16", "nonisolated_unsafe 3:0", "unchecked_sendable_unguarded 5:12"])
        await server.receive(frame(["jsonrpc": "2.0", "method": "exit"]))
    }

    /// "rule line:character" for each published diagnostic.
    static func summaries(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.map { d in
            let start = (d["range"] as? [String: Any])?["start"] as? [String: Any]
            return "\(d["code"] as? String ?? "?") \(start?["line"] as? Int ?? -1):\(start?["character"] as? Int ?? -1)"
        }
    }

    /// A lint that crashes (the worker's test hook traps on a marker) costs that lint, not the
    /// server: the document keeps its diagnostics, the user is told once, the other document is
    /// still linted, the crashed one again on its next change, and shutdown and exit work.
    func testAWorkerCrashKeepsTheDocumentsDiagnosticsAndTheServerGoesOn() async throws {
        let client = Client()
        let workers = Support.workers(hook: "crash:TRAP-HERE")
        let server = LanguageServer(output: { client.take($0) }, workers: workers)
        let a = "file:///tmp/swift-lock-lint-lsp-crash/Sources/App/A.swift"
        let b = "file:///tmp/swift-lock-lint-lsp-crash/Sources/App/B.swift"
        let other = "nonisolated(unsafe) var count = 0\nfunc bump() { Task { count += 1 } }\n"
        func send(_ object: [String: Any]) async { await server.receive(frame(object)) }
        func change(_ uri: String, _ version: Int, _ text: String) async {
            await send(["jsonrpc": "2.0", "method": "textDocument/didChange",
                        "params": ["textDocument": ["uri": uri, "version": version], "contentChanges": [["text": text]]]])
            await server.settle()
        }
        func published(_ out: [[String: Any]]) -> [String] {
            out.compactMap { m in
                guard m["method"] as? String == "textDocument/publishDiagnostics", let p = m["params"] as? [String: Any] else { return nil }
                let name = (p["uri"] as? String)?.split(separator: "/").last ?? "?"
                return "\(name) v\(p["version"] as? Int ?? -1): " + Self.summaries(p["diagnostics"] as? [[String: Any]] ?? []).joined(separator: ", ")
            }
        }
        await send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        for (uri, text) in [(a, Self.source), (b, other)] {
            await send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": ["textDocument": ["uri": uri, "version": 1, "text": text]]])
            await server.settle()
        }
        XCTAssertEqual(published(client.drain()), ["A.swift v1: lock_in_actor 1:16, nonisolated_unsafe 3:0", "B.swift v1: nonisolated_unsafe 0:0"])

        // The worker traps on A's new text: nothing is published for A, the user is told.
        await change(a, 2, Self.source + "// TRAP-HERE\n")
        let out = client.drain()
        XCTAssertEqual(out.count, 1, "\(out)")
        XCTAssertEqual(out.first?["method"] as? String, "window/showMessage")
        let message = (out.first?["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("could not lint /tmp/swift-lock-lint-lsp-crash/Sources/App/A.swift: the lint worker crashed (signal"), message)
        let lintsAfterTheCrash = await server.lintsStarted
        XCTAssertEqual(lintsAfterTheCrash, 3, "the crashed text is not linted again")

        // A keeps its diagnostics: their code actions are still offered.
        await send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/codeAction",
                    "params": ["textDocument": ["uri": a], "range": ["start": ["line": 1, "character": 0], "end": ["line": 1, "character": 0]]]])
        let actions = client.drain().first?["result"] as? [[String: Any]] ?? []
        XCTAssertEqual(actions.compactMap { $0["title"] as? String }, ["Disable lock_in_actor for this line"])

        // The other document is linted in a new worker.
        await change(b, 2, "let lock = NSLock()\n" + other)
        XCTAssertEqual(published(client.drain()), ["B.swift v2: nonisolated_unsafe 1:0"])

        // Another crash on A is not announced again; a text that lints is published.
        await change(a, 3, Self.source + "// TRAP-HERE again\n")
        XCTAssertEqual(client.drain().count, 0)
        await change(a, 4, Self.source + "// fixed\n")
        XCTAssertEqual(published(client.drain()), ["A.swift v4: lock_in_actor 1:16, nonisolated_unsafe 3:0"])

        let pids = await workers.processIDs
        XCTAssertFalse(pids.isEmpty)
        await send(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
        XCTAssertTrue(client.drain().first?["result"] is NSNull)
        await send(["jsonrpc": "2.0", "method": "exit"])
        let code = await server.exitCode
        XCTAssertEqual(code, 0)
        // Every worker was stopped and reaped: none is left running, none is a zombie.
        let left = await workers.processIDs
        XCTAssertEqual(left, [])
        for pid in pids { XCTAssertEqual(kill(pid, 0) == -1 ? errno : 0, ESRCH, "worker \(pid) still exists") }
    }

    /// A lint that never ends (the test hook loops on a marker) is stopped at its time limit;
    /// the document keeps its diagnostics and is linted again on its next change.
    func testAWorkerThatHangsIsStoppedAtItsTimeLimit() async throws {
        let client = Client()
        let server = LanguageServer(output: { client.take($0) }, workers: Support.workers(hook: "hang:LOOP-HERE", timeLimit: .seconds(1)))
        let uri = "file:///tmp/swift-lock-lint-lsp-hang/Sources/App/A.swift"
        await server.receive(frame(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]]))
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didOpen",
                                    "params": ["textDocument": ["uri": uri, "version": 1, "text": Self.source + "// LOOP-HERE\n"]]]))
        await server.settle()
        var out = client.drain()
        XCTAssertEqual(out.compactMap { $0["method"] as? String }, ["window/showMessage"])
        let message = (out.last?["params"] as? [String: Any])?["message"] as? String ?? ""
        XCTAssertTrue(message.contains("A.swift: the lint did not finish within 1 s and was stopped"), message)
        await server.receive(frame(["jsonrpc": "2.0", "method": "textDocument/didChange",
                                    "params": ["textDocument": ["uri": uri, "version": 2], "contentChanges": [["text": Self.source]]]]))
        await server.settle()
        out = client.drain()
        XCTAssertEqual(out.count, 1)
        let diags = (out.first?["params"] as? [String: Any])?["diagnostics"] as? [[String: Any]] ?? []
        XCTAssertEqual(Self.summaries(diags), ["lock_in_actor 1:16", "nonisolated_unsafe 3:0"])
        await server.receive(frame(["jsonrpc": "2.0", "id": 2, "method": "shutdown"]))
        await server.receive(frame(["jsonrpc": "2.0", "method": "exit"]))
        let code = await server.exitCode
        XCTAssertEqual(code, 0)
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
