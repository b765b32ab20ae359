/// Whether what one critical section read decides what a later one of the same lock does: the
/// locals that carry the value read (`let n = lock.withLock { … }`) and the locals made from them,
/// a condition naming them that decides whether the later section runs (`if n > 5 { lock.withLock
/// { … } }`, a `guard` before it), or a use of them inside the later section, in the value written
/// or a condition around the write. Also whether a write is a one-way latch (every assignment of
/// the state stores the same value), which a stale decision cannot undo. Read by
/// `split_critical_section`.
public enum DecisionFlow {
    /// Locals that carry what the first acquisition read, with the state each carries: the
    /// result of a withLock closure (`let n = lock.withLock { … }`: all it read), or locals
    /// assigned inside a lock()/unlock() stretch or a withLock closure (the state their value
    /// names; for the closure, a `var` of the body declared before it).
    public static func decisionCarriers(_ r: LockAcquisition, checked: Set<String>, _ s: FileStructure) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        // A method that reads under its lock on the way returns something else.
        if let m = r.member, !m.isGetter, !m.returnsRead, !m.runsClosure { return out }
        if r.exprStart >= 0 {
            var k = r.exprStart - 1
            if s.isKeyword(k, .try) || s.isKeyword(k, .await) { k -= 1 }
            if s.isKeyword(k, .try) || s.isKeyword(k, .await) { k -= 1 }
            // `let x = (lock.withLock { … })`.
            if s.isChar(k, UInt8(ascii: "(")) && Int(s.match[k]) >= r.end { k -= 1 }
            if s.isChar(k, UInt8(ascii: "=")) && k >= 1 && s.code[k - 1].kind == .identifier && !s.isChar(k - 2, UInt8(ascii: ":")) {
                out[s.text(k - 1)] = checked
            } else if s.isChar(k, UInt8(ascii: "=")), let name = annotatedBinding(before: k, s) {
                // `let x: Date? = lock.withLock { … }`
                out[s.text(name)] = checked
            } else if s.isChar(k, UInt8(ascii: "=")) && k >= 3 && s.isChar(k - 1, UInt8(ascii: ")")) {
                // `let (a, b) = lock.withLock { … }`
                let open = Int(s.match[k - 1])
                if open >= 0 && open < k - 1 {
                    for q in s.span(open + 1, k - 1) where s.code[q].kind == .identifier { out[s.text(q)] = checked }
                }
            }
            // `var seen = …; lock.withLock { seen = state }`: a local of the body assigned inside.
            if r.region != nil && r.body >= 0 {
                let outside = s.span(s.scopes[r.body].open, r.exprStart)
                for q in s.span(r.start + 1, r.end) where s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "="))
                    && !s.isChar(q - 1, UInt8(ascii: ".")) && !s.isKeyword(q - 1, .let) && !s.isKeyword(q - 1, .var) {
                    let name = s.text(q)
                    guard s.variableDecls(named: name, keywordIn: outside).contains(where: { !s.decls[$0].isLet }),
                          !s.binds(name, in: s.span(r.start, q)) else { continue }
                    let value = s.span(q + 2, s.statementEnd(from: q + 1, limit: r.end))
                    let carried = value.lazy.filter { s.code[$0].kind == .identifier }.map { s.text($0) }.filter { checked.contains($0) }
                    out[name, default: []].formUnion(carried)
                }
            }
        } else {
            for q in s.span(r.start + 1, r.end) where s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "="))
                && !s.isChar(q - 1, UInt8(ascii: ".")) {
                let value = s.span(q + 2, s.statementEnd(from: q + 1, limit: r.end))
                out[s.text(q), default: []].formUnion(value.lazy.filter { s.code[$0].kind == .identifier }.map { s.text($0) }.filter { checked.contains($0) })
            }
        }
        return out
    }

    /// The name of `let x: T =` whose `=` is at `eq`: a `let`/`var`, a name, `:`, then a type
    /// (a few tokens, no braces or statement ends); nil for anything else.
    static func annotatedBinding(before eq: Int, _ s: FileStructure) -> Int? {
        var k = eq - 1
        let stop = max(0, eq - 24)
        while k > stop {
            if s.isChar(k, UInt8(ascii: ":")) {
                let name = k - 1
                guard name >= 1, s.code[name].kind == .identifier, s.isKeyword(name - 1, .let) || s.isKeyword(name - 1, .var) else { return nil }
                return name
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ";")) || s.isChar(k, UInt8(ascii: "="))
                || s.code[k].kind == .keyword && !s.isKeyword(k, .Any) && !s.isKeyword(k, .Self) {
                return nil
            }
            k -= 1
        }
        return nil
    }

    /// The carriers, and the locals made from them (`let next = current + 1`, not through a
    /// closure) between the two acquisitions, in order, with the state each carries.
    public static func derived(from carriers: [String: Set<String>], between a: Int, and b: Int, _ s: FileStructure) -> [String: Set<String>] {
        var out = carriers
        guard !out.isEmpty else { return out }
        for k in s.span(a, b) where (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < b && s.code[k + 1].kind == .identifier {
            guard let d = s.variableDecls(named: s.text(k + 1), keywordIn: k..<(k + 1)).first else { continue }
            var carried = Set<String>()
            var q = s.decls[d].initializer.lowerBound
            while q < s.decls[d].initializer.upperBound {
                if s.isChar(q, UInt8(ascii: "{")) && Int(s.match[q]) > q { q = Int(s.match[q]) + 1; continue }
                if s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")), let c = out[s.text(q)] { carried.formUnion(c) }
                q += 1
            }
            if !carried.isEmpty { out[s.decls[d].nameText, default: []].formUnion(carried) }
        }
        return out
    }

    /// Where, inside the second acquisition, a name of `flowing` decides the write `w`: the
    /// value written, or the condition of an `if`/`guard`/`switch` (of the region) around it.
    public static func usedInside(_ second: LockAcquisition, by w: (name: String, token: Int, value: Int), _ flowing: Set<String>,
                            _ s: FileStructure) -> Range<Int>? {
        func uses(_ range: Range<Int>) -> Bool {
            range.contains { s.code[$0].kind == .identifier && !s.isChar($0 - 1, UInt8(ascii: ".")) && flowing.contains(s.text($0)) }
        }
        if w.value >= 0 {
            let value = s.span(w.value, second.region == nil ? second.end : s.statementEnd(from: w.value, limit: second.end))
            if uses(value) { return value }
        }
        guard second.region != nil else { return nil }
        // Conditions of the statements around the write, inside the region.
        var sc = Int(s.scopeOf[w.token])
        while sc >= 0 {
            let scope = s.scopes[sc]
            guard scope.open > second.start, scope.kind == .statement else { break }
            var kw = scope.statementKeyword
            var open = scope.open
            // An `else` branch: the conditions of the `if` chain before it.
            while kw >= 0 && s.isKeyword(kw, .else) && s.isChar(kw - 1, UInt8(ascii: "}")) {
                let previous = Int(s.match[kw - 1])
                guard previous >= 0 && previous < kw else { break }
                let p = s.scopes[Int(s.scopeOf[previous])]
                kw = p.statementKeyword
                open = p.open
                if kw >= 0 && s.isKeyword(kw, .if) && uses(s.span(kw + 1, open)) { return s.span(kw + 1, open) }
            }
            if kw >= 0 && (s.isKeyword(kw, .if) || s.isKeyword(kw, .switch)) && uses(s.span(kw + 1, open)) { return s.span(kw + 1, open) }
            sc = scope.parent
        }
        // A `guard` of the region before the write.
        for g in s.span(second.start + 1, w.token) where s.isKeyword(g, .guard) {
            guard let e = s.guardElse(of: g, limit: w.token), let b = s.statementBody(of: e), s.scopes[b].close < w.token,
                  s.scope(Int(s.scopeOf[w.token]), isWithin: Int(s.scopeOf[g])) else { continue }
            if uses(s.span(g + 1, e)) { return s.span(g + 1, e) }
        }
        return nil
    }

    /// Whether a condition built from the first acquisition decides whether the second runs: the
    /// second sits in the body of an `if`/`while` whose condition names a carrier (or holds the
    /// first acquisition), or follows a `guard` (or an `if` whose body leaves) that does.
    public static func decides(_ first: LockAcquisition, carriers: Set<String>, second: LockAcquisition, _ s: FileStructure) -> Range<Int>? {
        func conditionUses(_ range: Range<Int>) -> Bool {
            if range.contains(first.acquireToken) { return true }
            for q in range where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) && carriers.contains(s.text(q)) {
                return true
            }
            return false
        }
        let body = second.body
        // Enclosing `if`/`while` bodies of the second acquisition, after the first; the cases of a
        // `switch` over what was read; an `else` branch of an `if` chain that tested it.
        var sc = Int(s.scopeOf[second.acquireToken])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            if scope.kind == .statement, scope.statementKeyword >= 0, scope.open >= first.end {
                let kw = scope.statementKeyword
                if s.isKeyword(kw, .if) || s.isKeyword(kw, .while) {
                    let condition = s.span(kw + 1, scope.open)
                    if conditionUses(condition) { return condition }
                } else if s.isKeyword(kw, .switch) {
                    // Over the value read itself (`switch phase`, `switch (a, b)`, `switch
                    // lock.withLock({ … })`), not over what a call makes of it (`switch
                    // handler(snapshot)`, a method's result): that result is the call's.
                    let subject = s.span(kw + 1, scope.open)
                    let calls = subject.contains {
                        s.code[$0].kind == .identifier && s.isChar($0 + 1, UInt8(ascii: "(")) && !(first.region != nil && $0 == first.acquireToken)
                    }
                    if !calls && conditionUses(subject) { return subject }
                } else if let condition = elseChainCondition(kw, after: first.end, s), conditionUses(condition) {
                    return condition
                }
            }
            sc = scope.parent
        }
        // A `guard`, or an `if` whose body leaves, from the statement of the first (which may be
        // its condition: `guard let v = lock.withLock({ … }) else { return }`) to the second.
        var q = first.end
        var k = first.acquireToken - 1
        while k >= 0 && k >= first.acquireToken - 12 && !s.isChar(k, UInt8(ascii: "{")) && !s.isChar(k, UInt8(ascii: "}"))
                && !s.isChar(k, UInt8(ascii: ";")) {
            if s.isKeyword(k, .guard) || s.isKeyword(k, .if) { q = k; break }
            k -= 1
        }
        while q < second.acquireToken {
            defer { q += 1 }
            guard s.isKeyword(q, .guard) || s.isKeyword(q, .if) else { continue }
            let block = Int(s.scopeOf[q])
            guard s.scope(Int(s.scopeOf[second.acquireToken]), isWithin: block) else { continue }
            var condition: Range<Int>? = nil
            var after = q
            if s.isKeyword(q, .guard) {
                guard let e = s.guardElse(of: q, limit: second.acquireToken), let b = s.statementBody(of: e) else { continue }
                if s.scopes[b].close < second.acquireToken { condition = s.span(q + 1, e); after = s.scopes[b].close }
            } else if let b = s.statementBody(of: q) {
                let then = s.scopes[b]
                if then.close < second.acquireToken && leaves(b, s) { condition = s.span(q + 1, then.open); after = then.close }
            }
            guard let c = condition, conditionUses(c), !switchCaseBetween(after, second.acquireToken, block: block, s) else { continue }
            return c
        }
        return nil
    }

    /// The conditions of the `if` chain an `else` keyword at `kw` ends (`if a { } else if b { }
    /// else { }`: from the first `if` to the last condition), when the chain starts at or after
    /// `limit`; nil when `kw` is not such an `else`.
    static func elseChainCondition(_ kw: Int, after limit: Int, _ s: FileStructure) -> Range<Int>? {
        var k = kw
        var last = -1
        var firstIf = -1
        while s.isKeyword(k, .else) && s.isChar(k - 1, UInt8(ascii: "}")) {
            let open = Int(s.match[k - 1])
            guard open >= 0 && open < k - 1 else { return nil }
            let p = s.scopes[Int(s.scopeOf[open])]
            guard p.kind == .statement, p.statementKeyword >= 0, s.isKeyword(p.statementKeyword, .if) else { return nil }
            if last < 0 { last = p.open }
            firstIf = p.statementKeyword
            k = p.statementKeyword - 1
        }
        guard firstIf >= limit, last > firstIf else { return nil }
        return s.span(firstIf + 1, last)
    }

    /// Whether the condition `c` (of an `if`, `while` or `guard`) binds the value read
    /// (`if let old = …`, `guard let old = … else { return }`) on the path where `second` runs,
    /// and the value `second` writes at `value` is made from that binding: it acts on a value
    /// found present (`old + 1`), rather than filling one found absent.
    public static func writesFromBoundValue(_ c: Range<Int>, second: LockAcquisition, value: Int, _ s: FileStructure) -> Bool {
        guard value >= 0, c.lowerBound >= 1 else { return false }
        let kw = c.lowerBound - 1
        if s.isKeyword(kw, .if) || s.isKeyword(kw, .while) {
            guard let b = s.statementBody(of: kw), s.scopes[b].open < second.acquireToken, second.acquireToken < s.scopes[b].close else { return false }
        } else if !s.isKeyword(kw, .guard) {
            return false
        }
        var bound = Set<String>()
        for k in c where (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < c.upperBound && s.code[k + 1].kind == .identifier {
            bound.insert(s.text(k + 1))
        }
        guard !bound.isEmpty else { return false }
        let written = s.span(value, second.region == nil ? second.end : s.statementEnd(from: value, limit: second.end))
        return written.contains { s.code[$0].kind == .identifier && !s.isChar($0 - 1, UInt8(ascii: ".")) && bound.contains(s.text($0)) }
    }

    /// Whether the condition `c` (of an `if`, `while` or `guard`) tests a value it binds
    /// (`if let last, isExpired(last)`: the bound name is used in a later clause) and runs
    /// `second` only where that test passed: in the body of the `if`/`while`, or after the
    /// `guard` (not in its `else`). The second then acts on a decision over a value found
    /// present, not on a value found absent.
    public static func runsWhereBoundValueTested(_ c: Range<Int>, second: LockAcquisition, _ s: FileStructure) -> Bool {
        guard c.lowerBound >= 1 else { return false }
        let kw = c.lowerBound - 1
        let at = second.acquireToken
        if s.isKeyword(kw, .if) || s.isKeyword(kw, .while) {
            guard let b = s.statementBody(of: kw), s.scopes[b].open < at && at < s.scopes[b].close else { return false }
        } else {
            guard s.isKeyword(kw, .guard), at >= c.upperBound else { return false }
            if let b = s.statementBody(of: kw), s.scopes[b].open < at && at < s.scopes[b].close { return false }
        }
        // A name bound in one clause and read in a later one (clauses split at top-level commas).
        var bound = Set<String>()
        var k = c.lowerBound
        while k < c.upperBound {
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k && m < c.upperBound {
                    if !bound.isEmpty && s.span(k + 1, m).contains(where: { s.code[$0].kind == .identifier && bound.contains(s.text($0)) }) { return true }
                    k = m + 1
                    continue
                }
            }
            if (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < c.upperBound && s.code[k + 1].kind == .identifier {
                // Bound from here on; the clause's own value (`= last`) is skipped to its comma.
                let name = s.text(k + 1)
                var e = k + 2
                while e < c.upperBound && !s.isChar(e, UInt8(ascii: ",")) {
                    if s.isChar(e, UInt8(ascii: "(")) || s.isChar(e, UInt8(ascii: "[")) || s.isChar(e, UInt8(ascii: "{")) {
                        let m = Int(s.match[e])
                        if m > e { e = m }
                    }
                    e += 1
                }
                bound.insert(name)
                k = e
                continue
            }
            if s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: ".")) && bound.contains(s.text(k)) { return true }
            k += 1
        }
        return false
    }

    /// A `case`/`default` label of the switch whose body is `block` between `a` and `b`: code
    /// after it runs for another case, not after the guard.
    static func switchCaseBetween(_ a: Int, _ b: Int, block: Int, _ s: FileStructure) -> Bool {
        guard block >= 0, s.scopes[block].kind == .statement, s.isKeyword(s.scopes[block].statementKeyword, .switch) else { return false }
        return s.span(a, b).contains { (s.isKeyword($0, .case) || s.isKeyword($0, .default)) && s.isCaseLabel($0, inSwitch: block) }
    }

    /// A flag turned over where its check held: `guard !busy else { return }; busy = true`
    /// (a claim) or `if pending { pending = false; … }` (a consume), the read at `first` and the
    /// write at `second` each their own acquisition. Two callers can both pass the check and
    /// both act on it. True when the value written at `value` is `true` or `false` alone, the
    /// condition tests the flag read at `first` on its own (`!x`, `x`, `x == false`, …, joined
    /// to other tests only by `&&` or `,`, none by `||`), and the write runs where that test
    /// held (after the `guard`, in the `if`'s body; after an `if` that leaves, when the flag's
    /// test is the whole condition) and turns the flag the other way.
    public static func flipsFlag(_ first: LockAcquisition, second: LockAcquisition, value: Int, condition c: Range<Int>, _ s: FileStructure) -> Bool {
        guard (s.isKeyword(value, .true) || s.isKeyword(value, .false)) && s.startsStatementAfter(value),
              c.lowerBound >= 1, c.contains(first.acquireToken), !s.span(c.lowerBound, c.upperBound).contains(where: { s.is($0, "||") })
        else { return false }
        let written = s.isKeyword(value, .true)
        // The test: `[!][self.]flag [== / != true / false]`, alone between `&&` / `,` and the
        // condition's ends.
        let t = first.acquireToken
        var start = t
        if s.isChar(t - 1, UInt8(ascii: ".")) && s.isKeyword(t - 2, .self) { start = t - 2 }
        var holds = true
        if start - 1 >= c.lowerBound && s.is(start - 1, "!") { holds = false; start -= 1 }
        var end = t + 1
        if end + 1 < c.upperBound, s.is(end, "==") || s.is(end, "!="), s.isKeyword(end + 1, .true) || s.isKeyword(end + 1, .false) {
            let equal = s.is(end, "==") == s.isKeyword(end + 1, .true)
            holds = holds == equal
            end += 2
        }
        func joins(_ k: Int) -> Bool { s.is(k, "&&") || s.isChar(k, UInt8(ascii: ",")) }
        let alone = start == c.lowerBound && end == c.upperBound
        guard start == c.lowerBound || joins(start - 1), end == c.upperBound || joins(end) else { return false }
        // Where the write runs: the condition held, or (after an `if` that leaves) it did not.
        let kw = c.lowerBound - 1
        var held: Bool
        if s.isKeyword(kw, .guard) {
            held = true
        } else if s.isKeyword(kw, .if) || s.isKeyword(kw, .while), let b = s.statementBody(of: kw), s.scopes[b].open == c.upperBound {
            let inside = s.scopes[b].open < second.acquireToken && second.acquireToken < s.scopes[b].close
            guard inside || alone else { return false }
            held = inside
        } else {
            return false
        }
        if !held { holds.toggle() }
        return written != holds
    }

    /// Whether the act only makes the state what the check found it was not: each term of the
    /// condition (joined by `||`) compares a field with a value (`s.size != size`), or tests a
    /// flag false beside such a comparison (`!s.didLayout`), and the act's writes (`$0.size =
    /// size`, `$0.didLayout = true`) store exactly those values in those fields, and nothing else. A stale check then only
    /// makes a redundant write or skips one another thread has just made: "set if different".
    /// A local that carries one field read by the check (`let now = level`) stands for it.
    public static func setsComparedValues(_ condition: Range<Int>, second: LockAcquisition, carriers: [String: Set<String>] = [:],
                                          _ s: FileStructure) -> Bool {
        func field(_ k: Int) -> String {
            let name = s.text(k)
            if !s.isChar(k - 1, UInt8(ascii: ".")), let c = carriers[name], c.count == 1, let f = c.first { return f }
            return name
        }
        func text(_ r: Range<Int>) -> String { r.map { s.text($0) }.joined(separator: " ") }
        // The act's writes: field → the value's text.
        var writes: [String: String] = [:]
        var k = second.start
        while k < min(second.end, s.code.count - 1) {
            defer { k += 1 }
            guard s.code[k].isWord, s.isChar(k + 1, UInt8(ascii: "=")), s.code[k + 1].length == 1 else { continue }
            guard s.isChar(k - 1, UInt8(ascii: ".")) || s.code[k].flags.contains(.newlineBefore) || s.isChar(k - 1, UInt8(ascii: "{"))
                    || s.isChar(k - 1, UInt8(ascii: ";")) else { continue }
            let end = s.statementEnd(from: k + 1, limit: second.end)
            guard end > k + 2 else { return false }
            writes[s.text(k)] = text(k + 2..<end)
            k = end - 1
        }
        guard !writes.isEmpty else { return false }
        // Nothing else in the act changes anything: no other call (but the lock's own), no
        // compound assignment (`passes += 1`), no `&x`.
        var q = second.start
        while q < min(second.end, s.code.count - 1) {
            defer { q += 1 }
            if s.code[q].isWord && s.isChar(q + 1, UInt8(ascii: "=")) && s.code[q + 1].length == 1 {
                q = s.statementEnd(from: q + 1, limit: second.end) - 1
                continue
            }
            if s.code[q].kind == .identifier && (s.isChar(q + 1, UInt8(ascii: "(")) || s.isChar(q + 1, UInt8(ascii: "{")))
                && q != second.acquireToken && !s.is(q, "lock") && !s.is(q, "unlock") { return false }
            if s.code[q].kind == .operator {
                let op = s.text(q)
                if op == "&" || (op.hasSuffix("=") && op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "===" && op != "!==") { return false }
            }
        }
        // The condition's terms.
        var terms: [Range<Int>] = []
        var from = condition.lowerBound
        var j = condition.lowerBound
        while j < condition.upperBound {
            if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                if m > j { j = m + 1; continue }
            }
            if s.is(j, "||") { terms.append(from..<j); from = j + 1 }
            if s.is(j, "&&") || s.isChar(j, UInt8(ascii: ",")) || s.isChar(j, UInt8(ascii: "{")) { return false }
            j += 1
        }
        terms.append(from..<condition.upperBound)
        var covered = Set<String>()
        var compared = false
        for t in terms where !t.isEmpty {
            if s.is(t.lowerBound, "!") && t.count >= 2 {
                // `!x.flag` / `!flag`: set to true.
                let f = field(t.upperBound - 1)
                guard writes[f] == "true", t.dropFirst().allSatisfy({ s.code[$0].isWord || s.isChar($0, UInt8(ascii: ".")) }) else { return false }
                covered.insert(f)
                continue
            }
            guard let op = t.first(where: { s.is($0, "!=") }) else { return false }
            compared = true
            let lhs = op - 1
            let rhs = text(op + 1..<t.upperBound)
            guard s.code[lhs].isWord, writes[field(lhs)] == rhs else { return false }
            covered.insert(field(lhs))
        }
        // (At least one value compared: a flag alone found clear and set, or found set and
        // cleared, is a claim or a take, which two callers can both make.)
        return compared && covered == Set(writes.keys)
    }


    /// Every assignment of `name` in the file stores the same one-token value (`true`, `false`,
    /// `nil`) or the same enum case as the one at `value`.
    public static func isLatch(_ name: String, value: Int, _ s: FileStructure) -> Bool {
        guard let mine = storedConstant(value, s) else { return false }
        for a in s.assignments(of: name, in: 0..<s.code.count) {
            if s.isKeyword(a - 1, .let) || s.isKeyword(a - 1, .var) { continue }
            if storedConstant(a + 2, s) != mine { return false }
        }
        return true
    }

    /// A one-way latch held in another object and reached through one of its properties
    /// (`cancelled.value`): the file uses that object only to read the property and to assign it,
    /// and every assignment stores the same constant, wherever it is made (inline, or in a helper
    /// such as `shutdown()`). A stale check of it then cannot undo another thread's write: the only
    /// change anyone makes is the one this code makes. Any other use of the object (a method call,
    /// passing it on, assigning the object itself) may change it some other way: not a latch.
    /// Uses in the type (`inType`, as written, extensions included) are read; another type's
    /// property of the same name is another object.
    public static func isLatch(receiver: String, property: String, inType type: String, _ s: FileStructure) -> Bool {
        guard !receiver.isEmpty, !receiver.contains("."), !property.isEmpty else { return false }
        var constant: String? = nil
        var assigned = false
        for k in s.code.indices where s.code[k].kind == .identifier && s.is(k, text: receiver) {
            // A member of the object reached as `receiver` or `self.receiver`, not another one's.
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) || s.enclosingTypeName(of: k) != type { continue }
            guard s.isChar(k + 1, UInt8(ascii: ".")), s.is(k + 2, text: property), !s.isChar(k + 3, UInt8(ascii: ".")),
                  !s.isChar(k + 3, UInt8(ascii: "(")), !s.isChar(k + 3, UInt8(ascii: "[")) else { return false }
            guard s.is(k + 3, "=") else {
                // Only read: not changed in place (`+=`, `&`), not passed on as `inout`.
                if k + 3 < s.code.count, s.code[k + 3].kind == .operator, s.text(k + 3).hasSuffix("="),
                   !["==", "!=", "<=", ">=", "==="].contains(s.text(k + 3)) { return false }
                if s.is(k - 1, "&") { return false }
                continue
            }
            guard let value = storedConstant(k + 4, s), constant == nil || constant == value else { return false }
            constant = value
            assigned = true
        }
        return assigned
    }

    /// A one-way latch kept in a lock that holds its state (`let failed = Mutex(false)`): every
    /// closure the file runs on `box` that changes the value assigns it the same constant
    /// (`failed.withLock { $0 = true }`), and the file does nothing else with the box but run
    /// closures on it. A stale check of it cannot undo another thread's write.
    public static func isLatch(box: String, value: Int, _ s: FileStructure) -> Bool {
        guard !box.isEmpty, !box.contains("."), let mine = storedConstant(value, s) else { return false }
        for k in s.code.indices where s.code[k].kind == .identifier && s.is(k, text: box) {
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) { continue }
            // Only `box.method { … }`: a closure run on it.
            guard s.isChar(k + 1, UInt8(ascii: ".")), k + 2 < s.code.count, s.code[k + 2].kind == .identifier else { return false }
            let c = s.firstClosure(openingAfter: k + 2)
            guard c < s.closures.count, s.closures[c].callee == k + 2 else { return false }
            let body = s.closures[c]
            let value = body.parameterNames.first
            for q in s.span(body.open + 1, body.close) where s.is(q, "$0") || value.map({ s.is(q, text: $0) && !s.isChar(q - 1, UInt8(ascii: ".")) }) == true {
                if s.is(q - 1, "&") { return false }
                guard q + 1 < s.code.count, s.code[q + 1].kind == .operator || s.isChar(q + 1, UInt8(ascii: "=")) || s.isChar(q + 1, UInt8(ascii: ".")) else { continue }
                if s.is(q + 1, "=") {
                    guard storedConstant(q + 2, s) == mine else { return false }
                } else if s.isChar(q + 1, UInt8(ascii: ".")) {
                    // A mutating method (`$0.toggle()`, `$0.append(x)`) or a member's write: not known.
                    if s.isChar(q + 3, UInt8(ascii: "(")) || s.is(q + 3, "=") { return false }
                } else if s.text(q + 1).hasSuffix("="), !["==", "!=", "<=", ">=", "==="].contains(s.text(q + 1)) {
                    return false
                }
            }
        }
        return true
    }

    /// The constant an assignment stores, when its value is one whole statement: `true`, `false`,
    /// `nil` or an enum case (`.stopped`); nil for anything else.
    static func storedConstant(_ v: Int, _ s: FileStructure) -> String? {
        if s.isKeyword(v, .true) || s.isKeyword(v, .false) || s.isKeyword(v, .nil) {
            return s.startsStatementAfter(v) ? s.text(v) : nil
        }
        if s.isChar(v, UInt8(ascii: ".")) && v + 1 < s.code.count && s.code[v + 1].kind == .identifier && s.startsStatementAfter(v + 1) {
            return "." + s.text(v + 1)
        }
        return nil
    }

    /// The block's own statements include a `return`, `throw`, `break` or `continue`.
    static func leaves(_ block: Int, _ s: FileStructure) -> Bool {
        let b = s.scopes[block]
        for q in s.span(b.open + 1, b.close) where Int(s.scopeOf[q]) == block {
            if s.isKeyword(q, .return) || s.isKeyword(q, .throw) || s.isKeyword(q, .break) || s.isKeyword(q, .continue) { return true }
        }
        return false
    }
}
