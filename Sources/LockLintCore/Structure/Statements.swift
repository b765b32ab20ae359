/// Statement-level questions over the code tokens: where a statement ends, where a compound
/// statement (`if … else if … else`, `do … catch`, `repeat … while`) ends, which brace is a
/// statement's body, and which `case`/`default` words label a switch's cases. For rules that
/// follow control flow through a function body.
extension FileStructure {
    /// The body scope of the statement introduced by keyword token `k` (`if`, `guard … else`'s
    /// `else`, `for`, `while`, `switch`, `do`, `catch`, `repeat`, `defer`), or nil. Scans forward
    /// at the keyword's level, skipping bracketed groups and closures.
    public func statementBody(of k: Int, limit: Int? = nil) -> Int? {
        let end = min(limit ?? code.count, code.count)
        var j = k + 1
        while j < end {
            if isChar(j, UInt8(ascii: "{")) {
                let sc = Int(scopeOf[j])
                if sc >= 0 && scopes[sc].open == j && scopes[sc].kind == .statement && scopes[sc].statementKeyword == k { return sc }
                let m = Int(match[j])
                if m > j { j = m + 1; continue }
                return nil
            }
            if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) {
                let m = Int(match[j])
                if m > j { j = m + 1; continue }
            }
            if isChar(j, UInt8(ascii: "}")) || isChar(j, UInt8(ascii: ";")) { return nil }
            j += 1
        }
        return nil
    }

    /// The `else` keyword of a `guard` statement starting at `g`, or nil.
    public func guardElse(of g: Int, limit: Int? = nil) -> Int? {
        let end = min(limit ?? code.count, code.count)
        var j = g + 1
        while j < end {
            if isKeyword(j, .else) && isChar(j + 1, UInt8(ascii: "{")) { return j }
            if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) || isChar(j, UInt8(ascii: "{")) {
                let m = Int(match[j])
                if m > j { j = m + 1; continue }
            }
            if isChar(j, UInt8(ascii: "}")) || isChar(j, UInt8(ascii: ";")) { return nil }
            j += 1
        }
        return nil
    }

    /// The last token of the `if … else if … else` chain one of whose branches closes at `close`.
    public func ifChainEnd(afterBranchClosingAt close: Int) -> Int {
        var j = close
        var steps = 0
        while isKeyword(j + 1, .else) && steps < 10_000 {
            steps += 1
            if isKeyword(j + 2, .if), let body = statementBody(of: j + 2) {
                j = scopes[body].close
            } else if isChar(j + 2, UInt8(ascii: "{")), Int(match[j + 2]) > j + 2 {
                j = Int(match[j + 2])
            } else {
                break
            }
        }
        return j
    }

    /// The body scopes of the `catch` clauses after a `do` body closing at `close`, in order.
    public func catchClauses(afterDoClosingAt close: Int) -> [Int] {
        var out: [Int] = []
        var j = close
        while isKeyword(j + 1, .catch), let body = statementBody(of: j + 1) {
            out.append(body)
            j = scopes[body].close
        }
        return out
    }

    /// Whether the `case`/`default` word at `i` labels a case of the switch whose body is scope
    /// `sw` (rather than `if case`, `for case`, an enum case or a `default:` argument label).
    public func isCaseLabel(_ i: Int, inSwitch sw: Int) -> Bool {
        guard i >= 0, i < code.count, Int(scopeOf[i]) == sw, isKeyword(i, .case) || isKeyword(i, .default) else { return false }
        let p = i - 1
        if p < 0 { return false }
        if code[p].kind == .attribute { return true }  // `@unknown default:`
        if isChar(p, UInt8(ascii: "{")) || isChar(p, UInt8(ascii: ";")) || isChar(p, UInt8(ascii: ":")) { return true }
        if isChar(p, UInt8(ascii: ",")) || isChar(p, UInt8(ascii: "(")) || isChar(p, UInt8(ascii: "[")) { return false }
        if code[p].kind == .keyword {
            switch code[p].word {
            case .if, .guard, .while, .for, .catch: return false
            default: break
            }
        }
        return code[i].flags.contains(.newlineBefore)
    }

    /// The `:` ending the case label at `label` (skipping brackets), or nil.
    public func caseLabelColon(_ label: Int, limit: Int) -> Int? {
        var j = label + 1
        while j < limit {
            if isChar(j, UInt8(ascii: ":")) { return j }
            if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) || isChar(j, UInt8(ascii: "{")) {
                let m = Int(match[j])
                if m > j { j = m + 1; continue }
            }
            j += 1
        }
        return nil
    }

    /// The token after the end of the simple statement holding token `i` (a `;`, the `}`
    /// closing its block, the first token of the next statement, or `limit`). Bracketed groups
    /// and closures are skipped whole.
    public func statementEnd(from i: Int, limit: Int) -> Int {
        var j = i + 1
        let end = min(limit, code.count)
        while j < end {
            if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) || isChar(j, UInt8(ascii: "{")) {
                let m = Int(match[j])
                if m > j { j = m + 1; continue }
            }
            if isChar(j, UInt8(ascii: ";")) || isChar(j, UInt8(ascii: "}")) || isChar(j, UInt8(ascii: ")")) || isChar(j, UInt8(ascii: "]")) { return j }
            if code[j].kind == .pound { return j }
            if code[j].flags.contains(.newlineBefore) && startsStatement(j) { return j }
            j += 1
        }
        return end
    }

    /// Whether token `j`, which follows a line break, begins a new statement rather than
    /// continuing the previous line's expression.
    public func startsStatement(_ j: Int) -> Bool {
        guard j >= 0 && j < code.count else { return true }
        let t = code[j]
        if isChar(j, UInt8(ascii: ".")) || isChar(j, UInt8(ascii: "{")) || isChar(j, UInt8(ascii: "=")) || isChar(j, UInt8(ascii: ":")) { return false }
        if t.kind == .punctuation && t.length == 2 { return false }  // `->`
        if t.kind == .operator {
            let glued = j + 1 < code.count && code[j + 1].start == t.end
            if !glued || isChar(j, UInt8(ascii: "?")) { return false }
        }
        if t.kind == .keyword {
            switch t.word {
            case .where, .as, .is, .in: return false
            case .let, .var, .func, .class, .struct, .enum, .protocol, .extension, .actor, .import, .typealias,
                 .return, .if, .guard, .for, .while, .switch, .do, .defer, .repeat, .throw, .break, .continue,
                 .case, .default, .`init`, .deinit, .subscript, .static, .private, .fileprivate, .public, .internal,
                 .final, .override, .open, .lazy, .nonisolated, .fallthrough:
                return true
            default: break
            }
        }
        if t.kind == .attribute || t.kind == .pound { return true }
        let p = j - 1
        if p < 0 { return true }
        let prev = code[p]
        let gluedPostfix = prev.kind == .operator && !prev.flags.contains(.spaceBefore)
        if (prev.kind == .operator && !gluedPostfix) || isChar(p, UInt8(ascii: "=")) || isChar(p, UInt8(ascii: ","))
            || isChar(p, UInt8(ascii: "(")) || isChar(p, UInt8(ascii: "[")) || isChar(p, UInt8(ascii: ":")) || isChar(p, UInt8(ascii: ".")) {
            return false
        }
        if prev.kind == .punctuation && prev.length == 2 { return false }
        if prev.kind == .keyword {
            switch prev.word {
            case .try, .await, .as, .is, .in, .throw, .return: return false
            default: break
            }
        }
        return true
    }

    /// Whether the token after `i` begins another statement (or closes the block).
    public func startsStatementAfter(_ i: Int) -> Bool {
        let j = i + 1
        guard j < code.count else { return true }
        if isChar(j, UInt8(ascii: "}")) || isChar(j, UInt8(ascii: ";")) { return true }
        return code[j].flags.contains(.newlineBefore) && startsStatement(j)
    }

    /// The label of a labelled statement (`outer: for …`) whose keyword is at `k`, or nil.
    public func statementLabel(_ k: Int) -> String? {
        guard k >= 2, isChar(k - 1, UInt8(ascii: ":")), code[k - 2].kind == .identifier else { return nil }
        let p = k - 3
        if p < 0 || code[k - 2].flags.contains(.newlineBefore) || isChar(p, UInt8(ascii: "{")) || isChar(p, UInt8(ascii: ";")) || isChar(p, UInt8(ascii: "}")) {
            return text(k - 2)
        }
        return nil
    }
}
