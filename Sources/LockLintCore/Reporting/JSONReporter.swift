/// `--format json`: one stable, documented object (schema version 1).
///
///     {"version":1,"tool":{"name":"swift-lock-lint","version":"…"},
///      "summary":{"files":N,"findings":N,"errors":N,"warnings":N},
///      "findings":[{"ruleId","severity","path","line","column","endLine","endColumn","message",
///                   "notes":[{"path","line","column","message"}],
///                   "fixIt":{"message","applicability","edits":[{"offset","length","replacement"}]},
///                   "fingerprint"}]}
public enum JSONReporter {
    public static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "{\"version\":1,\"tool\":{\"name\":\"swift-lock-lint\",\"version\":"
        JSON.appendString(context.toolVersion, to: &out)
        let errors = diagnostics.filter { $0.severity == .error }.count
        out += "},\"summary\":{\"files\":\(context.filesLinted),\"findings\":\(diagnostics.count),\"errors\":\(errors),\"warnings\":\(diagnostics.count - errors)},\"findings\":["
        for (k, d) in diagnostics.enumerated() {
            if k > 0 { out += "," }
            out += "\n{\"ruleId\":"
            JSON.appendString(d.ruleID, to: &out)
            out += ",\"severity\":\"\(d.severity.rawValue)\",\"path\":"
            JSON.appendString(d.path, to: &out)
            out += ",\"line\":\(d.location.line),\"column\":\(d.location.column)"
            if let e = d.endLocation { out += ",\"endLine\":\(e.line),\"endColumn\":\(e.column)" }
            out += ",\"message\":"
            JSON.appendString(d.message, to: &out)
            out += ",\"notes\":["
            for (j, n) in d.notes.enumerated() {
                if j > 0 { out += "," }
                out += "{\"path\":"
                JSON.appendString(n.path, to: &out)
                out += ",\"line\":\(n.location.line),\"column\":\(n.location.column),\"message\":"
                JSON.appendString(n.message, to: &out)
                out += "}"
            }
            out += "],\"fixIt\":{\"message\":"
            JSON.appendString(d.fixIt.message, to: &out)
            out += ",\"applicability\":\"\(d.fixIt.applicability.rawValue)\",\"edits\":["
            for (j, e) in d.fixIt.edits.enumerated() {
                if j > 0 { out += "," }
                out += "{\"offset\":\(e.range.lowerBound),\"length\":\(e.range.count),\"replacement\":"
                JSON.appendString(e.replacement, to: &out)
                out += "}"
            }
            out += "]}"
            if k < context.identities.count { out += ",\"fingerprint\":\"\(context.identities[k].hash)\"" }
            out += "}"
        }
        out += diagnostics.isEmpty ? "]}\n" : "\n]}\n"
        return out
    }
}
