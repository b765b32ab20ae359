/// `--format checkstyle`: Checkstyle XML, for Jenkins and other CI servers.
public enum CheckstyleReporter {
    public static func render(_ diagnostics: [Diagnostic], context: ReportContext) -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n"
        var current: String? = nil
        for d in diagnostics {
            if d.path != current {
                if current != nil { out += "  </file>\n" }
                out += "  <file name=\"\(xml(d.path))\">\n"
                current = d.path
            }
            out += "    <error line=\"\(d.location.line)\" column=\"\(d.location.column)\" severity=\"\(d.severity.rawValue)\" "
            out += "message=\"\(xml(d.message + " (fix-it: " + d.fixIt.message + ")"))\" source=\"swift-lock-lint.\(xml(d.ruleID))\"/>\n"
        }
        if current != nil { out += "  </file>\n" }
        return out + "</checkstyle>\n"
    }

    static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            default:
                if c.value < 0x20 { continue }  // not allowed in XML 1.0
                out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
