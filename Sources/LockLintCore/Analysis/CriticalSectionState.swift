/// What a critical section reads and writes, by name: read by `split_critical_section` for the
/// acquisitions of one body, and by the lock graph for the members of a type that lock (a getter
/// that reads under the lock, a method that writes under it).

extension LockRegion {
    /// The function (or closure) body that takes this lock.
    public func executableBody(_ s: FileStructure) -> Int {
        if case .closure(_, let ci) = form { return s.enclosingExecutable(of: s.closures[ci].callee) ?? -1 }
        return executable
    }
}

/// Which state a critical section reads and writes: stored properties of the type around it
/// (bare or through `self.`), and the value a withLock closure receives (`$0`, `state.count`).
public struct CriticalSectionState {
    /// The whole value a withLock closure receives (`$0`), as a state name.
    public static let wholeValue = "$value"
    let s: FileStructure
    private var membersByType: [Int: Set<String>] = [:]

    public init(_ s: FileStructure) { self.s = s }

    public struct Accesses {
        public var reads = Set<String>()
        /// Plain assignments (`x = v`): the state, where the access starts, and the first token of `v`.
        public var writes: [(name: String, token: Int, value: Int)] = []
        public init() {}
    }

    /// Whether the value starting at `v` of a plain assignment (`x = v`) is fixed: a literal,
    /// `true`/`false`/`nil`, an enum case, or an empty collection. Set so under the lock after
    /// reading it, the state is claimed (test-and-set) or consumed (read and reset).
    public static func setsFixedValue(_ v: Int, _ s: FileStructure) -> Bool {
        guard v >= 1, v < s.code.count, s.isChar(v - 1, UInt8(ascii: "=")) else { return false }
        let end = s.statementEnd(from: v, limit: s.code.count)
        let kind = s.code[v].kind
        if s.isKeyword(v, .true) || s.isKeyword(v, .false) || s.isKeyword(v, .nil) || kind == .integer || kind == .float || kind == .string {
            return end <= v + 1 || !s.isChar(v + 1, UInt8(ascii: "(")) && s.code[v + 1].kind != .operator
        }
        // `.running`, `[]`, `[:]`
        if s.isChar(v, UInt8(ascii: ".")) && v + 1 < s.code.count && s.code[v + 1].kind == .identifier {
            return !s.isChar(v + 2, UInt8(ascii: "(")) && !s.isChar(v + 2, UInt8(ascii: "."))
        }
        if s.isChar(v, UInt8(ascii: "[")) {
            let m = Int(s.match[v])
            return m == v + 1 || (m == v + 2 && s.isChar(v + 1, UInt8(ascii: ":")))
        }
        return false
    }

    /// The state `a` reads and also sets to a fixed value (see `setsFixedValue`), sorted.
    public static func claims(_ a: Accesses, _ s: FileStructure) -> [String] {
        Array(Set(a.writes.filter { a.reads.contains($0.name) && setsFixedValue($0.value, s) }.map(\.name))).sorted()
    }

    public enum Assignment { case plain(value: Int), compound, none }

    public mutating func accesses(in r: LockRegion, _ s: FileStructure) -> Accesses {
        var out = Accesses()
        let members = memberNames(around: r.acquireToken)
        let owner = s.enclosingType(of: r.acquireToken).map { s.decls[$0].nameText }.flatMap { $0.isEmpty ? nil : $0 }
        var params = Set<String>(["$0"])
        if case .closure(_, let ci) = r.form { params.formUnion(s.closures[ci].parameterNames) }
        for q in s.span(r.start + 1, r.end) where s.code[q].kind == .identifier || s.isKeyword(q, .self) {
            let name: String
            let first: Int
            // `self` itself: its member is looked at next.
            if s.isKeyword(q, .self) { continue }
            let text = s.text(q)
            if s.isChar(q - 1, UInt8(ascii: ".")) {
                // `self.x`, `$0.x`, `state.x`; `Self.x` and `Type.x` for the type's static state.
                guard q >= 2 else { continue }
                let base = q - 2
                let isSelf = (s.isKeyword(base, .self) || s.isKeyword(base, .Self) || (owner != nil && s.is(base, text: owner!)))
                    && !s.isChar(base - 1, UInt8(ascii: "."))
                let isParam = s.code[base].kind == .identifier && params.contains(s.text(base)) && !s.isChar(base - 1, UInt8(ascii: "."))
                guard isSelf || isParam else { continue }
                // `Type.make()`: a static method, not state.
                if !s.isKeyword(base, .self) && !isParam && s.isChar(q + 1, UInt8(ascii: "(")) { continue }
                name = text
                first = base
            } else if params.contains(text) {
                // The closure's value itself, unless a member of it follows.
                if s.isChar(q + 1, UInt8(ascii: ".")) { continue }
                name = Self.wholeValue
                first = q
            } else {
                // `let x = x` copies the member: the binding on the left does not hide it yet.
                let copy = s.isChar(q - 1, UInt8(ascii: "=")) && s.is(q - 2, text: text)
                    && (s.isKeyword(q - 3, .let) || s.isKeyword(q - 3, .var))
                let before = copy ? q - 3 : q
                guard members.contains(text), !s.isChar(q + 1, UInt8(ascii: "(")), !s.binds(text, in: s.span(r.start, before)) else { continue }
                name = text
                first = q
            }
            // A declaration's name (`let x = …` inside the section) is a local, not the state.
            if s.isKeyword(q - 1, .let) || s.isKeyword(q - 1, .var) { continue }
            switch assignment(after: q) {
            case .plain(let value):
                out.writes.append((name, first, value))
            case .compound:
                // `x += 1` reads the current value: it re-checks nothing, but it acts on what is there now.
                out.reads.insert(name)
            case .none:
                out.reads.insert(name)
            }
        }
        return out
    }

    /// `x = …`, `x += …`, `x[k] = …`, `x.y = …`: the postfix chain after `q` ends in an assignment.
    public func assignment(after q: Int) -> Assignment {
        var j = q + 1
        while j < s.code.count {
            if s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                guard m > j else { return .none }
                j = m + 1
            } else if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.code.count && s.code[j + 1].kind == .identifier && !s.isChar(j + 2, UInt8(ascii: "(")) {
                j += 2
            } else if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
                j += 1
            } else {
                break
            }
        }
        guard j < s.code.count else { return .none }
        let t = s.code[j]
        guard t.kind == .operator || t.kind == .punctuation else { return .none }
        let text = s.text(j)
        if text == "=" { return .plain(value: j + 1) }
        guard text.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(text) else { return .none }
        return .compound
    }

    /// Stored properties of the type around token `t` (in any of its declarations in this file);
    /// outside a type, the file's top-level vars.
    private mutating func memberNames(around t: Int) -> Set<String> {
        guard let d = s.enclosingType(of: t) else {
            if let known = membersByType[-1] { return known }
            let globals = Set(s.topLevel.filter { s.decls[$0].kind == .variable && !s.decls[$0].isComputed && !s.decls[$0].isLet }
                .map { s.decls[$0].nameText })
            membersByType[-1] = globals
            return globals
        }
        if let known = membersByType[d] { return known }
        let name = s.decls[d].nameText
        var out = Set<String>()
        // Not a twin declared in another branch of an `#if`: that is another type.
        let at = s.decls[d].keyword
        for td in s.typeDecls(named: name, compatibleWith: at) {
            for m in s.children[td] where s.decls[m].kind == .variable && !s.decls[m].isComputed && !s.decls[m].isLet && s.compatible(m, with: at) {
                out.insert(s.decls[m].nameText)
            }
        }
        membersByType[d] = out
        return out
    }
}

extension CriticalSectionState {
    /// The fields of the value a lock's closure receives (`$0.a`, or `state.a` for a closure
    /// written `{ state in … }`) that the closure opened in `start..<end` reads and writes, when
    /// it uses the value only through its fields; nil when it uses the value whole (passes it on,
    /// assigns it, reads it bare) or there is no such closure. The closure must be the argument
    /// of the call named at `call` (the acquisition's own), not one run inside the section.
    public static func fieldsOfValue(_ s: FileStructure, start: Int, end: Int, call: Int) -> (reads: Set<String>, writes: Set<String>)? {
        guard start >= 0, end <= s.code.count, start < end else { return nil }
        var k = start
        while k < end && !(s.isChar(k, UInt8(ascii: "{")) && s.scopeOf.indices.contains(k + 1)) { k += 1 }
        guard k < end, k + 1 < s.code.count else { return nil }
        let sc = Int(s.scopeOf[k + 1])
        guard sc >= 0, s.scopes[sc].kind == .closure, s.scopes[sc].open == k, s.scopes[sc].closure >= 0 else { return nil }
        let c = s.closures[s.scopes[sc].closure]
        guard c.callee == call, c.parameterNames.count <= 1 else { return nil }
        let name = c.parameterNames.first ?? "$0"
        var reads = Set<String>()
        var writes = Set<String>()
        var seen = false
        for i in c.interior where s.code[i].isWord && s.text(i) == name && !s.isChar(i - 1, UInt8(ascii: ".")) {
            guard i >= c.inKeyword || c.inKeyword < 0 else { continue }
            seen = true
            guard s.isChar(i + 1, UInt8(ascii: ".")), i + 2 < s.code.count, s.code[i + 2].isWord else { return nil }
            let field = s.text(i + 2)
            if StateWrites.isDefiniteWrite(s, i + 2) || StateWrites.passedInout(s, i) { writes.insert(field) } else { reads.insert(field) }
        }
        return seen ? (reads, writes) : nil
    }

    /// Whether the closure in `act` writes only fields of the locked value that the closure in
    /// `check` does not read (`read { $0.stream }`, then `mutate { $0.timer = nil }`): the act
    /// cannot rest on what was checked.
    public static func writesOtherFields(_ s: FileStructure, check: LockAcquisition, act: LockAcquisition) -> Bool {
        guard let r = fieldsOfValue(s, start: check.start, end: check.end, call: check.acquireToken),
              let w = fieldsOfValue(s, start: act.start, end: act.end, call: act.acquireToken), !w.writes.isEmpty else { return false }
        return r.reads.isDisjoint(with: w.writes)
    }

    /// `nil`, `[]`, `[:]`, `0`, `""`: a value that keeps nothing of what was there.
    public static func isEmptyValue(_ v: Int, _ s: FileStructure) -> Bool {
        guard v >= 1, v < s.code.count, CriticalSectionState.setsFixedValue(v, s) else { return false }
        if s.isKeyword(v, .nil) || s.isChar(v, UInt8(ascii: "[")) { return true }
        let text = s.text(v)
        return text == "0" || text == "\"\""
    }
}
