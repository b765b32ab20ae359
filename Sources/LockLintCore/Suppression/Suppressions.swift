import Foundation

/// Suppression comments (SPEC.md):
///
///     // swift-lock-lint:disable RULE_ID [RULE_ID ...]        until the matching enable or end of file
///     // swift-lock-lint:enable RULE_ID [RULE_ID ...]
///     // swift-lock-lint:disable:next RULE_ID ...             the next line only
///     // swift-lock-lint:disable:this RULE_ID ...             this line only (trailing comment)
///
/// `all` stands for every rule; a reason may follow ` -- `. A disable naming an unknown rule,
/// or suppressing nothing, is reported as `superfluous_disable`.
public struct SuppressionDirective: Sendable, Equatable {
    public enum Kind: String, Sendable { case disable, enable, next = "disable:next", this = "disable:this" }
    public var kind: Kind
    public var rules: [String]
    public var reason: String?
    /// Where the directive's comment starts.
    public var location: SourceLocation
    public var offset: Int
}

public enum Suppressions {
    public static let marker = "swift-lock-lint:"
    public static let superfluousRuleID = "superfluous_disable"

    /// Reads every suppression directive in a file's comments.
    public static func directives(in s: FileStructure) -> [SuppressionDirective] {
        var out: [SuppressionDirective] = []
        let markerBytes = Array(marker.utf8)
        for c in s.comments where !c.flags.contains(.docComment) {
            // The marker must open the comment: `// swift-lock-lint:…` or `/* swift-lock-lint:… */`.
            var at = Int(c.start) + 2
            while at < Int(c.end) && (s.file.bytes[at] == UInt8(ascii: " ") || s.file.bytes[at] == UInt8(ascii: "\t")) { at += 1 }
            guard at + markerBytes.count <= Int(c.end), find(markerBytes, in: s.file.bytes, at..<(at + markerBytes.count)) == at else { continue }
            var text = s.file.text(at + markerBytes.count..<Int(c.end))
            if text.hasSuffix("*/") { text.removeLast(2) }
            var reason: String? = nil
            if let r = text.range(of: " -- ") {
                reason = String(text[r.upperBound...]).trimmed(" \t")
                text = String(text[..<r.lowerBound])
            }
            let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let head = words.first, let kind = SuppressionDirective.Kind(rawValue: head) else { continue }
            out.append(SuppressionDirective(kind: kind, rules: Array(words.dropFirst()), reason: reason,
                                            location: s.file.location(Int(c.start)), offset: Int(c.start)))
        }
        return out
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        ByteSearch.firstIndex(of: needle, in: bytes, range)
    }

    /// Removes suppressed findings. Returns the kept findings and the `superfluous_disable`
    /// findings for directives that name unknown rules, suppress nothing, or lack a required reason.
    public static func apply(_ findings: [Diagnostic], directives: [SuppressionDirective], path: String,
                             knownRules: Set<String>, rulesThatRan: Set<String>, requireReason: Bool,
                             superfluousSeverity: Severity) -> (kept: [Diagnostic], superfluous: [Diagnostic]) {
        if directives.isEmpty { return (findings, []) }
        var used = [Bool](repeating: false, count: directives.count)
        // Indexed once, so each finding costs a lookup, not a pass over every directive:
        // line directives by the line they cover, region directives by rule (in source order).
        var byLine: [Int: [Int]] = [:]
        var regions: [String: [Int]] = [:]
        for (k, d) in directives.enumerated() {
            switch d.kind {
            case .this: byLine[d.location.line, default: []].append(k)
            case .next: byLine[d.location.line + 1, default: []].append(k)
            case .disable, .enable: for r in Set(d.rules) { regions[r, default: []].append(k) }
            }
        }
        /// The last region directive in `list` before `loc` (directives are in source order).
        func lastBefore(_ list: [Int], _ loc: SourceLocation) -> Int? {
            var lo = 0
            var hi = list.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if directives[list[mid]].location < loc { lo = mid + 1 } else { hi = mid }
            }
            return lo > 0 ? list[lo - 1] : nil
        }
        var kept: [Diagnostic] = []
        for f in findings {
            var suppressed = false
            for k in byLine[f.location.line] ?? [] where directives[k].rules.contains(f.ruleID) || directives[k].rules.contains("all") {
                suppressed = true
                used[k] = true
            }
            // Region state for this finding's rule: the last disable/enable before it wins.
            let last = [lastBefore(regions[f.ruleID] ?? [], f.location), lastBefore(regions["all"] ?? [], f.location)].compactMap { $0 }.max()
            if let r = last, directives[r].kind == .disable {
                suppressed = true
                used[r] = true
            }
            if !suppressed { kept.append(f) }
        }
        var superfluous: [Diagnostic] = []
        for (k, d) in directives.enumerated() where d.kind != .enable {
            let unknown = d.rules.filter { $0 != "all" && !knownRules.contains($0) }
            func report(_ message: String, _ fix: String) {
                superfluous.append(Diagnostic(ruleID: superfluousRuleID, severity: superfluousSeverity, message: message,
                                              path: path, location: d.location, offset: d.offset, fixIt: FixIt(fix)))
            }
            if d.rules.isEmpty {
                report("suppression comment names no rule", "name the rule ids to \(d.kind.rawValue), or 'all'")
            } else if !unknown.isEmpty {
                let list = unknown.map { "'\($0)'" }.joined(separator: ", ")
                report("suppression comment names unknown rule \(list)", "use an id from 'swift-lock-lint --list-rules'")
            } else if !used[k] && d.rules.allSatisfy({ $0 == "all" || rulesThatRan.contains($0) }) {
                let list = d.rules.joined(separator: " ")
                report("'\(d.kind.rawValue) \(list)' suppresses no finding", "delete the suppression comment")
            } else if requireReason && (d.reason ?? "").isEmpty {
                report("suppression comment gives no reason", "add the reason after ' -- ', e.g. '// swift-lock-lint:\(d.kind.rawValue) \(d.rules.joined(separator: " ")) -- why this is safe'")
            }
        }
        return (kept, superfluous)
    }
}

extension String {
    func trimmed(_ set: String) -> String {
        var s = Substring(self)
        while let c = s.first, set.contains(c) { s.removeFirst() }
        while let c = s.last, set.contains(c) { s.removeLast() }
        return String(s)
    }
}
