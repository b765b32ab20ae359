import Foundation

/// Suppression comments (SPEC.md):
///
///     // swift-lock-lint:disable RULE_ID [RULE_ID ...]        until the matching enable or end of file
///     // swift-lock-lint:enable RULE_ID [RULE_ID ...]
///     // swift-lock-lint:disable:next RULE_ID ...             the next line only
///     // swift-lock-lint:disable:this RULE_ID ...             this line only (trailing comment)
///
/// Rule ids are separated by spaces or commas; `all` stands for every rule; a reason may follow
/// `--`. A directive naming an unknown rule, suppressing nothing, with nothing after its `--`, or
/// with a misspelled directive (`disable-next`) is reported as `superfluous_disable`.
public struct SuppressionDirective: Sendable, Equatable {
    public enum Kind: String, Sendable, CaseIterable { case disable, enable, next = "disable:next", this = "disable:this" }
    public var kind: Kind
    public var rules: [String]
    /// The text after `--`, trimmed: nil without `--`, empty when nothing follows it.
    public var reason: String?
    /// Where the directive's comment starts.
    public var location: SourceLocation
    public var offset: Int
}

/// A comment that opens with the marker directly followed by a word that is not one of the four
/// directives (`swift-lock-lint:disable-next`, `swift-lock-lint:disable:nxt`): it suppresses
/// nothing. (With a space after the marker, an unknown word is prose about the tool.)
public struct MalformedDirective: Sendable, Equatable {
    /// The word after the marker ("" when there is none).
    public var word: String
    public var location: SourceLocation
    public var offset: Int
}

public enum Suppressions {
    public static let marker = "swift-lock-lint:"
    public static let superfluousRuleID = "superfluous_disable"

    /// Reads every well-formed suppression directive in a file's comments.
    public static func directives(in s: FileStructure) -> [SuppressionDirective] {
        parse(s).directives
    }

    /// Reads every comment that opens with the marker: the directives, and the comments whose
    /// directive word is not one of the four.
    public static func parse(_ s: FileStructure) -> (directives: [SuppressionDirective], malformed: [MalformedDirective]) {
        var out: [SuppressionDirective] = []
        var malformed: [MalformedDirective] = []
        let markerBytes = Array(marker.utf8)
        for c in s.comments where !c.flags.contains(.docComment) {
            // The marker must open the comment: `// swift-lock-lint:…` or `/* swift-lock-lint:… */`.
            var at = Int(c.start) + 2
            while at < Int(c.end) && (s.file.bytes[at] == UInt8(ascii: " ") || s.file.bytes[at] == UInt8(ascii: "\t")) { at += 1 }
            guard at + markerBytes.count <= Int(c.end), find(markerBytes, in: s.file.bytes, at..<(at + markerBytes.count)) == at else { continue }
            var text = s.file.text(at + markerBytes.count..<Int(c.end))
            if s.file.bytes[Int(c.start) + 1] == UInt8(ascii: "*") && text.hasSuffix("*/") { text.removeLast(2) }
            let parsed = parse(text)
            let location = s.file.location(Int(c.start))
            guard let kind = SuppressionDirective.Kind(rawValue: parsed.word) else {
                // `// swift-lock-lint: a static reviewer …` is prose about the tool; a word right
                // after the marker (`swift-lock-lint:disable-next`) is a directive gone wrong.
                if !(text.first == " " || text.first == "\t") {
                    malformed.append(MalformedDirective(word: parsed.word, location: location, offset: Int(c.start)))
                }
                continue
            }
            out.append(SuppressionDirective(kind: kind, rules: parsed.rules, reason: parsed.reason,
                                            location: location, offset: Int(c.start)))
        }
        return (out, malformed)
    }

    /// Splits a directive's text (after the marker): the directive word, the rule ids (separated
    /// by spaces, tabs or commas) and the reason after the first word that starts with `--`.
    static func parse(_ text: String) -> (word: String, rules: [String], reason: String?) {
        var words: [Substring] = []
        var reason: String? = nil
        var rest = Substring(text)
        while true {
            rest = rest.drop { $0 == " " || $0 == "\t" }
            guard !rest.isEmpty else { break }
            if rest.hasPrefix("--") {
                reason = String(rest.dropFirst(2)).trimmed(" \t")
                break
            }
            let word = rest.prefix { $0 != " " && $0 != "\t" }
            words.append(word)
            rest = rest[word.endIndex...]
        }
        guard let first = words.first else { return ("", [], reason) }
        // `disable:next a,b`: the directive word ends at the first comma too.
        let head = first.prefix { $0 != "," }
        var ids = first[head.endIndex...].split(separator: ",").map(String.init)
        for w in words.dropFirst() { ids += w.split(separator: ",").map(String.init) }
        return (String(head), ids, reason)
    }

    static func find(_ needle: [UInt8], in bytes: [UInt8], _ range: Range<Int>) -> Int? {
        ByteSearch.firstIndex(of: needle, in: bytes, range)
    }

    /// Removes suppressed findings. Returns the kept findings and the `superfluous_disable`
    /// findings for directives that name unknown rules, suppress nothing, have nothing after
    /// their `--`, lack a required reason, or are malformed.
    public static func apply(_ findings: [Diagnostic], directives: [SuppressionDirective], malformed: [MalformedDirective] = [],
                             path: String, knownRules: Set<String>, rulesThatRan: Set<String>, requireReason: Bool,
                             superfluousSeverity: Severity) -> (kept: [Diagnostic], superfluous: [Diagnostic]) {
        if directives.isEmpty && malformed.isEmpty { return (findings, []) }
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
        func add(_ message: String, _ fix: String, at location: SourceLocation, _ offset: Int) {
            superfluous.append(Diagnostic(ruleID: superfluousRuleID, severity: superfluousSeverity, message: message,
                                          path: path, location: location, offset: offset, fixIt: FixIt(fix)))
        }
        for m in malformed {
            let kinds = SuppressionDirective.Kind.allCases.map(\.rawValue)
            let list = "'disable', 'enable', 'disable:next' or 'disable:this'"
            if m.word.isEmpty {
                add("suppression comment names no directive", "write \(list) after '\(marker)'", at: m.location, m.offset)
            } else if let near = Spelling.nearest(m.word, in: kinds) {
                add("unknown suppression directive '\(m.word)' (did you mean '\(near)'?)", "write '\(marker)\(near)'",
                       at: m.location, m.offset)
            } else {
                add("unknown suppression directive '\(m.word)'", "write \(list) after '\(marker)'", at: m.location, m.offset)
            }
        }
        for (k, d) in directives.enumerated() {
            let unknown = d.rules.filter { $0 != "all" && !knownRules.contains($0) }
            func report(_ message: String, _ fix: String) { add(message, fix, at: d.location, d.offset) }
            if d.rules.isEmpty {
                report("suppression comment names no rule", "name the rule ids to \(d.kind.rawValue), or 'all'")
            } else if !unknown.isEmpty {
                let list = unknown.map { "'\($0)'" }.joined(separator: ", ")
                let near = unknown.count == 1 ? Spelling.nearest(unknown[0], in: knownRules) : nil
                let hint = near.map { " (did you mean '\($0)'?)" } ?? ""
                let fix: String
                if let near {
                    fix = "write '\(near)'"
                } else if unknown.count > 1 && d.reason == nil {
                    fix = "use ids from 'swift-lock-lint --list-rules'; a reason goes after ' -- '"
                } else {
                    fix = "use an id from 'swift-lock-lint --list-rules'"
                }
                report("suppression comment names unknown rule\(unknown.count == 1 ? "" : "s") \(list)\(hint)", fix)
            } else if d.kind == .enable {
                continue
            } else if !used[k] && d.rules.allSatisfy({ $0 == "all" || rulesThatRan.contains($0) }) {
                let list = d.rules.joined(separator: " ")
                report("'\(d.kind.rawValue) \(list)' suppresses no finding", "delete the suppression comment")
            } else if d.reason == "" {
                report("suppression comment has no reason after '--'", "write why the finding is safe to keep after '--', or delete the '--'")
            } else if requireReason && d.reason == nil {
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
