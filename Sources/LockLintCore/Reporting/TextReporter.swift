/// The default format: one line per finding and per note, as swiftc and Xcode print them.
///
///     PATH:LINE:COL: SEVERITY: MESSAGE [RULE_ID]
///     PATH:LINE:COL: note: TEXT
public enum TextReporter {
    public struct Style: Sendable {
        public var color: Bool
        /// Whether a fix-it note says that `--fix` applies it (not in a build log, where it cannot be run).
        public var mentionsFix: Bool
        public init(color: Bool, mentionsFix: Bool = true) {
            self.color = color
            self.mentionsFix = mentionsFix
        }
        public static let plain = Style(color: false)
    }

    public static func render(_ diagnostics: [Diagnostic], style: Style = .plain) -> String {
        var out = ""
        for d in diagnostics { append(d, to: &out, style: style) }
        return out
    }

    public static func append(_ d: Diagnostic, to out: inout String, style: Style) {
        let sev = d.severity.rawValue
        let coloredSev: String
        if style.color {
            coloredSev = (d.severity == .error ? "\u{1B}[1;31m" : "\u{1B}[1;33m") + sev + "\u{1B}[0m"
        } else {
            coloredSev = sev
        }
        let path = escapedPath(d.path)
        out += "\(path):\(d.location.line):\(d.location.column): \(coloredSev): \(oneLine(d.message)) [\(d.ruleID)]\n"
        for n in d.notes {
            out += "\(escapedPath(n.path)):\(n.location.line):\(n.location.column): \(style.color ? "\u{1B}[1;36mnote\u{1B}[0m" : "note"): \(oneLine(n.message))\n"
        }
        var fix = oneLine(d.fixIt.message)
        if !d.fixIt.edits.isEmpty && style.mentionsFix {
            fix += d.fixIt.applicability == .safe ? " (--fix applies this)" : " (--fix --unsafe-fixes applies this after review)"
        }
        out += "\(path):\(d.location.line):\(d.location.column): \(style.color ? "\u{1B}[1;36mnote\u{1B}[0m" : "note"): fix-it: \(fix)\n"
    }

    /// A path on one line: control characters (a line break in a file name, an escape sequence)
    /// are written as JSON writes them (`\n`, `\r`, `\t`, `\u001B`), so every output line still
    /// parses and nothing reaches the terminal raw.
    static func escapedPath(_ p: String) -> String {
        if !p.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) { return p }
        var out = ""
        for u in p.unicodeScalars {
            switch u.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0..<0x20, 0x7F:
                let hex = String(u.value, radix: 16, uppercase: true)
                out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: out.unicodeScalars.append(u)
            }
        }
        return out
    }

    /// Messages are single lines in this format; line breaks become spaces.
    static func oneLine(_ s: String) -> String {
        if !s.contains(where: { $0 == "\n" || $0 == "\r" }) { return s }
        return String(s.map { $0 == "\n" || $0 == "\r" || $0 == "\r\n" ? " " : $0 })
    }
}
