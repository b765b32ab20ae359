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
        // The first statement of a `switch` case: `case .x: Task { … }`, `default: Task { … }`.
        if s.isChar(p, UInt8(ascii: ":")) && endsCaseLabel(s, colon: p, statement: start) { return false }
        return true
    }

    /// Whether the `:` at `colon` ends a case label of the switch holding the statement at `start`.
    static func endsCaseLabel(_ s: FileStructure, colon: Int, statement start: Int) -> Bool {
        let sw = Int(s.scopeOf[start])
        guard sw >= 0, Int(s.scopeOf[colon]) == sw else { return false }
        var k = colon - 1
        var steps = 0
        while k > s.scopes[sw].open && steps < 64 {
            steps += 1
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) || s.isChar(k, UInt8(ascii: "}")) {
                let m = Int(s.match[k])
                guard m >= 0 && m < k else { return false }
                k = m - 1
                continue
            }
            if s.isKeyword(k, .case) || s.isKeyword(k, .default) {
                return s.isCaseLabel(k, inSwitch: sw) && s.caseLabelColon(k, limit: start) == colon
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: ";")) { return false }
            k -= 1
        }
        return false
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
        hopTail(s, call: m, scope: taskScope, context: nil) == .last
    }

    /// Where a main-queue hop stands in the code that runs after it, as far as that code can tell.
    public enum HopTail: Equatable {
        /// Nothing follows it in its scope on its path.
        case last
        /// Only other `DispatchQueue.main.async` blocks follow it: the main queue runs them after
        /// this one, so nothing in the scope runs before its block.
        case beforeMainHops
        /// The next step awaits main-actor code (`await MainActor.run { … }`, a `@MainActor`
        /// function of the file): the main queue runs the block first, so everything after the
        /// hop, and whoever awaits the scope, sees its effect.
        case beforeMainActorWait
    }

    /// Where the call at `m` stands in `taskScope` (see `HopTail`): with no `context`, only
    /// whether it is the last step (`endsScope`); with one, the main-queue hops after it are passed
    /// over and an await of main-actor code after them is recognised. Nil when other code follows.
    public static func hopTail(_ s: FileStructure, call m: Int, scope taskScope: Int, context: RuleContext?) -> HopTail? {
        // The last token of the dispatch call: its arguments, then a trailing closure.
        var pos = callEnd(s, m) + 1
        var level = Int(s.scopeOf[m])
        var steps = 0
        var hops = false
        while level >= 0 && steps < 64 {
            steps += 1
            while pos < s.code.count && s.isChar(pos, UInt8(ascii: ";")) { pos += 1 }
            if let context, pos < s.code.count {
                // Other main-queue blocks: they run after this one.
                while pos < s.code.count, let e = mainHopStatement(s, at: pos), Int(s.scopeOf[pos]) == level, steps < 64 {
                    steps += 1
                    hops = true
                    pos = e + 1
                    while pos < s.code.count && s.isChar(pos, UInt8(ascii: ";")) { pos += 1 }
                }
                if pos < s.code.count && Int(s.scopeOf[pos]) == level && awaitsMainActor(s, at: pos, context: context) { return .beforeMainActorWait }
                // `return true`, `return nil`, `return 0`: a literal runs nothing that could see the block.
                if s.isKeyword(pos, .return) && returnsLiteral(s, pos + 1) && s.startsStatementAfter(pos + 1) {
                    return hops ? .beforeMainHops : .last
                }
            }
            if s.isKeyword(pos, .return) && (s.isChar(pos + 1, UInt8(ascii: "}")) || s.isChar(pos + 1, UInt8(ascii: ";"))) { return hops ? .beforeMainHops : .last }
            let scope = s.scopes[level]
            if level == taskScope { return pos == scope.close ? (hops ? .beforeMainHops : .last) : nil }
            guard scope.kind == .statement, scope.statementKeyword >= 0 else { return nil }
            let kw = scope.statementKeyword
            switch s.code[kw].word {
            case .switch:
                // The end of a case: the next case label, or the switch's `}`.
                guard pos == scope.close || s.isCaseLabel(pos, inSwitch: level) else { return nil }
                pos = scope.close + 1
            case .if:
                guard pos == scope.close else { return nil }
                pos = s.ifChainEnd(afterBranchClosingAt: scope.close) + 1
            case .else:
                // The `else` of an `if` chain (a `guard`'s else cannot fall through).
                guard pos == scope.close, s.isChar(kw - 1, UInt8(ascii: "}")) else { return nil }
                pos = scope.close + 1
            case .do, .catch:
                guard pos == scope.close else { return nil }
                var j = scope.close
                while s.isKeyword(j + 1, .catch), let body = s.statementBody(of: j + 1) { j = s.scopes[body].close }
                pos = j + 1
            case .defer:
                // A `defer` body runs as the block holding it is left: the hop, last in it, stands
                // where that block ends.
                guard pos == scope.close, scope.parent >= 0 else { return nil }
                pos = s.scopes[scope.parent].close
            default:
                return nil
            }
            level = scope.parent
        }
        return nil
    }

    /// Whether the call at `m` runs in a `defer` body (of the code that runs it on the spot).
    public static func inDefer(_ s: FileStructure, call m: Int) -> Bool { deferHolder(s, call: m) != nil }

    /// The block whose end runs the `defer` body holding the call at `m`, or nil.
    public static func deferHolder(_ s: FileStructure, call m: Int) -> Int? {
        var sc = Int(s.scopeOf[m])
        while sc >= 0 && s.scopes[sc].kind == .statement {
            let kw = s.scopes[sc].statementKeyword
            if kw >= 0 && s.isKeyword(kw, .defer) { return s.scopes[sc].parent >= 0 ? s.scopes[sc].parent : nil }
            sc = s.scopes[sc].parent
        }
        return nil
    }

    /// Where the code of `body` that runs after the call at `m` starts: the token after the call,
    /// or, in a loop around it (inside `body`), the loop's keyword, whose next turn runs after it.
    static func nextRunStart(_ s: FileStructure, call m: Int, body: Int) -> Int {
        var start = callEnd(s, m) + 1
        var sc = Int(s.scopeOf[m])
        while sc >= 0 && sc != body {
            let kw = s.scopes[sc].statementKeyword
            if s.scopes[sc].kind == .statement && kw >= 0 && (s.isKeyword(kw, .for) || s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) {
                start = min(start, kw)
            }
            sc = s.scopes[sc].parent
        }
        return start
    }

    /// The first `await` that the code running the call at `m` reaches after it (in `body`, the
    /// function or closure scope that runs the call on the spot; closures that run later are
    /// not that code): later tokens, and in a loop around the call, the loop's next turn too.
    public static func awaitAfter(_ s: FileStructure, call m: Int, body: Int) -> Int? {
        let start = nextRunStart(s, call: m, body: body)
        let end = s.scopes[body].close
        let dispatched = (m + 1)..<(callEnd(s, m) + 1)
        var k = start
        while k < end {
            defer { k += 1 }
            guard s.isKeyword(k, .await), !dispatched.contains(k), DispatchedBlocks.runningScope(s, of: k) == body else { continue }
            return k
        }
        return nil
    }

    /// Whether a main-queue block that only posts `names` (see `DispatchedBlocks.postedState`),
    /// sent at `m` from the code of `body`, is followed there by another main-queue block, and
    /// nothing else of that code names what it posts: the main queue runs the later block after
    /// it, so whoever waits for that block's effect sees this one's too, and nothing in between
    /// looks. A block in a `defer` of an enclosing block, declared before the hop, runs after it.
    public static func postsUnreadBeforeLaterHop(_ s: FileStructure, call m: Int, body: Int, names: Set<String>) -> Bool {
        let scope = s.scopes[body]
        let start = nextRunStart(s, call: m, body: body)
        var later = false
        var k = scope.open + 1
        while k < scope.close {
            if let e = mainHopStatement(s, at: k), k + 4 != m {
                // Another main-queue block of this code: after the hop, or in a `defer` whose block
                // is still open at the hop.
                if k > m && DispatchedBlocks.runningScope(s, of: k) == body && runsAfter(s, later: k, call: m) { later = true }
                if k < m && inDefer(s, call: k + 4) && DispatchedBlocks.runningScope(s, of: k) == body && deferHolds(s, defer: k, call: m) { later = true }
                k = e + 1
                continue
            }
            if k >= start && (k < m - 4 || k > callEnd(s, m)) && s.code[k].kind == .identifier && names.contains(s.text(k)) { return false }
            k += 1
        }
        return later
    }

    /// Whether the statement at `k`, later in the code than the call at `m`, can run after it:
    /// not in another branch of an `if`/`else` chain, a `do`/`catch` or a `switch` that holds `m`.
    static func runsAfter(_ s: FileStructure, later k: Int, call m: Int) -> Bool {
        // The innermost scope holding both, and its children holding each.
        var a = Int(s.scopeOf[k])
        var child = -1
        while a >= 0 && !(s.scopes[a].open < m && m < s.scopes[a].close) {
            child = a
            a = s.scopes[a].parent
        }
        guard a >= 0 else { return false }
        var c = Int(s.scopeOf[m])
        var mChild = -1
        while c >= 0 && c != a {
            mChild = c
            c = s.scopes[c].parent
        }
        guard c == a else { return false }
        if mChild >= 0 {
            var end = s.ifChainEnd(afterBranchClosingAt: s.scopes[mChild].close)
            while s.isKeyword(end + 1, .catch), let b = s.statementBody(of: end + 1) { end = s.scopes[b].close }
            if (child >= 0 ? s.scopes[child].open : k) <= end { return false }
        }
        // Another case of a switch does not run after this one.
        let kw = s.scopes[a].statementKeyword
        if s.scopes[a].kind == .statement && kw >= 0 && s.isKeyword(kw, .switch) {
            for j in m..<k where Int(s.scopeOf[j]) == a && s.isCaseLabel(j, inSwitch: a) { return false }
        }
        return true
    }

    /// Whether the `defer` holding token `k` belongs to a block that is still open at `m`.
    static func deferHolds(_ s: FileStructure, defer k: Int, call m: Int) -> Bool {
        guard let holder = deferHolder(s, call: k) else { return false }
        return s.scopes[holder].open < m && m < s.scopes[holder].close
    }

    /// Whether token `k` is a literal on its own: `true`, `false`, `nil`, a number, a string
    /// without interpolation.
    static func returnsLiteral(_ s: FileStructure, _ k: Int) -> Bool {
        guard k < s.code.count else { return false }
        switch s.code[k].kind {
        case .integer, .float, .string: return true
        case .keyword: return s.isKeyword(k, .true) || s.isKeyword(k, .false) || s.isKeyword(k, .nil)
        default: return false
        }
    }

    /// The last token of the call named at `m`: its arguments, then a trailing closure.
    static func callEnd(_ s: FileStructure, _ m: Int) -> Int {
        var e = m
        if s.isChar(e + 1, UInt8(ascii: "(")), Int(s.match[e + 1]) > e + 1 { e = Int(s.match[e + 1]) }
        if s.isChar(e + 1, UInt8(ascii: "{")), Int(s.match[e + 1]) > e + 1 { e = Int(s.match[e + 1]) }
        return e
    }

    /// The last token of the statement `DispatchQueue.main.async { … }` starting at `k`, or nil.
    static func mainHopStatement(_ s: FileStructure, at k: Int) -> Int? {
        guard s.is(k, "DispatchQueue"), s.isChar(k + 1, UInt8(ascii: ".")), s.is(k + 2, "main"), s.isChar(k + 3, UInt8(ascii: ".")),
              s.is(k + 4, "async"), s.isChar(k + 5, UInt8(ascii: "(")) || s.isChar(k + 5, UInt8(ascii: "{")) else { return nil }
        let e = callEnd(s, k + 4)
        return e > k + 4 && s.startsStatementAfter(e) ? e : nil
    }

    /// Whether the statement at `k` first awaits main-actor code: `await MainActor.run { … }`, or
    /// `await f(…)` / `await self.f(…)` where the file's function `f` runs on the main actor (`try`,
    /// `_ =` and `let x =` before it).
    static func awaitsMainActor(_ s: FileStructure, at start: Int, context: RuleContext) -> Bool {
        var k = start
        if s.is(k, "_") && s.isChar(k + 1, UInt8(ascii: "=")) {
            k += 2
        } else if (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 2 < s.code.count && s.code[k + 1].kind == .identifier && s.isChar(k + 2, UInt8(ascii: "=")) {
            k += 3
        }
        if s.isKeyword(k, .try) {
            k += 1
            if (s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!"))) && !s.code[k].flags.contains(.spaceBefore) { k += 1 }
        }
        guard s.isKeyword(k, .await), k + 3 < s.code.count else { return false }
        k += 1
        if s.is(k, "MainActor") && s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "run") {
            return s.isChar(k + 3, UInt8(ascii: "(")) || s.isChar(k + 3, UInt8(ascii: "{"))
        }
        if s.isKeyword(k, .self) && s.isChar(k + 1, UInt8(ascii: ".")) { k += 2 }
        guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")) else { return false }
        // Every function of that name in the file runs on the main actor (at least one).
        let fs = s.functionDecls(named: s.text(k))
        guard !fs.isEmpty, fs.count <= 4 else { return false }
        return fs.allSatisfy { s.decls[$0].body >= 0 && MainActorCode.runs(s, at: s.scopes[s.decls[$0].body].open + 1, context: context) }
    }

    // MARK: An async function's last step

    /// Whether async function `f` is awaited only as the last thing of tasks nobody keeps
    /// (`Task { await f() }` as a statement of its own, or the first of a `switch` case, in code or
    /// in a closure such as a Combine `sink`; nothing after the call), directly or as the last step
    /// of another async function of the file that only such tasks await, through any number of
    /// such functions: then nothing waits for what `f` does last, and a hop at its end is the last
    /// thing such a task does. Its other uses in the file (in `uses`, by name, on `self` or on any
    /// receiver) must all be such calls, and other files of the run may await a function of its
    /// name only as the last step of a task nobody keeps (unless it is private); it must be awaited
    /// somewhere. A public, open, overriding or `@objc` function is called from code the tool does
    /// not see. `memo` keeps the answer for each function asked (a function met again while it is
    /// being asked, through a cycle of calls, counts as awaited otherwise).
    public static func onlyEndsUnkeptTasks(_ s: FileStructure, function f: Int, uses: [String: [Int]], context: RuleContext) -> Bool {
        var memo: [Int: Bool] = [:]
        return onlyEndsUnkeptTasks(s, function: f, uses: uses, context: context, memo: &memo)
    }

    public static func onlyEndsUnkeptTasks(_ s: FileStructure, function f: Int, uses: [String: [Int]], context: RuleContext,
                                           memo: inout [Int: Bool]) -> Bool {
        if let known = memo[f] { return known }
        memo[f] = false
        let answer = endsUnkeptTasksOnly(s, function: f, uses: uses, context: context, memo: &memo)
        memo[f] = answer
        return answer
    }

    static func endsUnkeptTasksOnly(_ s: FileStructure, function f: Int, uses: [String: [Int]], context: RuleContext,
                                    memo: inout [Int: Bool]) -> Bool {
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
        guard d.kind == .function, d.name >= 0, !d.modifiers.contains(.public), !d.modifiers.contains(.open),
              !d.modifiers.contains(.override), !s.attributes(of: d).contains(where: { s.is($0, "@objc") }) else { return false }
        var calls = 0
        // This file awaits the name as the last step of an async function (not of a task): the
        // run-wide count of such files (`filesAwaitingOtherwise`) includes this one.
        var endsFunction = false
        let owner = s.owningType(of: f).map { s.decls[$0].nameText }
        for k in sites where k != d.name {
            // A method of another type, called on it or on what it returns
            // (`Center.current().f(…)`): not a call of this one.
            if let owner, let t = chainStart(s, k), s.code[t].kind == .identifier, s.text(t) != owner,
               s.text(t).first?.isUppercase == true, s.text(t) != "Self" { continue }
            // `f(…)`, `self.f(…)`, `self?.f(…)`, `model.f(…)`, awaited.
            guard s.isChar(k + 1, UInt8(ascii: "(")), let start = receiverStart(s, k) else { return false }
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
                      onlyEndsUnkeptTasks(s, function: g, uses: uses, context: context, memo: &memo) else { return false }
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

    /// The first token of the receiver chain of the member named at `k`, through calls and
    /// subscripts (`A.b().c[0].k`), or nil when there is none.
    static func chainStart(_ s: FileStructure, _ k: Int) -> Int? {
        guard s.isChar(k - 1, UInt8(ascii: ".")) else { return nil }
        var r = k - 2
        var steps = 0
        while r >= 0 && steps < 32 {
            steps += 1
            while r > 0 && (s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!"))) && !s.code[r].flags.contains(.spaceBefore) { r -= 1 }
            if s.isChar(r, UInt8(ascii: ")")) || s.isChar(r, UInt8(ascii: "]")) {
                let m = Int(s.match[r])
                guard m >= 0 && m < r else { return nil }
                r = m - 1
                continue
            }
            guard s.code[r].kind == .identifier || s.isKeyword(r, .self) else { return nil }
            if !s.isChar(r - 1, UInt8(ascii: ".")) { return r }
            r -= 2
        }
        return nil
    }

    /// The first token of the call named at `k` with its receiver chain (`self.`, `self?.`,
    /// `model.`, `a?.b.`), or nil when the receiver is not a plain chain of names.
    static func receiverStart(_ s: FileStructure, _ k: Int) -> Int? {
        var start = k
        var steps = 0
        while s.isChar(start - 1, UInt8(ascii: ".")) && steps < 16 {
            steps += 1
            var r = start - 2
            while r > 0 && (s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!"))) && !s.code[r].flags.contains(.spaceBefore) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier || s.isKeyword(r, .self) else { return nil }
            start = r
        }
        return s.isChar(start - 1, UInt8(ascii: ".")) ? nil : start
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
        guard let start = receiverStart(s, k), s.isKeyword(start - 1, .await), case .task(let ci)? = AsyncContext.origin(s, at: k) else { return false }
        let callee = s.closures[ci].callee
        return callee >= 0 && (s.is(callee, "Task") || s.is(callee, "detached")) && !isRetained(s, task: ci) && endsTask(s, call: k, task: ci)
    }
}
