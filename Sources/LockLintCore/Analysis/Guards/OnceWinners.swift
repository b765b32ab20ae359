/// Code that runs for one caller only, known by what the code does: a method of the class that
/// returns `true` once, by testing and setting a flag under a lock (`lock.withLock { guard
/// !resumed else { return false }; resumed = true; return true }`), and the code a caller runs
/// only when it got `true` (what follows `guard claim() else { return }`, or the body of `if
/// claim() { … }`). One thread wins that call: what it then touches is not touched by another
/// thread through the same gate. The tool cannot tell what else touches it, so such code is a
/// possible guard's: neither guarded nor unguarded.
enum OnceWinners {
    /// The regions of such code in the file (possible guards), given the regions found so far:
    /// only where every stored var of the class the code touches is written nowhere else after
    /// construction, and, when the code itself writes it outside a lock, touched nowhere else
    /// after construction (else that other access races with the winner's, and is reported).
    static func regions(_ s: FileStructure, _ known: [GuardRegions.Region]) -> [GuardRegions.Region] {
        let all = candidates(s)
        guard !all.isEmpty else { return [] }
        return all.filter { r in
            guard let t = s.enclosingType(of: r.start) else { return false }
            let typeName = s.writtenName(ofType: t)
            let vars = storedVars(s, typeName: typeName)
            let mine = all.filter { $0.receiver == r.receiver }
            func elsewhere(_ k: Int) -> Bool {
                if mine.contains(where: { $0.start < k && k < $0.end }) { return false }
                guard let f = s.enclosingFunction(of: k) else { return false }
                return s.decls[StateAccess.outermostMember(s, f)].kind != .initializer
            }
            var checked = Set<String>()
            for k in (r.start + 1)..<r.end where s.code[k].kind == .identifier && vars.contains(s.text(k))
                && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)) {
                let name = s.text(k)
                let writesHere = StateAccess.mayWrite(s, k) && !known.contains { g in
                    g.held != nil && g.definite && g.start < k && k < g.end
                }
                if !writesHere && !checked.insert(name).inserted { continue }
                for q in s.code.indices where s.code[q].kind == .identifier && s.is(q, text: name) && !s.isKeyword(q - 1, .var) && !s.isKeyword(q - 1, .let)
                    && (!s.isChar(q - 1, UInt8(ascii: ".")) || s.isKeyword(q - 2, .self)) && s.enclosingTypeName(of: q) == typeName && elsewhere(q) {
                    if writesHere || StateAccess.mayWrite(s, q) { return false }
                }
            }
            return true
        }
    }

    /// The stored vars of the type named `typeName` (declaration and extensions in the file).
    static func storedVars(_ s: FileStructure, typeName: String) -> Set<String> {
        var out = Set<String>()
        for t in s.typeDecls(named: typeName) {
            for m in s.children[t] where s.decls[m].kind == .variable && !s.decls[m].isComputed && !s.decls[m].isStaticMember && !s.decls[m].isLet {
                out.insert(s.decls[m].nameText)
            }
        }
        return out
    }

    /// Every region of code a winner runs, before the check of what it touches.
    static func candidates(_ s: FileStructure) -> [GuardRegions.Region] {
        guard s.identifiers.mayContain("Bool") else { return [] }
        var claims = Set<String>()
        for d in s.decls where d.kind == .function && d.body >= 0 && d.parameterNames.isEmpty && returnsBool(s, d) && testsAndSets(s, d.body) {
            claims.insert(d.nameText)
        }
        guard !claims.isEmpty else { return [] }
        let names = NameSet(claims)
        var out: [GuardRegions.Region] = []
        for k in 1..<max(1, s.code.count - 2) where s.code[k].kind == .identifier && names.contains(s, k) && s.isChar(k + 1, UInt8(ascii: "("))
            && s.isChar(k + 2, UInt8(ascii: ")")) {
            // A call on `self`, as the first condition of an `if` or `guard`.
            var first = k
            if s.isChar(k - 1, UInt8(ascii: ".")) {
                guard s.isKeyword(k - 2, .self) else { continue }
                first = k - 2
            }
            let kw = first - 1
            guard kw >= 0, s.isKeyword(kw, .if) || s.isKeyword(kw, .guard), let exec = s.enclosingExecutable(of: kw) else { continue }
            if s.isKeyword(kw, .if) {
                // The rest of the condition (`if claim(), let c = pending {`) and the body.
                guard let body = s.statementBody(of: kw) else { continue }
                out.append(GuardRegions.Region(start: k + 2, end: s.scopes[body].close, executable: exec, held: nil, receiver: s.text(k),
                                               writes: true, definite: true, form: ""))
            } else if let e = s.guardElse(of: kw), let elseBody = s.statementBody(of: e) {
                // The rest of the condition, and what follows the guard to the end of its block
                // (not the else-block: the callers that lost run it).
                let after = s.scopes[elseBody].close
                let sc = Int(s.scopeOf[kw])
                guard sc >= 0 else { continue }
                for (start, end) in [(k + 2, e), (after, s.scopes[sc].close)] {
                    out.append(GuardRegions.Region(start: start, end: end, executable: exec, held: nil, receiver: s.text(k),
                                                   writes: true, definite: true, form: ""))
                }
            }
        }
        return out
    }

    /// The declaration returns `Bool` (`-> Bool` before its body).
    static func returnsBool(_ s: FileStructure, _ d: Decl) -> Bool {
        let open = s.scopes[d.body].open
        return open >= 2 && s.is(open - 1, "Bool") && s.is(open - 2, "->")
    }

    /// The body takes a lock and, under it, tests a flag and sets it to `true`, returning `false`
    /// on one way and `true` on the other: `guard !f else { return false }; f = true; return true`
    /// (or `if f { return false }`).
    static func testsAndSets(_ s: FileStructure, _ body: Int) -> Bool {
        let b = s.scopes[body]
        guard b.close - b.open < 120 else { return false }
        var locks = false, returnsFalse = false, returnsTrue = false
        var set = Set<String>()
        var tested = Set<String>()
        for k in b.interior {
            if s.code[k].kind == .identifier {
                let name = s.text(k)
                if s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) {
                    if name == "sync" || name == "lock" || LockVocabulary.namesLock(name) { locks = true }
                }
                if s.is(k + 1, "="), s.isKeyword(k + 2, .true) { set.insert(name) }
                if s.isChar(k - 1, UInt8(ascii: "!")) || s.isKeyword(k - 1, .if) { tested.insert(name) }
            } else if s.isKeyword(k, .return) {
                if s.isKeyword(k + 1, .false) { returnsFalse = true }
                if s.isKeyword(k + 1, .true) { returnsTrue = true }
            }
        }
        return locks && returnsFalse && returnsTrue && !set.intersection(tested).isEmpty
    }
}
