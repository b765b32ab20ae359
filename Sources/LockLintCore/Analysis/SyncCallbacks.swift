/// Which methods of a type can run code of their caller's choosing before they return: a
/// method that, while it runs (not in a closure it hands on to run later), calls a closure or
/// protocol value it was given, a stored closure, a delegate or other code-holding property, each
/// element of a stored collection of them, posts a notification, calls its superclass, or calls
/// another of its type's methods that does. A method that only stores what it is given, starts a
/// timer or hands work to a queue returns before any of that code runs.
///
/// Recorded per type declaration (see `TypeFacts.syncCallbacks`) and settled per protocol once the
/// whole run is known (see `ProjectIndex.protocolQuietMethods`): a call, with a lock held, of a
/// protocol method that no implementation in the run can call back from cannot come back for the
/// lock on the same thread.
public enum SyncCallbacks {
    /// The entries of `TypeFacts.syncCallbacks` for type (or extension) `d`, settled when the
    /// run is known (see `quietMethods`):
    /// - `m`: an instance method with a body; `m!`: one that calls back on its own (it calls a
    ///   closure or existential it was given, or hands one to another call, posts a notification,
    ///   calls its superclass);
    /// - `m>T`: it calls a method of a parameter declared with type `T`;
    /// - `m@x`: it calls `x`, a method of `x`, or iterates `x`, where `x` is no parameter or local:
    ///   a stored property when the type has one of that name, or, called, one of its methods;
    /// - `@x!`: stored property `x` holds code (a closure, an existential, a weak reference, a
    ///   value the tool cannot type); `@x=T`: it holds a value declared with type `T`.
    static func entries(of d: Int, in s: FileStructure) -> [String] {
        var out = Set<String>()
        var any = false
        for m in s.children[d] {
            let v = s.decls[m]
            if v.kind == .variable && !v.isComputed && !v.isStaticMember {
                switch holder(v, s) {
                case .code: out.insert("@" + v.nameText + "!")
                case .type(let t): out.insert("@" + v.nameText + "=" + t)
                case .value: break
                }
            }
            guard v.kind == .function && v.body >= 0 && !v.isStaticMember else { continue }
            any = true
            out.insert(v.nameText)
            reach(m, in: s, into: &out)
        }
        return any ? out.sorted() : []
    }

    /// What a stored property can hold: code of another's choosing, or a value of a named type.
    enum Holder: Equatable {
        case code
        case type(String)
        case value
    }

    static func holder(_ v: Decl, _ s: FileStructure) -> Holder {
        if v.modifiers.contains(.weak) || v.modifiers.contains(.unowned) { return .code }
        if !v.typeAnnotation.isEmpty { return annotated(v.typeAnnotation, s) }
        guard let first = v.initializer.first else { return .code }
        switch s.code[first].kind {
        case .string, .integer, .float, .keyword: return .value
        default: break
        }
        if s.isChar(first, UInt8(ascii: "[")), Int(s.match[first]) > first {
            // `[Entry]()`: the element type.
            for k in s.span(first + 1, Int(s.match[first])) where s.code[k].kind == .identifier { return .type(s.text(k)) }
            return .value
        }
        if s.isChar(first, UInt8(ascii: "{")) { return .code }
        if s.code[first].kind == .identifier, let c = s.text(first).utf8.first, c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") {
            return .type(s.text(first))
        }
        return .code
    }

    /// A declared type: code when it is a function type or an existential, else the first type
    /// it names (the element of an array, the wrapped type of an optional).
    static func annotated(_ range: Range<Int>, _ s: FileStructure) -> Holder {
        var named: String? = nil
        for k in s.span(range.lowerBound, range.upperBound) {
            if s.is(k, "->") || s.is(k, "any") || s.is(k, "some") { return .code }
            if named == nil && s.code[k].kind == .identifier { named = s.text(k) }
        }
        return named.map { .type($0) } ?? .value
    }

    /// The parameters of function `f` with what each holds, from its signature.
    static func parameters(_ f: Decl, _ s: FileStructure) -> [String: Holder] {
        var out: [String: Holder] = [:]
        let sig = s.span(f.typeAnnotation.lowerBound, f.typeAnnotation.upperBound)
        guard var open = sig.first(where: { s.isChar($0, UInt8(ascii: "(")) }) else { return out }
        // Past generic parameters: `func f<T: P>(…)`.
        if let angle = sig.first(where: { s.is($0, "<") }), angle < open, let after = sig.first(where: { $0 > angle && s.is($0, ">") }),
           let next = sig.first(where: { $0 > after && s.isChar($0, UInt8(ascii: "(")) }) { open = next }
        let close = Int(s.match[open])
        guard close > open else { return out }
        var k = open + 1
        while k < close {
            // `label name: Type`, `name: Type`, `_ name: Type = default`.
            var colon = k
            while colon < close && !s.isChar(colon, UInt8(ascii: ":")) && !s.isChar(colon, UInt8(ascii: ",")) { colon += 1 }
            guard colon < close, s.isChar(colon, UInt8(ascii: ":")), colon > k, s.code[colon - 1].isWord else { break }
            let name = s.text(colon - 1)
            var end = colon + 1
            while end < close && !s.isChar(end, UInt8(ascii: ",")) && !s.isChar(end, UInt8(ascii: "=")) {
                if s.isChar(end, UInt8(ascii: "(")) || s.isChar(end, UInt8(ascii: "[")) || s.is(end, "<") {
                    let m = s.is(end, "<") ? (s.span(end, close).first { s.is($0, ">") } ?? end) : Int(s.match[end])
                    if m > end && m < close { end = m }
                }
                end += 1
            }
            out[name] = annotated((colon + 1)..<end, s)
            while end < close && !s.isChar(end, UInt8(ascii: ",")) { end += 1 }
            k = end + 1
        }
        return out
    }

    /// Records what method `m` reaches while it runs (see `entries`).
    static func reach(_ m: Int, in s: FileStructure, into out: inout Set<String>) {
        let d = s.decls[m]
        let name = d.nameText
        let body = d.body
        let given = parameters(d, s)
        let scope = s.scopes[body]
        let range = s.span(scope.open + 1, scope.close)
        // Names the body declares (`let x`, `var x`, `if let x`, `for x in`): locals, not properties.
        // (Gathered when first asked: most bodies have no name left to ask about.)
        var gathered: Set<String>? = nil
        func isLocal(_ text: String) -> Bool {
            if let known = gathered { return known.contains(text) }
            var locals = Set<String>()
            for k in range where s.isKeyword(k, .let) || s.isKeyword(k, .var) || s.isKeyword(k, .for) || s.isKeyword(k, .case) {
                if k + 1 < s.count && s.code[k + 1].kind == .identifier { locals.insert(s.text(k + 1)) }
            }
            gathered = locals
            return locals.contains(text)
        }
        for k in range {
            if s.isKeyword(k, .super) {
                if s.isChar(k + 1, UInt8(ascii: ".")), HeldReach.runsDuring(s, k, body) { out.insert(name + "!"); return }
                continue
            }
            guard s.code[k].kind == .identifier else { continue }
            let viaSelf = s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
            let member = s.isChar(k - 1, UInt8(ascii: "."))
            // `NotificationCenter.default.post(…)` delivers to every observer before it returns.
            if member && s.is(k, "post") && s.isChar(k + 1, UInt8(ascii: "(")) {
                if HeldReach.runsDuring(s, k, body) { out.insert(name + "!"); return }
                continue
            }
            guard !member || viaSelf else { continue }
            // (The widest use first, before the name's text is made: a name used in none of
            // these shapes is passed over whatever it names.)
            guard used(s, k, parameter: true) else { continue }
            let text = s.text(k)
            let parameter = viaSelf ? nil : given[text]
            if parameter == nil && !viaSelf && isLocal(text) { continue }
            let call = s.isChar(k + 1, UInt8(ascii: "(")) && s.code[k + 1].start == s.code[k].end
            guard parameter != nil ? used(s, k, parameter: true) : (call || used(s, k, parameter: false)) else { continue }
            guard HeldReach.runsDuring(s, k, body) else { continue }
            switch parameter {
            case .code?: out.insert(name + "!"); return
            case .type(let t)?: out.insert(name + ">" + t)
            case .value?: break
            case nil:
                // A type's name (`Foo(…)`, `Foo.make()`) is no property or method of this one.
                if let c = text.utf8.first, c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z") { continue }
                out.insert(name + "@" + text)
            }
        }
    }

    /// Whether the name at `k` is called or has a method called on it (`x(`, `x?(`, `x.m(`,
    /// `x?.m(`, `x.m { }`), is iterated (`for e in x`), or, for a parameter, is handed to another call.
    static func used(_ s: FileStructure, _ k: Int, parameter: Bool) -> Bool {
        var after = k + 1
        if s.isChar(after, UInt8(ascii: "?")) || s.isChar(after, UInt8(ascii: "!")) { after += 1 }
        if s.isChar(after, UInt8(ascii: "(")) && s.code[after].start == s.code[after - 1].end { return true }
        if s.isChar(after, UInt8(ascii: ".")) && after + 1 < s.count && s.code[after + 1].kind == .identifier
            && (s.isChar(after + 2, UInt8(ascii: "(")) || s.isChar(after + 2, UInt8(ascii: "{"))) { return true }
        if s.isKeyword(k - 1, .in) { return true }
        if parameter {
            // An argument: `f(x)`, `f(label: x)`, `f(a, x)`, not the right side of an assignment.
            let before = k - 1
            let argument = s.isChar(before, UInt8(ascii: "(")) || s.isChar(before, UInt8(ascii: ","))
                || (s.isChar(before, UInt8(ascii: ":")) && (s.isChar(before - 2, UInt8(ascii: "(")) || s.isChar(before - 2, UInt8(ascii: ","))))
            if argument && (s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ","))) { return true }
        }
        return false
    }

    /// The methods of a conformer that cannot call back, from its merged `TypeFacts`: declared
    /// with a body, and none of what they reach, followed through the type's own methods, is code
    /// (a class, actor or protocol of the module in `types` counts as code). A conformer whose
    /// superclass is a class of the run has none: what the base holds and does is not known here.
    static func quietMethods(_ f: TypeFacts, types: [String: TypeFacts]) -> Set<String> {
        if !f.superclass.isEmpty, types[f.superclass]?.isClass == true { return [] }
        func isCode(_ t: String) -> Bool {
            guard let facts = types[t] else { return false }
            return facts.isClass || facts.isActor || facts.isProtocol
        }
        var declared = Set<String>()
        var loud = Set<String>()
        var holders: [String: Bool] = [:]
        // `m@x`: method `m` uses `x`, a stored property or (called) one of the type's methods.
        var uses: [(method: String, name: String)] = []
        for e in f.syncCallbacks {
            if e.hasPrefix("@") {
                if e.hasSuffix("!") { holders[String(e.dropFirst().dropLast())] = true; continue }
                if let eq = e.firstIndex(of: "=") {
                    let holder = String(e[e.index(after: e.startIndex)..<eq])
                    if isCode(String(e[e.index(after: eq)...])) { holders[holder] = true } else if holders[holder] == nil { holders[holder] = false }
                }
                continue
            }
            if e.hasSuffix("!") { loud.insert(String(e.dropLast())); continue }
            if let at = e.firstIndex(of: "@") {
                uses.append((String(e[..<at]), String(e[e.index(after: at)...])))
                continue
            }
            if let gt = e.firstIndex(of: ">") {
                if isCode(String(e[e.index(after: gt)...])) { loud.insert(String(e[..<gt])) }
                continue
            }
            declared.insert(e)
        }
        for (m, x) in uses where holders[x] == true { loud.insert(m) }
        // A method calling one of the type's methods that calls back calls back: spread from the
        // loud methods back along the calls (each call followed once).
        var callers: [String: [String]] = [:]
        for (m, n) in uses where declared.contains(n) { callers[n, default: []].append(m) }
        var work = Array(loud)
        while let n = work.popLast() {
            for m in callers[n] ?? [] where loud.insert(m).inserted { work.append(m) }
        }
        return declared.subtracting(loud)
    }
}
