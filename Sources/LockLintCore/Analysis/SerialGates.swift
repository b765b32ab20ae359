/// Code of a type that runs one at a time because of how it is started, not where: the body of a
/// `for await` loop (each iteration's awaited calls finish before the next element is taken),
/// and code gated by a Bool flag of the type that a function claims before it (`guard !busy
/// else { return }; busy = true`, nothing awaited between) and that is released only where the
/// gated work has ended (a `defer` of a claiming function, or after the gated call in a `Task`
/// the claiming function starts, directly or through a method that Task calls): a second run
/// stops at the gate until the first has released it. Used by `SerialCallSites` as executors.
struct SerialGates {
    let s: FileStructure
    /// Function body scope → its claims: flag, the `flag = true` token.
    private var claimsByBody: [Int: [(flag: String, set: Int)]] = [:]
    /// Flag → whether every release (`flag = false`) in the file is one a gate allows.
    private var releasesValid: [String: Bool] = [:]
    /// Flag → its release tokens (`flag = false`) in the file.
    private var releaseTokens: [String: [Int]] = [:]

    init(_ s: FileStructure) { self.s = s }

    /// The key of the `for await` loop whose body holds statement scope `sc`, or nil.
    func loopKey(_ sc: Int) -> String? {
        let scope = s.scopes[sc]
        let kw = scope.statementKeyword
        guard scope.kind == .statement, s.isKeyword(kw, .for) else { return nil }
        let next = s.isKeyword(kw + 1, .try) ? kw + 2 : kw + 1
        guard s.isKeyword(next, .await) else { return nil }
        let owner = s.enclosingType(of: kw).map { s.decls[$0].nameText } ?? ""
        return "\(owner).for-await@\(s.line(ofToken: kw)):\(kw)"
    }

    /// The gate of a call at token `k` straight in the body (scope `body`) of a function: a
    /// claim before it with no release between (a `defer` runs at the end).
    mutating func gateInBody(_ body: Int, call k: Int) -> String? {
        for c in claims(body) where c.set < k {
            guard !releasesBetween(c.flag, in: body, from: c.set, to: k, deferAllowed: true),
                  releasesAllowed(c.flag) else { continue }
            return key(c.flag, at: k)
        }
        return nil
    }

    /// The gate of a call at token `k` in `Task` closure `closure` started straight in a function
    /// after its claim: the function releases nothing after the claim, and the Task releases the
    /// flag after the call (directly or through a method it calls).
    mutating func gateInTask(_ closure: Closure, call k: Int) -> String? {
        guard closure.callee >= 0, s.text(closure.callee) == "Task" else { return nil }
        let scope = s.scopes[closure.scope]
        let parent = scope.parent
        guard parent >= 0, s.scopes[parent].kind == .functionBody else { return nil }
        for c in claims(parent) where c.set < closure.open {
            guard !releasesBetween(c.flag, in: parent, from: c.set, to: s.scopes[parent].close, deferAllowed: false, skipping: closure.open..<(closure.close + 1)),
                  taskReleases(c.flag, closure, after: k), releasesAllowed(c.flag) else { continue }
            return key(c.flag, at: k)
        }
        return nil
    }

    private func key(_ flag: String, at k: Int) -> String {
        (s.enclosingType(of: k).map { s.decls[$0].nameText } ?? "") + ".!" + flag
    }

    /// The claims straight in function body `body`: `guard !flag[, …] else { … }` followed at
    /// the body's level by `flag = true` / `self.flag = true` with nothing awaited between.
    private mutating func claims(_ body: Int) -> [(flag: String, set: Int)] {
        if let known = claimsByBody[body] { return known }
        var out: [(flag: String, set: Int)] = []
        let outer = s.scopes[body]
        var sc = body + 1
        while sc < s.scopes.count && s.scopes[sc].open < outer.close {
            defer { sc += 1 }
            let g = s.scopes[sc]
            guard g.parent == body, g.kind == .statement, s.isKeyword(g.statementKeyword, .else) else { continue }
            // The guard keyword: the first `guard` at the body's level before the `else`.
            var j = g.statementKeyword - 1
            while j > outer.open && !(s.isKeyword(j, .guard) && Int(s.scopeOf[j]) == body) { j -= 1 }
            guard s.isKeyword(j, .guard), s.isChar(j + 1, UInt8(ascii: "!")) else { continue }
            var f = j + 2
            if s.isKeyword(f, .self) && s.isChar(f + 1, UInt8(ascii: ".")) { f += 2 }
            guard s.code[f].kind == .identifier, s.isChar(f + 1, UInt8(ascii: ",")) || f + 1 == g.statementKeyword else { continue }
            let flag = s.text(f)
            guard !SelfCalls.isShadowed(s, f, flag) else { continue }
            // `flag = true` at the body's level, nothing awaited before it.
            var t = g.close + 1
            var set = -1
            while t < outer.close && t < g.close + 200 {
                if s.isKeyword(t, .await) { break }
                if Int(s.scopeOf[t]) == body && s.is(t, text: flag) && OnceSections.setsTrue(s, t) { set = t; break }
                t += 1
            }
            if set >= 0 { out.append((flag, set)) }
        }
        claimsByBody[body] = out
        return out
    }

    /// `flag = false` tokens in scope `body` between `from` and `to` (in a `defer` only when not
    /// allowed there).
    private func releasesBetween(_ flag: String, in body: Int, from: Int, to: Int, deferAllowed: Bool, skipping: Range<Int> = 0..<0) -> Bool {
        var t = from + 1
        while t < to {
            if skipping.contains(t) { t = skipping.upperBound; continue }
            if s.is(t, text: flag) && Self.setsFalse(s, t) && !(deferAllowed && inDefer(t, within: body)) { return true }
            t += 1
        }
        return false
    }

    private func inDefer(_ t: Int, within body: Int) -> Bool {
        var sc = Int(s.scopeOf[t])
        while sc >= 0 && sc != body {
            if s.scopes[sc].kind == .statement && s.isKeyword(s.scopes[sc].statementKeyword, .defer) { return true }
            sc = s.scopes[sc].parent
        }
        return false
    }

    /// The Task's body releases `flag` after token `k`: `flag = false`, or a call of a method of
    /// the file whose body does.
    private mutating func taskReleases(_ flag: String, _ c: Closure, after k: Int) -> Bool {
        let releasing = releasingFunctions(flag)
        var t = k + 1
        while t < c.close {
            if s.is(t, text: flag) && Self.setsFalse(s, t) { return true }
            if s.code[t].kind == .identifier && s.isChar(t + 1, UInt8(ascii: "(")) && releasing.contains(s.text(t)) { return true }
            t += 1
        }
        return false
    }

    /// The names of the file's functions whose own body contains `flag = false`.
    private mutating func releasingFunctions(_ flag: String) -> Set<String> {
        var out: Set<String> = []
        for t in releases(flag) {
            if let d = s.enclosingFunction(of: t), !s.decls[d].nameText.isEmpty { out.insert(s.decls[d].nameText) }
        }
        return out
    }

    private mutating func releases(_ flag: String) -> [Int] {
        if let known = releaseTokens[flag] { return known }
        var out: [Int] = []
        // (Not the declaration's initial value: `var busy = false`.)
        for t in 0..<s.code.count where s.code[t].kind == .identifier && s.is(t, text: flag) && Self.setsFalse(s, t)
            && !s.isKeyword(t - 1, .var) && !s.isKeyword(t - 1, .let) { out.append(t) }
        releaseTokens[flag] = out
        return out
    }

    /// Every release of `flag` in the file ends gated work: it sits in a `defer` of a function
    /// that claims the flag, in a `Task` closure started by one, or in a function called only
    /// from such Tasks.
    private mutating func releasesAllowed(_ flag: String) -> Bool {
        if let known = releasesValid[flag] { return known }
        var ok = true
        let rel = releases(flag)
        for t in rel {
            guard let d = s.enclosingFunction(of: t), s.decls[d].body >= 0 else { ok = false; break }
            let body = s.decls[d].body
            if claims(body).contains(where: { $0.flag == flag }) {
                // In the claiming function: a `defer`, or a Task it starts after the claim.
                if inDefer(t, within: body) { continue }
                if let c = enclosingTask(t), c.open > (claims(body).first { $0.flag == flag }?.set ?? Int.max) { continue }
                ok = false; break
            }
            // A function called (by name) only inside Tasks of claiming functions.
            let name = s.decls[d].nameText
            var calls = 0
            var t2 = 0
            while t2 < s.code.count {
                if s.code[t2].kind == .identifier && s.is(t2, text: name) && s.isChar(t2 + 1, UInt8(ascii: "(")) && t2 != s.decls[d].name {
                    calls += 1
                    guard let c = enclosingTask(t2) else { ok = false; break }
                    let fb = s.scopes[c.scope].parent
                    guard fb >= 0, s.scopes[fb].kind == .functionBody, claims(fb).contains(where: { $0.flag == flag }) else { ok = false; break }
                }
                t2 += 1
            }
            if !ok || calls == 0 { ok = false; break }
        }
        releasesValid[flag] = ok
        return ok
    }

    /// The `Task { }` closure straight around token `t` (no other closure between), or nil.
    private func enclosingTask(_ t: Int) -> Closure? {
        for sc in s.enclosingScopes(of: t) where s.scopes[sc].kind == .closure {
            let c = s.closures[s.scopes[sc].closure]
            return c.callee >= 0 && s.text(c.callee) == "Task" ? c : nil
        }
        return nil
    }

    /// `flag = false` (or `self.flag = false`) at token `j`, the flag's name.
    static func setsFalse(_ s: FileStructure, _ j: Int) -> Bool {
        if s.isChar(j - 1, UInt8(ascii: ".")) && !s.isKeyword(j - 2, .self) { return false }
        return s.isChar(j + 1, UInt8(ascii: "=")) && s.isKeyword(j + 2, .false)
    }
}
