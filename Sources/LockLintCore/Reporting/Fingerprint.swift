/// A finding's identity that survives unrelated edits: rule, path, the reported line's text
/// with whitespace collapsed, and its occurrence index among findings with the same three.
/// Used by baselines and by SARIF's `partialFingerprints`.
public struct FindingIdentity: Hashable, Sendable, Comparable {
    public var rule: String
    public var path: String
    public var lineText: String
    public var occurrence: Int

    public static func < (a: Self, b: Self) -> Bool {
        (a.path, a.rule, a.lineText, a.occurrence) < (b.path, b.rule, b.lineText, b.occurrence)
    }

    /// Identities for diagnostics in output order; `lineText` gives a path's line text.
    public static func identities(_ diagnostics: [Diagnostic], lineText: (Diagnostic) -> String) -> [FindingIdentity] {
        var counts: [FindingIdentity: Int] = [:]
        return diagnostics.map { d in
            var id = FindingIdentity(rule: d.ruleID, path: d.path, lineText: normalize(lineText(d)), occurrence: 0)
            let n = counts[id, default: 0]
            counts[id] = n + 1
            id.occurrence = n
            return id
        }
    }

    public static func normalize(_ line: String) -> String {
        line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" }).joined(separator: " ")
    }

    /// A short stable hash (FNV-1a 64, hex) of the identity.
    public var hash: String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for part in [rule, path, lineText, String(occurrence)] {
            for b in part.utf8 {
                h ^= UInt64(b)
                h = h &* 0x100_0000_01b3
            }
            h ^= 0x1F
            h = h &* 0x100_0000_01b3
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }
}

/// Reads the text of reported lines, each file at most once.
public final class LineTextCache {
    private var files: [String: SourceFile?] = [:]
    public init() {}

    /// Identities use at most this many bytes of a line: many findings on one very long line
    /// (minified or generated code) would otherwise cost findings × line length.
    public static let maxLineBytes = 240

    /// The text of a 1-based line for an identity: its first `maxLineBytes` bytes (cut at a
    /// character boundary), without the line break.
    public func line(_ path: String, _ line: Int) -> String {
        file(path)?.lineText(line, maxBytes: Self.maxLineBytes) ?? ""
    }

    /// The file's contents as registered or read from disk, or nil when it cannot be read.
    public func file(_ path: String) -> SourceFile? {
        if files[path] == nil {
            files[path] = (try? FileIO.readFile(path)).map { SourceFile(path: path, bytes: $0) }
        }
        return files[path] ?? nil
    }

    /// Registers contents that did not come from disk (standard input).
    public func register(_ file: SourceFile) { files[file.path] = file }
}
