/// Whether the calls of an async function can overlap, as far as the run shows: where each of
/// its awaited calls sits. A call inside a block handed to a stored object's closure method
/// (`queue.async { await self.send() }` on a serial queue, or `tasks.enqueue { … }` on an
/// object the tool cannot resolve, which may run its blocks one at a time: see
/// `GuardRegions.mayBeExecutorMember`) runs on that object's executor; a call straight in the
/// body of another function runs wherever that function's calls do; any other call (top-level
/// code, a `Task { }`, a closure kept by something else) may run at any time. When every call
/// of a function runs on the same stored object's executor, the tool cannot tell that two of
/// them overlap.
public enum SerialCallSites {
    /// One file's awaited calls: callee name → the kinds of place they sit in, sorted and without
    /// repeats:
    /// - `e:<Type>.<receiver>|<declared type>`: in a block handed to stored property `receiver`
    ///   of `Type`; the declared type is `q` for a serial `DispatchQueue`, the property's type
    ///   name, or empty when the declaration does not name it;
    /// - `f:<function>`: straight in the body of function `function` (closures that run on the
    ///   spot included);
    /// - `i`: straight in the body of an initializer, before it creates any closure that runs
    ///   later (a `Task { }`) on a path to the call;
    /// - `u`: anywhere else.
    public static func extract(_ s: FileStructure) -> [String: [String]] {
        var out: [String: Set<String>] = [:]
        var gates = SerialGates(s)
        ProjectIndex.forEachAwaitedCall(s) { k in
            // A call on `self` (bare, `self.`, `self?.`) is of a method of the type it sits in.
            let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)
                || (s.isChar(k - 2, UInt8(ascii: "?")) && s.isKeyword(k - 3, .self))
            let owner = onSelf ? s.enclosingType(of: k).map { s.decls[$0].nameText } : nil
            out[s.text(k), default: []].insert((owner.map { "@\($0)>" } ?? "") + site(of: k, s, &gates))
        }
        return out.mapValues { $0.sorted() }
    }

    /// The kind of place call token `k` sits in (see `extract`).
    static func site(of k: Int, _ s: FileStructure, _ gates: inout SerialGates) -> String {
        for sc in s.enclosingScopes(of: k) {
            let scope = s.scopes[sc]
            // The body of a `for await` loop: one iteration's awaited calls end before the next.
            if scope.kind == .statement, let loop = gates.loopKey(sc) { return "e:\(loop)|q" }
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                // Run on the spot (`forEach`, a task group's body, a continuation).
                if c.callee >= 0 && GuardRegions.plainClosureNames.contains(s, c.callee) { continue }
                if let gate = gates.gateInTask(c, call: k) { return "e:\(gate)|q" }
                return executorBlock(c, s) ?? "u"
            }
            let d = scope.decl
            if d >= 0 && (scope.kind == .functionBody || scope.kind == .typeBody || scope.kind == .accessorBlock) {
                if scope.kind == .functionBody, let gate = gates.gateInBody(sc, call: k) { return "e:\(gate)|q" }
                // In an initializer, before anything it starts that runs later: the initializer
                // awaits the call to its end, and nothing else holds the new instance yet.
                if scope.kind == .functionBody && s.decls[d].kind == .initializer { return startsNothingBefore(k, body: sc, s) ? "i" : "u" }
                return s.decls[d].kind == .function && !s.decls[d].nameText.isEmpty ? "f:" + s.decls[d].nameText : "u"
            }
        }
        return "u"
    }

    /// Whether no closure that may run later (a `Task { }`, a callback; not one run on the spot)
    /// is created in function body `body` before call `k` (which sits straight in it) on a path to
    /// it: one in an `if` branch whose `else` chain holds the call is not.
    static func startsNothingBefore(_ k: Int, body: Int, _ s: FileStructure) -> Bool {
        var j = s.scopes[body].open + 1
        while j < k {
            let sc = Int(s.scopeOf[j])
            guard s.isChar(j, UInt8(ascii: "{")), sc >= 0, s.scopes[sc].open == j, s.scopes[sc].kind == .closure else { j += 1; continue }
            let c = s.closures[s.scopes[sc].closure]
            if c.callee >= 0 && GuardRegions.plainClosureNames.contains(s, c.callee) { j += 1; continue }
            // The closure's `if` branches: one whose chain holds the call excludes it.
            var exclusive = false
            var p = s.scopes[sc].parent
            while p >= 0 && p != body && !exclusive {
                let ps = s.scopes[p]
                if ps.kind == .statement && ps.close < k && s.isKeyword(ps.close + 1, .else) && k < s.ifChainEnd(afterBranchClosingAt: ps.close) { exclusive = true }
                p = ps.parent
            }
            if !exclusive { return false }
            j = max(j + 1, s.scopes[sc].close)
        }
        return true
    }

    /// `e:…` for a closure handed to a method of a stored property (of `self`, or of another
    /// instance: `other.queue`) that is a serial queue or may be a serial executor; nil for any
    /// other closure.
    static func executorBlock(_ c: Closure, _ s: FileStructure) -> String? {
        guard c.callee >= 0, c.receiverStart >= 0, c.receiverStart < c.callee else { return nil }
        let method = s.text(c.callee)
        guard !GuardRegions.unownedLaterMethods.contains(method) else { return nil }
        let receiver = LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1)))
        guard !receiver.isEmpty, !receiver.contains("("), !receiver.contains("["), !receiver.contains("?"), receiver != "self" else { return nil }
        let parts = receiver.split(separator: ".")
        guard parts.count <= 2, let last = parts.last, last.first.map({ $0.isLetter || $0 == "_" }) == true,
              last.first?.isUppercase == false else { return nil }
        guard case .member(let d) = GuardLogExtractor.receiverDecl(s, String(last), at: c.callee), !d.isComputed else { return nil }
        let declared: String
        if ProjectIndex.isSerialQueue(d, in: s) {
            declared = "q"
        } else if GuardLogExtractor.isConcurrentQueue(d, s) || d.initializer.contains(where: { s.is($0, "global") })
                    || d.typeAnnotation.contains(where: { s.is($0, "DispatchQueue") }) {
            return nil
        } else {
            declared = GuardLogExtractor.declaredTypeName(d, s) ?? ""
        }
        let owner = s.enclosingType(of: c.open).map { s.decls[$0].nameText } ?? ""
        return "e:\(owner).\(receiver)|\(declared)"
    }

    /// The executor every call of `name` in the run runs on (`<Type>.<receiver>`), or nil when
    /// some call may run elsewhere, the calls use different executors, or the run has none.
    /// - Parameters:
    ///   - sites: the run's sites of a callee name (see `extract`).
    ///   - serialType: whether a type the run declares (a class, struct, enum or actor) is a
    ///     serial executor; nil when the run does not declare it (it may be one).
    ///   - owner: the type declaring the function, when known: a call on `self` in another type
    ///     is of that type's function of the same name and does not count.
    public static func executor(ofCallsTo name: String, owner: String? = nil, sites: (String) -> [String], serialType: (String) -> Bool?) -> String? {
        var visiting: Set<String> = []
        return executor(name, owner: owner, sites: sites, serialType: serialType, visiting: &visiting)
    }

    static func executor(_ name: String, owner: String?, sites: (String) -> [String], serialType: (String) -> Bool?, visiting: inout Set<String>) -> String? {
        guard visiting.count < 8, visiting.insert(name).inserted else { return nil }
        defer { visiting.remove(name) }
        let all = sites(name)
        guard !all.isEmpty else { return nil }
        var found: String? = nil
        for entry in all {
            var site = Substring(entry)
            var caller: String? = nil
            if site.hasPrefix("@"), let gt = site.firstIndex(of: ">") {
                let type = String(site[site.index(after: site.startIndex)..<gt])
                if let owner, type != owner { continue }
                caller = owner
                site = site[site.index(after: gt)...]
            }
            let key: String
            if site.hasPrefix("e:"), let bar = site.lastIndex(of: "|") {
                let declared = String(site[site.index(after: bar)...])
                if !declared.isEmpty && declared != "q" && serialType(declared) == false { return nil }
                key = String(site[site.index(site.startIndex, offsetBy: 2)..<bar])
            } else if site == "i" {
                // A call in the type's own initializer before it starts anything: no other call
                // of the type's methods runs yet (one of another type's initializer may).
                guard caller != nil else { return nil }
                continue
            } else if site.hasPrefix("f:") {
                guard let inner = executor(String(site.dropFirst(2)), owner: caller, sites: sites, serialType: serialType, visiting: &visiting) else { return nil }
                key = inner
            } else {
                return nil
            }
            if let f = found, f != key { return nil }
            found = key
        }
        return found
    }
}
