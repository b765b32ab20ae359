/// Code a type does not control, reached from its own: which stored properties hold a closure,
/// a delegate or observer of protocol type, or a collection of them (`CallbackKind`); where a use
/// of one calls into it now (`callbackCall`); whether a stored closure only ever holds the type's
/// own code; and, for a held region, which of its statements call a callback alone (what else
/// says the lock is held for the call is `HeldPurpose`).
public enum CallbackReach {
    /// What a stored property holds that can run code this type does not control.
    public enum CallbackKind {
        /// A closure (`var onChange: ((Int) -> Void)?`).
        case closure
        /// An existential of a protocol (`weak var delegate: Delegate?`).
        case observer(String)
        /// A collection of closures or of protocol existentials.
        case closures
        case observers(String)
    }

    /// Suffixes of protocol names of other modules that are call-back interfaces by convention.
    static let callbackSuffixes = ["Delegate", "Observer", "Listener", "DataSource", "Subscriber"]

    /// What runs with a region's lock held: its statements (nested ones are part of theirs).
    public struct HeldCode {
        public var statements: [Range<Int>]
    }

    public static func heldCode(_ s: FileStructure, _ r: LockRegion) -> HeldCode {
        HeldCode(statements: HeldReach.heldStatements(s, r))
    }

    /// Whether a statement is only the callback call: `callback(x)`, `return self.callback?(x)`,
    /// `try callback(x)`, `_ = callback(x)`, `delegate?.didChange()`, `observers.forEach { … }`,
    /// or a `for … in observers` loop that only calls each element.
    public static func isCallOnly(_ s: FileStructure, _ statement: Range<Int>, property k: Int) -> Bool {
        var j = statement.lowerBound
        while j < k && (s.isKeyword(j, .return) || s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))
                        || s.is(j, "_") || s.isChar(j, UInt8(ascii: "=")) || s.isKeyword(j, .self) || s.isChar(j, UInt8(ascii: "."))) { j += 1 }
        if j == k { return true }
        // `for x in observers { x.notify() }`: the loop is the call.
        if s.isKeyword(statement.lowerBound, .for), s.isKeyword(k - 1, .in), s.isChar(k + 1, UInt8(ascii: "{")) {
            let close = Int(s.match[k + 1])
            return close > k + 1 && !s.span(k + 2, close).contains { StateWrites.isDefiniteWrite(s, $0) && s.code[$0].kind == .identifier }
        }
        return false
    }

    /// Whether stored closure property `d` only ever holds code of its own type: every value
    /// assigned to it in this file (its initial value included) is one of the type's methods
    /// (`self.refresh`, `Self.log`) or a closure written here that calls nothing handed in from
    /// outside (no parameter of the function that builds it, no other callback property), and
    /// no code outside this file can assign it.
    public static func holdsOwnCode(_ s: FileStructure, _ d: Int) -> Bool { ownCodeSources(s, d) != nil }

    /// The expressions assigned to stored closure property `d` (its initial value included) when
    /// every one is the type's own code (see `holdsOwnCode`); nil otherwise.
    public static func ownCodeSources(_ s: FileStructure, _ d: Int) -> [Range<Int>]? {
        let v = s.decls[d]
        guard v.parent >= 0, !(!v.isLet && s.isSettableOutsideFile(v)) else { return nil }
        var sources: [Range<Int>] = []
        if !v.initializer.isEmpty { sources.append(v.initializer) }
        for k in s.assignments(of: v.nameText, in: 0..<s.count) where s.compatible(d, with: k) {
            // `name = …` or `self.name = …`, not another value's member.
            if s.isChar(k - 1, UInt8(ascii: ".")) && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
            if !s.isChar(k - 1, UInt8(ascii: ".")), case .variable(let found) = s.lookupVariable(v.nameText, at: k), found != d { continue }
            // From the `=` on, so a closure literal right after it is skipped whole.
            sources.append((k + 2)..<max(k + 2, s.statementEnd(from: k + 1, limit: s.count)))
        }
        guard !sources.isEmpty else { return nil }
        let typeName = s.decls[v.parent].nameText
        for r in sources where !isOwnCode(s, r, typeName: typeName) { return nil }
        return sources
    }

    /// Whether expression `r` is a method of type `typeName` or a closure that calls nothing
    /// handed in from outside.
    static func isOwnCode(_ s: FileStructure, _ r: Range<Int>, typeName: String) -> Bool {
        guard let first = r.first else { return false }
        var j = first
        // `self.method`, `Self.method`, `Type.method`, `method`.
        if (s.isKeyword(j, .self) || s.isKeyword(j, .Self) || s.is(j, text: typeName)) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        if j + 1 == r.upperBound, s.code[j].kind == .identifier {
            return s.callableMembers(ofTypeNamed: typeName).contains { s.decls[$0].kind == .function && s.decls[$0].nameText == s.text(j) && s.compatible($0, with: j) }
        }
        // A closure literal (maybe with a capture list).
        guard s.isChar(first, UInt8(ascii: "{")), Int(s.match[first]) == r.upperBound - 1 else { return false }
        let parameters = Set(s.enclosingFunction(of: first).map { s.decls[$0].parameterNames } ?? [])
        for q in s.span(first + 1, r.upperBound - 1) where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) {
            let name = s.text(q)
            let called = s.isChar(q + 1, UInt8(ascii: "(")) || (s.isChar(q + 1, UInt8(ascii: "?")) && s.isChar(q + 2, UInt8(ascii: "(")))
                || (s.isChar(q + 1, UInt8(ascii: ".")) && s.isChar(q + 3, UInt8(ascii: "(")))
            // A closure or object handed in by the caller, called from here.
            if called && parameters.contains(name) { return false }
        }
        return true
    }

    /// The stored property `name` of the type around token `k` (its declaration or an extension of
    /// it in this file), found through the by-name index.
    public static func memberProperty(_ s: FileStructure, named name: String, at k: Int) -> Int? {
        guard let t = s.enclosingType(of: k) else { return nil }
        let typeName = s.decls[t].nameText
        return s.variableDecls(named: name).first { d in
            let p = s.decls[d].parent
            return p >= 0 && s.decls[p].kind.isType && s.decls[p].kind != .protocol && s.decls[p].nameText == typeName && s.compatible(d, with: k)
        }
    }

    /// What stored property `d` holds, when it can call back (see `CallbackKind`).
    public static func callbackKind(_ d: Decl, _ context: RuleContext) -> CallbackKind? {
        let s = context.structure
        guard d.kind == .variable, !d.isComputed, d.parent >= 0, s.decls[d.parent].kind.isType, !d.typeAnnotation.isEmpty else { return nil }
        // `let f: (Int) -> Int = { … }`: a closure written in the type itself, its own code.
        if d.isLet && !d.initializer.isEmpty && s.isChar(d.initializer.lowerBound, UInt8(ascii: "{")) { return nil }
        var j = d.typeAnnotation.lowerBound
        let end = d.typeAnnotation.upperBound
        while j < end && s.code[j].kind == .attribute { j += 1 }
        guard j < end else { return nil }
        if s.isChar(j, UInt8(ascii: "[")) {
            let m = Int(s.match[j])
            guard m > j, m < end else { return nil }
            // `[T]` or `[K: T]`: the element (the value of a dictionary).
            var e = j + 1
            var q = j + 1
            while q < m {
                if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) {
                    let mm = Int(s.match[q])
                    if mm > q { q = mm }
                } else if s.isChar(q, UInt8(ascii: ":")) {
                    e = q + 1
                }
                q += 1
            }
            switch elementKind(s, e..<m, context) {
            case .closure?: return .closures
            case .observer(let n)?: return .observers(n)
            default: return nil
            }
        }
        return elementKind(s, j..<end, context)
    }

    /// A closure type (`(T) -> U`, optional) or an existential of a call-back protocol.
    static func elementKind(_ s: FileStructure, _ range: Range<Int>, _ context: RuleContext) -> CallbackKind? {
        var j = range.lowerBound
        let end = range.upperBound
        while j < end && s.code[j].kind == .attribute { j += 1 }
        guard j < end else { return nil }
        if s.isChar(j, UInt8(ascii: "(")) {
            // `(T) -> U`, `((T) -> U)?`, `(@Sendable (T) -> U)?`, or `(any P)?`.
            if s.span(j, end).contains(where: { s.is($0, "->") }) { return .closure }
            let m = Int(s.match[j])
            guard m > j else { return nil }
            for q in s.span(m + 1, end) where !(s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { return nil }
            return elementKind(s, (j + 1)..<m, context)
        }
        if s.is(j, "any") { j += 1 }
        guard j < end, s.code[j].kind == .identifier else { return nil }
        for q in s.span(j + 1, end) where !(s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { return nil }
        let name = s.text(j)
        let local = s.typeDecls(named: name, compatibleWith: j).map { s.decls[$0].kind }
        if local.contains(where: { $0 != .protocol && $0 != .extension }) { return nil }
        if local.contains(.protocol) || context.isProtocol(name) { return .observer(name) }
        // A protocol of another module, named as a call-back interface, and no type of the run.
        if Self.callbackSuffixes.contains(where: { name.hasSuffix($0) }) && !context.isKnownType(name) { return .observer(name) }
        return nil
    }

    /// The token to report for a use of callback property at `k`, when it calls into it now.
    public static func callbackCall(_ s: FileStructure, at k: Int, after: Int, kind: CallbackKind, isCall: Bool, isLoop: Bool) -> Int? {
        switch kind {
        case .closure:
            return isCall ? k : nil
        case .observer:
            // `delegate?.didChange(…)`: a method call, not a property read.
            guard s.isChar(after, UInt8(ascii: ".")), after + 1 < s.count, s.code[after + 1].kind == .identifier,
                  s.isChar(after + 2, UInt8(ascii: "(")) else { return nil }
            return after + 1
        case .closures, .observers:
            if isLoop {
                // `for o in observers { o.notify() }`: the loop body calls each element.
                guard let body = Optional(Int(s.scopeOf[after])), body >= 0, s.scopes[body].open == after else { return nil }
                var f = k - 2
                while f > 0 && !s.isKeyword(f, .for) && k - f < 6 { f -= 1 }
                guard s.isKeyword(f, .for), s.code[f + 1].kind == .identifier, s.isKeyword(f + 2, .in) else { return nil }
                return callsElement(s, body: body, names: [s.text(f + 1)]) ? k : nil
            }
            // `observers.forEach { $0.notify() }` / `handlers.values.forEach { $0(x) }`.
            var m = after
            if s.isChar(m, UInt8(ascii: ".")) && s.is(m + 1, "values") && s.isChar(m + 2, UInt8(ascii: ".")) { m += 2 }
            guard s.isChar(m, UInt8(ascii: ".")), s.is(m + 1, "forEach") else { return nil }
            var open = m + 2
            if s.isChar(open, UInt8(ascii: "(")) && s.isChar(open + 1, UInt8(ascii: "{")) { open += 1 }
            guard s.isChar(open, UInt8(ascii: "{")) else { return nil }
            let sc = Int(s.scopeOf[open])
            guard sc >= 0, s.scopes[sc].open == open, s.scopes[sc].kind == .closure else { return nil }
            let c = s.closures[s.scopes[sc].closure]
            return callsElement(s, body: sc, names: Set(c.parameterNames + ["$0", "$1"])) ? m + 1 : nil
        }
    }

    /// Whether the body calls an element bound to one of `names`: `x(…)`, `x?.m(…)`, `x.m(…)`,
    /// `x.value.m(…)` (a dictionary entry).
    static func callsElement(_ s: FileStructure, body: Int, names: Set<String>) -> Bool {
        let sc = s.scopes[body]
        for q in s.span(sc.open + 1, sc.close) where s.code[q].isWord && !s.isChar(q - 1, UInt8(ascii: ".")) && names.contains(s.text(q)) {
            var n = q + 1
            if s.isChar(n, UInt8(ascii: ".")) && (s.is(n + 1, "value") || s.is(n + 1, "1")) { n += 2 }
            if s.isChar(n, UInt8(ascii: "?")) || s.isChar(n, UInt8(ascii: "!")) { n += 1 }
            if s.isChar(n, UInt8(ascii: "(")) && s.code[n].start == s.code[n - 1].end { return true }
            if s.isChar(n, UInt8(ascii: ".")) && s.isChar(n + 2, UInt8(ascii: "(")) { return true }
        }
        return false
    }
}

extension CallbackReach {
    /// Where the type's own code held in a stored closure (`sources`, see `ownCodeSources`)
    /// takes a lock of `acquisitions` again: an acquisition written in a closure literal, or a
    /// member it calls (`self.m()`, `self?.m()`, `m()`, or the method stored itself) that takes
    /// it, directly or through other members. The member reached and the acquisition.
    public static func ownCodeReentry(_ s: FileStructure, sources: [Range<Int>], members: [SelfCalls.Member], byName: [String: [Int]],
                                      acquisitions: [LockRegion]) -> (member: Int?, acquire: Int)? {
        for r in sources {
            if let a = acquisitions.first(where: { r.contains($0.acquireToken) }) { return (nil, a.acquireToken) }
            var candidates: [Int] = []
            if r.count <= 3, let last = r.last, s.code[last].kind == .identifier {
                // `self.method` / `method`: the method stored itself.
                candidates = (byName[s.text(last)] ?? []).filter { !members[$0].isProperty }
            } else {
                for q in r where s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "(")) {
                    let optionalSelf = s.isChar(q - 1, UInt8(ascii: ".")) && s.isChar(q - 2, UInt8(ascii: "?")) && s.isKeyword(q - 3, .self)
                    if optionalSelf {
                        candidates += (byName[s.text(q)] ?? []).filter { !members[$0].isProperty }
                    } else if let called = SelfCalls.calledMembers(s, q, members, byName) {
                        candidates += called
                    }
                }
            }
            for m in candidates {
                var visiting = Set<Int>()
                if let chain = SelfCalls.acquiresTransitively(m, members: members, byName: byName, acquisitions: acquisitions, s: s, depth: 0,
                                                              visiting: &visiting) {
                    return (m, chain.acquire)
                }
            }
        }
        return nil
    }
}
