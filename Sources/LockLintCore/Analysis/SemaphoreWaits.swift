/// Who waits on a semaphore and who signals it, and where each of them runs: the waits made in
/// async code, the names the file waits on with a timeout, where a semaphore's name is visible,
/// whether every wait on it is no blocking bug (a poll, an activity's block, a watchdog's bounded
/// wait for the main thread), whether a dedicated worker of its own makes every wait, and the
/// property a function keeps its local semaphore in.
public enum SemaphoreWaits {
    // MARK: A worker that waits

    /// What `dedicatedWorker` has already worked out in one file: each type's waits by name (one
    /// pass over the type's body), and each private helper's answer. Keeps the question linear
    /// in the file however many semaphores and waits it has.
    public struct WorkerIndex {
        public init() {}
        var waits: [Int: [String: [Int]]] = [:]
        var queues: [Int: Set<String>] = [:]
        var helpers: [Int: String?] = [:]
        /// Per type: the call sites of each name in its body (`name(` or `name {`).
        var calls: [Int: [String: [Int]]] = [:]
    }

    /// When every wait on stored semaphore `h` in its file is made by a worker of its own (a loop
    /// in a block sent with `async` to a serial queue property of the type, or in a `Thread`'s
    /// block), directly or in a private method called only from such a loop: the first wait, and
    /// what it runs on. The waiting then already has the dedicated thread it needs.
    public static func dedicatedWorker(_ s: FileStructure, semaphore h: Decl, index: inout WorkerIndex) -> (wait: Int, runsOn: String)? {
        guard h.parent >= 0, s.decls[h.parent].body >= 0 else { return nil }
        let type = h.parent
        if index.waits[type] == nil {
            let body = s.scopes[s.decls[type].body]
            var byName: [String: [Int]] = [:]
            for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "."))
                && s.is(k + 2, "wait") && s.isChar(k + 3, UInt8(ascii: "(")) {
                byName[s.text(k), default: []].append(k)
            }
            index.waits[type] = byName
            var queues = Set<String>()
            for m in s.children[type] where s.decls[m].kind == .variable && !s.decls[m].isComputed
                && ProjectIndex.isSerialQueue(s.decls[m], in: s) {
                queues.insert(s.decls[m].nameText)
            }
            index.queues[type] = queues
        }
        let waits = index.waits[type]?[h.nameText] ?? []
        guard !waits.isEmpty, waits.count <= 16 else { return nil }
        let queues = index.queues[type] ?? []
        var first: (wait: Int, runsOn: String)? = nil
        for k in waits {
            guard let runsOn = workerLoop(s, at: k, queues: queues, depth: 0, index: &index) else { return nil }
            if first == nil { first = (k + 2, runsOn) }
        }
        return first
    }

    /// What the code at `i` runs on when it sits in a loop of a worker (see `dedicatedWorker`).
    private static func workerLoop(_ s: FileStructure, at i: Int, queues: Set<String>, depth: Int, inLoop: Bool = false,
                            index: inout WorkerIndex) -> String? {
        var sawLoop = inLoop
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .statement:
                if scope.statementKeyword >= 0 && (s.isKeyword(scope.statementKeyword, .while) || s.isKeyword(scope.statementKeyword, .repeat)) {
                    sawLoop = true
                }
            case .closure:
                let c = s.closures[scope.closure]
                guard c.callee >= 0 else { return nil }
                let callee = s.text(c.callee)
                if LockRegions.immediateCallees.contains(callee) { continue }
                if callee == "Thread" { return sawLoop ? "its own Thread" : nil }
                guard callee == "async", s.isChar(c.callee - 1, UInt8(ascii: ".")), c.callee >= 2,
                      s.code[c.callee - 2].kind == .identifier, queues.contains(s.text(c.callee - 2)) else { return nil }
                return sawLoop ? "serial queue '\(s.text(c.callee - 2))'" : nil
            case .functionBody:
                // A private helper: every call to it must come from a worker's loop. Its answer
                // (for code that is not itself in a loop) is worked out once.
                guard depth < 2, scope.decl >= 0 else { return nil }
                let key = sawLoop ? -1 - scope.decl : scope.decl
                if let known = index.helpers[key] { return known }
                index.helpers[key] = .some(nil)  // a recursive call finds no worker
                let f = s.decls[scope.decl]
                guard f.kind == .function, f.modifiers.contains(.private) || f.modifiers.contains(.fileprivate), f.parent >= 0,
                      s.decls[f.parent].body >= 0 else { return nil }
                if index.calls[f.parent] == nil {
                    let owner = s.scopes[s.decls[f.parent].body]
                    var byName: [String: [Int]] = [:]
                    for k in s.span(owner.open + 1, owner.close) where s.code[k].kind == .identifier
                        && (s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{"))) {
                        byName[s.text(k), default: []].append(k)
                    }
                    index.calls[f.parent] = byName
                }
                var runsOn: String? = nil
                for k in index.calls[f.parent]?[f.nameText] ?? [] where k != f.name {
                    guard let r = workerLoop(s, at: k, queues: queues, depth: depth + 1, inLoop: sawLoop, index: &index) else {
                        runsOn = nil
                        break
                    }
                    runsOn = r
                }
                index.helpers[key] = .some(runsOn)
                return runsOn
            default:
                return nil
            }
        }
        return nil
    }

    /// The names the file already waits on with a timeout (`name.wait(timeout:)`), in one pass.
    public static func namesWaitedWithTimeout(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.is(k, "wait") && s.isChar(k - 1, UInt8(ascii: "."))
            && s.code[k - 2].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
            guard s.is(k + 2, "timeout") || s.is(k + 2, "wallTimeout") else { continue }
            // `.distantFuture` waits forever: no timeout at all.
            let close = Int(s.match[k + 1])
            if close > k, s.span(k + 2, close).contains(where: { s.is($0, "distantFuture") }) { continue }
            out.insert(s.text(k - 2))
        }
        return out
    }

    /// The names of semaphores the file hands to a private function of its own that waits on
    /// them with a timeout (`wait(for: name)`, whose body calls `semaphore.wait(timeout:)`):
    /// waited on with a timeout too. `mentions`: the file's `DispatchSemaphore` type mentions.
    public static func namesHandedToTimedWaits(_ s: FileStructure, mentions: [Int], index: inout WaitIndex) -> Set<String> {
        index.build(s)
        if index.handed == nil { index.handed = SemaphoreParameters.handedWaits(s, mentions: mentions, waits: index.waits ?? [:]) }
        var out = Set<String>()
        for h in index.handed ?? [] where h.waits.contains(where: { Waits.isBounded(s, open: $0 + 1) }) { out.insert(s.text(h.argument)) }
        return out
    }

    /// `x.wait()` / `x.wait(timeout:)` calls inside async functions, async closures or Task bodies
    /// (not `await x.wait()`, an async semaphore that suspends instead of blocking, nor a
    /// `wait(timeout: .now())` poll), and whether that code runs on the main actor.
    public static func waitsInAsyncCode(_ s: FileStructure, context: RuleContext) -> [(name: String, token: Int, mainActor: Bool)] {
        var out: [(name: String, token: Int, mainActor: Bool)] = []
        for i in 1..<max(1, s.code.count) where s.code[i].kind == .identifier && s.is(i, "wait") && s.isChar(i + 1, UInt8(ascii: "("))
            && s.isChar(i - 1, UInt8(ascii: ".")) && i >= 2 && s.code[i - 2].kind == .identifier {
            var k = i - 3
            while k >= 0 && s.isKeyword(k, .try) { k -= 1 }
            if s.isKeyword(k, .await) || Waits.isPoll(s, open: i + 1) { continue }
            if let o = AsyncContext.origin(s, at: i) {
                out.append((s.text(i - 2), i, AsyncContext.mainActor(o, in: s, context: context) != nil))
            }
        }
        return out
    }

    // MARK: Waits that are no blocking bug

    /// What the questions about a semaphore's waits need from the whole file, worked out once:
    /// the waits and signals by receiver name, and the uses of the file's private functions.
    public struct WaitIndex {
        public init() {}
        var waits: [String: [Int]]? = nil
        var signals: [String: [Int]] = [:]
        public var privateCalls: [String: [Int]] = [:]
        var handed: [(argument: Int, waits: [Int])]? = nil

        public mutating func build(_ s: FileStructure) {
            guard waits == nil else { return }
            let all = 0..<s.code.count
            waits = Waits.calls(s, "wait", in: all)
            signals = Waits.calls(s, "signal", in: all)
            privateCalls = s.privateFunctionUses()
        }
    }

    /// APIs whose block must not return before the work it covers ends: the activity (or the
    /// extra time granted before suspension) lasts as long as the block runs, so waiting inside it
    /// for asynchronous work is the documented way to cover that work.
    static let blockScopedActivities: Set<String> = ["performExpiringActivity", "performActivity"]

    /// Where a semaphore's name is visible: its declaration's scope (a function for a local, the
    /// type for a property), or the whole file.
    public static func visibility(_ s: FileStructure, _ holder: Decl?, use i: Int) -> Range<Int> {
        if let h = holder, h.parent >= 0, s.decls[h.parent].body >= 0 {
            let sc = s.scopes[s.decls[h.parent].body]
            return sc.open..<sc.close
        }
        if holder == nil, let f = s.enclosingFunction(of: i), s.decls[f].body >= 0 {
            let sc = s.scopes[s.decls[f].body]
            return sc.open..<sc.close
        }
        return 0..<s.code.count
    }

    /// Whether every wait on semaphore `name` (in `range`) is no blocking bug:
    /// - each is a `wait(timeout: .now())` poll, which never blocks;
    /// - each runs in the block of an activity that must block until its work ends
    ///   (`performExpiringActivity`), directly or through private helpers only called there;
    /// - each is bounded (`wait(timeout:)`) and runs on a thread of its own or on a queue the type
    ///   owns, or in a loop of a block sent to any queue but the main one, while every signal comes from the main queue or main-actor code: a watchdog that
    ///   measures whether the main thread answers, which the main thread never waits for.
    /// - a function's own cancellable timer: the semaphore is a local, every wait on it is bounded
    ///   and made directly in the block of a `Thread` the function starts, and no signal comes from
    ///   that block; the thread waits at most the timeout for the function to call off what it does
    ///   when the time runs out, and nothing waits for the waiting thread.
    /// - a watchdog thread of the code's own: every wait is made on a `Thread` (its block, or the
    ///   `main()` of a `Thread` subclass) and every signal in a block that same code sends with
    ///   `async` before it waits: the thread measures how long the queue takes to run its block,
    ///   and nothing else runs on that thread, so no signal waits for it.
    /// For the last three, an unbounded wait right after a bounded one on the same semaphore, in
    /// the same loop (the hang goes on: wait for it to end), counts as bounded.
    /// `aliases` are other names of the same semaphore in `range` (a local kept in the property,
    /// a local copy of it): their waits and signals count too.
    public static func waitsAreDeliberate(_ s: FileStructure, name: String, aliases: [String] = [], in range: Range<Int>, local: Bool = false,
                                          index: inout WaitIndex, context: RuleContext) -> Bool {
        index.build(s)
        var waits = Waits.within(index.waits?[name] ?? [], range)
        var signals = Waits.within(index.signals[name] ?? [], range)
        for a in aliases where a != name {
            waits = ArraySlice((waits + Waits.within(index.waits?[a] ?? [], range)).sorted())
            signals = ArraySlice((signals + Waits.within(index.signals[a] ?? [], range)).sorted())
        }
        guard !waits.isEmpty, waits.count <= 16 else { return false }
        if waits.allSatisfy({ Waits.isPoll(s, open: $0 + 1) }) { return true }
        let calls = index.privateCalls
        if waits.allSatisfy({ everyPath(s, from: $0, calls: calls, depth: 0, where: { c, _ in
            blockScoped(s, c) ? true : nil
        }) }) {
            return true
        }
        guard !signals.isEmpty, waits.allSatisfy({ Waits.isBounded(s, open: $0 + 1) || afterBoundedWait(s, $0, waits) }) else { return false }
        if local, let timer = ownTimerThreads(s, waits: waits, in: range),
           signals.allSatisfy({ k in !timer.contains { s.closures[$0].open < k && k < s.closures[$0].close } }) {
            return true
        }
        if waits.allSatisfy({ onOwnThread(s, $0, calls: calls) }), signals.allSatisfy({ sentBeforeWait(s, $0, waits) }) { return true }
        guard signals.allSatisfy({ Waits.runner(s, at: $0, context: context) == .main }) else { return false }
        return waits.allSatisfy { w in
            everyPath(s, from: w, calls: calls, depth: 0, where: { c, inLoop in
                // A loop of its own in a block sent to any queue but the main one (a global queue
                // too) is a worker nothing waits for: the block never ends while the loop runs.
                inLoop && asyncOffMain(s, c) ? true : ownWorker(s, c, context: context)
            })
        }
    }

    /// Whether semaphore `name` (with `aliases`, in `range`, created with `value`) waits only where
    /// none of the rule's hazards shows, in synchronous code: no wait is in async code or on the
    /// main thread (main-actor code, a block sent to the main queue, or a private function of the
    /// file called from such code), and
    /// - created with value 0 (a signal), every wait is bounded (`wait(timeout:)`, or unbounded right
    ///   after a bounded one in the same loop): a one-shot wait for a callback or a child process,
    ///   or a watchdog, that ends on its own and blocks no thread the code shows to be needed;
    /// - created with a count above one (a literal, or a value that may be), every wait is made in
    ///   a block sent to a queue other than the main one (`async`, `addOperation`): the queue's
    ///   workers take turns, and no caller blocks.
    /// Waits made on it by private functions of the file it is passed to count (`mentions`: the
    /// file's `DispatchSemaphore` type mentions, where such parameters are declared).
    public static func quietInSynchronousCode(_ s: FileStructure, name: String, aliases: [String], value: String?, in range: Range<Int>,
                                              mentions: [Int], index: inout WaitIndex, context: RuleContext) -> Bool {
        guard let value, value != "1" else { return false }
        index.build(s)
        if index.handed == nil { index.handed = SemaphoreParameters.handedWaits(s, mentions: mentions, waits: index.waits ?? [:]) }
        let handed = index.handed ?? []
        var waits = Array(Waits.within(index.waits?[name] ?? [], range))
        for a in aliases where a != name { waits += Waits.within(index.waits?[a] ?? [], range) }
        for h in handed where range.contains(h.argument) && (s.is(h.argument, text: name) || aliases.contains(s.text(h.argument))) { waits += h.waits }
        waits.sort()
        guard !waits.isEmpty, waits.count <= 16 else { return false }
        let calls = index.privateCalls
        guard !waits.contains(where: { onPoolOrMain(s, $0, calls: calls, depth: 0, context: context) }) else { return false }
        let all = ArraySlice(waits)
        if value == "0" { return waits.allSatisfy { Waits.isBounded(s, open: $0 + 1) || afterBoundedWait(s, $0, all) || noTimeoutGiven(s, $0, all) } }
        if let n = Int(value), n < 2 { return false }
        return waits.allSatisfy { w in
            everyPath(s, from: w, calls: calls, depth: 0, where: { c, _ in
                guard c.callee >= 2, s.is(c.callee, "async") || s.is(c.callee, "addOperation"), s.isChar(c.callee - 1, UInt8(ascii: ".")) else { return nil }
                return !s.is(c.callee - 2, "main")
            })
        }
    }

    /// Whether stored semaphore `name` (with `aliases`, in `range`), created with a count of one, is
    /// waited on once in the file, after a `guard` of the same body that lets one caller through
    /// ever: its condition compares the result of an atomic read-modify-write (a call with an
    /// `ordering:` argument that is not a plain `load`), and its `else` leaves. The one caller
    /// that gets through takes the count at once: the wait never blocks.
    public static func onlyWaitBehindOnceGate(_ s: FileStructure, name: String, aliases: [String], in range: Range<Int>, index: inout WaitIndex) -> Bool {
        index.build(s)
        var waits = Array(Waits.within(index.waits?[name] ?? [], range))
        for a in aliases where a != name { waits += Waits.within(index.waits?[a] ?? [], range) }
        guard waits.count == 1, let w = waits.first, let body = s.enclosingExecutable(of: w) else { return false }
        var k = s.scopes[body].open + 1
        while k < w {
            if s.isChar(k, UInt8(ascii: "{")) && k > s.scopes[body].open {
                // Nested blocks (closures, other statements) are not the function's own path.
                let m = Int(s.match[k])
                if m > k && m < w && !(k >= 1 && s.isKeyword(k - 1, .else)) { k = m + 1; continue }
            }
            if s.isKeyword(k, .guard) && s.enclosingExecutable(of: k) == body, let e = onceGateElse(s, guardAt: k), e < w { return true }
            k += 1
        }
        return false
    }

    /// For `guard` at `g` whose condition compares an atomic read-modify-write's result (`==`)
    /// and whose `else` block leaves (`return`/`throw`): the `else` block's closing brace.
    static func onceGateElse(_ s: FileStructure, guardAt g: Int) -> Int? {
        var j = g + 1
        var compares = false
        var readModifyWrite = false
        while j < s.code.count && !s.isKeyword(j, .else) {
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: ";")) { return nil }
            if s.is(j, "==") { compares = true }
            if s.isChar(j, UInt8(ascii: "(")) {
                let m = Int(s.match[j])
                guard m > j else { return nil }
                if j >= 1 && s.code[j - 1].kind == .identifier && !s.is(j - 1, "load")
                    && s.span(j + 1, m).contains(where: { s.is($0, "ordering") && s.isChar($0 + 1, UInt8(ascii: ":")) }) { readModifyWrite = true }
                j = m
            }
            j += 1
        }
        guard compares, readModifyWrite, s.isKeyword(j, .else), s.isChar(j + 1, UInt8(ascii: "{")) else { return nil }
        let close = Int(s.match[j + 1])
        guard close > j + 1, s.span(j + 2, close).contains(where: { s.isKeyword($0, .return) || s.isKeyword($0, .throw) }) else { return nil }
        return close
    }

    /// An unbounded wait at `w` made directly in the `else` of `guard let t …` where a later wait
    /// of `waits` in the same body is bounded by `t`: a function that takes an optional timeout,
    /// waiting without one only when its caller gives none.
    static func noTimeoutGiven(_ s: FileStructure, _ w: Int, _ waits: ArraySlice<Int>) -> Bool {
        guard let sc = s.enclosingScopes(of: w).first(where: { _ in true }), s.scopes[sc].kind == .statement, s.isKeyword(s.scopes[sc].statementKeyword, .else),
              let body = s.enclosingExecutable(of: w) else { return false }
        let g = s.scopes[sc]
        // Back from the `else` over the conditions to the `guard`.
        var j = g.statementKeyword - 1
        var steps = 0
        while j > 0 && steps < 512 && !s.isKeyword(j, .guard) {
            steps += 1
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) || s.isChar(j, UInt8(ascii: "}")) {
                let m = Int(s.match[j])
                guard m >= 0 && m < j else { return false }
                j = m
            } else if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: ";")) || s.isKeyword(j, .if) || s.isKeyword(j, .while) {
                return false
            }
            j -= 1
        }
        guard s.isKeyword(j, .guard) else { return false }
        var bound = Set<String>()
        for k in s.span(j + 1, g.statementKeyword) where (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < g.open && s.code[k + 1].kind == .identifier {
            bound.insert(s.text(k + 1))
        }
        guard !bound.isEmpty else { return false }
        return waits.contains { b in
            guard b > g.close, s.enclosingExecutable(of: b) == body, Waits.isBounded(s, open: b + 1) else { return false }
            let close = Int(s.match[b + 1])
            return close > b + 1 && s.span(b + 2, close).contains { s.code[$0].kind == .identifier && bound.contains(s.text($0)) }
        }
    }

    /// Whether the code at `i` runs in async code or on the main thread as the file shows it: its
    /// own context, or, in a private function, that of a call of it (two levels deep).
    static func onPoolOrMain(_ s: FileStructure, _ i: Int, calls: [String: [Int]], depth: Int, context: RuleContext) -> Bool {
        let r = Waits.runner(s, at: i, context: context)
        if r == .pool || r == .main { return true }
        guard depth < 2, let f = s.enclosingFunction(of: i), s.decls[f].kind == .function,
              s.decls[f].modifiers.contains(.private) || s.decls[f].modifiers.contains(.fileprivate) else { return false }
        // Calls from its own type (a private method), not `x.name(…)` on another receiver.
        let type = s.enclosingType(of: s.decls[f].keyword).map { s.decls[$0].nameText }
        return (calls[s.decls[f].nameText] ?? []).contains { k in
            k != s.decls[f].name && s.isChar(k + 1, UInt8(ascii: "(")) && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self))
                && (type == nil || s.enclosingType(of: k).map { s.decls[$0].nameText } == type)
                && onPoolOrMain(s, k, calls: calls, depth: depth + 1, context: context)
        }
    }

    /// Whether the closure runs as the block of an activity that lasts while it runs: one of
    /// `blockScopedActivities`, or a function of the file that passes one of its parameters to
    /// such an activity (a wrapper: `func keepAlive(_ r: String, _ b: @escaping (Bool) -> Void)
    /// { ProcessInfo.processInfo.performExpiringActivity(withReason: r, using: b) }`).
    static func blockScoped(_ s: FileStructure, _ c: Closure) -> Bool {
        guard c.callee >= 0 else { return false }
        let callee = s.text(c.callee)
        if blockScopedActivities.contains(callee) { return true }
        if s.isChar(c.callee - 1, UInt8(ascii: ".")) && !s.isKeyword(c.callee - 2, .self) { return false }
        let wrappers = s.functionDecls(named: callee)
        return !wrappers.isEmpty && wrappers.count <= 4 && wrappers.allSatisfy { f in
            let d = s.decls[f]
            guard d.body >= 0, !d.parameterNames.isEmpty else { return false }
            let body = s.scopes[d.body]
            for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && blockScopedActivities.contains(s.text(k))
                && s.isChar(k + 1, UInt8(ascii: "(")) {
                let close = Int(s.match[k + 1])
                guard close > k else { continue }
                if s.span(k + 2, close).contains(where: { s.code[$0].kind == .identifier && d.parameterNames.contains(s.text($0))
                    && !s.isChar($0 + 1, UInt8(ascii: ":")) }) { return true }
            }
            return false
        }
    }

    /// An unbounded wait at `w` after a bounded wait of `waits` in the same body and the same
    /// `while`/`repeat`/`for` loop: a watchdog whose bounded wait timed out waits for the hang to end.
    static func afterBoundedWait(_ s: FileStructure, _ w: Int, _ waits: ArraySlice<Int>) -> Bool {
        guard let body = s.enclosingExecutable(of: w) else { return false }
        var loop: Scope? = nil
        for sc in s.enclosingScopes(of: w) {
            if sc == body { break }
            let kw = s.scopes[sc].statementKeyword
            if s.scopes[sc].kind == .statement && kw >= 0 && (s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat) || s.isKeyword(kw, .for)) {
                loop = s.scopes[sc]
                break
            }
        }
        guard let l = loop else { return false }
        return waits.contains { b in b < w && b > l.open && Waits.isBounded(s, open: b + 1) && s.enclosingExecutable(of: b) == body }
    }

    /// Whether the wait at `w` always runs on a thread of the code's own: a `Thread`'s block, or
    /// the `main()` of a `Thread` subclass (directly, or in private helpers only called there).
    static func onOwnThread(_ s: FileStructure, _ w: Int, calls: [String: [Int]]) -> Bool {
        everyPath(s, from: w, calls: calls, depth: 0, threadMain: true, where: { c, _ in
            c.callee >= 0 && (s.is(c.callee, "Thread") || s.is(c.callee, "detachNewThread")) ? true : nil
        })
    }

    /// Whether the signal at `g` is made in a block sent with `async` (to any queue) by the body of
    /// one of `waits`, before that wait: the waiter's own ping.
    static func sentBeforeWait(_ s: FileStructure, _ g: Int, _ waits: ArraySlice<Int>) -> Bool {
        guard let c = s.enclosingClosure(of: g), s.closures[c].callee >= 2, s.is(s.closures[c].callee, "async"),
              s.isChar(s.closures[c].callee - 1, UInt8(ascii: ".")), let sender = s.enclosingExecutable(of: s.closures[c].callee) else { return false }
        let close = s.closures[c].close
        return waits.contains { $0 > close && s.enclosingExecutable(of: $0) == sender }
    }

    /// Whether function `d` is the `main()` of a class that inherits from `Thread`: the code of
    /// the thread that class starts.
    static func isThreadMain(_ s: FileStructure, _ d: Int) -> Bool {
        let f = s.decls[d]
        guard f.kind == .function, f.nameText == "main", f.parameterNames.isEmpty, f.parent >= 0, s.decls[f.parent].kind.isType else { return false }
        return s.inheritedTypes(of: f.parent).contains { $0.name == "Thread" }
    }

    /// The other names of stored semaphore `h` in its type: a local the type's code keeps in it
    /// (`h = local`, `self.h = local`) and a local copy of it (`let x = h`, `let x = self.h`).
    public static func aliases(_ s: FileStructure, property h: Decl) -> [String] {
        guard h.parent >= 0, s.decls[h.parent].kind.isType, h.name >= 0 else { return [] }
        var out: [String] = []
        for k in s.uses(of: [h.nameText])[h.nameText] ?? [] where k != h.name && out.count < 8 {
            let dotted = s.isChar(k - 1, UInt8(ascii: "."))
            if dotted && !s.isKeyword(k - 2, .self) { continue }
            let start = dotted ? k - 2 : k
            if s.isChar(k + 1, UInt8(ascii: "=")), s.code[k + 2].kind == .identifier, s.startsStatementAfter(k + 2),
               case .variable(let l) = s.lookupVariable(s.text(k + 2), at: k + 2), s.decls[l].parent >= 0, s.decls[s.decls[l].parent].kind.isFunctionLike {
                out.append(s.text(k + 2))
            } else if s.isChar(start - 1, UInt8(ascii: "=")), start >= 3, s.code[start - 2].kind == .identifier,
                      s.isKeyword(start - 3, .let) || s.isKeyword(start - 3, .var), s.startsStatementAfter(k) {
                out.append(s.text(start - 2))
            }
        }
        return out
    }

    /// The `Thread` blocks (closure indices) that make `waits` directly, when each wait is made
    /// in such a block started in `range`; nil otherwise.
    static func ownTimerThreads(_ s: FileStructure, waits: ArraySlice<Int>, in range: Range<Int>) -> Set<Int>? {
        var blocks = Set<Int>()
        for w in waits {
            guard let c = s.enclosingClosure(of: w), range.contains(s.closures[c].open), s.closures[c].callee >= 0,
                  s.is(s.closures[c].callee, "Thread") || s.is(s.closures[c].callee, "detachNewThread") else { return nil }
            blocks.insert(c)
        }
        return blocks
    }

    /// A local semaphore created with a count of one or more that the function then waits on, in
    /// its own code, for work it started in a closure that runs later (a `Task`, a block sent to a
    /// queue, a callback) and that signals it: the count lets the first wait through at once, so
    /// the function does not wait for that work. The first such wait and the signal; nil when
    /// the function waits before it starts the work (a lock handed over), or when any signal is
    /// made in the function's own code.
    public static func waitPassesAtOnce(_ s: FileStructure, local h: Decl) -> (wait: Int, signal: Int)? {
        guard h.parent >= 0, s.decls[h.parent].kind.isFunctionLike, s.decls[h.parent].body >= 0 else { return nil }
        let body = s.scopes[s.decls[h.parent].body]
        // (In a broken file the declaration can end past the body's end: nothing to find then.)
        guard h.end < body.close else { return nil }
        let range = h.end..<body.close
        /// The closure of this function that holds `k`, if any.
        func closure(_ k: Int) -> Closure? {
            guard let c = s.enclosingClosure(of: k), s.closures[c].open > body.open else { return nil }
            return s.closures[c]
        }
        guard let signals = Waits.calls(s, "signal", in: range)[h.nameText], signals.count <= 8,
              let waits = Waits.calls(s, "wait", in: range)[h.nameText], waits.count <= 8 else { return nil }
        var later: Closure? = nil
        for k in signals {
            guard let c = closure(k), c.callee < 0 || !AsyncContext.inlineCallees.contains(s.text(c.callee)) else { return nil }
            if later == nil { later = c }
        }
        guard let started = later else { return nil }
        let own = waits.filter { closure($0) == nil }
        guard let first = own.first, first > started.close else { return nil }
        return (first, signals[0])
    }

    /// A block sent with `async` to a queue that is not the main queue (`DispatchQueue.main`,
    /// `.main`).
    static func asyncOffMain(_ s: FileStructure, _ c: Closure) -> Bool {
        guard c.callee >= 2, s.is(c.callee, "async"), s.isChar(c.callee - 1, UInt8(ascii: ".")) else { return false }
        return !s.is(c.callee - 2, "main")
    }

    /// A closure that runs on a worker of the code's own: a `Thread`'s block, or a block sent to a
    /// queue property of the enclosing type (not main, not a global queue). Nil: not decided here.
    static func ownWorker(_ s: FileStructure, _ c: Closure, context: RuleContext) -> Bool? {
        guard c.callee >= 0 else { return nil }
        let callee = s.text(c.callee)
        if callee == "Thread" || callee == "detachNewThread" { return true }
        guard callee == "async" || callee == "asyncAfter", s.isChar(c.callee - 1, UInt8(ascii: ".")) else { return nil }
        let r = c.callee - 2
        guard r >= 0, s.code[r].kind == .identifier else { return false }
        let name = s.text(r)
        let memberOnly = s.isChar(r - 1, UInt8(ascii: ".")) && s.isKeyword(r - 2, .self)
        if s.isChar(r - 1, UInt8(ascii: ".")) && !memberOnly { return false }
        guard case .variable(let d) = s.lookupVariable(name, at: c.callee, memberOnly: memberOnly) else {
            // A serial queue the class declares in another file of the run.
            guard let t = s.enclosingType(of: c.callee) else { return false }
            return context.classQueues(s.decls[t].nameText).contains("q:" + name)
        }
        let v = s.decls[d]
        guard v.parent >= 0, s.decls[v.parent].kind.isType else { return false }
        return (Array(v.typeAnnotation) + Array(v.initializer)).contains { s.is($0, "DispatchQueue") || s.is($0, "OperationQueue") }
            && !v.initializer.contains { s.is($0, "main") || s.is($0, "global") }
    }

    /// Whether the code at token `i` always runs inside a closure `accepts` says yes to: walking
    /// out through closures that run on the spot and statements; a private function counts when
    /// every call of it in the file does (two levels deep).
    /// `accepts` also learns whether a `while`/`repeat` loop lies between the code and the closure.
    static func everyPath(_ s: FileStructure, from i: Int, calls: [String: [Int]], depth: Int, inLoop: Bool = false, threadMain: Bool = false,
                          where accepts: (Closure, Bool) -> Bool?) -> Bool {
        var sawLoop = inLoop
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .statement:
                let kw = scope.statementKeyword
                if kw >= 0 && (s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) { sawLoop = true }
                continue
            case .closure:
                let c = s.closures[scope.closure]
                if let verdict = accepts(c, sawLoop) { return verdict }
                if c.callee >= 0 && AsyncContext.inlineCallees.contains(s.text(c.callee)) { continue }
                return false
            case .functionBody:
                let d = scope.decl
                if threadMain && d >= 0 && isThreadMain(s, d) { return true }
                guard depth < 2, d >= 0, s.decls[d].kind == .function,
                      s.decls[d].modifiers.contains(.private) || s.decls[d].modifiers.contains(.fileprivate) else { return false }
                let sites = (calls[s.decls[d].nameText] ?? []).filter { $0 != s.decls[d].name }
                guard !sites.isEmpty, sites.count <= 16 else { return false }
                return sites.allSatisfy { everyPath(s, from: $0, calls: calls, depth: depth + 1, inLoop: sawLoop, threadMain: threadMain, where: accepts) }
            default:
                return false
            }
        }
        return false
    }

    // MARK: A semaphore kept in a property

    /// The property a function stores its local semaphore `local` in (`gate = local`,
    /// `self.gate = local`): the semaphore lives on as that property. For a class declared in
    /// another file, seen from an extension here, the property as the extension sees it (its name,
    /// in the extension's scope).
    public static func propertyKeeping(_ s: FileStructure, local: Decl, context: RuleContext) -> Decl? {
        guard local.parent >= 0, s.decls[local.parent].kind.isFunctionLike, s.decls[local.parent].body >= 0 else { return nil }
        let body = s.scopes[s.decls[local.parent].body]
        for k in s.span(local.end, body.close) where s.code[k].kind == .identifier && s.is(k, text: local.nameText)
            && s.isChar(k - 1, UInt8(ascii: "=")) && s.startsStatementAfter(k) {
            let target = k - 2
            guard target >= 0, s.code[target].kind == .identifier else { continue }
            let viaSelf = s.isChar(target - 1, UInt8(ascii: ".")) && s.isKeyword(target - 2, .self)
            if s.isChar(target - 1, UInt8(ascii: ".")) && !viaSelf { continue }
            let name = s.text(target)
            if case .variable(let p) = s.lookupVariable(name, at: target, memberOnly: true), s.decls[p].parent >= 0,
               s.decls[s.decls[p].parent].kind.isType {
                return s.decls[p]
            }
            // A stored var of a class declared in another file, from an extension of it here: the
            // property as this extension sees it.
            guard let t = s.owningType(of: local.parent), s.decls[t].kind == .extension,
                  context.classFacts(s.decls[t].nameText)?.storedVars.contains(name) == true else { continue }
            var property = local
            property.parent = t
            property.name = target
            property.nameText = name
            property.modifiers = []
            return property
        }
        return nil
    }
}
