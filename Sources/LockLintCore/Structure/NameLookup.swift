/// Which declaration a plain name (`lock`, `queue`, `Self.lock`) refers to at a token: a local
/// of an enclosing function, a parameter, a member of an enclosing type (or of the type an
/// enclosing extension extends, when declared in this file), or a global. Lexical and coarse:
/// enough to learn a property's declared type.
public enum NameBinding: Equatable, Sendable {
    /// A variable declaration (index into `decls`).
    case variable(Int)
    /// A parameter of function-like declaration `function`.
    case parameter(function: Int)
    case unknown
}

extension FileStructure {
    /// - Parameter memberOnly: the name was written `self.x` or `Self.x`: skip locals and parameters.
    public func lookupVariable(_ name: String, at i: Int, memberOnly: Bool = false) -> NameBinding {
        guard !name.isEmpty, i >= 0, i < code.count else { return .unknown }
        var functions: [Int] = []
        var types: [Int] = []
        var getter = -1
        for sc in enclosingScopes(of: i) {
            let d = scopes[sc].decl
            guard d >= 0 else { continue }
            // A computed property's accessor block is its body, not a scope of locals; an
            // implicit getter's own bindings (`guard let x = …`) still hide members.
            if scopes[sc].kind == .accessorBlock && decls[d].kind == .variable {
                if getter < 0 && functions.isEmpty && types.isEmpty { getter = sc }
                continue
            }
            if decls[d].kind.isFunctionLike { functions.append(d) } else if decls[d].kind.isType { types.append(d) }
        }
        if !memberOnly {
            for f in functions {
                // The function's last local of that name declared before `i` (by lookup: a scan of
                // every local per query made long functions quadratic).
                if let found = variableDecls(named: name, keywordIn: span(decls[f].keyword, i)).last(where: { decls[$0].parent == f && compatible($0, with: i) && isVisible(declaredAt: decls[$0].keyword, at: i) }) {
                    return .variable(found)
                }
                if decls[f].parameterNames.contains(name) { return .parameter(function: f) }
            }
            // Closure parameters and pattern bindings hide members too.
            if let f = functions.first, decls[f].body >= 0, binds(name, in: span(scopes[decls[f].body].open, i), visibleAt: i) { return .unknown }
            if functions.isEmpty, getter >= 0, binds(name, in: span(scopes[getter].open, i), visibleAt: i) { return .unknown }
        }
        // A declaration in another branch of an `#if` around `i` is another variable (a twin
        // type's member, a global declared per platform).
        for t in types {
            for c in children[t] where decls[c].kind == .variable && decls[c].nameText == name && compatible(c, with: i) { return .variable(c) }
            if decls[t].kind == .extension {
                let typeName = decls[t].nameText
                for k in typeDecls(named: typeName, compatibleWith: i) where decls[k].kind != .extension {
                    for c in children[k] where decls[c].kind == .variable && decls[c].nameText == name && compatible(c, with: i) { return .variable(c) }
                }
            }
        }
        if !memberOnly {
            for c in variableDecls(named: name) where decls[c].parent < 0 && compatible(c, with: i) { return .variable(c) }
        }
        return .unknown
    }

    /// Whether a local declared at token `k` (before `i` in the same function) is in scope at
    /// `i`: `i` is in the block that declares it, and, in a `switch` body, in the same case (a
    /// local of one case is not seen by the next, though both sit in the switch's braces).
    public func isVisible(declaredAt k: Int, at i: Int) -> Bool {
        guard k >= 0, k < scopeOf.count, i < scopeOf.count else { return true }
        let sc = Int(scopeOf[k])
        guard sc >= 0 else { return true }
        let use = Int(scopeOf[i])
        guard use >= 0, scope(use, isWithin: sc) else { return false }
        // A binding in an `if` or `while` condition is in scope in that statement alone.
        if let stmt = conditionKeyword(ofBinding: k), !isKeyword(stmt, .guard), let body = statementBody(of: stmt), i > scopes[body].close {
            return false
        }
        // `catch let e` binds `e` in that catch block alone.
        if isKeyword(k - 1, .catch), let body = statementBody(of: k - 1), i > scopes[body].close { return false }
        // A loop binding (`for x in`) is in scope in that loop alone.
        var loop = k
        if isKeyword(k, .let) || isKeyword(k, .var) {
            let j = patternStart(ofBinding: k)
            if isKeyword(j, .case) && isKeyword(j - 1, .for) { loop = j - 1 }
        }
        if isKeyword(loop, .for), let body = statementBody(of: loop), i > scopes[body].close { return false }
        let kw = scopes[sc].statementKeyword
        guard kw >= 0, isKeyword(kw, .switch) else { return true }
        // Walk the switch body's own statements from the declaration to `i`, skipping brackets.
        var j = k + 1
        while j < i {
            if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) || isChar(j, UInt8(ascii: "{")) {
                let m = Int(match[j])
                if m > j && m < i { j = m + 1; continue }
                return true
            }
            if isCaseLabel(j, inSwitch: sc) { return false }
            j += 1
        }
        return true
    }

    /// The unmatched `(` before token `t` on its own level (a short bounded look back), or nil
    /// when a statement boundary comes first.
    func openingParen(around t: Int) -> Int? {
        var j = t - 1
        var steps = 0
        while j >= 0 && steps < 64 {
            if isChar(j, UInt8(ascii: "(")) { return j }
            if isChar(j, UInt8(ascii: ")")) || isChar(j, UInt8(ascii: "]")) {
                let m = Int(match[j])
                guard m >= 0 && m < j else { return nil }
                j = m
            } else if isChar(j, UInt8(ascii: "{")) || isChar(j, UInt8(ascii: "}")) || isChar(j, UInt8(ascii: ";")) || isChar(j, UInt8(ascii: "["))
                        || isKeyword(j, .case) || isKeyword(j, .if) || isKeyword(j, .guard) || isKeyword(j, .while) || isKeyword(j, .for)
                        || isKeyword(j, .catch) || isKeyword(j, .switch) || isKeyword(j, .return) {
                return nil
            }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// The `if`, `while` or `guard` whose condition binding `k` (its `let`, `var` or `case`) is
    /// part of (`if let a, case let b = c`), or nil (a short bounded look back).
    func conditionKeyword(ofBinding k: Int) -> Int? {
        var j = patternStart(ofBinding: k)
        if isKeyword(j, .case) { j -= 1 }
        // Right after the keyword, or after a `,` of a condition list: any other token before
        // the binding ends a statement of its own (a plain `let`).
        if isKeyword(j, .if) || isKeyword(j, .while) || isKeyword(j, .guard) { return j }
        guard isChar(j, UInt8(ascii: ",")) else { return nil }
        var steps = 0
        while j >= 0 && steps < 64 {
            if isKeyword(j, .if) || isKeyword(j, .while) || isKeyword(j, .guard) { return j }
            if isChar(j, UInt8(ascii: ")")) || isChar(j, UInt8(ascii: "]")) || isChar(j, UInt8(ascii: "}")) {
                let m = Int(match[j])
                guard m >= 0 && m < j else { return nil }
                j = m
            } else if isChar(j, UInt8(ascii: "{")) || isChar(j, UInt8(ascii: ";")) || isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) {
                return nil
            } else if j < k - 1 && code[j].kind == .keyword && !(isKeyword(j, .let) || isKeyword(j, .var) || isKeyword(j, .case)
                        || isKeyword(j, .try) || isKeyword(j, .await) || isKeyword(j, .as) || isKeyword(j, .is) || isKeyword(j, .self)
                        || isKeyword(j, .nil) || isKeyword(j, .true) || isKeyword(j, .false) || isKeyword(j, .Self) || isKeyword(j, .super)) {
                return nil
            }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// The token before the pattern that binding `k` (its `let` or `var`) is part of: before
    /// `k` itself, or, inside a pattern's parentheses (`case .x(let a)`, `case (let a, _)`),
    /// before the outermost pattern (its `case`, when there is one).
    func patternStart(ofBinding k: Int) -> Int {
        var j = k - 1
        var outer = 0
        while outer < 8, let open = openingParen(around: k > j ? j + 1 : j) {
            j = open - 1
            // The case named before the parentheses (`.x`, `Kind.x`).
            while j >= 1 && code[j].kind == .identifier && isChar(j - 1, UInt8(ascii: ".")) { j -= 2 }
            if j >= 0 && code[j].kind == .identifier && j + 1 < code.count && isChar(j + 1, UInt8(ascii: ".")) { j -= 1 }
            outer += 1
        }
        return j
    }

    /// The type tokens of parameter `name` in function-like declaration `f`'s signature.
    public func parameterType(_ name: String, of f: Int) -> Range<Int>? {
        let sig = decls[f].typeAnnotation
        var j = sig.lowerBound
        while j < sig.upperBound && !isChar(j, UInt8(ascii: "(")) { j += 1 }
        guard isChar(j, UInt8(ascii: "(")) else { return nil }
        let close = Int(match[j])
        guard close > j else { return nil }
        var k = j + 1
        while k < close {
            if code[k].isWord && isChar(k + 1, UInt8(ascii: ":")) && self.is(k, text: name) {
                var e = k + 2
                while e < close && !isChar(e, UInt8(ascii: ",")) && !isChar(e, UInt8(ascii: "=")) {
                    if isChar(e, UInt8(ascii: "(")) || isChar(e, UInt8(ascii: "[")) {
                        let m = Int(match[e])
                        if m > e { e = m }
                    }
                    e += 1
                }
                return span(k + 2, e)
            }
            if isChar(k, UInt8(ascii: "(")) || isChar(k, UInt8(ascii: "[")) {
                let m = Int(match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return nil
    }
}
