/// Shapes of semaphore use the tool can name from what it sees, so a message says what the code
/// does: a private stored semaphore nothing waits on or signals; a startup handshake (a function
/// starts work whose first act is to signal, waits for that signal, and returns); a throttle (a
/// loop that waits before each block it sends to a queue, the block signalling when done); and a
/// function whose return type names the semaphore it creates and returns (reported once, at the
/// creation).
public enum SemaphoreShapes {
    // MARK: Never used

    /// Whether private stored semaphore `h` is never used in its file beyond being assigned: no
    /// wait, no signal, no other mention resolving to it (a nested type's own property of the same
    /// name does not count). Only a private or fileprivate property: others may be used elsewhere.
    public static func neverUsed(_ s: FileStructure, property h: Decl) -> Bool {
        guard h.parent >= 0, s.decls[h.parent].kind.isType, h.name >= 0,
              h.modifiers.contains(.private) || h.modifiers.contains(.fileprivate) else { return false }
        for k in s.uses(of: [h.nameText])[h.nameText] ?? [] where k != h.name {
            // Assigned (`x = …`, `self.x = …`): not a use of the semaphore.
            if s.isChar(k + 1, UInt8(ascii: "=")) { continue }
            var r = k - 1
            let dotted = s.isChar(r, UInt8(ascii: "."))
            if dotted {
                r -= 1
                if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
                // `other.x`: some other value's member, which may be this one.
                guard s.isKeyword(r, .self) else { return false }
            }
            guard case .variable(let d) = s.lookupVariable(h.nameText, at: k, memberOnly: dotted) else { return false }
            if s.decls[d].name == h.name { return false }
        }
        return true
    }

    /// Whether private stored semaphore `h`, declared without a value, is only ever assigned
    /// (`x = local`, `a.x = nil`) or signalled (`x.signal()`, `a.x?.signal()`) in its file: no
    /// wait is made through it, and what it holds is created elsewhere. The creation and the wait
    /// (through the local the code keeps in it, or a parameter it is handed to) are judged where
    /// they are; this declaration adds nothing to them.
    public static func onlyAssignedAndSignalled(_ s: FileStructure, property h: Decl) -> Bool {
        guard h.parent >= 0, s.decls[h.parent].kind.isType, h.name >= 0, h.initializer.isEmpty,
              h.modifiers.contains(.private) || h.modifiers.contains(.fileprivate) else { return false }
        var signals = 0
        for k in s.uses(of: [h.nameText])[h.nameText] ?? [] where k != h.name {
            if s.isChar(k + 1, UInt8(ascii: "=")) { continue }
            // An argument label or parameter name (`f(name: x)`, `func f(name: T)`).
            if s.isChar(k + 1, UInt8(ascii: ":")) { continue }
            // A bare name that is another variable or a parameter.
            if !s.isChar(k - 1, UInt8(ascii: ".")) {
                guard case .variable(let d) = s.lookupVariable(h.nameText, at: k), s.decls[d].name == h.name else { continue }
            }
            var n = k + 1
            if s.isChar(n, UInt8(ascii: "?")) || s.isChar(n, UInt8(ascii: "!")) { n += 1 }
            guard s.isChar(n, UInt8(ascii: ".")), s.is(n + 1, "signal"), s.isChar(n + 2, UInt8(ascii: "(")) else { return false }
            signals += 1
        }
        return signals > 0
    }

    // MARK: Startup handshake

    /// A semaphore that parks the main thread: a top-level variable of the file's top-level code
    /// (the program's main file, which runs on the main thread), waited on only in that
    /// top-level code and signalled, if at all, only there too (a `catch` after the wait), so
    /// nothing that can run while the wait blocks signals it. The first wait.
    public static func parksMainThread(_ s: FileStructure, holder h: Decl, waitsByName: [String: [Int]], signalsByName: [String: [Int]]) -> Int? {
        guard h.parent < 0, s.enclosingExecutable(of: h.keyword) == nil else { return nil }
        let waits = waitsByName[h.nameText] ?? []
        guard let first = waits.first else { return nil }
        func topLevel(_ k: Int) -> Bool { s.enclosingExecutable(of: k) == nil && s.enclosingType(of: k) == nil }
        guard waits.allSatisfy(topLevel), (signalsByName[h.nameText] ?? []).allSatisfy(topLevel) else { return nil }
        return first
    }

    /// A startup handshake on semaphore `name` (visible in `range`): every wait on it is the last
    /// statement of a function (or followed only by its `return`), made after that function has
    /// started work (a `Thread`'s block, a queue's `async` block, or, through `super.start()`, the
    /// `main()` of its own thread type), and every signal is a top-level statement of such work,
    /// before any loop of it, with a loop or a run call after it: the work publishes its state,
    /// signals, then goes on running. The caller can use what the work set up as soon as the
    /// function returns. The first wait, the first signal and the waiting function's name.
    /// `waitsByName` and `signalsByName` are the file's `Waits.calls` for `wait` and `signal`,
    /// worked out once per file (a file of many semaphores asks once for each).
    public static func startupHandshake(_ s: FileStructure, name: String, in range: Range<Int>, waitsByName: [String: [Int]],
                                        signalsByName: [String: [Int]]) -> (wait: Int, signal: Int, function: String)? {
        let waits = Waits.within(waitsByName[name] ?? [], range)
        let signals = Waits.within(signalsByName[name] ?? [], range)
        guard !waits.isEmpty, waits.count <= 8, !signals.isEmpty, signals.count <= 8 else { return nil }
        var started: [Int] = []  // scope indices of the started work's bodies
        var function: String? = nil
        for w in waits {
            guard let f = s.enclosingFunction(of: w), s.decls[f].body >= 0, Int(s.scopeOf[w]) == s.decls[f].body else { return nil }
            let body = s.scopes[s.decls[f].body]
            let close = Int(s.match[w + 1])
            guard close > w, close + 1 == body.close || s.isKeyword(close + 1, .return) else { return nil }
            let before = started.count
            for k in s.span(body.open + 1, w) {
                if s.isKeyword(k, .super), s.isChar(k + 1, UInt8(ascii: ".")), s.is(k + 2, "start"), s.isChar(k + 3, UInt8(ascii: "(")),
                   s.decls[f].parent >= 0 {
                    for m in s.children[s.decls[f].parent] where s.decls[m].kind == .function && s.decls[m].nameText == "main"
                        && s.decls[m].body >= 0 {
                        started.append(s.decls[m].body)
                    }
                } else if s.isChar(k, UInt8(ascii: "{")), let c = s.enclosingClosure(of: k + 1), s.closures[c].open == k, s.closures[c].callee >= 0 {
                    let callee = s.text(s.closures[c].callee)
                    if callee == "Thread" || callee == "detachNewThread" || (callee == "async" && s.isChar(s.closures[c].callee - 1, UInt8(ascii: "."))) {
                        started.append(s.closures[c].scope)
                    }
                }
            }
            guard started.count > before else { return nil }
            if function == nil { function = s.decls[f].nameText }
        }
        for g in signals {
            let sc = Int(s.scopeOf[g])
            guard started.contains(sc) else { return nil }
            let work = s.scopes[sc]
            let loops = { (k: Int) in s.isKeyword(k, .while) || s.isKeyword(k, .repeat) || s.isKeyword(k, .for) }
            guard !s.span(work.open + 1, g).contains(where: loops),
                  s.span(g, work.close).contains(where: { loops($0) || (s.code[$0].kind == .identifier && s.isChar($0 + 1, UInt8(ascii: "("))
                                                                           && s.text($0).lowercased().hasSuffix("run")) }) else { return nil }
        }
        return function.map { (waits[0], signals[0], $0) }
    }

    // MARK: Throttle

    /// A throttle on local `name` in the body `body` (a scope): a `for`/`while`/`repeat` loop of
    /// the function's own code (also one inside a block the function sends off) waits on it, then
    /// starts work in the same loop that signals it when it ends: a block sent to a queue
    /// (`async`), or the completion closure of a call (any closure handed to a call that does not
    /// run it on the spot). Every signal is made in such work; the function is not async and the
    /// wait is not in async code. The loop's keyword, and whether every signal is in a block sent
    /// to a queue (rather than a call's completion).
    public static func throttleLoop(_ s: FileStructure, name: String, body: Scope, after start: Int) -> (loop: Int, queued: Bool)? {
        // (In a broken file the start can lie past the body's end: then there is nothing to find.)
        guard start < body.close else { return nil }
        let range = start..<body.close
        let waits = Waits.calls(s, "wait", in: range)[name] ?? []
        let signals = Waits.calls(s, "signal", in: range)[name] ?? []
        guard !waits.isEmpty, waits.count <= 8, !signals.isEmpty, signals.count <= 8 else { return nil }
        var loop: Int? = nil
        var queued = true
        for w in waits {
            guard AsyncContext.origin(s, at: w) == nil else { return nil }
            // The nearest loop or closure around the wait: a loop (possibly inside a block the
            // function sends off, which runs the whole loop there), or a closure called per item
            // (a loop's `forEach`, a scan's callback), not a block sent to run once elsewhere.
            var found: Int? = nil
            for sc in s.enclosingScopes(of: w) {
                let scope = s.scopes[sc]
                if scope.open <= body.open { break }
                if scope.kind == .closure {
                    let c = s.closures[scope.closure]
                    guard c.callee >= 0, !dispatchedOnce.contains(s.text(c.callee)) else { return nil }
                    found = sc
                    break
                }
                let kw = scope.statementKeyword
                if scope.kind == .statement && kw >= 0 && (s.isKeyword(kw, .for) || s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) {
                    found = sc
                    break
                }
            }
            guard let l = found else { return nil }
            let scope = s.scopes[l]
            // Every signal in work started in this loop after the wait: a queue's block, or a
            // closure handed to a call that keeps it for later.
            for g in signals {
                guard let c = s.enclosingClosure(of: g), s.closures[c].open > w, s.closures[c].close < scope.close,
                      s.closures[c].callee >= 0 else { return nil }
                let callee = s.closures[c].callee
                if s.is(callee, "async") && s.isChar(callee - 1, UInt8(ascii: ".")) { continue }
                guard s.code[callee].kind == .identifier, !GuardRegions.runsNowNames.contains(s, callee),
                      !LockRegions.scopedRunNowNames.contains(s, callee), !dispatchedOnce.contains(s.text(callee)) else { return nil }
                queued = false
            }
            if loop == nil { loop = scope.statementKeyword >= 0 ? scope.statementKeyword : scope.open }
        }
        return loop.map { ($0, queued) }
    }

    /// Callees whose closure runs once, elsewhere: a wait there is not made per item.
    static let dispatchedOnce: Set<String> = ["async", "asyncAfter", "sync", "Thread", "detachNewThread", "Task", "detached"]

    // MARK: The semaphore a function returns

    /// When token `i` is in the return type of a function whose body returns a local it declares
    /// holding a `DispatchSemaphore` (or returns one it creates): that function. The semaphore is
    /// reported once, where it is created.
    public static func returnTypeOfCreator(_ s: FileStructure, _ i: Int) -> Int? {
        guard let f = functionWithReturnType(s, holding: i) else { return nil }
        let body = s.scopes[s.decls[f].body]
        for k in s.span(body.open + 1, body.close) where s.isKeyword(k, .return) && s.enclosingExecutable(of: k) == s.decls[f].body {
            let v = k + 1
            guard v < body.close else { continue }
            if s.is(v, "DispatchSemaphore") { return f }
            guard s.code[v].kind == .identifier, case .variable(let d) = s.lookupVariable(s.text(v), at: v), s.decls[d].parent == f else { continue }
            let local = s.decls[d]
            if (Array(local.typeAnnotation) + Array(local.initializer)).contains(where: { s.is($0, "DispatchSemaphore") }) { return f }
        }
        return nil
    }

    /// The function whose return type (after `->`, before its body) holds token `i`.
    static func functionWithReturnType(_ s: FileStructure, holding i: Int) -> Int? {
        var k = i - 1
        while k >= 0 && !s.is(k, "->") && !s.isChar(k, UInt8(ascii: "{")) && !s.isChar(k, UInt8(ascii: "}"))
            && !s.isChar(k, UInt8(ascii: ";")) && !s.isChar(k, UInt8(ascii: "=")) && i - k < 16 {
            k -= 1
        }
        guard k >= 0, s.is(k, "->") else { return nil }
        var j = k - 1
        while j >= 0 && !s.isKeyword(j, .func) && !s.isChar(j, UInt8(ascii: "{")) && !s.isChar(j, UInt8(ascii: "}")) { j -= 1 }
        guard j >= 0, s.isKeyword(j, .func), j + 1 < s.code.count,
              let f = s.functionDecls(named: s.text(j + 1)).first(where: { s.decls[$0].keyword == j }),
              s.decls[f].body >= 0, s.scopes[s.decls[f].body].open > i else { return nil }
        return f
    }
}
