import Foundation
import LockLintCore
import LockLintRules

/// `swift-lock-lint --lsp`: a Language Server Protocol server over standard input and output.
///
/// Full-text sync; diagnostics are published after `didOpen`, `didChange` and `didSave`. Each
/// document is linted in a worker process (`LintWorkers`), several at once, so one slow
/// document never holds up the others and a crash or a hang in the analysis never takes the
/// server down: the document keeps the diagnostics of its last lint that finished, the user is
/// told once, and it is linted again on its next change (never again on the same text). At
/// most one lint runs per document: a change while it runs cancels it, and when it ends only
/// the newest text is linted (a burst of changes costs two lints, not one per change); a result
/// is published only if the document has not changed since. `exit` cancels the lints in
/// flight, stops the workers and returns at once. Code actions offer each safe fix and
/// "disable this rule for this line". Malformed input gets a JSON-RPC error (requests before
/// `initialize`: -32002; a batch: -32600), and serving goes on.
actor LanguageServer {
    struct Document {
        var uri: String
        var path: String
        var version: Int
        var bytes: [UInt8]
        /// Increases on every change; a lint result for an older generation is dropped.
        var generation: Int
        var diagnostics: [Diagnostic] = []
        /// The last lint of this document failed (the user has been told).
        var lintFailed = false
    }

    private let output: @Sendable ([UInt8]) -> Void
    private var documents: [String: Document] = [:]
    private var generation = 0
    private var shutdownRequested = false
    private var initialized = false
    private var utf8Positions = false
    private(set) var exitCode: Int32? = nil
    private let workers: LintWorkers
    /// Configuration files read and checked, by path: their bytes go to the workers.
    private var configurations: [String: [UInt8]] = [:]
    /// Configurations that failed to load (reported once, until a save or a configuration change).
    private var brokenConfigurations: Set<String> = []
    /// How many lints were started (tests check that stale texts are not linted).
    private(set) var lintsStarted = 0
    /// The lint in flight for each document (by URI), and the generation it lints.
    private var inFlight: [String: (generation: Int, task: Task<Void, Never>)] = [:]

    init(output: @escaping @Sendable ([UInt8]) -> Void, workers: LintWorkers) {
        self.output = output
        self.workers = workers
    }

    // MARK: Messages

    /// Handles one framed message body.
    func receive(_ body: [UInt8]) async {
        guard let json = try? JSONSerialization.jsonObject(with: Data(body)) else {
            send(error: -32700, message: "Parse error: the message is not JSON", id: NSNull())
            return
        }
        guard let message = json as? [String: Any] else {
            // Batches (arrays) are not supported; any other value is not a request either.
            send(error: -32600, message: json is [Any] ? "Invalid Request: batches are not supported" : "Invalid Request: not a JSON object",
                 id: NSNull())
            return
        }
        let id = message["id"]
        guard let method = message["method"] as? String else {
            if let id { send(error: -32600, message: "Invalid Request: no method", id: id) }
            return
        }
        let params = message["params"] as? [String: Any] ?? [:]
        if !initialized && method != "initialize" && method != "exit" {
            if let id { send(error: -32002, message: "Server not initialized", id: id) }
            return
        }
        if shutdownRequested && method != "exit" {
            if let id { send(error: -32600, message: "Invalid Request: the server is shutting down", id: id) }
            return
        }
        switch method {
        case "initialize":
            let general = (params["capabilities"] as? [String: Any])?["general"] as? [String: Any]
            let encodings = general?["positionEncodings"] as? [String] ?? []
            utf8Positions = encodings.contains("utf-8")
            initialized = true
            var capabilities: [String: Any] = [
                "textDocumentSync": ["openClose": true, "change": 1, "save": ["includeText": true]],
                "codeActionProvider": ["codeActionKinds": ["quickfix"]],
            ]
            capabilities["positionEncoding"] = utf8Positions ? "utf-8" : "utf-16"
            reply(id, ["capabilities": capabilities, "serverInfo": ["name": "swift-lock-lint", "version": CLI.version]])
            await workers.prestart()
        case "initialized", "$/cancelRequest", "$/setTrace", "workspace/didChangeConfiguration":
            if method == "workspace/didChangeConfiguration" { forgetConfigurations() }
        case "shutdown":
            shutdownRequested = true
            reply(id, NSNull())
        case "exit":
            exitCode = shutdownRequested ? 0 : 1
            // Nothing is published after exit: stop the lints in flight rather than wait for them.
            for (_, lint) in inFlight { lint.task.cancel() }
            inFlight.removeAll()
            await workers.close()
        case "textDocument/didOpen":
            guard let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String,
                  let text = doc["text"] as? String else { return invalidParams(id, method) }
            open(uri: uri, version: doc["version"] as? Int ?? 0, text: text)
        case "textDocument/didChange":
            guard let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String,
                  let changes = params["contentChanges"] as? [[String: Any]], let text = changes.last?["text"] as? String else {
                return invalidParams(id, method)
            }
            open(uri: uri, version: doc["version"] as? Int ?? (documents[uri]?.version ?? 0) + 1, bytes: Array(text.utf8))
        case "textDocument/didSave":
            guard let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String else { return invalidParams(id, method) }
            // A save may change the configuration next to the file: read it again.
            forgetConfigurations()
            if let text = params["text"] as? String {
                open(uri: uri, version: documents[uri]?.version ?? 0, text: text)
            } else if let d = documents[uri] {
                open(uri: uri, version: d.version, text: String(decoding: d.bytes, as: UTF8.self))
            }
        case "textDocument/didClose":
            guard let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String else { return invalidParams(id, method) }
            documents[uri] = nil
            inFlight[uri]?.task.cancel()
            notify("textDocument/publishDiagnostics", ["uri": uri, "diagnostics": [Any]()])
        case "textDocument/codeAction":
            guard let doc = params["textDocument"] as? [String: Any], let uri = doc["uri"] as? String,
                  let range = params["range"] as? [String: Any] else { return invalidParams(id, method) }
            reply(id, codeActions(uri: uri, range: range))
        default:
            if let id { send(error: -32601, message: "Method not found: \(method)", id: id) }
        }
    }

    /// Stops the workers (at the end of input).
    func close() async {
        await workers.close()
    }

    /// Waits until no lint is in flight (tests, and at the end of input).
    func settle() async {
        while let (uri, lint) = inFlight.first {
            await lint.task.value
            // `finish` may have started the next lint for this document: keep waiting for that one.
            if inFlight[uri]?.generation == lint.generation { inFlight[uri] = nil }
        }
    }

    // MARK: Documents

    /// A `didChange` already decoded on the reading thread (see `LSPIncoming`): storing the
    /// text is all the work done here, so a burst of changes is caught up with at once.
    func receiveChange(uri: String, version: Int?, text: [UInt8]) {
        guard initialized, !shutdownRequested else { return }
        open(uri: uri, version: version ?? (documents[uri]?.version ?? 0) + 1, bytes: text)
    }

    /// A `didOpen` already decoded on the reading thread.
    func receiveOpen(uri: String, version: Int, text: [UInt8]) {
        guard initialized, !shutdownRequested else { return }
        open(uri: uri, version: version, bytes: text)
    }

    private func open(uri: String, version: Int, text: String) {
        open(uri: uri, version: version, bytes: Array(text.utf8))
    }

    private func open(uri: String, version: Int, bytes: [UInt8]) {
        generation += 1
        let path = Self.path(fromURI: uri)
        documents[uri] = Document(uri: uri, path: path, version: version, bytes: bytes, generation: generation,
                                  diagnostics: documents[uri]?.diagnostics ?? [], lintFailed: documents[uri]?.lintFailed ?? false)
        if let running = inFlight[uri] {
            // Its result is stale already: stop it; `finish` then lints the newest text.
            running.task.cancel()
            return
        }
        startLint(uri)
    }

    /// Lints the current text of document `uri` in a task of its own.
    private func startLint(_ uri: String) {
        guard let doc = documents[uri], exitCode == nil else { return }
        let gen = doc.generation
        guard let configuration = configuration(forPath: doc.path) else {
            // Under a broken configuration the findings would be wrong: none are shown (as on
            // the command line), and the error was shown once.
            finish(uri: uri, generation: gen, outcome: .diagnostics([]))
            return
        }
        lintsStarted += 1
        let (path, text, workers) = (doc.path, doc.bytes, workers)
        inFlight[uri] = (gen, Task {
            let outcome = await workers.lint(path: path, text: text, configurationPath: configuration.path, configuration: configuration.bytes)
            self.finish(uri: uri, generation: gen, outcome: outcome)
        })
    }

    private func finish(uri: String, generation gen: Int, outcome: LintWorkers.Outcome) {
        if inFlight[uri]?.generation == gen { inFlight[uri] = nil }
        guard exitCode == nil, var doc = documents[uri] else { return }  // exited or closed
        guard doc.generation == gen else {
            // Changed while linting: lint the newest text (unless a lint of it already runs).
            if inFlight[uri] == nil { startLint(uri) }
            return
        }
        let diagnostics: [Diagnostic]
        switch outcome {
        case .diagnostics(let found):
            diagnostics = found
        case .cancelled:
            return
        case .failed(let why):
            // The document keeps the diagnostics last published for it, and is linted again on
            // its next change (not now: the same text would fail the same way).
            if !doc.lintFailed {
                doc.lintFailed = true
                documents[uri] = doc
                notify("window/showMessage", ["type": 2, "message": "swift-lock-lint could not lint \(doc.path): \(why). "
                                              + "Its diagnostics are from the last lint that finished; it is linted again when it changes."])
            }
            return
        }
        doc.diagnostics = diagnostics
        doc.lintFailed = false
        documents[uri] = doc
        let table = LineTable(doc.bytes)
        notify("textDocument/publishDiagnostics", [
            "uri": uri,
            "version": doc.version,
            "diagnostics": diagnostics.map { lspDiagnostic($0, doc: doc, lines: table) },
        ])
    }

    private func forgetConfigurations() {
        configurations.removeAll()
        brokenConfigurations.removeAll()
    }

    /// The configuration file that governs a document (no path: the defaults), read and checked
    /// here so that a broken one is shown once; nil when it is broken.
    private func configuration(forPath path: String) -> (path: String?, bytes: [UInt8])? {
        guard let configPath = ConfigurationLoader.discover(from: CLI.directory(of: path)) else { return (nil, []) }
        if brokenConfigurations.contains(configPath) { return nil }
        if let cached = configurations[configPath] { return (configPath, cached) }
        let problem: String
        do {
            let bytes = try FileIO.readFile(configPath)
            _ = try ConfigurationLoader.parse(bytes, path: configPath, knownRules: Set(RuleRegistry.ids))
            configurations[configPath] = bytes
            return (configPath, bytes)
        } catch let e as FileIOError {
            problem = "cannot read configuration \(configPath): \(e.reason)"
        } catch let e as ConfigurationError {
            problem = e.description
        } catch {
            problem = "\(configPath): \(error)"
        }
        brokenConfigurations.insert(configPath)
        notify("window/showMessage", ["type": 1, "message": "swift-lock-lint: " + problem])
        return nil
    }

    // MARK: Conversions

    static func path(fromURI uri: String) -> String {
        if let url = URL(string: uri), url.isFileURL { return url.path }
        return uri.hasPrefix("file://") ? String(uri.dropFirst(7)).removingPercentEncoding ?? uri : uri
    }

    /// An LSP position (0-based line, character in UTF-16 units or UTF-8 bytes) for a location.
    private func position(_ loc: SourceLocation, doc: Document, lines: LineTable) -> [String: Int] {
        let line = max(0, loc.line - 1)
        guard !utf8Positions, line < lines.count else { return ["line": line, "character": max(0, loc.column - 1)] }
        let start = lines.starts[line]
        let end = min(doc.bytes.count, start + max(0, loc.column - 1))
        let prefix = String(decoding: doc.bytes[start..<end], as: UTF8.self)
        return ["line": line, "character": prefix.utf16.count]
    }

    /// The byte offset of an LSP position.
    private func offset(_ pos: [String: Any], doc: Document, lines: LineTable) -> Int {
        let line = pos["line"] as? Int ?? 0
        let character = pos["character"] as? Int ?? 0
        guard line < lines.count else { return doc.bytes.count }
        let start = lines.starts[line]
        if utf8Positions { return min(doc.bytes.count, start + character) }
        let lineEnd = line + 1 < lines.count ? lines.starts[line + 1] : doc.bytes.count
        let text = String(decoding: doc.bytes[start..<lineEnd], as: UTF8.self)
        var units = 0
        var bytes = 0
        for scalar in text.unicodeScalars {
            if units >= character { break }
            units += scalar.utf16.count
            bytes += scalar.utf8.count
        }
        return start + bytes
    }

    private func lspDiagnostic(_ d: Diagnostic, doc: Document, lines: LineTable) -> [String: Any] {
        let start = position(d.location, doc: doc, lines: lines)
        let end = position(d.endLocation ?? d.location, doc: doc, lines: lines)
        var out: [String: Any] = [
            "range": ["start": start, "end": end],
            "severity": d.severity == .error ? 1 : 2,
            "code": d.ruleID,
            "source": "swift-lock-lint",
            "message": d.message + "\nfix-it: " + d.fixIt.message,
            "data": ["fixIt": d.fixIt.message, "applicability": d.fixIt.applicability.rawValue],
        ]
        if !d.notes.isEmpty {
            out["relatedInformation"] = d.notes.map { n -> [String: Any] in
                let p = position(n.location, doc: doc, lines: lines)
                return ["location": ["uri": doc.uri, "range": ["start": p, "end": p]], "message": n.message]
            }
        }
        return out
    }

    // MARK: Code actions

    private func codeActions(uri: String, range: [String: Any]) -> [[String: Any]] {
        guard let doc = documents[uri] else { return [] }
        let lines = LineTable(doc.bytes)
        let startLine = ((range["start"] as? [String: Any])?["line"] as? Int ?? 0) + 1
        let endLine = ((range["end"] as? [String: Any])?["line"] as? Int ?? 0) + 1
        var actions: [[String: Any]] = []
        for d in doc.diagnostics where d.location.line >= startLine && d.location.line <= endLine && d.ruleID != Linter.fileErrorRuleID {
            let diag = lspDiagnostic(d, doc: doc, lines: lines)
            if d.fixIt.applicability == .safe && !d.fixIt.edits.isEmpty {
                let edits = d.fixIt.edits.map { e -> [String: Any] in
                    let s = position(lines.location(of: e.range.lowerBound), doc: doc, lines: lines)
                    let t = position(lines.location(of: e.range.upperBound), doc: doc, lines: lines)
                    return ["range": ["start": s, "end": t], "newText": e.replacement]
                }
                actions.append(["title": "Fix: \(d.fixIt.message)", "kind": "quickfix", "isPreferred": true,
                                "diagnostics": [diag], "edit": ["changes": [uri: edits]]])
            }
            // `// swift-lock-lint:disable:next RULE` above the line, at its indentation.
            let lineStart = lines.starts[d.location.line - 1]
            var indentEnd = lineStart
            while indentEnd < doc.bytes.count && (doc.bytes[indentEnd] == 0x20 || doc.bytes[indentEnd] == 0x09) { indentEnd += 1 }
            let indent = String(decoding: doc.bytes[lineStart..<indentEnd], as: UTF8.self)
            let at = ["line": d.location.line - 1, "character": 0]
            actions.append(["title": "Disable \(d.ruleID) for this line", "kind": "quickfix", "diagnostics": [diag],
                            "edit": ["changes": [uri: [["range": ["start": at, "end": at],
                                                        "newText": "\(indent)// swift-lock-lint:disable:next \(d.ruleID) -- reason\(Fixer.lineEnding(of: doc.bytes, at: lineStart))"]]]]])
        }
        return actions
    }

    // MARK: Output

    private func reply(_ id: Any?, _ result: Any) {
        guard let id else { return }
        output(LSPFraming.frame(["jsonrpc": "2.0", "id": id, "result": result]))
    }

    private func notify(_ method: String, _ params: [String: Any]) {
        output(LSPFraming.frame(["jsonrpc": "2.0", "method": method, "params": params]))
    }

    private func send(error code: Int, message: String, id: Any) {
        output(LSPFraming.frame(["jsonrpc": "2.0", "id": id, "error": ["code": code, "message": message]]))
    }

    private func invalidParams(_ id: Any?, _ method: String) {
        if let id { send(error: -32602, message: "Invalid params for \(method)", id: id) }
    }
}

extension Result {
    var error: Failure? {
        if case .failure(let e) = self { return e }
        return nil
    }
}
