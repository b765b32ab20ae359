/// `--format github`: GitHub Actions workflow commands, one per finding
/// (`::warning file=…,line=…,col=…,title=…::message`), with GitHub's escaping; and a Markdown
/// summary table for `GITHUB_STEP_SUMMARY`, since a step shows only 10 annotations of each kind.
public enum GitHubReporter {
    public static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = ""
        for d in diagnostics {
            let kind = d.severity == .error ? "error" : "warning"
            out += "::\(kind) file=\(property(context.relative(d.path))),line=\(d.location.line),col=\(d.location.column)"
            if let e = d.endLocation, e.line == d.location.line { out += ",endColumn=\(e.column)" }
            out += ",title=\(property("swift-lock-lint " + d.ruleID))::\(data(d.message + "\nfix-it: " + d.fixIt.message))\n"
        }
        return out
    }

    /// The Markdown appended to `GITHUB_STEP_SUMMARY`.
    public static func stepSummary(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        let errors = diagnostics.filter { $0.severity == .error }.count
        let warnings = diagnostics.count - errors
        func plural(_ n: Int, _ word: String) -> String { "\(n) \(word)\(n == 1 ? "" : "s")" }
        var out = "## swift-lock-lint\n\n\(plural(context.filesLinted, "file")) linted: \(plural(diagnostics.count, "finding")) (\(plural(errors, "error")), \(plural(warnings, "warning"))).\n\n"
        guard !diagnostics.isEmpty else { return out }
        out += "| location | severity | rule | message |\n|---|---|---|---|\n"
        for d in diagnostics {
            out += "| `\(cell(context.relative(d.path))):\(d.location.line):\(d.location.column)` | \(d.severity.rawValue) | `\(d.ruleID)` | \(cell(d.message)) |\n"
        }
        return out + "\n"
    }

    /// Escaping for a command's message.
    static func data(_ s: String) -> String { escape(s, alsoSeparators: false) }

    /// Escaping for a command's property values (also `:` and `,`).
    static func property(_ s: String) -> String { escape(s, alsoSeparators: true) }

    static func escape(_ s: String, alsoSeparators: Bool) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "%": out += "%25"
            case "\r": out += "%0D"
            case "\n": out += "%0A"
            case ":" where alsoSeparators: out += "%3A"
            case "," where alsoSeparators: out += "%2C"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }

    static func cell(_ s: String) -> String {
        var out = ""
        for c in s {
            if c == "|" { out += "\\|" } else if c == "\n" || c == "\r\n" { out += " " } else { out.append(c) }
        }
        return out
    }
}
