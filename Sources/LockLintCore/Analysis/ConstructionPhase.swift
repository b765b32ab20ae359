/// Set-up before sharing: the code of a class that runs only while one of its initializers is
/// still building the instance, before anything else can reach it.
///
/// An initializer builds the instance until it hands `self` on: passes or stores it bare
/// (`center.register(self)`, `delegate = self`), captures it in a closure (`[weak self]`,
/// `Task { self.run() }`), or calls one of the class's methods that is not itself set-up (which
/// may do either). A private or file-private method whose every use in the file is such a call,
/// made straight in an initializer's body (not in a closure, which may run later) before that
/// point, or made likewise from another such method, is set-up too, up to the point where it
/// hands `self` on itself. Nothing outside the file can call it. Accesses made after a hand-off
/// are not set-up; a closure written in set-up code runs when it is called, and is not set-up.
///
/// Worked out once per file: one pass over the tokens for the uses of the candidate methods'
/// names, one scan of each candidate's body and of each initializer's body.
public struct ConstructionPhase {
    /// Per set-up method (declaration index): the token where its body first hands `self` on
    /// (its body's closing brace when it never does). Its own accesses before that token run
    /// while the instance is being built.
    public private(set) var limits: [Int: Int] = [:]

    public init(_ s: FileStructure) {
        // Candidates: private or file-private instance methods of a class (or its extension).
        var byName: [String: [Int]] = [:]
        for (di, d) in s.decls.enumerated() where d.kind == .function && d.body >= 0 && !d.isStaticMember
            && (d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)) && !d.modifiers.contains(.override) {
            guard let t = s.owningType(of: di), s.decls[t].kind == .class || s.decls[t].kind == .extension else { continue }
            byName[d.nameText, default: []].append(di)
        }
        guard !byName.isEmpty else { return }
        let uses = s.uses(of: Set(byName.keys))
        // Per candidate name: its call sites, each a plain or `self.` call made straight in a
        // function body; nil when some use is anything else (another receiver, a reference to
        // the method as a value, a call in a closure).
        var sites: [String: [(site: Int, caller: Int)]] = [:]
        for (name, list) in uses {
            var ok: [(site: Int, caller: Int)] = []
            var bad = false
            for u in list {
                let plain = !s.isChar(u - 1, UInt8(ascii: "."))
                let throughSelf = !plain && s.isKeyword(u - 2, .self) && !s.isChar(u - 3, UInt8(ascii: "."))
                guard plain || throughSelf, s.isChar(u + 1, UInt8(ascii: "(")),
                      let exec = s.enclosingExecutable(of: u), s.scopes[exec].kind == .functionBody,
                      let fn = s.enclosingFunction(of: u), s.decls[fn].body == exec else { bad = true; break }
                ok.append((u, fn))
            }
            if !bad { sites[name] = ok }
        }
        // A method of the same type: a candidate's caller must be in the class that declares it.
        func typeName(_ d: Int) -> String? { s.owningType(of: d).map { s.decls[$0].nameText } }
        // Where each body (initializer or candidate) first hands `self` on, by its own tokens;
        // a call of a method that is not set-up is resolved below.
        var escape: [Int: Int] = [:]
        var calls: [Int: [(site: Int, name: String)]] = [:]
        let candidates = Set(byName.values.joined())
        var methodNames = Set<String>()
        for (di, d) in s.decls.enumerated() where d.kind == .function && !d.isStaticMember && s.owningType(of: di) != nil {
            methodNames.insert(d.nameText)
        }
        for (di, d) in s.decls.enumerated() where d.body >= 0 && (d.kind == .initializer || candidates.contains(di)) {
            let body = s.scopes[d.body]
            var first = body.close
            var k = body.open + 1
            while k < body.close {
                if Self.handsOn(s, selfAt: k, body: d.body) { first = k; break }
                // A method of the instance called here: set-up only if it is set-up itself.
                if s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && methodNames.contains(s.text(k)),
                   !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))),
                   !s.isKeyword(k - 1, .func), s.enclosingExecutable(of: k) == d.body {
                    calls[di, default: []].append((k, s.text(k)))
                }
                k += 1
            }
            escape[di] = first
        }
        // How far each body runs as set-up: to its own hand-off, or to an earlier call of a
        // method of the class that is not set-up, or that hands `self` on before it returns.
        var lim: [Int: Int] = [:]
        func close(_ f: Int) -> Int { s.scopes[s.decls[f].body].close }
        func settle(_ setUp: Set<Int>) {
            for f in escape.keys { lim[f] = escape[f]! }
            var moved = true
            while moved {
                moved = false
                for (f, list) in calls {
                    for c in list where c.site < lim[f]! {
                        // (The call itself is set-up: the callee's own code before its hand-off.)
                        let callees = (byName[c.name] ?? []).filter { setUp.contains($0) && typeName($0) == typeName(f) }
                        if callees.isEmpty {
                            lim[f] = c.site
                            moved = true
                            break
                        }
                        if callees.contains(where: { lim[$0]! < close($0) }) && c.site + 1 < lim[f]! {
                            lim[f] = c.site + 1
                            moved = true
                            break
                        }
                    }
                }
            }
        }
        // Which candidates are set-up: every call of one comes, before its caller's hand-off, in
        // an initializer or in a set-up method of the same class. Grown from the candidates
        // whose callers are initializers, then trimmed until the limits agree.
        func holds(_ m: Int, _ setUp: Set<Int>) -> Bool {
            // (A call in another class's code is a call of that class's method of the name.)
            let type = typeName(m)
            guard let list = sites[s.decls[m].nameText]?.filter({ typeName($0.caller) == type }), !list.isEmpty else { return false }
            return list.allSatisfy { c in
                (s.decls[c.caller].kind == .initializer || setUp.contains(c.caller)) && c.site < lim[c.caller]!
            }
        }
        var setUp = candidates
        var shrinking = true
        while shrinking {
            shrinking = false
            settle(setUp)
            for m in setUp.sorted() where !holds(m, setUp) {
                setUp.remove(m)
                shrinking = true
            }
        }
        for m in setUp { limits[m] = lim[m]! }
    }

    /// Whether token `k` is a `self` that hands the instance on from the function whose body is
    /// scope `body`: captured by a closure there, or bare (`register(self)`, `delegate = self`).
    /// `self.x` in the body itself reads or writes a member.
    public static func handsOn(_ s: FileStructure, selfAt k: Int, body: Int) -> Bool {
        guard s.isKeyword(k, .self), !s.isChar(k - 1, UInt8(ascii: ".")) else { return false }
        let member = s.isChar(k + 1, UInt8(ascii: "."))
            || ((s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!"))) && s.isChar(k + 2, UInt8(ascii: ".")))
        return !member || s.enclosingExecutable(of: k) != body
    }

    /// Whether token `i`, in method `fn`'s own body (not in a closure), runs while an
    /// initializer is still building the instance.
    public func isSetUp(_ s: FileStructure, _ i: Int, in fn: Int) -> Bool {
        guard let l = limits[fn], i < l, s.enclosingExecutable(of: i) == s.decls[fn].body else { return false }
        return true
    }
}
