extension FileStructure {
    /// Names bound inside token range `range` (coarsely, ignoring inner scoping): `let`/`var`
    /// declarations and pattern bindings (`if let x`, `case .a(let x)`, `case let .b(x, y)`),
    /// `for x in` / `for (a, b) in`, `catch let e`, and closure parameters.
    public func boundNames(in range: Range<Int>) -> Set<String> {
        var names = Set<String>()
        forEachBinding(in: range) { _, _, name in names.insert(name) }
        return names
    }

    /// Whether `boundNames(in: range)` contains `name`, from the index built once per file
    /// (`bindingsByName`): a binary search, not a pass over the range.
    public func binds(_ name: String, in range: Range<Int>) -> Bool {
        for b in bindings(of: name, from: range.lowerBound) {
            if b.trigger >= range.upperBound { break }
            // A plain `let x` counts only when `x` itself is inside the range.
            if b.plainName < 0 || b.plainName < range.upperBound { return true }
        }
        return false
    }

    /// Whether a binding of `name` introduced between `start` and token `k`, or by `k` itself (the
    /// name in `for x in`, `let x`, `case let .a(x)`), is in scope at `k`: there `name` is a local,
    /// not a member of the type (a loop binding named like a property is not a read of it).
    public func bindsLocal(_ name: String, from start: Int, at k: Int) -> Bool {
        binds(name, in: span(start, k + 1), visibleAt: k)
    }

    /// The bindings of `name` whose introducing token is at or after `start`, in order (a binary
    /// search of the per-file index).
    func bindings(of name: String, from start: Int) -> ArraySlice<BindingSite> {
        let list = bindingsByName[name] ?? []
        var lo = 0
        var hi = list.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if list[mid].trigger < start { lo = mid + 1 } else { hi = mid }
        }
        return list[lo...]
    }

    /// Whether a binding of `name` introduced in `range` is in scope at token `i` (see
    /// `isVisible(declaredAt:at:)`): a binding in a block that ended, or in another case of a
    /// switch, does not hide anything at `i`.
    public func binds(_ name: String, in range: Range<Int>, visibleAt i: Int) -> Bool {
        for b in bindings(of: name, from: range.lowerBound) {
            if b.trigger >= range.upperBound { break }
            if b.plainName >= range.upperBound { continue }
            if isVisible(declaredAt: b.trigger, at: i) { return true }
        }
        return false
    }

    /// Every binding whose introducing token (`let`, `var`, `for`, a closure's `{`) is in
    /// `range`: the token, the name token for a plain `let x` (else -1), and the name.
    func forEachBinding(in range: Range<Int>, _ body: (Int, Int, String) -> Void) {
        var i = max(0, range.lowerBound)
        let end = min(range.upperBound, code.count)
        while i < end {
            let t = code[i]
            if t.kind == .keyword && (t.word == .let || t.word == .var || t.word == .for) {
                var j = i + 1
                if t.word == .for && (isKeyword(j, .case) || isKeyword(j, .try) || isKeyword(j, .await)) { j += 1 }
                if isKeyword(j, .let) || isKeyword(j, .var) { j += 1 }
                if j < end && code[j].kind == .identifier {
                    body(i, j, text(j))
                } else if isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: ".")) {
                    // Tuple or enum-case pattern: the identifiers followed by `,` or `)`.
                    var k = j
                    if isChar(k, UInt8(ascii: ".")) {
                        k += 2
                    }
                    if isChar(k, UInt8(ascii: "(")) {
                        let close = Int(match[k])
                        if close > k {
                            // A name is bound where a sub-pattern ends with it: before `,` or `)`,
                            // before `as T` (`.payload(x as T)`), or before `?` (`(x?, y)`); a
                            // type after `as`/`is` and a member after `.` name nothing new.
                            for q in span(k + 1, close) where code[q].kind == .identifier
                                && (isChar(q + 1, UInt8(ascii: ",")) || isChar(q + 1, UInt8(ascii: ")")) || isKeyword(q + 1, .as)
                                    || (isChar(q + 1, UInt8(ascii: "?")) && code[q + 1].length == 1
                                        && (isChar(q + 2, UInt8(ascii: ",")) || isChar(q + 2, UInt8(ascii: ")")))))
                                && !isChar(q - 1, UInt8(ascii: ".")) && !isKeyword(q - 1, .as) && !isKeyword(q - 1, .is) {
                                body(i, -1, text(q))
                            }
                        }
                    }
                }
            } else if t.kind == .punctuation && isChar(i, UInt8(ascii: "{")) && scopes.indices.contains(Int(scopeOf[i])) {
                let sc = scopes[Int(scopeOf[i])]
                if sc.kind == .closure && sc.open == i {
                    for n in closures[sc.closure].parameterNames { body(i, -1, n) }
                }
            }
            i += 1
        }
    }
}

extension FileStructure {
    /// The attribute names (without `@`) written before declaration `d`.
    public func attributeNames(_ d: Decl) -> [String] {
        attributes(of: d).map { String(text($0).dropFirst()) }
    }

    /// The attribute tokens before declaration `d`'s keyword (`@MainActor`, `@Published`, …).
    public func attributes(of d: Decl) -> [Int] {
        guard d.hasAttributes else { return [] }
        return span(d.start, d.keyword).filter { code[$0].kind == .attribute }
    }

    /// `@available(*, unavailable)` on declaration `d` (on every platform: not
    /// `@available(macOS, unavailable)`): for an extension that adds a conformance
    /// (`@available(*, unavailable) extension T: Sendable {}`), a statement that the type does
    /// not conform.
    public func isMarkedUnavailable(_ d: Decl) -> Bool {
        attributes(of: d).contains { a in
            guard self.is(a, "@available"), isChar(a + 1, UInt8(ascii: "(")), self.is(a + 2, "*") else { return false }
            let close = Int(match[a + 1])
            return close > a + 1 && span(a + 2, close).contains { self.is($0, "unavailable") }
        }
    }

    /// `@available(…, deprecated…)` or `obsoleted:` on declaration `d`, on any platform: the
    /// code says the declaration is a legacy path (a fallback for systems older than its
    /// replacement).
    public func isMarkedDeprecated(_ d: Decl) -> Bool {
        attributes(of: d).contains { a in
            guard self.is(a, "@available"), isChar(a + 1, UInt8(ascii: "(")) else { return false }
            let close = Int(match[a + 1])
            return close > a + 1 && span(a + 2, close).contains { self.is($0, "deprecated") || self.is($0, "obsoleted") }
        }
    }

    /// The tokens (attributes to end) of the declarations marked deprecated (`isMarkedDeprecated`).
    public func deprecatedRanges() -> TokenRanges {
        TokenRanges(decls.lazy.filter { $0.hasAttributes && $0.end > $0.start && self.isMarkedDeprecated($0) }.map { $0.start..<$0.end })
    }

    /// The name of the type written for parameter `name` of the function around token `t` (or
    /// of a function around that one): `_ rhs: inout Box<T>` → `Box`; `Self` → the type around
    /// `t`; nil when no enclosing function has such a parameter.
    public func parameterTypeName(_ name: String, at t: Int) -> String? {
        parameterTypeName(name, at: t, dotted: false)
    }

    /// `A.B.C` from identifier token `k` on, up to `end`: the dotted name written there.
    public func dottedName(from k: Int, before end: Int) -> String {
        var out = text(k)
        var j = k
        while j + 2 < end && isChar(j + 1, UInt8(ascii: ".")) && code[j + 2].kind == .identifier {
            out += "." + text(j + 2)
            j += 2
        }
        return out
    }

    /// The type name of parameter `name` as written (`Outer.Inner`, `Inner`), for a parameter of
    /// a function around token `t`; as `parameterTypeName` otherwise.
    public func parameterTypePath(_ name: String, at t: Int) -> String? {
        parameterTypeName(name, at: t, dotted: true)
    }

    func parameterTypeName(_ name: String, at t: Int, dotted: Bool) -> String? {
        var f = enclosingFunction(of: t)
        while let fn = f {
            if let range = parameterType(name, of: fn) {
                for j in range where code[j].kind != .attribute {
                    if isKeyword(j, .Self) { return enclosingType(of: t).map { decls[$0].nameText } }
                    if code[j].kind == .identifier { return dotted ? dottedName(from: j, before: range.upperBound) : text(j) }
                    if code[j].kind != .keyword { return nil }
                }
                return nil
            }
            let p = decls[fn].parent
            f = p >= 0 && decls[p].kind.isFunctionLike ? p : nil
        }
        return nil
    }

    /// The type written for parameter `name` of a closure around token `t` (`{ (item: Item) in`),
    /// its first identifier; nil when no enclosing closure declares it with a type.
    public func closureParameterTypeName(_ name: String, at t: Int) -> String? {
        var sc = t >= 0 && t < scopeOf.count ? Int(scopeOf[t]) : -1
        while sc >= 0 {
            let c = scopes[sc].closure
            if scopes[sc].kind == .closure, c >= 0, closures[c].parameterNames.contains(name) {
                let end = closures[c].inKeyword
                guard end > closures[c].open else { return nil }
                var j = closures[c].open + 1
                while j + 2 < end {
                    if code[j].isWord, text(j) == name, isChar(j + 1, UInt8(ascii: ":")) {
                        var k = j + 2
                        while k < end && code[k].kind == .attribute { k += 1 }
                        return k < end && code[k].kind == .identifier ? text(k) : nil
                    }
                    j += 1
                }
                return nil
            }
            sc = scopes[sc].parent
        }
        return nil
    }

    /// A global-actor attribute (`@MainActor`, `@DatabaseActor`): the declaration is isolated.
    public func hasGlobalActor(_ d: Decl) -> Bool {
        attributeNames(d).contains { $0 == "MainActor" || ($0.hasSuffix("Actor") && $0.first?.isUppercase == true) }
    }

    /// A property-wrapper attribute (`@Published`, `@Atomic`, `@Field(key:)`): storage and any
    /// synchronization belong to the wrapper type.
    public func hasPropertyWrapper(_ d: Decl) -> Bool {
        attributeNames(d).contains { name in
            guard let c = name.first, c.isUppercase else { return false }
            if name == "MainActor" || name.hasSuffix("Actor") || name == "Sendable" || name == "NSCopying" { return false }
            return true
        }
    }
}

extension FileStructure {
    /// The index of the first comment starting at or after byte `offset` (binary search).
    func firstComment(atOrAfter offset: Int) -> Int {
        var lo = 0
        var hi = comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(comments[mid].start) < offset { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first code token on the line of code token `i`.
    public func lineStart(ofToken i: Int) -> Int {
        var first = i
        while first > 0 && !code[first].flags.contains(.newlineBefore) { first -= 1 }
        return first
    }

    /// The comments that document the statement holding code token `i`: those between the end
    /// of the previous line's code and `i`, and a trailing comment on `i`'s line.
    public func commentsAround(token i: Int) -> String {
        guard i >= 0 && i < code.count else { return "" }
        let first = lineStart(ofToken: i)
        let from = first > 0 ? Int(code[first - 1].end) : 0
        let line = self.line(ofToken: i)
        var out = ""
        var k = firstComment(atOrAfter: from)
        while k < comments.count && (Int(comments[k].start) < Int(code[first].start) || file.location(Int(comments[k].start)).line == line) {
            out += file.text(comments[k].range) + "\n"
            k += 1
        }
        return out
    }

    /// The comments that open a block: those after code token `open` (a closure's `{` or its
    /// `in`) and before the next code token, joined.
    public func commentsOpening(after open: Int) -> String {
        guard open >= 0 && open + 1 < code.count else { return "" }
        let from = Int(code[open].end)
        let to = Int(code[open + 1].start)
        var out = ""
        var k = firstComment(atOrAfter: from)
        while k < comments.count && Int(comments[k].start) < to {
            out += file.text(comments[k].range) + "\n"
            k += 1
        }
        return out
    }

    /// The comments between declaration `d`'s first token and the code token before it
    /// (its doc comment and any plain comments above it), joined.
    public func leadingCommentText(_ d: Decl) -> String {
        let startOffset = Int(code[d.start].start)
        let prevEnd = d.start > 0 ? Int(code[d.start - 1].end) : 0
        var out = ""
        var k = firstComment(atOrAfter: prevEnd)
        // (Not a comment that ends the previous code's line: that one is the previous code's.)
        let prevLine = d.start > 0 ? file.location(prevEnd).line : -1
        while k < comments.count && Int(comments[k].start) < startOffset {
            if file.location(Int(comments[k].start)).line != prevLine { out += file.text(comments[k].range) + "\n" }
            k += 1
        }
        // A trailing comment on the declaration's own line counts too.
        let line = self.line(ofToken: d.name >= 0 ? d.name : d.keyword)
        while k < comments.count && file.location(Int(comments[k].start)).line == line {
            out += file.text(comments[k].range) + "\n"
            k += 1
        }
        return out
    }
}

extension FileStructure {
    /// The methods and computed properties (with bodies) of the type named `name`: its
    /// declarations and extensions in this file, protocols left out.
    public func callableMembers(ofTypeNamed name: String) -> [Int] {
        var out: [Int] = []
        for t in typeDecls(named: name) where decls[t].kind != .protocol {
            for c in children[t] {
                let m = decls[c]
                guard m.body >= 0, !m.nameText.isEmpty else { continue }
                if m.kind == .function || (m.kind == .variable && m.isComputed) { out.append(c) }
            }
        }
        return out
    }
}

extension FileStructure {
    /// Token ranges compiled only where the runtime has a single thread (`#if !_runtime(_multithreaded)`,
    /// `#if os(WASI) && !_runtime(_multithreaded)`, the `#else` of `#if _runtime(_multithreaded)`, in
    /// any equivalent shape of `&&`, `||`, `!` and parentheses): code there cannot race.
    public func singleThreadedRanges() -> [Range<Int>] {
        guard identifiers.mayContain("_multithreaded") else { return [] }
        var out: [Range<Int>] = []
        // Open `#if` chains: is the current branch single-threaded, where it started, and whether an
        // earlier condition of the chain holds on every multithreaded runtime (so the branches
        // after it are compiled only without threads).
        var stack: [(single: Bool, start: Int, earlierCoverThreads: Bool)] = []
        for i in 0..<code.count where code[i].kind == .pound {
            if self.is(i, "#if") {
                let c = ThreadCondition(self, after: i)
                stack.append((c.onlyIf(single: true), i, c.always(single: false)))
            } else if self.is(i, "#elseif") {
                guard let top = stack.popLast() else { continue }
                if top.single { out.append(top.start..<i) }
                // This branch is compiled where every earlier condition is false and its own is true.
                let c = ThreadCondition(self, after: i)
                stack.append((top.earlierCoverThreads || c.onlyIf(single: true), i, top.earlierCoverThreads || c.always(single: false)))
            } else if self.is(i, "#else") {
                guard let top = stack.popLast() else { continue }
                if top.single { out.append(top.start..<i) }
                stack.append((top.earlierCoverThreads, i, top.earlierCoverThreads))
            } else if self.is(i, "#endif") {
                if let top = stack.popLast(), top.single { out.append(top.start..<i) }
            }
        }
        return out
    }
}

/// A `#if` condition read for one question: does it imply a single-threaded runtime (or a
/// multithreaded one)? `_runtime(_multithreaded)` is the only atom that decides it.
struct ThreadCondition {
    indirect enum Node {
        case threads  // `_runtime(_multithreaded)`
        case other
        case not(Node)
        case and(Node, Node)
        case or(Node, Node)
    }

    let root: Node

    init(_ s: FileStructure, after pound: Int) {
        let line = s.line(ofToken: pound)
        var end = pound + 1
        var depth = 0
        // To the end of the line, or of the parenthesis opened on it.
        while end < s.code.count && (s.line(ofToken: end) == line || depth > 0) && s.code[end].kind != .pound {
            if s.isChar(end, UInt8(ascii: "(")) { depth += 1 }
            if s.isChar(end, UInt8(ascii: ")")) { depth -= 1 }
            end += 1
        }
        var k = pound + 1
        root = Self.parseOr(s, &k, end, depth: 0)
    }

    /// Whether the condition holds only on a single-threaded runtime (`single`), or only on a
    /// multithreaded one (`!single`).
    func onlyIf(single: Bool) -> Bool { Self.onlyIf(root, single: single) }
    /// Whether the condition holds on every single-threaded runtime (`single`), or on every
    /// multithreaded one (`!single`).
    func always(single: Bool) -> Bool { Self.always(root, single: single) }

    static func onlyIf(_ n: Node, single: Bool) -> Bool {
        switch n {
        case .threads: return !single
        case .other: return false
        case .not(let x): return always(x, single: !single)
        case .and(let a, let b): return onlyIf(a, single: single) || onlyIf(b, single: single)
        case .or(let a, let b): return onlyIf(a, single: single) && onlyIf(b, single: single)
        }
    }

    static func always(_ n: Node, single: Bool) -> Bool {
        switch n {
        case .threads: return !single
        case .other: return false
        case .not(let x): return onlyIf(x, single: !single)
        case .and(let a, let b): return always(a, single: single) && always(b, single: single)
        case .or(let a, let b): return always(a, single: single) || always(b, single: single)
        }
    }

    static func parseOr(_ s: FileStructure, _ k: inout Int, _ end: Int, depth: Int) -> Node {
        var left = parseAnd(s, &k, end, depth: depth)
        while k < end && s.is(k, "||") {
            k += 1
            left = .or(left, parseAnd(s, &k, end, depth: depth))
        }
        return left
    }

    static func parseAnd(_ s: FileStructure, _ k: inout Int, _ end: Int, depth: Int) -> Node {
        var left = parseUnary(s, &k, end, depth: depth)
        while k < end && s.is(k, "&&") {
            k += 1
            left = .and(left, parseUnary(s, &k, end, depth: depth))
        }
        return left
    }

    static func parseUnary(_ s: FileStructure, _ k: inout Int, _ end: Int, depth: Int) -> Node {
        guard k < end, depth < 32 else { return .other }
        if s.is(k, "!") {
            k += 1
            return .not(parseUnary(s, &k, end, depth: depth + 1))
        }
        if s.isChar(k, UInt8(ascii: "(")) {
            k += 1
            let inner = parseOr(s, &k, end, depth: depth + 1)
            if k < end && s.isChar(k, UInt8(ascii: ")")) { k += 1 }
            return inner
        }
        // An atom: a name, with its parenthesized argument (`os(WASI)`, `compiler(>=6)`).
        let threads = s.is(k, "_runtime") && s.isChar(k + 1, UInt8(ascii: "(")) && s.is(k + 2, "_multithreaded")
        k += 1
        if k < end && s.isChar(k, UInt8(ascii: "(")) {
            let m = Int(s.match[k])
            k = m > k && m < end ? m + 1 : end
        }
        return threads ? .threads : .other
    }
}

extension FileStructure {
    /// The access word of a variable's setter (`private` in `public private(set) var`), or nil
    /// when the setter has the declaration's own access.
    func setterAccess(_ d: Decl) -> String? {
        for k in span(d.start, d.keyword) where isChar(k + 1, UInt8(ascii: "(")) && self.is(k + 2, "set") { return text(k) }
        return nil
    }

    /// Whether `d` is a member of a `private` or `fileprivate` type (or of a type nested in one):
    /// then nothing outside this file can name it at all.
    func inFilePrivateType(_ d: Decl) -> Bool {
        var p = d.parent
        var depth = 0
        while p >= 0 && depth < 32 {
            if decls[p].kind.isType && (decls[p].modifiers.contains(.private) || decls[p].modifiers.contains(.fileprivate)) { return true }
            p = decls[p].parent
            depth += 1
        }
        return false
    }

    /// Whether code in other files may assign `d`: neither the declaration nor its setter is
    /// `private` or `fileprivate`.
    public func isSettableOutsideFile(_ d: Decl) -> Bool {
        if inFilePrivateType(d) { return false }
        let fileLocal: Set<String> = ["private", "fileprivate"]
        if let setter = setterAccess(d) { return !fileLocal.contains(setter) }
        return !(d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate))
    }

    /// Whether code in other files can name `d`: neither it (its getter) nor a type around it is
    /// `private` or `fileprivate` (a `private(set)` limits only its setter).
    public func isVisibleOutsideFile(_ d: Decl) -> Bool {
        if inFilePrivateType(d) { return false }
        for k in span(d.start, d.keyword) where (isKeyword(k, .private) || isKeyword(k, .fileprivate)) && !isChar(k + 1, UInt8(ascii: "(")) {
            return false
        }
        return true
    }

    /// A stored `var` with `willSet`/`didSet` observers: meant to be assigned after init (its
    /// observers run only then), whatever the code the tool sees does with it; never one to
    /// make a `let`.
    public func hasObservers(_ d: Decl) -> Bool {
        d.kind == .variable && !d.isLet && !d.isComputed && d.body >= 0 && scopes[d.body].kind == .accessorBlock
    }

    /// A `public`/`open` variable with no `private(set)`, `fileprivate(set)` or `internal(set)`,
    /// in types that are public or open themselves: code in other modules can assign it. (An
    /// extension says nothing of the type it extends unless it narrows the access itself.) A
    /// declaration with no access word directly inside a `public extension` is public, a type
    /// too (`public extension P { enum E { public static var x } }`); one inside a function is
    /// local to it.
    public func isSettableOutsideModule(_ d: Decl) -> Bool {
        if let setter = setterAccess(d), ["private", "fileprivate", "internal"].contains(setter) { return false }
        return isVisibleOutsideModule(d)
    }

    /// A `public`/`open` declaration in types that are public or open themselves (a type with no
    /// access word is internal): code in other modules can read it. See `isSettableOutsideModule`.
    public func isVisibleOutsideModule(_ d: Decl) -> Bool {
        guard d.modifiers.contains(.public) || d.modifiers.contains(.open) || isPublicByExtension(d) else { return false }
        var p = d.parent
        var depth = 0
        while p >= 0 && depth < 32 {
            let m = decls[p].modifiers
            if decls[p].kind.isFunctionLike || decls[p].kind == .variable { return false }
            if decls[p].kind.isType {
                if m.contains(.private) || m.contains(.fileprivate) || m.contains(.internal) { return false }
                if decls[p].kind != .extension && !(m.contains(.public) || m.contains(.open) || m.contains(.package) || isPublicByExtension(decls[p])) {
                    return false
                }
            }
            p = decls[p].parent
            depth += 1
        }
        return true
    }

    /// A declaration with no access word directly inside a `public extension`: public.
    func isPublicByExtension(_ d: Decl) -> Bool {
        let m = d.modifiers
        guard !m.contains(.private) && !m.contains(.fileprivate) && !m.contains(.internal) && !m.contains(.package) else { return false }
        return d.parent >= 0 && decls[d.parent].kind == .extension && decls[d.parent].modifiers.contains(.public)
    }
}

extension FileStructure {
    /// Whether token `t` sits in a loop of scope `body` (`for`, `while`, `repeat`; with
    /// `eachClosure`, also a closure `forEach` runs for each element), so it runs once per turn.
    public func inLoop(_ t: Int, within body: Int, eachClosure: Bool = false) -> Bool {
        guard t >= 0, t < scopeOf.count else { return false }
        var sc = Int(scopeOf[t])
        while sc >= 0 && sc != body {
            let scope = scopes[sc]
            let kw = scope.statementKeyword
            if scope.kind == .statement && kw >= 0 && (isKeyword(kw, .for) || isKeyword(kw, .while) || isKeyword(kw, .repeat)) { return true }
            if eachClosure && scope.kind == .closure && scope.closure >= 0, self.closures[scope.closure].callee >= 0,
               self.is(self.closures[scope.closure].callee, "forEach") { return true }
            sc = scope.parent
        }
        return false
    }
}
