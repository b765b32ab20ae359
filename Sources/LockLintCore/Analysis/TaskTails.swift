/// Whether a call is the last thing a task or an async function does, and whether anybody can
/// wait for that: a `Task { }` nobody keeps (a statement of its own, or `_ = Task { }`), and an
/// async function awaited only as the last step of such tasks, in its file or in others.
public enum TaskTails {
    // MARK: A hop at the end of a task

    /// Whether the `Task { }` / `Task.detached { }` whose closure is `ci` is kept: assigned,
    /// returned, passed on, or used (`.value`, `.cancel()`), so that code may await it. `_ = Task { }`
    /// and a task started as a statement of its own are not kept.
    public static func isRetained(_ s: FileStructure, task ci: Int) -> Bool {
        let c = s.closures[ci]
        guard c.callee >= 0 else { return true }
        let start = c.receiverStart >= 0 ? c.receiverStart : c.callee
        guard s.is(start, "Task") else { return true }
        if c.close + 1 < s.code.count && s.isChar(c.close + 1, UInt8(ascii: ".")) { return true }
        let p = start - 1
        if p < 0 || s.isChar(p, UInt8(ascii: "{")) || s.isChar(p, UInt8(ascii: "}")) || s.isChar(p, UInt8(ascii: ";")) || s.isKeyword(p, .in) {
            return false
        }
        if s.isChar(p, UInt8(ascii: "=")) && s.is(p - 1, "_") { return false }
        return true
    }

    /// Whether the dispatch call at `m` is the last thing the task closure `ci` runs on every
    /// path through it: nothing but the ends of `if`/`else`, `do`/`catch` and `switch` blocks (or
    /// a bare `return`) follows it. A loop, a nested closure or any later statement says no.
    public static func endsTask(_ s: FileStructure, call m: Int, task ci: Int) -> Bool {
        endsScope(s, call: m, scope: s.closures[ci].scope)
    }

    /// Whether the call at `m` is the last thing the closure or function body `taskScope` runs on
    /// every path through it (see `endsTask`).
    public static func endsScope(_ s: FileStructure, call m: Int, scope taskScope: Int) -> Bool {
        // The last token of the dispatch call: its arguments, then a trailing closure.
        var e = m
        if s.isChar(e + 1, UInt8(ascii: "(")), Int(s.match[e + 1]) > e + 1 { e = Int(s.match[e + 1]) }
        if s.isChar(e + 1, UInt8(ascii: "{")), Int(s.match[e + 1]) > e + 1 { e = Int(s.match[e + 1]) }
        var pos = e + 1
        var level = Int(s.scopeOf[m])
        var steps = 0
        while level >= 0 && steps < 64 {
            steps += 1
            while pos < s.code.count && s.isChar(pos, UInt8(ascii: ";")) { pos += 1 }
            if s.isKeyword(pos, .return) && (s.isChar(pos + 1, UInt8(ascii: "}")) || s.isChar(pos + 1, UInt8(ascii: ";"))) { return true }
            let scope = s.scopes[level]
            if level == taskScope { return pos == scope.close }
            guard scope.kind == .statement, scope.statementKeyword >= 0 else { return false }
            let kw = scope.statementKeyword
            switch s.code[kw].word {
            case .switch:
                // The end of a case: the next case label, or the switch's `}`.
                guard pos == scope.close || s.isCaseLabel(pos, inSwitch: level) else { return false }
                pos = scope.close + 1
            case .if:
                guard pos == scope.close else { return false }
                pos = s.ifChainEnd(afterBranchClosingAt: scope.close) + 1
            case .else:
                // The `else` of an `if` chain (a `guard`'s else cannot fall through).
                guard pos == scope.close, s.isChar(kw - 1, UInt8(ascii: "}")) else { return false }
                pos = scope.close + 1
            case .do, .catch:
                guard pos == scope.close else { return false }
                var j = scope.close
                while s.isKeyword(j + 1, .catch), let body = s.statementBody(of: j + 1) { j = s.scopes[body].close }
                pos = j + 1
            default:
                return false
            }
            level = scope.parent
        }
        return false
    }

    // MARK: An async function's last step

    /// Whether async function `f` is awaited only as the last thing of tasks nobody keeps
    /// (`Task { await f() }` as a statement of its own, nothing after the call), directly or as the
    /// last step of another async function that only such tasks await (two levels): then nothing
    /// waits for what `f` does last, and a hop at its end is the last thing such a task does. Its other
    /// uses in the file (in `uses`, by name) must all be such calls, and other files of the run may
    /// await a function of its name only as the last step of a task nobody keeps (unless it is
    /// private); it must be awaited somewhere. A public, open, overriding or `@objc` function is
    /// called from code the tool does not see.
    public static func onlyEndsUnkeptTasks(_ s: FileStructure, function f: Int, uses: [String: [Int]], context: RuleContext, depth: Int = 0) -> Bool {
        let d = s.decls[f]
        // A member is called on `self` from its own type's code (its declarations in this file); a
        // use of its name anywhere else in the file may be a call of it too, unless it is private.
        let all = uses[d.nameText] ?? []
        var sites: [Int] = all
        if let t = s.owningType(of: f) {
            sites = []
            for td in s.typeDecls(named: s.decls[t].nameText) where s.decls[td].body >= 0 {
                let b = s.scopes[s.decls[td].body]
                sites += Waits.within(all, b.open..<b.close)
            }
            let isPrivate = d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)
            if sites.count < all.count && !isPrivate { return false }
        }
        guard depth < 3, d.kind == .function, d.name >= 0, !d.modifiers.contains(.public), !d.modifiers.contains(.open),
              !d.modifiers.contains(.override), !s.attributes(of: d).contains(where: { s.is($0, "@objc") }) else { return false }
        var calls = 0
        // This file awaits the name as the last step of an async function (not of a task): the
        // run-wide count of such files (`filesAwaitingOtherwise`) includes this one.
        var endsFunction = false
        for k in sites where k != d.name {
            // `f(…)` or `self.f(…)`, awaited.
            guard s.isChar(k + 1, UInt8(ascii: "(")) else { return false }
            var start = k
            if s.isChar(k - 1, UInt8(ascii: ".")) {
                guard s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { return false }
                start = k - 2
            }
            var p = start - 1
            while s.isKeyword(p, .try) { p -= 1 }
            guard s.isKeyword(p, .await), let origin = AsyncContext.origin(s, at: k) else { return false }
            switch origin {
            case .task(let ci):
                let callee = s.closures[ci].callee
                guard callee >= 0, s.is(callee, "Task") || s.is(callee, "detached"), !Self.isRetained(s, task: ci),
                      Self.endsTask(s, call: k, task: ci) else { return false }
            case .function(let g):
                // The last step of another async function that only such tasks end with.
                guard g != f, s.decls[g].body >= 0, Self.endsScope(s, call: k, scope: s.decls[g].body),
                      onlyEndsUnkeptTasks(s, function: g, uses: uses, context: context, depth: depth + 1) else { return false }
                endsFunction = true
            case .closure:
                return false
            }
            calls += 1
        }
        if d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) { return calls > 0 }
        // Awaited somewhere (here or in another file), and by no file other than as the last step
        // of a task nobody keeps.
        guard calls > 0 || context.filesAwaiting(d.nameText) > 0 else { return false }
        return context.filesAwaitingOtherwise(d.nameText) <= (endsFunction ? 1 : 0)
    }

    /// The names of calls the file awaits (see `ProjectIndex.forEachAwaitedCall`) other than as the
    /// last step of a `Task { }` nobody keeps: code that may wait for what such a function does last.
    public static func namesAwaitedBeyondUnkeptTasks(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        ProjectIndex.forEachAwaitedCall(s) { k in
            if !endsUnkeptTask(s, awaitedCall: k) { out.insert(s.text(k)) }
        }
        return out
    }

    /// Whether the call named at `k` is `await f(…)` / `try await x.y.f(…)`, the last thing a
    /// `Task { }` nobody keeps runs.
    static func endsUnkeptTask(_ s: FileStructure, awaitedCall k: Int) -> Bool {
        guard s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) else { return false }
        // The receiver chain: `self.`, `model.`, `a?.b.`.
        var start = k
        while s.isChar(start - 1, UInt8(ascii: ".")) {
            var r = start - 2
            while r > 0 && (s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!"))) && !s.code[r].flags.contains(.spaceBefore) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier || s.isKeyword(r, .self) else { return false }
            start = r
        }
        guard s.isKeyword(start - 1, .await), case .task(let ci)? = AsyncContext.origin(s, at: k) else { return false }
        let callee = s.closures[ci].callee
        return callee >= 0 && (s.is(callee, "Task") || s.is(callee, "detached")) && !isRetained(s, task: ci) && endsTask(s, call: k, task: ci)
    }
}
