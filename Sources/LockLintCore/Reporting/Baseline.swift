/// A baseline: the findings a team has accepted for now. `--write-baseline FILE` records them;
/// `--baseline FILE` reports only findings not in it. Identities do not use line numbers (see
/// `FindingIdentity`), so unrelated edits above a finding keep it suppressed. Paths are relative
/// to the baseline file's folder, so the tool may run from any folder. The file is sorted,
/// stable JSON, written atomically.
public enum Baseline {
    /// `path` relative to `folder`, both absolute, with `..` where `path` is not inside `folder`;
    /// `.` and `..` components in either are resolved first (lexically).
    public static func relativePath(_ path: String, to folder: String) -> String {
        let p = components(path)
        let f = components(folder)
        var common = 0
        while common < p.count && common < f.count && p[common] == f[common] { common += 1 }
        let up = Array(repeating: "..", count: f.count - common)
        return (up + p[common...]).joined(separator: "/")
    }

    static func components(_ path: String) -> [String] {
        var out: [String] = []
        for c in path.split(separator: "/") {
            if c == "." { continue }
            if c == ".." { if !out.isEmpty { out.removeLast() }; continue }
            out.append(String(c))
        }
        return out
    }

    public static func render(_ identities: [FindingIdentity]) -> String {
        var out = "{\n  \"version\": 1,\n  \"findings\": ["
        for (k, id) in identities.sorted().enumerated() {
            out += k == 0 ? "\n" : ",\n"
            out += "    {\"rule\": "
            JSON.appendString(id.rule, to: &out)
            out += ", \"path\": "
            JSON.appendString(id.path, to: &out)
            out += ", \"line\": "
            JSON.appendString(id.lineText, to: &out)
            out += ", \"occurrence\": \(id.occurrence)}"
        }
        out += identities.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return out
    }

    public struct LoadError: Error, Sendable, CustomStringConvertible {
        public var description: String
    }

    public static func load(_ path: String) throws -> Set<FindingIdentity> {
        let bytes: [UInt8]
        do { bytes = try FileIO.readFile(path) } catch let e as FileIOError {
            throw LoadError(description: "\(path): cannot read baseline: \(e.reason)")
        }
        let root: JSONNode
        do { root = try JSONReader.parse(bytes) } catch let e as JSONParseError {
            throw LoadError(description: "\(path):\(e.location.line):\(e.location.column): error: invalid baseline JSON: \(e.message)")
        }
        guard case .object(let members) = root.value,
              let findings = members.first(where: { $0.key == "findings" })?.value,
              case .array(let items) = findings.value else {
            throw LoadError(description: "\(path): error: a baseline is an object with a \"findings\" array")
        }
        var out = Set<FindingIdentity>()
        for item in items {
            guard case .object(let fields) = item.value else {
                throw LoadError(description: "\(path):\(item.location.line):\(item.location.column): error: each baseline finding is an object")
            }
            var rule = "", p = "", line = "", occurrence = 0
            for f in fields {
                switch (f.key, f.value.value) {
                case ("rule", .string(let s)): rule = s
                case ("path", .string(let s)): p = s
                case ("line", .string(let s)): line = s
                case ("occurrence", .number(let n)):
                    // Checked before converting: `Int(1e300)` would trap.
                    guard n >= 0, n <= 1_000_000_000, n.rounded(.towardZero) == n else {
                        throw LoadError(description: "\(path):\(f.value.location.line):\(f.value.location.column): error: a baseline occurrence is a whole number from 0 to 1000000000")
                    }
                    occurrence = Int(n)
                default:
                    throw LoadError(description: "\(path):\(f.keyLocation.line):\(f.keyLocation.column): error: unexpected baseline field '\(f.key)'")
                }
            }
            out.insert(FindingIdentity(rule: rule, path: p, lineText: line, occurrence: occurrence))
        }
        return out
    }
}
