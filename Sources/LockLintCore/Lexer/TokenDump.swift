/// The `--dump-tokens` format: one JSON object per token per line (see SPEC.md).
public enum TokenDump {
    public static func render(_ file: SourceFile, tokens: [Token]) -> String {
        var out = ""
        out.reserveCapacity(tokens.count * 72)
        for t in tokens {
            let loc = file.location(Int(t.start))
            out += "{\"kind\":\"\(t.kind)\",\"text\":"
            JSON.appendString(file.text(t.range), to: &out)
            out += ",\"line\":\(loc.line),\"column\":\(loc.column),\"offset\":\(t.start),\"length\":\(t.length)}\n"
        }
        return out
    }
}

/// Minimal JSON writing helpers shared by the token dump and the reporters.
public enum JSON {
    public static func appendString(_ s: String, to out: inout String) {
        out.append("\"")
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out.append("\\\"")
            case "\\": out.append("\\\\")
            case "\n": out.append("\\n")
            case "\r": out.append("\\r")
            case "\t": out.append("\\t")
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (scalar.value >= 0x2028 && scalar.value <= 0x2029) {
                    let hex = String(scalar.value, radix: 16)
                    out.append("\\u" + String(repeating: "0", count: 4 - hex.count) + hex)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out.append("\"")
    }

    public static func quoted(_ s: String) -> String {
        var out = ""
        appendString(s, to: &out)
        return out
    }
}
