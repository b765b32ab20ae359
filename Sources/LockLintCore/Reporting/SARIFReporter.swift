/// `--format sarif`: SARIF 2.1.0 as GitHub code scanning reads it. Paths are relative to the
/// current directory (`%SRCROOT%`); `partialFingerprints` come from the finding's identity
/// (rule, path, line text, occurrence), so they stay the same when unrelated lines move.
/// Columns are UTF-16 code units (`columnKind`), SARIF's default, converted from the tool's
/// UTF-8 columns; every result's rule is in the driver's `rules`, `file_error` included.
public enum SARIFReporter {
    public static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var ruleIndex: [String: Int] = [:]
        // The rules that ran, then any other rule a result names (`file_error`, which no rule produces).
        var rules = context.rules
        var listed = Set(rules.map(\.id))
        for d in diagnostics where !listed.contains(d.ruleID) {
            listed.insert(d.ruleID)
            if d.ruleID == Linter.fileErrorRuleID {
                rules.append(.fileError)
            } else {
                rules.append(.init(id: d.ruleID, name: d.ruleID, summary: "", rationale: "", fix: "", severity: d.severity))
            }
        }
        let columns = context.utf16Columns
        func region(_ path: String, _ start: SourceLocation, _ end: SourceLocation?) -> String {
            var r = "\"region\": {\"startLine\": \(start.line), \"startColumn\": \(columns.column(path: path, line: start.line, column: start.column))"
            if let end { r += ", \"endLine\": \(end.line), \"endColumn\": \(columns.column(path: path, line: end.line, column: end.column))" }
            return r + "}"
        }
        var out = "{\n  \"$schema\": \"https://json.schemastore.org/sarif-2.1.0.json\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n"
        out += "      \"tool\": {\n        \"driver\": {\n          \"name\": \"swift-lock-lint\",\n          \"version\": "
        JSON.appendString(context.toolVersion, to: &out)
        out += ",\n          \"semanticVersion\": "
        JSON.appendString(context.toolVersion, to: &out)
        out += ",\n          \"rules\": ["
        for (k, r) in rules.enumerated() {
            ruleIndex[r.id] = k
            out += k == 0 ? "\n" : ",\n"
            out += "            {\"id\": "
            JSON.appendString(r.id, to: &out)
            out += ", \"name\": "
            JSON.appendString(upperCamel(r.id), to: &out)
            if !r.summary.isEmpty {
                out += ", \"shortDescription\": {\"text\": "
                JSON.appendString(r.summary, to: &out)
                out += "}"
            }
            if !r.rationale.isEmpty {
                out += ", \"fullDescription\": {\"text\": "
                JSON.appendString(r.rationale, to: &out)
                out += "}"
            }
            if !r.fix.isEmpty {
                out += ", \"help\": {\"text\": "
                JSON.appendString(r.fix, to: &out)
                out += ", \"markdown\": "
                let explain = r.id == Linter.fileErrorRuleID ? "" : "\n\nRun `swift-lock-lint --explain \(r.id)` for examples."
                JSON.appendString("**\(r.name)**: \(r.summary).\n\n\(r.rationale)\n\n**Fix:** \(r.fix)\(explain)", to: &out)
                out += "}"
            }
            out += ", \"defaultConfiguration\": {\"level\": \"\(level(r.severity))\"}}"
        }
        out += "\n          ]\n        }\n      },\n"
        out += "      \"originalUriBaseIds\": {\"%SRCROOT%\": {\"uri\": "
        JSON.appendString("file://" + uri(context.basePath.isEmpty ? "/" : context.basePath), to: &out)
        out += "}},\n      \"columnKind\": \"utf16CodeUnits\",\n      \"results\": ["
        for (k, d) in diagnostics.enumerated() {
            out += k == 0 ? "\n" : ",\n"
            out += "        {\"ruleId\": "
            JSON.appendString(d.ruleID, to: &out)
            if let idx = ruleIndex[d.ruleID] { out += ", \"ruleIndex\": \(idx)" }
            out += ", \"level\": \"\(level(d.severity))\", \"message\": {\"text\": "
            JSON.appendString(d.message + " — fix-it: " + d.fixIt.message, to: &out)
            out += "}, \"locations\": [{\"physicalLocation\": {\"artifactLocation\": {\"uri\": "
            JSON.appendString(uri(context.relative(d.path)), to: &out)
            out += ", \"uriBaseId\": \"%SRCROOT%\"}, " + region(d.path, d.location, d.endLocation) + "}}]"
            if !d.notes.isEmpty {
                out += ", \"relatedLocations\": ["
                for (j, n) in d.notes.enumerated() {
                    if j > 0 { out += ", " }
                    out += "{\"id\": \(j), \"message\": {\"text\": "
                    JSON.appendString(n.message, to: &out)
                    out += "}, \"physicalLocation\": {\"artifactLocation\": {\"uri\": "
                    JSON.appendString(uri(context.relative(n.path)), to: &out)
                    out += ", \"uriBaseId\": \"%SRCROOT%\"}, " + region(n.path, n.location, nil) + "}}"
                }
                out += "]"
            }
            if k < context.identities.count {
                out += ", \"partialFingerprints\": {\"swiftLockLint/v1\": \"\(context.identities[k].hash)\"}"
            }
            if !d.fixIt.edits.isEmpty {
                out += ", \"fixes\": [{\"description\": {\"text\": "
                JSON.appendString(d.fixIt.message + " (\(d.fixIt.applicability.rawValue))", to: &out)
                out += "}, \"artifactChanges\": [{\"artifactLocation\": {\"uri\": "
                JSON.appendString(uri(context.relative(d.path)), to: &out)
                out += ", \"uriBaseId\": \"%SRCROOT%\"}, \"replacements\": ["
                for (j, e) in d.fixIt.edits.enumerated() {
                    if j > 0 { out += ", " }
                    out += "{\"deletedRegion\": {\"byteOffset\": \(e.range.lowerBound), \"byteLength\": \(e.range.count)}, \"insertedContent\": {\"text\": "
                    JSON.appendString(e.replacement, to: &out)
                    out += "}}"
                }
                out += "]}]}]"
            }
            out += "}"
        }
        out += diagnostics.isEmpty ? "]\n    }\n  ]\n}\n" : "\n      ]\n    }\n  ]\n}\n"
        return out
    }

    static func level(_ s: Severity) -> String { s == .error ? "error" : "warning" }

    static func upperCamel(_ id: String) -> String {
        id.split(separator: "_").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    }

    /// A relative URI: each path segment percent-encoded as RFC 3986 requires.
    static func uri(_ path: String) -> String {
        var out = ""
        for b in path.utf8 {
            switch b {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"), UInt8(ascii: "+"):
                out.unicodeScalars.append(Unicode.Scalar(b))
            default:
                let hex = String(b, radix: 16, uppercase: true)
                out += "%" + (hex.count == 1 ? "0" + hex : hex)
            }
        }
        return out
    }
}
