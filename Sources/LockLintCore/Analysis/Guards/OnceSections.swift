/// A once-section of a class: code under one of its guards that checks a flag of the class
/// (`if !started { … }`, or `guard !started else { return }` and what follows) and sets that
/// flag (`started = true`) itself. The vars written there are set up once: after a call that
/// runs the section has returned, they hold their final value, published by the guard's release
/// (the unlock, the end of the queue block), so a read after such a call is ordered after the
/// write whether it holds the guard or not.
public struct OnceSection: Sendable, Equatable {
    /// The member whose body holds it.
    public var member: String
    public var flag: String
    /// The check.
    public var site: CodeSite
    /// The member runs it on every path before what follows it (see `OnceSections.leads`).
    public var leading: Bool
    /// The last place in the section that hands `self` to other code (`service.start(client: self)`,
    /// an observer registration): what that code calls back runs after the section's writes before it.
    public var handOut: CodeSite? = nil
}

public enum OnceSections {
    /// The candidate sections of the code in scope `body` (a class or extension body): the
    /// check's token, the tokens it covers, the scope the flag is set in, and the flag, for a
    /// flag among `vars` set to `true` at the section's own level. Whether a guard holds there
    /// is the caller's to ask.
    static func find(_ s: FileStructure, body: Int, vars: NameSet) -> [(check: Int, range: Range<Int>, flag: String)] {
        gates(s, body: body, vars: vars).filter(\.setsFlag).map { ($0.check, $0.range, $0.flag) }
    }

    /// The code in scope `body` that runs only while a flag among `vars` is false (`if !flag { … }`,
    /// or what follows `guard !flag else { return }`), and whether that code sets the flag to
    /// `true` at its own level (a once-section, see `find`).
    static func gates(_ s: FileStructure, body: Int, vars: NameSet) -> [(check: Int, range: Range<Int>, flag: String, setsFlag: Bool)] {
        let outer = s.scopes[body]
        // Scopes are numbered in the order their braces open: the unit's are a run after its own.
        var out: [(check: Int, range: Range<Int>, flag: String, setsFlag: Bool)] = []
        var sc = body + 1
        while sc < s.scopes.count && s.scopes[sc].open < outer.close {
            defer { sc += 1 }
            let scope = s.scopes[sc]
            let kw = scope.statementKeyword
            guard scope.kind == .statement, kw >= 0 else { continue }
            // `if !flag {` or `guard !flag else {` (the guard's block is its `else`'s), with
            // `self.flag` as well.
            let isGuard = s.isKeyword(kw, .else)
            var k: Int
            var check: Int
            if isGuard {
                k = kw - 1
                var j = k - 1
                if s.isChar(j, UInt8(ascii: ".")) && s.isKeyword(j - 1, .self) { j -= 2 }
                guard s.isChar(j, UInt8(ascii: "!")), s.isKeyword(j - 1, .guard) else { continue }
                check = j - 1
            } else {
                // `if (!flag) {` as well.
                let paren = s.isChar(kw + 1, UInt8(ascii: "(")) ? 1 : 0
                guard s.isKeyword(kw, .if), s.isChar(kw + 1 + paren, UInt8(ascii: "!")) else { continue }
                k = kw + 2 + paren
                if s.isKeyword(k, .self) && s.isChar(k + 1, UInt8(ascii: ".")) { k += 2 }
                guard k + 1 + paren == scope.open, paren == 0 || s.isChar(k + 1, UInt8(ascii: ")")) else { continue }
                check = kw
            }
            guard k >= 0, k < s.code.count, s.code[k].kind == .identifier, vars.contains(s, k) else { continue }
            let flag = s.text(k)
            // The level the section's code runs at: the `if`'s body, or what follows the guard.
            let level = isGuard ? scope.parent : sc
            guard level >= 0 else { continue }
            let range = isGuard ? (scope.close + 1)..<max(scope.close + 1, s.scopes[level].close) : scope.interior
            let setsFlag = range.contains(where: { j in
                Int(s.scopeOf[j]) == level && s.code[j].kind == .identifier && s.is(j, text: flag) && setsTrue(s, j)
            })
            out.append((check, range, flag, setsFlag))
        }
        return out
    }

    /// `flag = true` (or `self.flag = true`) at token `j`, the flag's name.
    static func setsTrue(_ s: FileStructure, _ j: Int) -> Bool {
        if s.isChar(j - 1, UInt8(ascii: ".")) && !s.isKeyword(j - 2, .self) { return false }
        return s.isChar(j + 1, UInt8(ascii: "=")) && s.isKeyword(j + 2, .true)
    }

    /// Token `i` runs on every path through body scope `body` before the code after it: the
    /// scopes between are closures run on the spot (a queue's `sync`, a lock's closure), never a
    /// branch, loop, `defer` or a closure kept for later.
    static func leads(_ s: FileStructure, _ i: Int, body: Int, escaping: Set<String>) -> Bool {
        guard body >= 0, i >= 0 && i < s.scopeOf.count else { return false }
        var sc = Int(s.scopeOf[i])
        while sc >= 0 && sc != body {
            guard s.scopes[sc].kind == .closure else { return false }
            sc = s.scopes[sc].parent
        }
        return sc == body && LockRegions.reachesWithoutDeferral(s, from: i, to: body, escaping: escaping)
    }

    /// Per flag, the members that run its once-section on every path before what follows:
    /// those holding it so, and those that call such a member so (worked out to a fixed point
    /// over the calls, each round linear in them): member → the earliest such point.
    static func firstRuns(_ logs: [TypeGuardLog], sites: [String: [MemberCallRecord]]) -> [String: [String: CodeSite]] {
        var first: [String: [String: CodeSite]] = [:]
        for l in logs {
            for o in l.onceSections where o.leading {
                if let known = first[o.flag]?[o.member], known < o.site { continue }
                first[o.flag, default: [:]][o.member] = o.site
            }
        }
        guard !first.isEmpty else { return [:] }
        let leadingCalls = sites.mapValues { $0.filter { $0.leading && !$0.runsLater && !$0.construction && !$0.member.isEmpty } }
            .filter { !$0.value.isEmpty }
        for flag in first.keys.sorted() {
            var runs = first[flag]!
            var changed = true
            var rounds = 0
            while changed && rounds < 16 {
                changed = false
                rounds += 1
                for (callee, calls) in leadingCalls where runs[callee] != nil {
                    for c in calls {
                        if let known = runs[c.member], known.path != c.site.path || known.offset <= c.site.offset { continue }
                        runs[c.member] = c.site
                        changed = true
                    }
                }
            }
            first[flag] = runs
        }
        return first
    }

    /// The vars set up once (see `setUpOnce`) whose every write comes before a place in its
    /// once-section that hands `self` to other code: the code that gets the instance there, and
    /// what it calls back, see the final value, so a read in a callback is ordered after the write.
    static func publishedToCallbacks(_ setUp: [String: String], writes: [StateAccessRecord], sections: [OnceSection]) -> Set<String> {
        guard !setUp.isEmpty, sections.contains(where: { $0.handOut != nil }) else { return [] }
        var bySection: [String: [OnceSection]] = [:]
        for o in sections where o.handOut != nil { bySection[o.member + "|" + o.flag, default: []].append(o) }
        var out = Set<String>()
        var spoiled = Set<String>()
        for w in writes {
            guard let flag = setUp[w.variable], !spoiled.contains(w.variable) else { continue }
            let published = (bySection[w.member + "|" + flag] ?? []).contains { o in
                guard let h = o.handOut else { return false }
                return o.site.path == w.site.path && o.site.offset < w.site.offset && w.site.offset < h.offset
            }
            if published { out.insert(w.variable) } else { spoiled.insert(w.variable); out.remove(w.variable) }
        }
        return out
    }

    /// The vars frozen by a closing flag: var → flag, when every write of the var after
    /// construction runs only while the flag is false (see `gates`), under a guard held at the
    /// check, and every write of the flag sets it to `true` (nothing reopens it), and no code
    /// outside the class writes either. Once a member has set the flag under the guard, no write
    /// of the var can follow, and the guard's release publishes the last one: a read after that
    /// point needs no guard (a set of workers read to stop them after `closed = true`).
    static func frozenByFlag(_ writes: [StateAccessRecord], setOutside: Set<String>) -> [String: String] {
        var gateOf: [String: String?] = [:]
        var onlyTrue: [String: Bool] = [:]
        for r in writes {
            onlyTrue[r.variable] = (onlyTrue[r.variable] ?? true) && r.setsTrue
            if let known = gateOf[r.variable] {
                if known != r.gateFlag { gateOf[r.variable] = .some(nil) }
            } else {
                gateOf[r.variable] = .some(r.gateFlag)
            }
        }
        var out: [String: String] = [:]
        for (v, g) in gateOf {
            guard let flag = g ?? nil, v != flag, onlyTrue[flag] == true, !setOutside.contains(v), !setOutside.contains(flag) else { continue }
            out[v] = flag
        }
        return out
    }

    /// The vars set up once: var → its flag, when every write of the var after construction is
    /// in a once-section of that flag and every such write of the flag is the section's own
    /// `flag = true` (nothing resets it), and no code outside the class writes either.
    static func setUpOnce(_ writes: [StateAccessRecord], setOutside: Set<String>) -> [String: String] {
        var flagOf: [String: String?] = [:]
        for w in writes {
            let f = w.onceFlag
            if let known = flagOf[w.variable] {
                if known != f { flagOf[w.variable] = .some(nil) }
            } else {
                flagOf[w.variable] = .some(f)
            }
        }
        var out: [String: String] = [:]
        for (v, f) in flagOf {
            guard let flag = f ?? nil, v != flag, !setOutside.contains(v), !setOutside.contains(flag),
                  let ff = flagOf[flag], ff == flag else { continue }
            out[v] = flag
        }
        return out
    }
}
