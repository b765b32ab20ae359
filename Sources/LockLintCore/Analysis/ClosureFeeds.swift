/// What the run stores in the closure properties of its types: each value given to one (its
/// initial value, an assignment, an initializer's parameter that feeds it with the default and the
/// arguments passed for that parameter) reduced to the type names it mentions, or
/// `TypeFacts.heldCode` for a value the tool cannot read (a variable handed in, a free
/// function, a closure that uses `self`). Collected per file, merged across the whole run: a
/// test target passes values to its library's initializers.
public struct ClosureFeeds: Sendable, Equatable {
    /// `Type.property` → the names its own declarations give it (`valueMark` for each value).
    public var values: [String: [String]] = [:]
    /// `Type.property` → the initializer parameters stored into it, as `label#position#defaults`
    /// (`_` for an unlabeled one; how many parameters before it have a default).
    public var labels: [String: [String]] = [:]
    /// What the run passes at initializer calls, by `argumentKey(type:label:)` of the called type
    /// (`""` when the call does not name it: `.init(…)`, a metatype's) and the argument label
    /// (`_<position>` unlabeled, `{<position>` a trailing closure, `*` the initializer used as a
    /// function). Kept as hashes: the run makes many calls, and only the few whose type stores
    /// a closure given by an initializer parameter are ever asked about.
    public var arguments = HashedNames()
    /// What the run assigns to a member through a reference (`x.name = …`), by `StateWrites.nameHash`
    /// of the member's name.
    public var members = HashedNames()

    /// Names reached by hashed keys, for the questions of a few keys among many: the keys some
    /// value of which the tool cannot read (`TypeFacts.heldCode`), and for the others the names
    /// their values mention. A literal argument (no value of a closure) is not kept.
    public struct HashedNames: Sendable, Equatable {
        public var held: Set<UInt64> = []
        public var names: [UInt64: [String]] = [:]

        mutating func add(_ key: UInt64, _ values: Set<String>) {
            if values.contains(TypeFacts.heldCode) {
                held.insert(key)
                names[key] = nil
            } else if !values.isEmpty && !held.contains(key) {
                TypeFacts.union(&names[key, default: []], values.sorted())
            }
        }

        mutating func merge(_ o: HashedNames) {
            held.formUnion(o.held)
            for (k, v) in o.names where !held.contains(k) { TypeFacts.union(&names[k, default: []], v) }
            if names.count > 0 { for k in o.held { names[k] = nil } }
        }

        /// Adds what key `key` reaches to `out`; false when a value of it cannot be read.
        func read(_ key: UInt64, into out: inout Set<String>) -> Bool {
            if held.contains(key) { return false }
            if let v = names[key] { out.formUnion(v) }
            return true
        }
    }

    /// The key of the arguments passed with label `label` at calls of the initializers of `type`.
    static func argumentKey(type: String, label: String) -> UInt64 {
        StateWrites.nameHash(type + "\u{1}" + label)
    }

    public init() {}

    /// Marks one value seen (so that a property no value reaches is told from one whose values
    /// mention nothing).
    public static let valueMark = ""

    /// Marks a `var` property: a `let` is given its value in its type's own initializers, never
    /// through another reference.
    public static let variableMark = "\u{0}var"

    mutating func merge(_ o: ClosureFeeds) {
        for (k, v) in o.values { TypeFacts.union(&values[k, default: []], v) }
        for (k, v) in o.labels { TypeFacts.union(&labels[k, default: []], v) }
        arguments.merge(o.arguments)
        members.merge(o.members)
    }

    /// Every name the values of closure property `property` of `type` mention, with one
    /// `valueMark` when some value reaches it; nil when one of them is `TypeFacts.heldCode`.
    public func names(type: String, property: String) -> Set<String>? {
        let key = type + "." + property
        var out = Set(values[key] ?? [])
        if out.contains(Self.variableMark) && !members.read(StateWrites.nameHash(property), into: &out) { return nil }
        for entry in labels[key] ?? [] {
            let parts = entry.split(separator: "#", omittingEmptySubsequences: false)
            guard parts.count == 3, let n = Int(parts[1]), let skipped = Int(parts[2]) else { return nil }
            // An argument reaches the parameter by its label, or by a position that defaulted
            // parameters before it (left out) can move back; a trailing closure by a position
            // up to its own; the initializer used as a function, always.
            var reaching = ["*"] + (0...n).map { "{\($0)" }
            if parts[0] == "_" { reaching += (max(0, n - skipped)...n).map { "_\($0)" } } else { reaching.append(String(parts[0])) }
            for t in [type, ""] {
                for l in reaching where !arguments.read(Self.argumentKey(type: t, label: l), into: &out) { return nil }
            }
        }
        return out.contains(TypeFacts.heldCode) ? nil : out
    }

    // MARK: Extraction

    /// What file `s` gives closure properties: its classes' own (with the initializers that
    /// store them), the arguments of every initializer call, and member assignments.
    static func extract(_ s: FileStructure) -> ClosureFeeds {
        var feeds = ClosureFeeds()
        for (di, d) in s.decls.enumerated() where d.kind == .class || d.kind == .extension {
            properties(of: di, in: s, into: &feeds)
        }
        let closureOpens = Set(s.closures.map(\.open))
        for k in s.code.indices {
            if let (type, open) = initializerCall(s, k, closureOpens) { arguments(s, type: type, open: open, closureOpens, into: &feeds) }
        }
        memberAssignments(s, into: &feeds)
        return feeds
    }

    /// The stored closure properties of class (or extension) `d`: their initial values, the
    /// values assigned in its body, and the initializer parameters stored into them.
    static func properties(of d: Int, in s: FileStructure, into feeds: inout ClosureFeeds) {
        let typeName = s.decls[d].nameText
        guard !typeName.isEmpty, s.decls[d].body >= 0 else { return }
        // A class others can subclass outside the module gives its initializers' values there.
        let open = s.decls[d].modifiers.contains(.open)
        var closures: [String: Int] = [:]
        for m in s.children[d] {
            let v = s.decls[m]
            guard v.kind == .variable, !v.isStaticMember, !v.isComputed, v.typeAnnotation.contains(where: { s.is($0, "->") }) else { continue }
            closures[v.nameText] = m
            var names = Set<String>()
            // The function type's own names: a closure handed an instance of a class of the run
            // can call it.
            for k in v.typeAnnotation where s.code[k].kind == .identifier { names.insert(s.text(k)) }
            if !v.initializer.isEmpty { names.formUnion(summary(s, v.initializer)) }
            if open || s.isSettableOutsideModule(v) { names.insert(TypeFacts.heldCode) }
            if !v.isLet { names.insert(variableMark) }
            TypeFacts.union(&feeds.values[typeName + "." + v.nameText, default: []], names.sorted())
        }
        // Assignments in the type's body (its extensions in this file are their own declarations).
        let body = s.scopes[s.decls[d].body]
        for name in closures.keys.sorted() {
            let key = typeName + "." + name
            for k in s.assignments(of: name, in: s.span(body.open, body.close)) {
                // `name = …` or `self.name = …`, not another value's member (those are `members`).
                if s.isChar(k - 1, UInt8(ascii: ".")) && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
                if !s.isChar(k - 1, UInt8(ascii: ".")), case .variable(let found) = s.lookupVariable(name, at: k), found != closures[name] { continue }
                let r = (k + 2)..<max(k + 2, s.statementEnd(from: k + 1, limit: body.close))
                // An initializer's parameter stored as it is: what callers pass for it.
                if r.count == 1, s.code[r.lowerBound].kind == .identifier, let f = s.enclosingFunction(of: k),
                   s.decls[f].kind == .initializer, case .parameter(let p) = s.lookupVariable(s.text(r.lowerBound), at: r.lowerBound), p == f,
                   let list = Optional(parameters(s, f)), let n = list.firstIndex(where: { $0.name == s.text(r.lowerBound) }) {
                    let parameter = list[n]
                    var names = Set<String>()
                    if let def = parameter.defaultValue { names.formUnion(summary(s, def)) }
                    let initializer = s.decls[f]
                    if open || initializer.modifiers.contains(.public) || initializer.modifiers.contains(.open) || initializer.modifiers.contains(.package) {
                        names.insert(TypeFacts.heldCode)
                    }
                    TypeFacts.union(&feeds.values[key, default: []], names.sorted())
                    let skipped = list[..<n].filter { $0.defaultValue != nil }.count
                    TypeFacts.union(&feeds.labels[key, default: []], ["\(parameter.label)#\(n)#\(skipped)"])
                    continue
                }
                TypeFacts.union(&feeds.values[key, default: []], summary(s, r).sorted())
            }
        }
    }

    /// The parameters of function-like declaration `f`: argument label, internal name, default.
    static func parameters(_ s: FileStructure, _ f: Int) -> [(label: String, name: String, defaultValue: Range<Int>?)] {
        let sig = s.decls[f].typeAnnotation
        guard let open = sig.first(where: { s.isChar($0, UInt8(ascii: "(")) }) else { return [] }
        let close = Int(s.match[open])
        guard close > open else { return [] }
        var out: [(String, String, Range<Int>?)] = []
        for part in topLevelParts(s, open + 1, close) where !part.isEmpty {
            guard let colon = part.first(where: { s.isChar($0, UInt8(ascii: ":")) }), colon > part.lowerBound else { continue }
            let name = s.text(colon - 1)
            let label = colon - 1 > part.lowerBound ? s.text(part.lowerBound) : name
            var def: Range<Int>? = nil
            if let eq = part.first(where: { s.isChar($0, UInt8(ascii: "=")) }) { def = (eq + 1)..<part.upperBound }
            out.append((label, name, def))
        }
        return out
    }

    /// The comma-separated parts of the tokens between `lower` and `upper` at the top level.
    static func topLevelParts(_ s: FileStructure, _ lower: Int, _ upper: Int) -> [Range<Int>] {
        var parts: [Range<Int>] = []
        var start = lower
        var k = lower
        while k < upper {
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k { k = m + 1; continue }
            }
            if s.isChar(k, UInt8(ascii: ",")) { parts.append(start..<k); start = k + 1 }
            k += 1
        }
        if start < upper { parts.append(start..<upper) }
        return parts
    }

    /// An identifier starting with an upper-case letter, not a member: a type, maybe called.
    static func isTypeCall(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{"))
                || (s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "init")), isUpper(s, k) else { return false }
        // A member only as a nested type's name (`Outer.Inner(…)`).
        return !s.isChar(k - 1, UInt8(ascii: ".")) || (k >= 2 && s.code[k - 2].kind == .identifier && isUpper(s, k - 2))
    }

    static func isUpper(_ s: FileStructure, _ k: Int) -> Bool {
        let c = s.file.bytes[Int(s.code[k].start)]
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }

    /// A call of an initializer at token `k` (`Type(…)`, `Type.init(…)`, `Type { … }`, `.init(…)`,
    /// `self.init(…)`, `super.init(…)`, or `Type.init` as a function): the type it names (`""`
    /// when none) and the token after the name (a `(`, a `{`, or anything else for a reference).
    static func initializerCall(_ s: FileStructure, _ k: Int, _ closureOpens: Set<Int>) -> (String, Int)? {
        if s.is(k, "init") && s.isChar(k - 1, UInt8(ascii: ".")) && s.isChar(k + 1, UInt8(ascii: "(")) {
            // `Type.init(` is taken at the type's name; `self.init(` calls the enclosing type's,
            // `super.init(` its superclass's; any other (`.init`, a metatype's) names no type.
            let r = k - 2
            if r >= 0 && s.code[r].kind == .identifier && isUpper(s, r) { return nil }
            if r >= 0 && !s.isChar(r - 1, UInt8(ascii: ".")), s.isKeyword(r, .self) || s.is(r, "super"), let t = s.enclosingType(of: k) {
                if s.isKeyword(r, .self) { return (s.decls[t].nameText, k + 1) }
                if let first = s.decls[t].inheritance.first, s.code[first].kind == .identifier { return (s.text(first), k + 1) }
            }
            return ("", k + 1)
        }
        guard isTypeCall(s, k) else { return nil }
        if s.isChar(k + 1, UInt8(ascii: ".")) {
            return (s.text(k), k + 3)
        }
        // `Type { … }` only where the structure saw a closure (not a declaration's body).
        if s.isChar(k + 1, UInt8(ascii: "{")) && !closureOpens.contains(k + 1) { return nil }
        return (s.text(k), k + 1)
    }

    /// Files the arguments of the initializer call of `type` whose argument list (or trailing
    /// closure, or anything else for a reference) starts at `open`.
    static func arguments(_ s: FileStructure, type: String, open: Int, _ closureOpens: Set<Int>, into feeds: inout ClosureFeeds) {
        func add(_ label: String, _ names: Set<String>) {
            feeds.arguments.add(argumentKey(type: type, label: label), names)
        }
        var next = open
        var count = 0
        if s.isChar(open, UInt8(ascii: "(")) {
            let close = Int(s.match[open])
            guard close > open else { return }
            let parts = topLevelParts(s, open + 1, close)
            for (position, part) in parts.enumerated() where !part.isEmpty {
                if part.count > 2, s.code[part.lowerBound].kind == .identifier || s.code[part.lowerBound].kind == .keyword,
                   s.isChar(part.lowerBound + 1, UInt8(ascii: ":")) {
                    add(s.text(part.lowerBound), summary(s, (part.lowerBound + 2)..<part.upperBound))
                } else {
                    add("_\(position)", summary(s, part))
                }
            }
            next = close + 1
            count = parts.count
        } else if !s.isChar(open, UInt8(ascii: "{")) {
            add("*", [TypeFacts.heldCode])
            return
        }
        // Trailing closures: the first unlabeled, then `label: { … }`.
        while next < s.count && closureOpens.contains(next) {
            let close = Int(s.match[next])
            guard close > next else { return }
            add("{\(count)", summary(s, next..<(close + 1)))
            count += 1
            next = close + 1
            if next + 2 < s.count, s.code[next].kind == .identifier, s.isChar(next + 1, UInt8(ascii: ":")), s.isChar(next + 2, UInt8(ascii: "{")) {
                next += 2
            }
        }
    }

    /// Values assigned to a member of another reference (`x.name = …`, not `self.name = …`), and
    /// to a member in an extension (whose type's properties may be declared in another file).
    static func memberAssignments(_ s: FileStructure, into feeds: inout ClosureFeeds) {
        // Only `var`s take such values: the query reads them only for one.
        for (name, sites) in s.assignmentsByName {
            for k in sites {
                let explicitSelf = s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
                if !s.isChar(k - 1, UInt8(ascii: ".")) || explicitSelf {
                    guard let t = s.enclosingType(of: k), s.decls[t].kind == .extension else { continue }
                    if !explicitSelf {
                        switch s.lookupVariable(name, at: k) {
                        case .parameter: continue
                        case .variable(let v) where !(s.decls[v].parent >= 0 && s.decls[s.decls[v].parent].kind.isType): continue
                        default: break
                        }
                    }
                }
                let r = (k + 2)..<max(k + 2, s.statementEnd(from: k + 1, limit: s.count))
                feeds.members.add(StateWrites.nameHash(name), summary(s, r))
            }
        }
    }

    // MARK: Reading one value

    /// The names value `r` mentions, with `valueMark`; `TypeFacts.heldCode` among them when it
    /// may be code of another's choosing. A function of a named type (`Type.init`,
    /// `Type.make`) mentions that type; a closure literal the types of what it captures; `nil`
    /// is no value. Anything else (a variable, a free function, a call's result) cannot be read.
    static func summary(_ s: FileStructure, _ r: Range<Int>) -> Set<String> {
        guard let first = r.first else { return [TypeFacts.heldCode] }
        // `nil`, and literals (not code: passed for another parameter than a closure).
        if r.count == 1 && (s.isKeyword(first, .nil) || s.isKeyword(first, .true) || s.isKeyword(first, .false)
            || s.code[first].kind == .string || s.code[first].kind == .integer || s.code[first].kind == .float) { return [] }
        var out: Set<String> = [valueMark]
        // `Type.init`, `Type.function` (a function of a type, not a call of it).
        if r.count == 3, s.code[first].kind == .identifier, s.isChar(first + 1, UInt8(ascii: ".")), s.code[first + 2].kind == .identifier || s.is(first + 2, "init"),
           let c = s.text(first).utf8.first, c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") {
            out.insert(s.text(first))
            return out
        }
        guard s.isChar(first, UInt8(ascii: "{")), Int(s.match[first]) == r.upperBound - 1 else { return [TypeFacts.heldCode] }
        // A closure literal: what its code can reach from outside it.
        let inner = s.span(first + 1, r.upperBound - 1)
        for q in inner {
            if s.isKeyword(q, .self) || s.isKeyword(q, .Self) || s.is(q, "super") { return [TypeFacts.heldCode] }
            guard s.code[q].kind == .identifier, !s.isChar(q - 1, UInt8(ascii: ".")) else { continue }
            let name = s.text(q)
            if name.hasPrefix("$") || name == "_" { continue }
            if let c = name.utf8.first, c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") { out.insert(name); continue }
            // A label (`f(x: 1)`), not a name.
            if s.isChar(q + 1, UInt8(ascii: ":")) && !s.isChar(q - 1, UInt8(ascii: "?")) { continue }
            switch s.lookupVariable(name, at: q) {
            case .variable(let v):
                let decl = s.decls[v]
                // Declared in the closure: its value is among the closure's own code.
                if decl.keyword > first && decl.keyword < r.upperBound { continue }
                // A captured member or global is state of another's; a captured local is a value
                // of the type it is declared or made with, and calling it runs code.
                if decl.parent >= 0 && s.decls[decl.parent].kind.isType { return [TypeFacts.heldCode] }
                if s.isChar(q + 1, UInt8(ascii: "(")) { return [TypeFacts.heldCode] }
                var held = Set<String>()
                ProjectIndex.heldTypes(ofVariable: decl, in: s, into: &held)
                if held.contains(TypeFacts.heldCode) { return [TypeFacts.heldCode] }
                out.formUnion(held)
            case .parameter(let f):
                // The closure's own parameter is of the property's type (its names are counted);
                // an enclosing function's is handed in.
                if s.decls[f].keyword > first { continue }
                return [TypeFacts.heldCode]
            case .unknown:
                if closureParameter(s, q, name) { continue }
                return [TypeFacts.heldCode]
            }
        }
        return out
    }

    /// Whether `name` at `q` is a parameter of a closure around it.
    static func closureParameter(_ s: FileStructure, _ q: Int, _ name: String) -> Bool {
        var sc = Int(s.scopeOf[q])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if scope.kind == .closure, s.closures[scope.closure].parameterNames.contains(name) { return true }
            sc = scope.parent
        }
        return false
    }
}
