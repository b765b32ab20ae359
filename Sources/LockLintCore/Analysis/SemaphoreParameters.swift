/// A `DispatchSemaphore` parameter of a private function that the file only ever calls with a
/// semaphore it creates itself: the same semaphore as that creation, one cause for one finding.
public enum SemaphoreParameters {
    /// Of the `DispatchSemaphore` type mentions at `mentions`, those in a parameter of a private
    /// function that every call in the file passes a semaphore the file creates: that creation is
    /// the same semaphore, and is where it is reported. One pass over the file for all of them.
    public static func sameAsCreated(_ s: FileStructure, mentions: [Int]) -> Set<Int> {
        let parameters = mentions.compactMap { i in privateParameter(s, typeAt: i).map { (i, $0) } }
        guard !parameters.isEmpty else { return [] }
        let calls = s.uses(of: Set(parameters.map { s.decls[$0.1.function].nameText }))
        var out = Set<Int>()
        for (i, p) in parameters where onlyGetsOwnSemaphores(s, p, uses: calls[s.decls[p.function].nameText] ?? []) { out.insert(i) }
        return out
    }

    /// A parameter whose type is `DispatchSemaphore`: its function, its position in the
    /// parameter list, and the label callers pass it with (nil when unlabelled).
    public struct Parameter: Sendable {
        public var function: Int
        public var position: Int
        public var label: String?
    }

    /// The parameter whose type is the `DispatchSemaphore` at `i` (`name: DispatchSemaphore`,
    /// `label name: DispatchSemaphore`), when it belongs to a private or fileprivate function:
    /// no other file can call it.
    public static func privateParameter(_ s: FileStructure, typeAt i: Int) -> Parameter? {
        guard let p = parameter(s, typeAt: i) else { return nil }
        let d = s.decls[p.function]
        guard d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) else { return nil }
        return p
    }

    /// Whether the `DispatchSemaphore` at `i` types a parameter that its function (with a body)
    /// only signals: every mention of the parameter in the body is `name.signal(…)`, or an
    /// argument handed to a function declared in the file (whose own parameter is judged where it
    /// is declared), and there is at least one such mention. Such a site makes no wait, and what the
    /// semaphore was created with is not visible there: the wait site is the one to judge.
    public static func onlySignalled(_ s: FileStructure, typeAt i: Int) -> Bool {
        guard let p = parameter(s, typeAt: i), s.decls[p.function].body >= 0 else { return false }
        let name = s.text(i - 2)
        let body = s.scopes[s.decls[p.function].body]
        var uses = 0
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: name) {
            // A member of something else, or an argument label (`f(name: …)`).
            if s.isChar(k - 1, UInt8(ascii: ".")) { continue }
            if s.isChar(k + 1, UInt8(ascii: ":")) && (s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ","))) { continue }
            if s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "signal") && s.isChar(k + 3, UInt8(ascii: "(")) {
                uses += 1
                continue
            }
            // `f(label: name)` / `f(name)` for a function `f` of this file.
            guard s.isChar(k + 1, UInt8(ascii: ",")) || s.isChar(k + 1, UInt8(ascii: ")")),
                  let open = callOpen(s, argument: k), open >= 1, s.code[open - 1].kind == .identifier,
                  !s.functionDecls(named: s.text(open - 1)).isEmpty else { return false }
            uses += 1
        }
        return uses > 0
    }

    /// Whether the `DispatchSemaphore` at `i` is the element type of a local collection
    /// (`var ready = [DispatchSemaphore]()`, `var ready: [DispatchSemaphore] = []`, `Array<…>()`) that its
    /// function only fills and signals: every mention of the local is `ready.append(…)` or a
    /// walk over it (`ready.forEach { … }`, `for s in ready { … }`) that signals and never
    /// waits. The waits are where the semaphores were made: this site blocks no thread.
    public static func onlySignalledCollection(_ s: FileStructure, typeAt i: Int) -> Bool {
        let element = s.isChar(i - 1, UInt8(ascii: "[")) && s.isChar(i + 1, UInt8(ascii: "]"))
            || s.is(i - 1, "<") && s.is(i - 2, "Array") && s.is(i + 1, ">")
        guard element,
              let d = s.variableDeclarations(holding: i).last, s.decls[d].kind == .variable, s.decls[d].name >= 0,
              let fn = s.enclosingFunction(of: i), s.decls[fn].body >= 0, s.scope(Int(s.scopeOf[i]), isWithin: s.decls[fn].body) else { return false }
        let name = s.text(s.decls[d].name)
        let body = s.scopes[s.decls[fn].body]
        // A block that signals and never waits.
        func signalsOnly(_ open: Int) -> Bool {
            let close = Int(s.match[open])
            guard close > open else { return false }
            let inner = s.span(open + 1, close)
            return inner.contains { s.is($0, "signal") } && !inner.contains { s.is($0, "wait") }
        }
        var uses = 0
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: name) && k != s.decls[d].name {
            if s.isChar(k - 1, UInt8(ascii: ".")) { continue }
            if s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "append") && s.isChar(k + 3, UInt8(ascii: "(")) { uses += 1; continue }
            if s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "forEach") && s.isChar(k + 3, UInt8(ascii: "{")) && signalsOnly(k + 3) { uses += 1; continue }
            if s.isKeyword(k - 1, .in) && s.isChar(k + 1, UInt8(ascii: "{")) && signalsOnly(k + 1) { uses += 1; continue }
            return false
        }
        return uses > 0
    }

    /// The `(` of the call whose argument list holds the argument ending at `k` (`label: x` or `x`).
    static func callOpen(_ s: FileStructure, argument k: Int) -> Int? {
        var start = k
        if start >= 2 && s.isChar(start - 1, UInt8(ascii: ":")) && s.code[start - 2].isWord { start -= 2 }
        guard start >= 1 else { return nil }
        if s.isChar(start - 1, UInt8(ascii: "(")) { return start - 1 }
        guard s.isChar(start - 1, UInt8(ascii: ",")) else { return nil }
        // Back over the earlier arguments to the `(`.
        var j = start - 1
        var steps = 0
        while j > 0 && steps < 4096 {
            steps += 1
            j -= 1
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) || s.isChar(j, UInt8(ascii: "}")) {
                let m = Int(s.match[j])
                guard m >= 0 && m < j else { return nil }
                j = m
                continue
            }
            if s.isChar(j, UInt8(ascii: "(")) { return j }
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: ";")) { return nil }
        }
        return nil
    }

    /// The parameter whose type is the `DispatchSemaphore` at `i`, of a function of any access level.
    static func parameter(_ s: FileStructure, typeAt i: Int) -> Parameter? {
        guard i >= 3, s.isChar(i - 1, UInt8(ascii: ":")), s.code[i - 2].isWord,
              s.isChar(i + 1, UInt8(ascii: ",")) || s.isChar(i + 1, UInt8(ascii: ")")) else { return nil }
        // Back to the `(` opening the parameter list, counting the parameters before this one.
        var k = i - 2
        var position = 0
        var steps = 0
        while k > 0 && steps < 512 {
            steps += 1
            k -= 1
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) || s.isChar(k, UInt8(ascii: "}")) {
                let m = Int(s.match[k])
                guard m >= 0 && m < k else { return nil }
                k = m
                continue
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: ";")) { return nil }
            if s.isChar(k, UInt8(ascii: ",")) { position += 1 }
            if s.isChar(k, UInt8(ascii: "(")) { break }
        }
        guard k > 1, s.isChar(k, UInt8(ascii: "(")), s.isKeyword(k - 2, .func), s.code[k - 1].kind == .identifier,
              let f = s.functionDecls(named: s.text(k - 1)).first(where: { s.decls[$0].keyword == k - 2 }) else { return nil }
        // `label name:` or `name:`; `_ name:` is unlabelled.
        let first = s.code[i - 3].isWord && !s.isChar(i - 3, UInt8(ascii: ",")) && !s.isChar(i - 3, UInt8(ascii: "(")) ? i - 3 : i - 2
        let label = s.text(first)
        return Parameter(function: f, position: position, label: label == "_" ? nil : label)
    }

    /// Whether every use of the parameter's function in the file (`uses`: the tokens of its name)
    /// is a call that passes, for that parameter, a semaphore the file creates (`x` or `self.x`,
    /// through locals that copy it): at least one such call, and no other use.
    public static func onlyGetsOwnSemaphores(_ s: FileStructure, _ p: Parameter, uses: [Int]) -> Bool {
        var calls = 0
        for k in uses where k != s.decls[p.function].name {
            // `x.name(…)` on another receiver that passes nothing for the parameter (`semaphore.wait()`
            // beside a private `wait(for:semaphore:)`): another type's method, not a call of this one.
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) && s.isChar(k + 1, UInt8(ascii: "(")) && !passes(s, call: k, p) { continue }
            guard s.isChar(k + 1, UInt8(ascii: "(")), let value = argument(s, call: k, p) else { return false }
            guard createdHere(s, value: value, depth: 0) else { return false }
            calls += 1
        }
        return calls > 0
    }

    /// Whether the call at `k` has an argument in the place of `p`: one with its label, or, for an
    /// unlabelled parameter, enough arguments to reach its position.
    static func passes(_ s: FileStructure, call k: Int, _ p: Parameter) -> Bool {
        let open = k + 1
        let close = Int(s.match[open])
        guard close > open else { return true }
        if close == open + 1 { return false }
        var index = 0
        var start = open + 1
        var j = open + 1
        while j < close {
            if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{")) {
                let m = Int(s.match[j])
                guard m > j else { return true }
                j = m + 1
                continue
            }
            if j == start, let label = p.label, s.is(j, text: label), s.isChar(j + 1, UInt8(ascii: ":")) { return true }
            if s.isChar(j, UInt8(ascii: ",")) { index += 1; start = j + 1 }
            j += 1
        }
        return p.label == nil && index >= p.position
    }

    /// For each call in the file that passes a name to a `DispatchSemaphore` parameter of a
    /// private function (the type mentions at `mentions`) that waits on that parameter: the
    /// argument's token and those waits (`waits`: the file's waits by receiver name). A semaphore
    /// handed to `wait(for: semaphore)` is waited on there.
    public static func handedWaits(_ s: FileStructure, mentions: [Int], waits: [String: [Int]]) -> [(argument: Int, waits: [Int])] {
        let parameters = mentions.compactMap { i in privateParameter(s, typeAt: i).map { (i, $0) } }
        guard !parameters.isEmpty else { return [] }
        let calls = s.uses(of: Set(parameters.map { s.decls[$0.1.function].nameText }))
        var out: [(argument: Int, waits: [Int])] = []
        for (i, p) in parameters {
            let f = s.decls[p.function]
            guard f.body >= 0 else { continue }
            let body = s.scopes[f.body]
            let own = Array(Waits.within(waits[s.text(i - 2)] ?? [], body.open..<body.close))
            guard !own.isEmpty else { continue }
            // A private method is called from its own type (or an extension of it in the file).
            let type = s.enclosingType(of: f.keyword).map { s.decls[$0].nameText }
            for k in calls[f.nameText] ?? [] where k != f.name && s.isChar(k + 1, UInt8(ascii: "(")) {
                if type != nil && s.enclosingType(of: k).map({ s.decls[$0].nameText }) != type { continue }
                if let a = argument(s, call: k, p) { out.append((a, own)) }
            }
        }
        return out
    }

    /// The first token of the argument the call at `k` passes for `p`, when it is a name (`x`) or
    /// `self.x` standing alone.
    static func argument(_ s: FileStructure, call k: Int, _ p: Parameter) -> Int? {
        let open = k + 1
        let close = Int(s.match[open])
        guard close > open else { return nil }
        var start = open + 1
        var index = 0
        var j = open + 1
        while j <= close {
            if j < close && (s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{"))) {
                let m = Int(s.match[j])
                guard m > j else { return nil }
                j = m + 1
                continue
            }
            if j == close || s.isChar(j, UInt8(ascii: ",")) {
                // The argument spans start..<j.
                var v = start
                let labelled = s.code[start].isWord && s.isChar(start + 1, UInt8(ascii: ":"))
                if labelled { v = start + 2 }
                let matches = p.label.map { labelled && s.is(start, text: $0) } ?? (!labelled && index == p.position)
                if matches {
                    if s.isKeyword(v, .self) && s.isChar(v + 1, UInt8(ascii: ".")) && v + 3 == j { return v + 2 }
                    return v + 1 == j && s.code[v].kind == .identifier ? v : nil
                }
                index += 1
                start = j + 1
            }
            j += 1
        }
        return nil
    }

    /// Whether the name at `v` holds a semaphore the file creates: a variable initialized with
    /// `DispatchSemaphore(…)`, or with another such name (`let semaphore = semaphore`).
    static func createdHere(_ s: FileStructure, value v: Int, depth: Int) -> Bool {
        guard depth < 4 else { return false }
        let member = s.isChar(v - 1, UInt8(ascii: ".")) && s.isKeyword(v - 2, .self)
        guard case .variable(var d) = s.lookupVariable(s.text(v), at: v, memberOnly: member) else { return false }
        // `let x = x`: the initializer names the property the local copies.
        if s.decls[d].initializer.contains(v), case .variable(let p) = s.lookupVariable(s.text(v), at: v, memberOnly: true) { d = p }
        let decl = s.decls[d]
        var j = decl.initializer.lowerBound
        guard decl.initializer.contains(j) else { return false }
        if s.is(j, "Dispatch") && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        if s.is(j, "DispatchSemaphore") && s.isChar(j + 1, UInt8(ascii: "(")) && Int(s.match[j + 1]) + 1 == decl.initializer.upperBound { return true }
        if s.isKeyword(j, .self) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        guard j + 1 == decl.initializer.upperBound, s.code[j].kind == .identifier else { return false }
        return createdHere(s, value: j, depth: depth + 1)
    }
}
