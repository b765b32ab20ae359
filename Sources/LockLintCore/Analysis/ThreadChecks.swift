/// Branches that run only off the main thread, by what their condition checks
/// (`Thread.isMainThread` or `Thread.current.isMainThread`): the code under
/// `if !Thread.isMainThread { … }`, the `else` of `if Thread.isMainThread { … }`, what follows
/// `guard !Thread.isMainThread else { … }` or `if Thread.isMainThread { …; return }`, and the
/// false arm of `Thread.isMainThread ? a : b`. Waiting for the main queue there cannot wait for
/// the thread that waits.
public enum ThreadChecks {
    /// Whether token `t` runs only when the code is not on the main thread, by a check in its
    /// own function or closure (not in code that calls it).
    public static func offMainThread(_ s: FileStructure, at t: Int) -> Bool {
        var sc = t >= 0 && t < s.scopeOf.count ? Int(s.scopeOf[t]) : -1
        var inner = t
        var steps = 0
        while steps < 64 {
            steps += 1
            // Earlier statements of this block: `guard !Thread.isMainThread else { … }` and
            // `if Thread.isMainThread { …; return }` leave the rest of the block off main.
            if exitsWhenOnMain(s, before: inner, inScope: sc) { return true }
            // A ternary's false arm: `Thread.isMainThread ? a : b`.
            if falseArmOfMainCheck(s, t, inScope: sc) { return true }
            guard sc >= 0 else { return false }
            let scope = s.scopes[sc]
            guard scope.kind == .statement else { return false }
            let kw = scope.statementKeyword
            if kw >= 0 && s.isKeyword(kw, .if) && conditionSays(s, s.span(kw + 1, scope.open)) == .offMain { return true }
            if kw >= 0 && s.isKeyword(kw, .else) && s.isChar(kw - 1, UInt8(ascii: "}")) {
                // The `else` of an `if` whose condition is only that the code is on main.
                let thenClose = kw - 1
                let thenOpen = Int(s.match[thenClose])
                let thenScope = thenOpen >= 0 ? Int(s.scopeOf[thenOpen + 1 < s.code.count ? thenOpen + 1 : thenOpen]) : -1
                if thenScope >= 0, s.scopes[thenScope].open == thenOpen, s.scopes[thenScope].statementKeyword >= 0,
                   s.isKeyword(s.scopes[thenScope].statementKeyword, .if) {
                    let ifKw = s.scopes[thenScope].statementKeyword
                    if conditionSays(s, s.span(ifKw + 1, thenOpen)) == .onMainOnly { return true }
                }
            }
            inner = scope.open
            sc = scope.parent
        }
        return false
    }

    enum Condition { case offMain, onMainOnly, other }

    /// What an `if` condition says about the main thread: every path into the branch is off main
    /// (a clause `!Thread.isMainThread`, joined with `,` or `&&`), the condition is only that the
    /// code is on main (so its `else` is off main), or neither.
    static func conditionSays(_ s: FileStructure, _ condition: Range<Int>) -> Condition {
        var checks: [Int] = []
        var joinedByOr = false
        for k in condition {
            if testStart(s, k) != nil { checks.append(k) }
            if s.is(k, "||") { joinedByOr = true }
        }
        guard let k = checks.first else { return .other }
        let negated = isNegated(s, k)
        if negated && !joinedByOr { return .offMain }
        // `if Thread.isMainThread {` alone (or `Foundation.Thread.isMainThread`).
        let first = testStart(s, k) ?? k
        if !negated && checks.count == 1 && first == condition.lowerBound && k + 1 == condition.upperBound { return .onMainOnly }
        return .other
    }

    /// The first token of the main-thread test whose `isMainThread` is at `k`:
    /// `Thread.isMainThread`, `Thread.current.isMainThread`, with `Foundation.` before either.
    static func testStart(_ s: FileStructure, _ k: Int) -> Int? {
        guard s.is(k, "isMainThread"), s.isChar(k - 1, UInt8(ascii: ".")) else { return nil }
        var first = k - 2
        if s.is(first, "current") && s.isChar(first - 1, UInt8(ascii: ".")) { first -= 2 }
        guard s.is(first, "Thread") else { return nil }
        if s.isChar(first - 1, UInt8(ascii: ".")) && s.is(first - 2, "Foundation") { first -= 2 }
        return first
    }

    /// `!Thread.isMainThread`, `Thread.isMainThread == false`, `!Foundation.Thread.isMainThread`.
    static func isNegated(_ s: FileStructure, _ k: Int) -> Bool {
        let first = testStart(s, k) ?? k
        return s.isChar(first - 1, UInt8(ascii: "!")) || (s.is(k + 1, "==") && s.isKeyword(k + 2, .false))
    }

    /// Whether a statement of scope `sc` before token `before` leaves the rest of the block off
    /// main: `guard !Thread.isMainThread else { … }`, or `if Thread.isMainThread { … return }`
    /// whose block always leaves.
    static func exitsWhenOnMain(_ s: FileStructure, before: Int, inScope sc: Int) -> Bool {
        let open = sc >= 0 ? s.scopes[sc].open : -1
        // Checks written in this block: few, and close to the start of a helper; look at each
        // `isMainThread` of the block at its own level.
        var k = before - 1
        var steps = 0
        while k > open && steps < 4_096 {
            steps += 1
            if s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) {
                let m = Int(s.match[k])
                // A nested block: the `if`/`guard` it belongs to is read from its keyword.
                if m >= 0 && m < k { k = m - 1; continue }
            }
            if s.isKeyword(k, .guard) && Int(s.scopeOf[k]) == sc, let e = s.guardElse(of: k), e < before {
                if conditionSays(s, s.span(k + 1, e)) == .offMain { return true }
            } else if s.isKeyword(k, .if) && Int(s.scopeOf[k]) == sc && !s.isKeyword(k - 1, .else), let body = s.statementBody(of: k),
                      s.scopes[body].close < before, conditionSays(s, s.span(k + 1, s.scopes[body].open)) == .onMainOnly,
                      s.ifChainEnd(afterBranchClosingAt: s.scopes[body].close) == s.scopes[body].close, leaves(s, body) {
                return true
            }
            k -= 1
        }
        return false
    }

    /// Whether block `body` ends with `return`, `throw`, `continue` or `break` at its own level.
    static func leaves(_ s: FileStructure, _ body: Int) -> Bool {
        let b = s.scopes[body]
        var k = b.close - 1
        // The last statement of the block starts after the previous one ends.
        while k > b.open && !(s.code[k].flags.contains(.newlineBefore) && Int(s.scopeOf[k]) == body) && !s.isChar(k - 1, UInt8(ascii: "{"))
            && !s.isChar(k - 1, UInt8(ascii: ";")) {
            k -= 1
        }
        return k > b.open && (s.isKeyword(k, .return) || s.isKeyword(k, .throw) || s.isKeyword(k, .continue) || s.isKeyword(k, .break))
    }

    /// `Thread.isMainThread ? a : b` with `t` in `b`, in scope `sc`.
    static func falseArmOfMainCheck(_ s: FileStructure, _ t: Int, inScope sc: Int) -> Bool {
        let open = sc >= 0 ? s.scopes[sc].open : -1
        var k = t - 1
        var steps = 0
        while k > open && steps < 256 {
            steps += 1
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) || s.isChar(k, UInt8(ascii: "}")) {
                let m = Int(s.match[k])
                if m >= 0 && m < k { k = m - 1; continue }
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: ";")) { return false }
            if s.isChar(k, UInt8(ascii: ":")) {
                // The `?` of the ternary, and its condition just before it.
                var q = k - 1
                var inner = 0
                while q > open && inner < 256 {
                    inner += 1
                    if s.isChar(q, UInt8(ascii: ")")) || s.isChar(q, UInt8(ascii: "]")) || s.isChar(q, UInt8(ascii: "}")) {
                        let m = Int(s.match[q])
                        if m >= 0 && m < q { q = m - 1; continue }
                    }
                    if s.isChar(q, UInt8(ascii: "?")) && s.code[q].flags.contains(.spaceBefore) {
                        let c = q - 1
                        if testStart(s, c) != nil { return !isNegated(s, c) }
                        return false
                    }
                    if s.isChar(q, UInt8(ascii: "{")) || s.isChar(q, UInt8(ascii: ";")) || s.isChar(q, UInt8(ascii: "(")) { return false }
                    if s.code[q].flags.contains(.newlineBefore) && s.startsStatement(q) { return false }
                    q -= 1
                }
                return false
            }
            if s.code[k].flags.contains(.newlineBefore) && s.startsStatement(k) { return false }
            k -= 1
        }
        return false
    }
}

extension FileStructure {
    /// The uses of the file's `private`/`fileprivate` functions (every caller of one is in the
    /// file), by name, in one pass.
    public func privateFunctionUses() -> [String: [Int]] {
        var names = Set<String>()
        for d in decls where d.kind == .function && (d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)) {
            names.insert(d.nameText)
        }
        return uses(of: names)
    }

    /// The tokens that use each of `names` (an identifier of that name, not a declaration's name
    /// after `func`), in one pass over the file.
    public func uses(of names: Set<String>) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        guard !names.isEmpty else { return out }
        let lengths = Set(names.map(\.utf8.count))
        for k in 0..<code.count where code[k].kind == .identifier && lengths.contains(Int(code[k].length)) && !isKeyword(k - 1, .func) {
            let name = text(k)
            if names.contains(name) { out[name, default: []].append(k) }
        }
        return out
    }
}
