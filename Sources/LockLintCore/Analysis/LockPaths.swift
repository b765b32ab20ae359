/// Follows every path from one manual acquire (`X.lock()`, `objc_sync_enter(X)`,
/// `pthread_mutex_lock(&X)`, …) to the end of its function, through `if`/`guard`/`switch`,
/// loops, `do`/`catch`, `defer`, `break`/`continue`, `return`, `throw` and `try`, and says
/// where a path leaves the function (or starts the next loop iteration) with the lock still
/// held. Shared lock analysis: the answer to "is the release guaranteed?".
///
/// The state of the lock on a path is a pair of bits: possibly released, possibly held. A
/// `defer` that releases the lock makes every later exit of its block safe. A release inside a
/// closure that runs later (not a continuation's body) makes the answer unknown (`opaque`).
public struct LockLeak: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case returnStatement, throwStatement, tryExpression, nextIteration, endOfBody
    }
    public var kind: Kind
    /// The `return`/`throw`/`try`/`continue` keyword, the loop's keyword, or the body's `}`.
    public var token: Int
    /// Held on every path that reaches the exit (not only on some).
    public var certain: Bool
}

public struct LockPathResult: Sendable {
    /// Exits reached with the lock held, in source order.
    public var leaks: [LockLeak]
    /// Releases of the lock reached on some path after the acquire.
    public var releases: [Int]
    /// The acquire takes the lock only when a condition holds (`if L.tryLock() { … }`).
    public var conditional: Bool
}

public enum LockPaths {
    /// Names of functions that never return: a path through them ends without leaving the lock held.
    public static let neverReturning: Set<String> = [
        "fatalError", "preconditionFailure", "abort", "exit", "_exit", "dispatchMain",
    ]

    /// The paths from the acquire at token `acquire` (an identifier followed by `(`). Nil when the
    /// call is not a plain acquire (its result decides whether the lock is taken: `let ok =
    /// L.tryLock()`), or when the code cannot be followed (a release in a closure that runs later,
    /// an acquire inside `defer`, very deep nesting).
    /// - Parameter handoffs: functions of the file that release the lock for their caller (a
    ///   call to one counts as the release).
    ///   - neverReturning: functions of the file declared `-> Never` (see `neverReturningFunctions`).
    public static func analyze(_ s: FileStructure, acquire a: Int, lock: String, release: String, freeFunction: Bool,
                               handoffs: Set<String> = [], neverReturning: Set<String> = []) -> LockPathResult? {
        var budget = PathWalker.maxSteps
        return analyze(s, acquire: a, lock: lock, release: release, freeFunction: freeFunction, handoffs: handoffs,
                       neverReturning: neverReturning, budget: &budget)
    }

    /// The steps a walk may take for all the acquires of one file, when they share `budget`
    /// (see `analyze(…budget:)`): linear in the file, however many acquires it has.
    public static func fileBudget(_ s: FileStructure) -> Int { PathWalker.maxSteps + 16 * s.code.count }

    /// As above, taking at most `budget` steps (and at most `PathWalker.maxSteps`), and
    /// subtracting the steps taken: acquires that share one budget cost time linear in the
    /// file, not acquires x function length (a long `else if` chain taking a lock in each
    /// branch). When the budget runs out the walk gives up (nil), as for code it cannot follow.
    public static func analyze(_ s: FileStructure, acquire a: Int, lock: String, release: String, freeFunction: Bool,
                               handoffs: Set<String> = [], neverReturning: Set<String> = [], budget: inout Int) -> LockPathResult? {
        guard budget > 0 else { return nil }
        guard a >= 0, a + 1 < s.code.count, s.isChar(a + 1, UInt8(ascii: "(")), let exec = s.enclosingExecutable(of: a) else { return nil }
        let close = Int(s.match[a + 1])
        guard close > a else { return nil }
        let acquireName = s.text(a)
        var walker = PathWalker(s: s, lock: lock, acquireName: acquireName, release: release, freeFunction: freeFunction, acquire: a)
        let allowed = min(budget, PathWalker.maxSteps)
        walker.budget = allowed
        defer { budget -= allowed - max(0, walker.budget) }
        walker.handoffs = handoffs
        walker.neverReturning = neverReturning
        var block = Int(s.scopeOf[a])
        var from = close + 1
        var conditional = false
        if let then = LockRegions.conditionalBody(s, acquire: a) {
            block = then
            from = s.scopes[then].open + 1
            conditional = true
        } else if let g = guardCondition(s, acquire: a) {
            // `guard L.tryLock() else { return }`: held after the guard statement.
            guard let e = s.guardElse(of: g), let body = s.statementBody(of: e) else { return nil }
            from = s.scopes[body].close + 1
            conditional = true
        } else if !isUnconditional(s, acquire: a, close: close, freeFunction: freeFunction) {
            return nil
        }
        guard block >= 0 else { return nil }
        var flow = walker.run(from: from, to: walker.rangeEnd(block, from), block: block, state: PathWalker.held)
        var sc = block
        while sc != exec && !walker.opaque {
            let scope = s.scopes[sc]
            guard scope.kind == .statement, scope.statementKeyword >= 0 else { return nil }
            let kw = scope.statementKeyword
            var next = flow.next
            var end = scope.close
            switch s.code[kw].word {
            case .if:
                end = s.ifChainEnd(afterBranchClosingAt: scope.close)
            case .else:
                if s.isChar(kw - 1, UInt8(ascii: "}")) { end = s.ifChainEnd(afterBranchClosingAt: scope.close) }
            case .for, .while, .repeat:
                let label = s.statementLabel(kw)
                let breaks = flow.consumeBreaks(label: label, takesUnlabelled: true)
                let continues = flow.consumeContinues(label: label)
                var again = flow.next
                var againToken = scope.close
                var againState = flow.next
                for j in continues {
                    again |= j.state
                    if j.state & PathWalker.held != 0 && (againToken == scope.close || againState & PathWalker.held == 0) {
                        againToken = j.token
                        againState = j.state
                    }
                }
                if s.code[kw].word == .repeat {
                    end = s.statementEnd(from: scope.close + 1, limit: s.scopes[max(scope.parent, 0)].close) - 1
                }
                if again & PathWalker.held != 0 && !walker.releasedBefore(a, inLoop: sc) {
                    walker.leak(.nextIteration, againToken == scope.close ? kw : againToken, state: againState)
                }
                next = walker.isInfinite(kw, body: sc) ? 0 : again
                for j in breaks { next |= j.state }
            case .do:
                let catches = s.catchClauses(afterDoClosingAt: scope.close)
                for j in flow.consumeBreaks(label: s.statementLabel(kw), takesUnlabelled: false) { next |= j.state }
                if !catches.isEmpty {
                    let thrown = flow.throwsState
                    flow.throwSites = []
                    for c in catches {
                        let cf = walker.runBlock(c, state: thrown)
                        flow.absorb(cf)
                        next |= cf.next
                    }
                    end = s.scopes[catches[catches.count - 1]].close
                }
            case .catch:
                var j = scope.close
                while s.isKeyword(j + 1, .catch), let b = s.statementBody(of: j + 1) { j = s.scopes[b].close }
                end = j
            case .switch:
                for j in flow.consumeBreaks(label: s.statementLabel(kw), takesUnlabelled: true) { next |= j.state }
            default:
                return nil
            }
            let parent = scope.parent
            guard parent >= 0 else { return nil }
            let rest = walker.run(from: end + 1, to: walker.rangeEnd(parent, end + 1), block: parent, state: next)
            flow.next = 0
            flow.absorb(rest)
            flow.next = rest.next
            sc = parent
        }
        if walker.opaque { return nil }
        if flow.next & PathWalker.held != 0 { walker.leak(.endOfBody, s.scopes[exec].close, state: flow.next) }
        for t in flow.throwSites where t.state & PathWalker.held != 0 {
            walker.leak(s.isKeyword(t.token, .throw) ? .throwStatement : .tryExpression, t.token, state: t.state)
        }
        var leaks = walker.leaks.values.sorted { $0.token < $1.token }
        // A `defer` that releases the lock, written before the acquire in a block around it,
        // runs on every exit of that block: only a loop inside the block can take the lock again
        // while it is held.
        if let guarded = walker.deferredBefore(a, within: exec) {
            leaks.removeAll { leak in
                // The loop (its keyword, or the `continue`) sits inside the block: the next
                // iteration takes the lock again before the block's defer releases it.
                leak.kind != .nextIteration || !s.scope(Int(s.scopeOf[leak.token]), isWithin: guarded)
            }
            walker.releases.formUnion(walker.deferredReleases(in: guarded, before: a))
        }
        return LockPathResult(leaks: leaks, releases: walker.releases.sorted(), conditional: conditional)
    }

    /// Functions of the file whose signature returns `Never`.
    public static func neverReturningFunctions(_ s: FileStructure) -> Set<String> {
        var out: Set<String> = []
        for d in s.decls where d.kind == .function {
            let j = d.typeAnnotation.upperBound
            if j + 1 < s.code.count && s.is(j, "->") && s.is(j + 1, "Never") { out.insert(d.nameText) }
        }
        return out
    }

    /// `guard L.tryLock() else {`: the `guard` keyword, when the acquire is its whole condition.
    static func guardCondition(_ s: FileStructure, acquire i: Int) -> Int? {
        var j = i - 1
        while j >= 0 && (s.code[j].isWord || s.isChar(j, UInt8(ascii: "."))) {
            if s.isKeyword(j, .guard) { return j }
            if s.code[j].kind == .keyword && s.code[j].word != .self { return nil }
            j -= 1
        }
        return nil
    }

    /// Whether the acquire always takes the lock: a statement of its own (`L.lock()`,
    /// `_ = pthread_mutex_lock(&m)`, `let err = pthread_mutex_lock(&m)`, `precondition(… == 0)`),
    /// not a `tryLock()`/`lock(before:)` whose result says whether it did, nor a method whose
    /// result is used (`let l = locks.lock(for: Key.self)` returns a lock,
    /// `XCTAssertTrue(l.lock(whenValue: 1, timeoutSeconds: 1))` may fail).
    static func isUnconditional(_ s: FileStructure, acquire a: Int, close: Int, freeFunction: Bool) -> Bool {
        if s.is(a, "tryLock") || s.is(a, "try") { return false }
        if s.is(a + 2, "before") && s.isChar(a + 3, UInt8(ascii: ":")) { return false }
        // `locks.lock(for: Key.self).withLock { … }`: the result is used.
        if s.isChar(close + 1, UInt8(ascii: ".")) || (s.isChar(close + 1, UInt8(ascii: "?")) && s.isChar(close + 2, UInt8(ascii: "."))) { return false }
        if freeFunction { return true }
        // The receiver starts the statement.
        var r = a
        if s.isChar(a - 1, UInt8(ascii: ".")) {
            r = LockRegions.receiverStart(s, dot: a - 1)
            guard r >= 0 else { return false }
        }
        let p = r - 1
        if p < 0 || s.isChar(p, UInt8(ascii: "{")) || s.isChar(p, UInt8(ascii: "}")) || s.isChar(p, UInt8(ascii: ";")) { return true }
        if s.code[p].kind == .keyword && (s.code[p].word == .try || s.code[p].word == .in) { return true }
        return s.code[r].flags.contains(.newlineBefore) && !s.isChar(p, UInt8(ascii: "=")) && s.code[p].kind != .operator
    }

    /// Callees whose closure argument runs before the call returns.
    public static let immediateClosureCallees: Set<String> = LockRegions.immediateCallees.union([
        "withExtendedLifetime", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withoutActuallyEscaping",
    ])
}

struct PathWalker {
    static let released: UInt8 = 1
    static let held: UInt8 = 2

    struct Jump {
        var label: String?
        var state: UInt8
        var token: Int
    }

    struct Flow {
        var next: UInt8 = 0
        var breaks: [Jump] = []
        var continues: [Jump] = []
        var throwSites: [Jump] = []

        var throwsState: UInt8 { throwSites.reduce(0) { $0 | $1.state } }

        mutating func absorb(_ o: Flow) {
            breaks += o.breaks
            continues += o.continues
            throwSites += o.throwSites
        }

        /// Takes the breaks aimed at a construct: unlabelled ones by the innermost loop or
        /// switch, labelled ones by the construct of that label.
        mutating func consumeBreaks(label: String?, takesUnlabelled: Bool) -> [Jump] {
            var taken: [Jump] = []
            breaks.removeAll { j in
                let mine = j.label == nil ? takesUnlabelled : j.label == label
                if mine { taken.append(j) }
                return mine
            }
            return taken
        }

        mutating func consumeContinues(label: String?) -> [Jump] {
            var taken: [Jump] = []
            continues.removeAll { j in
                let mine = j.label == nil || j.label == label
                if mine { taken.append(j) }
                return mine
            }
            return taken
        }
    }

    let s: FileStructure
    let lock: String
    let acquireName: String
    let release: String
    let freeFunction: Bool
    let acquire: Int
    var leaks: [Int: LockLeak] = [:]
    var releases: Set<Int> = []
    var opaque = false
    var depth = 0
    var handoffs: Set<String> = []
    var neverReturning: Set<String> = []
    /// Tokens the walk may still visit (loops are walked more than once; nested loops multiply).
    static let maxSteps = 400_000
    var budget = PathWalker.maxSteps

    init(s: FileStructure, lock: String, acquireName: String, release: String, freeFunction: Bool, acquire: Int) {
        self.s = s
        self.lock = lock
        self.acquireName = acquireName
        self.release = release
        self.freeFunction = freeFunction
        self.acquire = acquire
    }

    mutating func leak(_ kind: LockLeak.Kind, _ token: Int, state: UInt8) {
        leaks[token] = LockLeak(kind: kind, token: token, certain: state == Self.held)
    }

    /// The end of the statements that follow `from` in `block`: its `}`, or the next case label
    /// when the block is a switch body.
    func rangeEnd(_ block: Int, _ from: Int) -> Int {
        let scope = s.scopes[block]
        guard scope.kind == .statement, scope.statementKeyword >= 0, s.isKeyword(scope.statementKeyword, .switch) else { return scope.close }
        var j = from
        while j < scope.close {
            if Int(s.scopeOf[j]) == block && s.isCaseLabel(j, inSwitch: block) { return j }
            j += 1
        }
        return scope.close
    }

    func isRelease(_ i: Int) -> Bool {
        s.is(i, text: release) && !s.isKeyword(i - 1, .func) && LockRegions.releaseMatches(s, at: i, lock: lock, freeFunction: freeFunction)
    }

    func isAcquire(_ i: Int) -> Bool {
        s.is(i, text: acquireName) && !s.isKeyword(i - 1, .func) && LockRegions.releaseMatches(s, at: i, lock: lock, freeFunction: freeFunction)
    }

    /// The innermost block around the acquire `a` (up to the body `exec`) that registers, before
    /// `a`, a `defer` releasing the lock: `defer { l.unlock() }; l.lock()`.
    func deferredBefore(_ a: Int, within exec: Int) -> Int? {
        var sc = Int(s.scopeOf[a])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if !deferredReleases(in: sc, before: a).isEmpty { return sc }
            if sc == exec { return nil }
            sc = scope.parent
        }
        return nil
    }

    /// The releases of the lock in `defer` blocks directly in block `sc`, written before token `a`.
    func deferredReleases(in sc: Int, before a: Int) -> [Int] {
        var out: [Int] = []
        let scope = s.scopes[sc]
        var k = scope.open + 1
        while k < min(a, scope.close) {
            if s.isKeyword(k, .defer), Int(s.scopeOf[k]) == sc, let body = s.statementBody(of: k) {
                for r in s.scopes[body].interior where s.code[r].kind == .identifier && s.isChar(r + 1, UInt8(ascii: "(")) && isRelease(r) {
                    out.append(r)
                }
                k = s.scopes[body].close + 1
                continue
            }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                let m = Int(s.match[k])
                if m > k { k = m + 1; continue }
            }
            k += 1
        }
        return out
    }

    /// Whether a release of the lock comes before the acquire inside loop body `loop` (the
    /// next iteration gives the lock back before taking it again).
    func releasedBefore(_ a: Int, inLoop loop: Int) -> Bool {
        var k = s.scopes[loop].open + 1
        while k < a {
            if s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && isRelease(k) { return true }
            k += 1
        }
        return false
    }

    mutating func runBlock(_ sc: Int, state: UInt8) -> Flow {
        let scope = s.scopes[sc]
        return run(from: scope.open + 1, to: rangeEnd(sc, scope.open + 1), block: sc, state: state)
    }

    /// Evaluates the statements of `block` from token `from` up to `to` with the lock in
    /// `state`, and returns what leaves the range: the state at its end, and the jumps.
    mutating func run(from: Int, to: Int, block: Int, state: UInt8) -> Flow {
        var f = Flow()
        depth += 1
        defer { depth -= 1 }
        if depth > 40 {
            opaque = true
            return f
        }
        var st = state
        var i = from
        while i < to && !opaque && st != 0 {
            budget -= 1
            if budget < 0 {
                opaque = true
                break
            }
            let t = s.code[i]
            if t.kind == .punctuation {
                if s.isChar(i, UInt8(ascii: "{")) {
                    let sc = Int(s.scopeOf[i])
                    let m = Int(s.match[i])
                    if sc >= 0 && s.scopes[sc].open == i {
                        switch s.scopes[sc].kind {
                        case .closure:
                            closureEffect(sc, &st)
                        case .statement:
                            // A body this walk did not reach through its keyword: it may run or not.
                            let inner = runBlock(sc, state: st)
                            f.absorb(inner)
                            st |= inner.next
                        default:
                            break
                        }
                    }
                    if m > i { i = m + 1; continue }
                }
                i += 1
                continue
            }
            if t.kind == .keyword && !s.isChar(i - 1, UInt8(ascii: ".")) {
                switch t.word {
                case .if:
                    if let r = evalIf(i, block: block, state: st) {
                        f.absorb(r.0)
                        st = r.0.next
                        i = r.1 + 1
                        continue
                    }
                case .guard:
                    if let e = s.guardElse(of: i, limit: to), let body = s.statementBody(of: e, limit: to) {
                        let cond = run(from: i + 1, to: e, block: block, state: st)
                        f.absorb(cond)
                        let b = runBlock(body, state: cond.next)
                        f.absorb(b)
                        st = cond.next
                        i = s.scopes[body].close + 1
                        continue
                    }
                case .switch:
                    if let body = s.statementBody(of: i, limit: to) {
                        let fl = evalSwitch(i, body: body, block: block, state: st)
                        f.absorb(fl)
                        st = fl.next
                        i = s.scopes[body].close + 1
                        continue
                    }
                case .for, .while:
                    if let body = s.statementBody(of: i, limit: to) {
                        let fl = evalLoop(i, body: body, block: block, state: st, conditionAfter: false)
                        f.absorb(fl)
                        st = fl.next
                        i = s.scopes[body].close + 1
                        continue
                    }
                case .repeat:
                    if let body = s.statementBody(of: i, limit: to) {
                        let fl = evalLoop(i, body: body, block: block, state: st, conditionAfter: true)
                        f.absorb(fl)
                        st = fl.next
                        let close = s.scopes[body].close
                        i = s.isKeyword(close + 1, .while) ? s.statementEnd(from: close + 1, limit: to) : close + 1
                        continue
                    }
                case .do:
                    if let body = s.statementBody(of: i, limit: to) {
                        let (fl, end) = evalDo(i, body: body, state: st)
                        f.absorb(fl)
                        st = fl.next
                        i = end + 1
                        continue
                    }
                case .defer:
                    if let body = s.statementBody(of: i, limit: to) {
                        if containsRelease(body) {
                            // Every exit of this block from here on runs the release.
                            for k in s.span(s.scopes[body].open + 1, s.scopes[body].close) where s.code[k].kind == .identifier && isRelease(k) {
                                releases.insert(k)
                            }
                            f.next = Self.released
                            return f
                        }
                        i = s.scopes[body].close + 1
                        continue
                    }
                case .return, .throw:
                    let e = s.statementEnd(from: i, limit: to)
                    let inner = run(from: i + 1, to: e, block: block, state: st)
                    f.absorb(inner)
                    st = inner.next
                    if t.word == .return {
                        if st & Self.held != 0 { leak(.returnStatement, i, state: st) }
                    } else {
                        f.throwSites.append(Jump(label: nil, state: st, token: i))
                    }
                    st = 0
                    i = e
                    continue
                case .try:
                    let n = i + 1
                    let quiet = (s.isChar(n, UInt8(ascii: "?")) || s.isChar(n, UInt8(ascii: "!"))) && s.code[n].start == t.end
                    if !quiet && !insideCatchingAssertion(i, from: from) {
                        f.throwSites.append(Jump(label: nil, state: releasesBeforeThrowing(i, to: to) ? Self.released : st, token: i))
                    }
                case .break, .continue:
                    var label: String? = nil
                    if i + 1 < to && s.code[i + 1].kind == .identifier && !s.code[i + 1].flags.contains(.newlineBefore) {
                        label = s.text(i + 1)
                    }
                    let j = Jump(label: label, state: st, token: i)
                    if t.word == .break { f.breaks.append(j) } else { f.continues.append(j) }
                    st = 0
                default:
                    break
                }
                i += 1
                continue
            }
            if t.kind == .identifier && s.isChar(i + 1, UInt8(ascii: "(")) {
                if isRelease(i) {
                    st = Self.released
                    releases.insert(i)
                } else if isAcquire(i) {
                    st = Self.held
                } else if !handoffs.isEmpty && (!s.isChar(i - 1, UInt8(ascii: ".")) || (s.isKeyword(i - 2, .self) && !s.isChar(i - 3, UInt8(ascii: "."))))
                            && handoffs.contains(s.text(i)) {
                    st = Self.released
                    releases.insert(i)
                } else if !s.isChar(i - 1, UInt8(ascii: ".")) && (LockPaths.neverReturning.contains(s.text(i)) || neverReturning.contains(s.text(i))) {
                    st = 0
                }
            }
            i += 1
        }
        f.next = st
        return f
    }

    /// Whether the expression after `try` at `i` passes a closure that releases the lock to a
    /// function that runs it at once (`try await withUnsafeThrowingContinuation { …; L.unlock() }`):
    /// the error, if any, comes after the release.
    func releasesBeforeThrowing(_ i: Int, to: Int) -> Bool {
        var j = i + 1
        while j < to {
            if s.isChar(j, UInt8(ascii: "{")) {
                let sc = Int(s.scopeOf[j])
                guard sc >= 0, s.scopes[sc].open == j, s.scopes[sc].kind == .closure else { return false }
                let c = s.closures[s.scopes[sc].closure]
                if c.callee >= 0 && LockPaths.immediateClosureCallees.contains(s.text(c.callee)) && containsRelease(sc) { return true }
                j = s.scopes[sc].close + 1
                continue
            }
            if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                if m > j { j += 1; continue }
            }
            if s.isChar(j, UInt8(ascii: ";")) || s.isChar(j, UInt8(ascii: "}")) || s.isKeyword(j, .else) { return false }
            if s.code[j].flags.contains(.newlineBefore) && s.startsStatement(j) { return false }
            j += 1
        }
        return false
    }

    /// Whether the `try` at `i` is inside the arguments of an assertion that catches what it
    /// throws (`XCTAssertEqual(try f(), 1)`, `XCTAssertNoThrow(try f())`, `#expect(try f())`).
    func insideCatchingAssertion(_ i: Int, from: Int) -> Bool {
        var j = i - 1
        var steps = 0
        while j >= 0 && steps < 400 {
            steps += 1
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) || s.isChar(j, UInt8(ascii: "}")) {
                let m = Int(s.match[j])
                if m >= 0 && m < j { j = m - 1; continue }
                return false
            }
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: ";")) { return false }
            if s.isChar(j, UInt8(ascii: "(")) {
                let callee = j - 1
                guard callee >= 0, s.code[callee].kind == .identifier else { return false }
                if s.hasPrefix(callee, "XCTAssert") || (s.is(callee, "expect") && callee >= 1 && s.code[callee - 1].kind == .pound) { return true }
            }
            j -= 1
        }
        return false
    }

    func containsRelease(_ sc: Int) -> Bool {
        let scope = s.scopes[sc]
        var k = scope.open + 1
        while k < scope.close {
            if s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && isRelease(k) { return true }
            k += 1
        }
        return false
    }

    /// A closure passed at this point: a release inside a continuation's body happens now;
    /// one inside any other closure happens at some other time, which this walk cannot follow.
    mutating func closureEffect(_ sc: Int, _ st: inout UInt8) {
        guard containsRelease(sc) else { return }
        let c = s.closures[s.scopes[sc].closure]
        if c.callee >= 0 && LockPaths.immediateClosureCallees.contains(s.text(c.callee)) {
            st = Self.released
        } else {
            opaque = true
        }
    }

    mutating func evalIf(_ k: Int, block: Int, state: UInt8) -> (Flow, Int)? {
        var f = Flow()
        var out: UInt8 = 0
        var kw = k
        var entry = state
        var steps = 0
        while steps < 1000 {
            steps += 1
            guard let body = s.statementBody(of: kw) else { return nil }
            let cond = run(from: kw + 1, to: s.scopes[body].open, block: block, state: entry)
            f.absorb(cond)
            let c = cond.next
            let then = runBlock(body, state: c)
            f.absorb(then)
            out |= then.next
            let close = s.scopes[body].close
            if s.isKeyword(close + 1, .else) {
                if s.isKeyword(close + 2, .if) {
                    kw = close + 2
                    entry = c
                    continue
                }
                if s.isChar(close + 2, UInt8(ascii: "{")) {
                    let sc = Int(s.scopeOf[close + 2])
                    if sc >= 0 && s.scopes[sc].open == close + 2 {
                        let e = runBlock(sc, state: c)
                        f.absorb(e)
                        out |= e.next
                        f.next = out
                        return (f, s.scopes[sc].close)
                    }
                }
            }
            out |= c
            f.next = out
            return (f, close)
        }
        return nil
    }

    mutating func evalSwitch(_ k: Int, body: Int, block: Int, state: UInt8) -> Flow {
        var f = Flow()
        let subject = run(from: k + 1, to: s.scopes[body].open, block: block, state: state)
        f.absorb(subject)
        let c = subject.next
        let scope = s.scopes[body]
        var labels: [Int] = []
        var j = scope.open + 1
        while j < scope.close {
            if Int(s.scopeOf[j]) == body && s.isCaseLabel(j, inSwitch: body) { labels.append(j) }
            j += 1
        }
        guard !labels.isEmpty else {
            f.next = c
            return f
        }
        var out: UInt8 = 0
        let label = s.statementLabel(k)
        for (n, l) in labels.enumerated() {
            let end = n + 1 < labels.count ? labels[n + 1] : scope.close
            guard let colon = s.caseLabelColon(l, limit: end) else { continue }
            var cf = run(from: colon + 1, to: end, block: body, state: c)
            for b in cf.consumeBreaks(label: label, takesUnlabelled: true) { out |= b.state }
            f.absorb(cf)
            out |= cf.next
        }
        f.next = out
        return f
    }

    mutating func evalLoop(_ k: Int, body: Int, block: Int, state: UInt8, conditionAfter: Bool) -> Flow {
        let label = s.statementLabel(k)
        let scope = s.scopes[body]
        let infinite = isInfinite(k, body: body)
        var entry = state
        var result = Flow()
        for _ in 0..<4 {
            var f = Flow()
            var bodyEntry = entry
            if !conditionAfter {
                let header = run(from: k + 1, to: scope.open, block: block, state: entry)
                f.absorb(header)
                bodyEntry = header.next
            }
            var b = runBlock(body, state: bodyEntry)
            let breaks = b.consumeBreaks(label: label, takesUnlabelled: true)
            let continues = b.consumeContinues(label: label)
            f.absorb(b)
            var back = b.next
            for j in continues { back |= j.state }
            var exit: UInt8 = infinite ? 0 : conditionAfter ? back : bodyEntry
            for j in breaks { exit |= j.state }
            f.next = exit
            result = f
            let newEntry = entry | back
            if newEntry == entry { break }
            entry = newEntry
        }
        return result
    }

    /// `while true { … }` and `repeat { … } while true` end only through a jump.
    func isInfinite(_ k: Int, body: Int) -> Bool {
        if s.isKeyword(k, .while) { return s.isKeyword(k + 1, .true) && k + 2 == s.scopes[body].open }
        if s.isKeyword(k, .repeat) {
            let c = s.scopes[body].close
            return s.isKeyword(c + 1, .while) && s.isKeyword(c + 2, .true) && s.startsStatementAfter(c + 2)
        }
        return false
    }

    mutating func evalDo(_ k: Int, body: Int, state: UInt8) -> (Flow, Int) {
        var f = Flow()
        var b = runBlock(body, state: state)
        var out = b.next
        for j in b.consumeBreaks(label: s.statementLabel(k), takesUnlabelled: false) { out |= j.state }
        let catches = s.catchClauses(afterDoClosingAt: s.scopes[body].close)
        if catches.isEmpty {
            f.absorb(b)
            f.next = out
            return (f, s.scopes[body].close)
        }
        let thrown = b.throwsState
        b.throwSites = []
        f.absorb(b)
        for c in catches {
            let cf = runBlock(c, state: thrown)
            f.absorb(cf)
            out |= cf.next
        }
        f.next = out
        return (f, s.scopes[catches[catches.count - 1]].close)
    }
}
