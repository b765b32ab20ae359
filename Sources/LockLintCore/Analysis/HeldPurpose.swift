/// Why a lock is held around a call into code the type does not control: to serialise or order
/// the call, or to make creating a value and publishing it one step. Then calling the code after
/// the release would undo what the lock is for. Read from what the held code does (the call's
/// result becomes the type's state in the same hold, the lock guards nothing but the call) and
/// from what the author wrote next to the call, the lock or the callback.
public enum HeldPurpose {
    /// The statement that holds token `t` in its innermost block (a statement nested in an `if`
    /// of the region, not the whole `if`), starting no earlier than `from`.
    public static func innermostStatement(_ s: FileStructure, _ t: Int, from: Int) -> Range<Int>? {
        let sc = Int(s.scopeOf[t])
        guard sc >= 0 else { return nil }
        let scope = s.scopes[sc]
        var j = max(scope.open + 1, from)
        if scope.kind == .closure {
            let c = s.closures[scope.closure]
            if c.inKeyword > j && c.inKeyword < t { j = c.inKeyword + 1 }
        }
        var steps = 0
        while j <= t && steps < 100_000 {
            steps += 1
            if s.isChar(j, UInt8(ascii: ";")) { j += 1; continue }
            let end = max(j + 1, s.statementEnd(from: j, limit: scope.close))
            if t < end { return j..<end }
            j = end
        }
        return nil
    }

    /// Whether function `f` of the type writes one of the type's stored properties in its body.
    public static func writesState(_ s: FileStructure, function f: Int) -> Bool {
        let d = s.decls[f]
        guard d.body >= 0 else { return false }
        let body = s.scopes[d.body]
        for q in s.span(body.open + 1, body.close) where s.code[q].kind == .identifier
            && (!s.isChar(q - 1, UInt8(ascii: ".")) || s.isKeyword(q - 2, .self)) && StateWrites.isDefiniteWrite(s, q) {
            if case .variable(let v) = s.lookupVariable(s.text(q), at: q), CallbackReach.memberProperty(s, named: s.text(q), at: q) == v { return true }
        }
        return false
    }

    /// The names whose values become the type's state in region `r`: read by an assignment of a
    /// stored property (`x = v`, `self.x = v + 1`) or passed to a method of the type that writes
    /// its stored properties (`store(v)`), anywhere in the region, nested blocks included.
    /// `writers` caches, per function declaration, whether it writes state.
    public static func namesBecomingState(_ s: FileStructure, _ r: LockRegion, writers: inout [Int: Bool]) -> Set<String> {
        var names = Set<String>()
        var q = r.start + 1
        while q < r.end {
            defer { q += 1 }
            guard s.code[q].kind == .identifier else { continue }
            let dotted = s.isChar(q - 1, UInt8(ascii: "."))
            guard !dotted || (s.isKeyword(q - 2, .self) && !s.isChar(q - 3, UInt8(ascii: "."))) else { continue }
            let name = s.text(q)
            if s.isChar(q + 1, UInt8(ascii: "=")), let d = CallbackReach.memberProperty(s, named: name, at: q) {
                // Not a local of the same name.
                if !dotted, case .variable(let found) = s.lookupVariable(name, at: q), found != d { continue }
                let end = s.statementEnd(from: q + 1, limit: r.end)
                for t in s.span(q + 2, end) where s.code[t].kind == .identifier { names.insert(s.text(t)) }
            } else if s.isChar(q + 1, UInt8(ascii: "(")), let t = s.enclosingType(of: q) {
                let close = Int(s.match[q + 1])
                guard close > q + 1 else { continue }
                let typeName = s.decls[t].nameText
                let own = s.functionDecls(named: name).filter { f in
                    let p = s.decls[f].parent
                    return p >= 0 && s.decls[p].nameText == typeName && s.decls[p].kind != .protocol && s.compatible(f, with: q)
                }
                guard !own.isEmpty else { continue }
                var writes = false
                for f in own {
                    if writers[f] == nil { writers[f] = writesState(s, function: f) }
                    writes = writes || writers[f]!
                }
                guard writes else { continue }
                for t in s.span(q + 2, close) where s.code[t].kind == .identifier { names.insert(s.text(t)) }
            }
        }
        return names
    }

    /// Whether the call at `call` (in statement `statement`, its innermost) hands its result to
    /// the type's state in the same hold: `x = f()` on a stored property, or `let v = f()` /
    /// `v = f()` on a local whose value `becomingState` says is stored or passed to a method
    /// that stores it (get-or-create: the value is made once, under the lock that publishes it).
    public static func resultBecomesState(_ s: FileStructure, _ statement: Range<Int>, call: Int, becomingState: Set<String>) -> Bool {
        var j = statement.lowerBound
        if s.isKeyword(j, .let) || s.isKeyword(j, .var) { j += 1 }
        let explicitSelf = s.isKeyword(j, .self) && s.isChar(j + 1, UInt8(ascii: "."))
        if explicitSelf { j += 2 }
        guard j < call, s.code[j].kind == .identifier, s.isChar(j + 1, UInt8(ascii: "=")) || s.isChar(j + 1, UInt8(ascii: ":")) else { return false }
        let name = s.text(j)
        if s.isChar(j + 1, UInt8(ascii: "=")), let d = CallbackReach.memberProperty(s, named: name, at: j) {
            if explicitSelf { return true }
            if case .variable(let found) = s.lookupVariable(name, at: j), found == d { return true }
        }
        return becomingState.contains(name)
    }

    /// Phrases with which an author says a call is made with the lock held on purpose: to
    /// serialise or order it, to keep a decision and its effect in one step, or that the code
    /// called must not come back. (`guarded by` alone says what state a lock guards, not why a
    /// call is under it.)
    static let deliberatePhrases = [
        "serializ", "serialis", "same lock", "under the lock", "with the lock held", "while holding", "while the lock is held",
        "in order", "ordered", "atomic", "must not call back", "must not re-enter", "must not reenter",
        "not call back into", "must not call into", "never calls back", "does not call back", "doesn't call back",
    ]
    /// Words that say the same (whole words only: `race` is not `trace`).
    static let deliberateWords: Set<Substring> = ["race", "races", "racing", "racy"]

    /// Whether a comment says the call it sits next to is made under the lock on purpose.
    public static func statesDeliberateHold(_ comment: String) -> Bool {
        guard !comment.isEmpty else { return false }
        // `in order to` gives a reason for anything, not an order of calls.
        let text = comment.lowercased().replacingOccurrences(of: "in order to", with: "")
        if deliberatePhrases.contains(where: { text.contains($0) }) { return true }
        return text.split(whereSeparator: { !$0.isLetter }).contains { deliberateWords.contains($0) }
    }

    /// Whether the author says that the call at statement `statement` is made with the lock held
    /// on purpose: in the comment above the statement or above the acquisition, or in the doc
    /// comment of the callback's or the lock's declaration when it names the other (the lock's
    /// comment names the callback, or the callback's names the lock).
    public static func documentedHold(_ s: FileStructure, statement: Int, acquire: Int, callback d: Int, lock l: Int) -> Bool {
        if statesDeliberateHold(s.commentsAround(token: statement)) || statesDeliberateHold(s.commentsAround(token: acquire)) { return true }
        let callbackDoc = s.leadingCommentText(s.decls[d])
        let lockDoc = s.leadingCommentText(s.decls[l])
        let callbackName = s.decls[d].nameText
        let lockName = s.decls[l].nameText
        if callbackDoc.contains(lockName) && statesDeliberateHold(callbackDoc) { return true }
        if (lockDoc.contains(callbackName) || lockDoc.lowercased().contains("callback")) && statesDeliberateHold(lockDoc) { return true }
        return false
    }

    /// Whether every region of one lock (`regions`) calls the callback named `name` and none
    /// writes the type's stored properties with only this lock held (a write inside a region of
    /// another lock nested in it is that lock's): the lock's only job is to serialise the call.
    /// `nested` maps the acquire token of every other lock's region to that region's end.
    public static func onlySerialisesCall(_ s: FileStructure, regions: [LockRegion], name: String, nested: [Int: Int]) -> Bool {
        for r in regions {
            var calls = false
            var q = r.start + 1
            while q < r.end {
                defer { q += 1 }
                if let end = nested[q], end > q {
                    // A write there is guarded by the other lock; a call there still counts.
                    for t in s.span(q, min(end, r.end)) where s.code[t].kind == .identifier && s.is(t, text: name) && callsName(s, t) { calls = true }
                    q = min(end, r.end) - 1
                    continue
                }
                guard s.code[q].kind == .identifier, !s.isChar(q - 1, UInt8(ascii: ".")) || s.isKeyword(q - 2, .self) else { continue }
                if s.is(q, text: name) {
                    calls = calls || callsName(s, q)
                } else if StateWrites.isDefiniteWrite(s, q) && CallbackReach.memberProperty(s, named: s.text(q), at: q) != nil {
                    return false
                }
            }
            if !calls { return false }
        }
        return !regions.isEmpty
    }

    /// `name(…)`, `name?(…)`, `name.m(…)`, `name?.m(…)`, `for x in name`.
    static func callsName(_ s: FileStructure, _ q: Int) -> Bool {
        let optional = s.isChar(q + 1, UInt8(ascii: "?")) || s.isChar(q + 1, UInt8(ascii: "!"))
        return s.isChar(q + 1, UInt8(ascii: "(")) || s.isChar(q + 1, UInt8(ascii: "."))
            || (optional && (s.isChar(q + 2, UInt8(ascii: "(")) || s.isChar(q + 2, UInt8(ascii: ".")))) || s.isKeyword(q - 1, .in)
    }
}
