/// Uses of a class's stored vars made by another type's code through a reference to the class
/// (`config.limit`, `self.store?.items`, `session.token = t`): the reference is a stored
/// property, parameter or local declared with the class's name (`: Store`, `: Store?`, `= Store(…)`).
/// Such an access holds none of the class's guards; the inference reports it where the class's
/// own writes of the var hold one.
///
/// One pass over the file's member accesses: a receiver is resolved to its declaration once per
/// function and name, and the run is asked once per type name which vars it follows. Left out,
/// because the tool cannot tell: an access held under any lock or queue reached through a
/// reference (`store.lock`, `other.queue`: it may be the class's own), one in a closure handed
/// to the receiver itself or to a lock-scoped method, one through a reference typed as a
/// protocol, one on a fresh local the code sets up (`let s = Store(); s.limit = 1`), one in an
/// initializer or deinit, one through a weak reference, and test code.
enum OutsideAccesses {
    /// The name under which a class's log records where it hands `self` to other code, followed
    /// by the type of the instance it hands it to when the file tells it.
    static let handOut = "\u{1}self"

    /// The recorded name of a hand-out of `self` to an instance of `type` ("" when unknown).
    static func handOut(to type: String) -> String { handOut + type }

    /// For a recorded hand-out, the type it hands `self` to ("" when unknown); nil for any other
    /// variable.
    static func handOutReceiver(_ variable: String) -> Substring? {
        variable.hasPrefix(handOut) ? variable.dropFirst(handOut.count) : nil
    }

    /// Class name → the accesses this file's code makes of its vars from outside the class.
    /// - Parameter receivers: the file's typed receivers (shared with `GuardLogExtractor.outsideCalls`).
    static func extract(_ context: RuleContext, receivers: ReceiverTable? = nil) -> [String: [StateAccessRecord]] {
        let s = context.structure
        guard !context.fileIsTestCode, s.code.count > 3 else { return [:] }
        let receivers = receivers ?? ReceiverTable(s)
        var out: [String: [StateAccessRecord]] = [:]
        // (innermost scope, receiver, memberOnly) → resolved class name, or "" when none.
        var resolved: [Receiver: String] = [:]
        // The candidates (member token, receiver token, type), and the names reached per type.
        var candidates: [(i: Int, r: Int, type: String)] = []
        var uses: [String: Set<String>] = [:]
        var guardedSpans: [(start: Int, end: Int, lock: String)]? = nil
        var escaping: Set<String>? = nil
        for i in 2..<s.code.count where s.code[i].kind == .identifier && s.isChar(i - 1, UInt8(ascii: ".")) {
            // `self.ref.x` (or `self?.ref.x`) only; `a.b.x` goes through something the tool does not follow.
            guard let (r, memberOnly) = ReceiverTable.receiver(s, ofMember: i, optionalSelf: true) else { continue }
            // A method call or a method named as a value is not a stored var (a call of one is a
            // stored closure invoked, kept only to show where the class's closures run); a `{`
            // after it is a trailing closure only when it opens one (`for x in ref.items {`,
            // `if ref.ready {`: a statement's body, the var read).
            let call = s.isChar(i + 1, UInt8(ascii: "("))
            if !call && s.isChar(i + 1, UInt8(ascii: "{")) {
                let sc = Int(s.scopeOf[i + 1])
                if !(sc >= 0 && s.scopes[sc].open == i + 1 && s.scopes[sc].kind == .statement) { continue }
            }
            let receiver = s.text(r)
            // Only a variable of a capitalised type the file tells, or a parameter, resolves to a class.
            guard receivers.typed.contains(receiver) else { continue }
            let cacheKey = Receiver(scope: r < s.scopeOf.count ? s.scopeOf[r] : -1, name: receiver, memberOnly: memberOnly)
            let type: String
            if let known = resolved[cacheKey] {
                type = known
            } else {
                type = declaredClass(context, receiver, at: r, memberOnly: memberOnly, receivers: receivers) ?? ""
                resolved[cacheKey] = type
            }
            guard !type.isEmpty else { continue }
            // The class's own code (another instance of it) is not outside it.
            if let t = s.enclosingType(of: i), s.decls[t].nameText == type { continue }
            candidates.append((i, r, type))
            uses[type, default: []].insert(s.text(i))
        }
        guard !candidates.isEmpty else { return [:] }
        // Asked once for the whole file.
        let guarded = context.guardedMembers(uses)
        guard !guarded.isEmpty else { return [:] }
        for (i, r, type) in candidates {
            let name = s.text(i)
            guard guarded.contains(type + "." + name) else { continue }
            let fn = s.enclosingFunction(of: i) ?? -1
            let receiver = s.text(r)
            if s.inTestOnlyCode(i) { continue }
            // In an initializer or deinit of the outside type, on the spot: the instance may be
            // one it is setting up.
            if fn >= 0 && (s.decls[fn].kind == .initializer || s.decls[fn].kind == .deinitializer)
                && s.enclosingClosure(of: i) == nil { continue }
            if StateAccess.isSetUpOfFreshInstance(s, receiver: r) { continue }
            if unplaceable(context, i, receiver: receiver) { continue }
            if guardedSpans == nil {
                var spans: [(start: Int, end: Int, lock: String)] = []
                for g in context.lockRegions.regions { spans.append((g.start, g.end, g.lock)) }
                for g in LockRegions.queueRegions(s, vocabulary: context.vocabulary) { spans.append((g.start, g.end, g.lock)) }
                guardedSpans = spans
            }
            // Under a lock or queue reached through a reference (maybe the class's own guard):
            // the tool cannot tell which, and says nothing.
            if guardedSpans!.contains(where: { $0.start < i && i < $0.end && ($0.lock == receiver || $0.lock.contains(".")) }) { continue }
            var a = StateAccessRecord(variable: name, site: CodeSite(s, token: i), member: "", guards: [])
            a.write = StateAccess.mayWrite(s, i, reference: false)
            a.outside = true
            a.invoked = !a.write && StateAccess.isInvoked(s, i)
            a.callOnly = s.isChar(i + 1, UInt8(ascii: "("))
            if !a.write && !a.invoked {
                if escaping == nil { escaping = LockRegions.escapingClosureFunctions(s) }
                a.storedIn = storedClosure(s, i, receiver: receiver, lockNames: context.vocabulary.lockScopedMethods, escaping: escaping!)
            }
            if let e = s.enclosingExecutable(of: i) { a.exec = Int(s.code[s.scopes[e].open].start) }
            out[type, default: []].append(a)
        }
        return out
    }

    /// The closure var of the receiver's instance that the closure around token `i` is stored in
    /// (`ref.onChange = { … ref.items … }`, `self.ref?.onChange = { … }`), when nothing between
    /// them runs later; nil otherwise.
    static func storedClosure(_ s: FileStructure, _ i: Int, receiver: String, lockNames: Set<String>, escaping: Set<String>) -> String? {
        for sc in s.enclosingScopes(of: i) {
            let kind = s.scopes[sc].kind
            if kind == .functionBody || kind == .accessorBlock { return nil }
            guard kind == .closure else { continue }
            let c = s.closures[s.scopes[sc].closure]
            if c.callee < 0 && c.open >= 4 && s.isChar(c.open - 1, UInt8(ascii: "=")) && s.code[c.open - 2].kind == .identifier
                && s.isChar(c.open - 3, UInt8(ascii: ".")) {
                var r = c.open - 4
                if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
                guard r >= 0, s.is(r, text: receiver) else { return nil }
                // `ref.onChange` or `self.ref.onChange`, not another value's `ref`.
                if s.isChar(r - 1, UInt8(ascii: ".")) && !(s.isKeyword(r - 2, .self) && !s.isChar(r - 3, UInt8(ascii: "."))) { return nil }
                return s.text(c.open - 2)
            }
            guard GuardRegions.closureRunsDuringCall(s, c, lockNames: lockNames, escaping: escaping) else { return nil }
        }
        return nil
    }

    struct Receiver: Hashable {
        var scope: Int32
        var name: String
        var memberOnly: Bool
    }

    /// The class of the run that receiver `name` at token `at` is declared as, when it is one
    /// the tool can name: `: C`, `: C?`, `: C!` or `= C(…)` (not `weak`, not a fresh local made
    /// here with `= C(…)`, which the code sets up before sharing).
    static func declaredClass(_ context: RuleContext, _ name: String, at: Int, memberOnly: Bool, receivers: ReceiverTable) -> String? {
        let s = context.structure
        var type: String? = nil
        switch receivers.binding(s, name, at: at, memberOnly: memberOnly) {
        case .variable(let d):
            let v = s.decls[d]
            if v.modifiers.contains(.weak) || v.modifiers.contains(.unowned) || v.isStaticMember { return nil }
            let local = v.parent >= 0 && s.decls[v.parent].kind.isFunctionLike
            if local && v.typeAnnotation.isEmpty { return nil }
            type = GuardLogExtractor.declaredTypeName(v, s)
            // Only a plain class name, optional or not (no generic, tuple, array or function type).
            if let t = v.typeAnnotation.first {
                var k = t
                while k < v.typeAnnotation.upperBound && (s.code[k].kind == .attribute || s.code[k].kind == .keyword) { k += 1 }
                let rest = v.typeAnnotation.upperBound - k
                guard rest == 1 || (rest == 2 && (s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!")))) else { return nil }
            }
        case .parameter(let f):
            guard let range = s.parameterType(name, of: f), !range.isEmpty else { return nil }
            let k = range.lowerBound
            let rest = range.upperBound - k
            guard s.code[k].kind == .identifier,
                  rest == 1 || (rest == 2 && (s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!")))) else { return nil }
            type = s.text(k)
        case .unknown:
            return nil
        }
        guard let t = type, let first = t.first, first.isUppercase else { return nil }
        return t
    }

    /// In a closure the tool cannot place: one handed to the receiver itself (`store.update { … }`
    /// may run it under the class's guard) or to a lock-scoped method or lock wrapper.
    static func unplaceable(_ context: RuleContext, _ i: Int, receiver: String) -> Bool {
        let s = context.structure
        for sc in s.enclosingScopes(of: i) {
            let kind = s.scopes[sc].kind
            if kind == .functionBody { return false }
            guard kind == .closure else { continue }
            let c = s.closures[s.scopes[sc].closure]
            if c.receiverStart >= 0 && c.receiverStart < s.code.count && s.is(c.receiverStart, text: receiver) { return true }
            if c.callee >= 0 {
                let callee = s.text(c.callee)
                if context.vocabulary.lockScopedMethods.contains(callee) || context.wrapperMethods[callee] != nil { return true }
                if c.receiverStart >= 0 && s.isKeyword(c.receiverStart, .self) && s.is(c.receiverStart + 2, text: receiver) { return true }
            }
        }
        return false
    }
}
