/// Applies fix-it edits to a file's bytes. Edits that overlap an earlier one are left out (the
/// next `--fix` run picks them up), so applying is always well-defined.
public enum Fixer {
    public struct Result: Sendable {
        public var bytes: [UInt8]
        public var applied: [Edit]
        public var skipped: [Edit]
    }

    public static func apply(_ edits: [Edit], to bytes: [UInt8]) -> Result {
        let sorted = adapt(edits, to: bytes).sorted { ($0.range.lowerBound, $0.range.upperBound) < ($1.range.lowerBound, $1.range.upperBound) }
        var chosen: [Edit] = []
        var skipped: [Edit] = []
        var lastEnd = -1
        for e in sorted {
            guard e.range.lowerBound >= 0, e.range.upperBound <= bytes.count else { skipped.append(e); continue }
            if e.range.lowerBound < lastEnd || (e.range.isEmpty && e.range.lowerBound == lastEnd && chosen.last?.range.isEmpty == true) {
                skipped.append(e)
                continue
            }
            chosen.append(e)
            lastEnd = e.range.upperBound
        }
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 64)
        var pos = 0
        for e in chosen {
            out.append(contentsOf: bytes[pos..<e.range.lowerBound])
            out.append(contentsOf: Array(e.replacement.utf8))
            pos = e.range.upperBound
        }
        out.append(contentsOf: bytes[pos...])
        return Result(bytes: out, applied: chosen, skipped: skipped)
    }

    /// The line break the file uses at `offset`: the terminator of the line holding it, or for a
    /// last line without one, the file's first terminator; "\n" in a file of one line.
    public static func lineEnding(of bytes: [UInt8], at offset: Int) -> String {
        func terminator(from start: Int) -> String? {
            var i = max(0, start)
            while i < bytes.count {
                if bytes[i] == 0x0A { return "\n" }
                if bytes[i] == 0x0D { return i + 1 < bytes.count && bytes[i + 1] == 0x0A ? "\r\n" : "\r" }
                i += 1
            }
            return nil
        }
        return terminator(from: offset) ?? terminator(from: 0) ?? "\n"
    }

    /// The edits with every line break in their replacement text written as the file writes
    /// its line there (CRLF, CR or LF), so a fix never mixes line endings.
    public static func adapt(_ edits: [Edit], to bytes: [UInt8]) -> [Edit] {
        edits.map { e in
            guard e.replacement.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) else { return e }
            let ending = lineEnding(of: bytes, at: e.range.lowerBound)
            var text = ""
            var lastWasCR = false
            for scalar in e.replacement.unicodeScalars {
                switch scalar {
                case "\r":
                    text += ending
                    lastWasCR = true
                    continue
                case "\n":
                    if !lastWasCR { text += ending }
                default:
                    text.unicodeScalars.append(scalar)
                }
                lastWasCR = false
            }
            return Edit(range: e.range, replacement: text)
        }
    }

    /// A unified diff (3 lines of context) between two versions of a file.
    public static func unifiedDiff(path: String, old: [UInt8], new: [UInt8], context: Int = 3) -> String {
        let a = splitLines(old)
        let b = splitLines(new)
        if a == b { return "" }
        // Common prefix and suffix are equal lines; the (small) middle gets a line-level LCS.
        var prefix = 0
        while prefix < a.count && prefix < b.count && a[prefix] == b[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < a.count - prefix && suffix < b.count - prefix && a[a.count - 1 - suffix] == b[b.count - 1 - suffix] { suffix += 1 }
        var ops: [(Character, String)] = a[0..<prefix].map { (" ", $0) }
        ops += lcsOps(Array(a[prefix..<(a.count - suffix)]), Array(b[prefix..<(b.count - suffix)]))
        ops += a[(a.count - suffix)...].map { (" ", $0) }
        // Old and new line numbers before each op.
        var oldLine = [Int](), newLine = [Int]()
        var o = 0, n = 0
        for op in ops {
            oldLine.append(o)
            newLine.append(n)
            if op.0 != "+" { o += 1 }
            if op.0 != "-" { n += 1 }
        }
        let changes = ops.indices.filter { ops[$0].0 != " " }
        // Group changes whose context windows touch.
        var groups: [(Int, Int)] = []
        for c in changes {
            let lo = max(0, c - context), hi = min(ops.count - 1, c + context)
            if let last = groups.last, lo <= last.1 + 1 { groups[groups.count - 1].1 = hi } else { groups.append((lo, hi)) }
        }
        let shown = path.hasPrefix("/") ? String(path.dropFirst()) : path
        var out = "--- a/\(shown)\n+++ b/\(shown)\n"
        for (lo, hi) in groups {
            let slice = ops[lo...hi]
            let oldCount = slice.filter { $0.0 != "+" }.count
            let newCount = slice.filter { $0.0 != "-" }.count
            out += "@@ -\(oldLine[lo] + (oldCount > 0 ? 1 : 0)),\(oldCount) +\(newLine[lo] + (newCount > 0 ? 1 : 0)),\(newCount) @@\n"
            for op in slice { out += String(op.0) + op.1 + "\n" }
        }
        return out
    }

    static func splitLines(_ bytes: [UInt8]) -> [String] {
        var lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    static func lcsOps(_ a: [String], _ b: [String]) -> [(Character, String)] {
        if a.isEmpty { return b.map { ("+", $0) } }
        if b.isEmpty { return a.map { ("-", $0) } }
        // Too large for a table: replace the whole middle.
        if a.count * b.count > 4_000_000 { return a.map { ("-", $0) } + b.map { ("+", $0) } }
        var t = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for x in stride(from: a.count - 1, through: 0, by: -1) {
            for y in stride(from: b.count - 1, through: 0, by: -1) {
                t[x][y] = a[x] == b[y] ? t[x + 1][y + 1] + 1 : max(t[x + 1][y], t[x][y + 1])
            }
        }
        var ops: [(Character, String)] = []
        var x = 0, y = 0
        while x < a.count && y < b.count {
            if a[x] == b[y] { ops.append((" ", a[x])); x += 1; y += 1 } else if t[x + 1][y] >= t[x][y + 1] { ops.append(("-", a[x])); x += 1 } else { ops.append(("+", b[y])); y += 1 }
        }
        while x < a.count { ops.append(("-", a[x])); x += 1 }
        while y < b.count { ops.append(("+", b[y])); y += 1 }
        return ops
    }
}
