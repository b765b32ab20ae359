/// Which manually taken locks (`X.lock()` … `X.unlock()`, `pthread_mutex_lock(&m)`, …) are held
/// at each point of one executable body, and where a path leaves the body with one still held,
/// from one walk along its control flow rather than token order: a lock taken in both branches of
/// an `if` is held after it; a release in a `guard … else { unlock(); return }` frees the lock
/// only on the path that leaves; a `defer { unlock() }`, written before or after the acquire,
/// releases at the end of its block and on every exit through it; each `case` of a `switch`
/// starts from the state before the `switch`; a loop body may run or not. Closures and nested
/// functions run at another time: their bodies do not change the state (a release inside a
/// continuation closure frees the lock at the `await` that suspends on it).
///
/// The walk answers two questions.
/// - "What is held here": `segments`, stretches of tokens where a lock is held on some path
///   (`definite` when it is held on every path that reaches them).
/// - "Is the release guaranteed": for each acquire asked about (`Judged`), the exits reached with
///   the lock it took still held (`exits`: a `return`, a `throw`, a `try` whose error leaves the
///   body, the next iteration of a loop around the acquire, the end of the body) and the releases
///   that end its hold. For these, each path also carries which acquire took each lock, so that
///   `break`, `continue`, `throw` and `try` reach their loop, `switch` or `catch`, and a lock a
///   path already released and another acquire took again is not blamed on the first.
///
/// The walk is iterative (an explicit stack of blocks), visits each token once except that a
/// loop whose exits change the state at its head is walked again (at most four times, within a
/// budget linear in the body), and never traps on unbalanced input.
struct LockFlow {
    struct Acquire {
        var token: Int
        var lock: String
        var release: String
        var freeFunction: Bool
        /// The acquire's closing parenthesis: the lock is held after it.
        var close: Int
    }

    /// An acquire whose exits are asked about, and where its hold starts.
    struct Judged {
        enum Start: Equatable {
            /// After the call's closing parenthesis (`L.lock()` as a statement of its own).
            case afterCall
            /// In the then-branch, scope `scope`, of `if L.tryLock() {`.
            case thenBranch(scope: Int)
            /// After `guard L.tryLock() else { … }` whose else-body is scope `elseBody`.
            case afterGuard(elseBody: Int)
        }
        var token: Int
        var lock: String
        var release: String
        var freeFunction: Bool
        var start: Start
        /// Functions of the file that release this lock for their caller (see `handingOver`): a
        /// call to one ends the hold.
        var handoffs: Set<String> = []
    }

    struct Segment {
        var lock: String
        var acquireToken: Int
        var start: Int
        var end: Int
        var definite: Bool
        /// How it ended: the release token (or a deferred release), or -1 when still held at the end.
        var releaseToken: Int
        var deferred: Bool
    }

    /// Names of functions that never return: a path through them ends without leaving a lock held.
    static let neverReturning: Set<String> = ["fatalError", "preconditionFailure", "abort", "exit", "_exit", "dispatchMain"]

    /// Callees whose closure argument runs before the call returns.
    static let immediateClosureCallees: Set<String> = LockRegions.immediateCallees.union([
        "withExtendedLifetime", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withoutActuallyEscaping",
    ])

    private(set) var segments: [Segment] = []
    /// For each judged acquire the walk could follow: its exits with the lock held, its releases.
    /// Missing for an acquire it could not (a release in a closure that runs later, a loop whose
    /// state did not settle within the budget, or one the walk never reached).
    private(set) var exits: [Int: LockPathResult] = [:]

    /// Walks executable scope `exec`; `acquires` are the unconditional acquires in it, sorted.
    /// `handoffs`: functions of the file that release a lock their caller took (a call to one
    /// releases it here). `judged`: the acquires whose exits to follow (see `exits`);
    /// `neverReturning`: the names of calls that end a path (`neverReturning` and the file's own
    /// `-> Never` functions).
    init(_ s: FileStructure, exec: Int, acquires: [Acquire], vocabulary: LockVocabulary, handoffs: [String: Set<String>] = [:],
         judged: [Judged] = [], neverReturning: Set<String> = []) {
        guard exec >= 0, exec < s.scopes.count, !acquires.isEmpty || !judged.isEmpty else { return }
        let body = s.scopes[exec]
        guard body.open >= 0, body.close > body.open, body.close <= s.code.count else { return }
        var walk = Walk(s, exec: exec, acquires: acquires, handoffs: handoffs, judged: judged, neverReturning: neverReturning)
        walk.run()
        segments = walk.segments
        exits = walk.results()
    }

    /// The releases (token, lock) whose token lies in `range`, in order.
    static func releases(in range: Range<Int>, _ order: [Int], _ at: [Int: String]) -> [(Int, String)] {
        guard !range.isEmpty else { return [] }
        var out: [(Int, String)] = []
        var k = firstIndex(atOrAfter: range.lowerBound, in: order)
        while k < order.count && order[k] < range.upperBound {
            if let lock = at[order[k]] { out.append((order[k], lock)) }
            k += 1
        }
        return out
    }

    /// The index of the first element of sorted `order` that is at least `value`.
    static func firstIndex(atOrAfter value: Int, in order: [Int]) -> Int {
        var lo = 0
        var hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if order[mid] < value { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The first token after the statement that starts at `from` (a token of `scope` on a new
    /// line, a `;`, or the `}` closing `scope`); brackets and closures inside it are skipped.
    static func statementEnd(_ s: FileStructure, after from: Int, scope: Int, limit: Int) -> Int {
        var j = from + 1
        // `return` at the end of a line takes the expression on the next one as its value (as
        // the compiler does), unless that line starts a statement or ends the block.
        if s.isKeyword(from, .return) || s.isKeyword(from, .throw), j < limit, s.code[j].flags.contains(.newlineBefore),
           !s.isChar(j, UInt8(ascii: "}")), !s.isChar(j, UInt8(ascii: ";")), s.code[j].kind != .pound, s.code[j].kind != .attribute,
           s.code[j].kind != .keyword || s.isKeyword(j, .self) || s.isKeyword(j, .try) || s.isKeyword(j, .await) || s.isKeyword(j, .nil)
            || s.isKeyword(j, .Self) || s.isKeyword(j, .super) {
            j += 1
            if s.isChar(j - 1, UInt8(ascii: "(")) || s.isChar(j - 1, UInt8(ascii: "[")) || s.isChar(j - 1, UInt8(ascii: "{")) {
                let m = Int(s.match[j - 1])
                if m >= j { j = m + 1 }
            }
        }
        while j < limit {
            if s.isChar(j, UInt8(ascii: ";")) { return j }
            if s.isChar(j, UInt8(ascii: "}")) { return j }
            if s.code[j].flags.contains(.newlineBefore) && Int(s.scopeOf[j]) == scope
                && !(s.code[j].kind == .operator || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: ")"))) {
                return j
            }
            if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{")) {
                let m = Int(s.match[j])
                if m > j { j = m + 1; continue }
            }
            j += 1
        }
        return limit
    }

    /// Functions of the file whose signature returns `Never`.
    static func neverReturningFunctions(_ s: FileStructure) -> Set<String> {
        var out: Set<String> = []
        for d in s.decls where d.kind == .function {
            let j = d.typeAnnotation.upperBound
            if j + 1 < s.code.count && s.is(j, "->") && s.is(j + 1, "Never") { out.insert(d.nameText) }
        }
        return out
    }

    /// The first call of each acquire or release name on each lock (keyed by
    /// `callKey(name:on:free:)`) in each function of the file with a body, closures and nested
    /// functions included: what `handingOver` asks.
    struct FirstLockCalls {
        var functions: [(name: String, first: [String: Int])] = []
        /// Call key → the functions (indices into `functions`) that make such a call.
        var callers: [String: [Int]] = [:]
    }

    /// One pass over each function's body.
    static func firstLockCalls(_ s: FileStructure, vocabulary: LockVocabulary) -> FirstLockCalls {
        var out = FirstLockCalls()
        for d in s.decls where d.kind == .function && d.body >= 0 {
            let body = s.scopes[d.body]
            var first: [String: Int] = [:]
            for k in body.interior where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
                guard vocabulary.acquireNames.contains(s, k) || vocabulary.releaseNames.contains(s, k) else { continue }
                let name = s.text(k)
                // As a free function: the lock is the argument.
                let close = Int(s.match[k + 1])
                if close > k {
                    let key = callKey(name: name, on: LockRegions.normalized(s.text(s.span(k + 2, close)).filter { $0 != "&" }), free: true)
                    if first[key] == nil { first[key] = k }
                }
                // As a method: the lock is the receiver's last name (`self.lock`, `other.lock`).
                // (A bare call, `lock()`, is on `self`.)
                var receiver: String? = nil
                if s.isChar(k - 1, UInt8(ascii: ".")) {
                    var q = k - 2
                    while q >= 0 && (s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { q -= 1 }
                    if q >= 0 { receiver = s.text(q) }
                } else if !s.isKeyword(k - 1, .func) {
                    receiver = bareCall
                }
                if let r = receiver {
                    let key = callKey(name: name, on: r, free: false)
                    if first[key] == nil { first[key] = k }
                }
            }
            guard !first.isEmpty else { continue }
            for key in first.keys { out.callers[key, default: []].append(out.functions.count) }
            out.functions.append((d.nameText, first))
        }
        return out
    }

    static func callKey(name: String, on lock: String, free: Bool) -> String { "\(free ? "f" : "m")|\(name)|\(lock)" }

    /// The receiver key of a call with no receiver (no lock is spelled this way).
    static let bareCall = "(self)"

    /// The functions of the file that hand over `lock` (taken with `acquire`, released with
    /// `release`): their body calls the release on it before (or without) the acquire, so their
    /// caller holds the lock on entry and a call to one releases it.
    static func handingOver(_ calls: FirstLockCalls, acquire: String, release: String,
                            lock: String, free: Bool) -> Set<String> {
        var on = lock
        if !free, let dot = lock.lastIndex(of: ".") { on = String(lock[lock.index(after: dot)...]) }
        let acquireKey = callKey(name: acquire, on: on, free: free)
        let releaseKey = callKey(name: release, on: on, free: free)
        var out: Set<String> = []
        // A bare call is on `self`.
        let bareAcquire = lock == "self" && !free ? callKey(name: acquire, on: bareCall, free: false) : nil
        let bareRelease = lock == "self" && !free ? callKey(name: release, on: bareCall, free: false) : nil
        // Only the functions that call the release on this lock.
        for i in (calls.callers[releaseKey] ?? []) + (bareRelease.flatMap { calls.callers[$0] } ?? []) {
            let f = calls.functions[i]
            let r = earliest(f.first[releaseKey], bareRelease.flatMap { f.first[$0] })
            guard r >= 0 else { continue }
            let a = earliest(f.first[acquireKey], bareAcquire.flatMap { f.first[$0] })
            if a >= 0 && a < r { continue }
            out.insert(f.name)
        }
        return out
    }

    /// The smaller of two optional token indices, or -1.
    static func earliest(_ a: Int?, _ b: Int?) -> Int {
        switch (a, b) {
        case let (x?, y?): return min(x, y)
        case let (x?, nil): return x
        case let (nil, y?): return y
        default: return -1
        }
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

    /// Where the hold of the acquire at token `a` starts, when its exits can be judged: nil when
    /// the call's result decides whether the lock is taken (`let ok = L.tryLock()`).
    static func judgedStart(_ s: FileStructure, acquire a: Int, close: Int, freeFunction: Bool) -> Judged.Start? {
        if let then = LockRegions.conditionalBody(s, acquire: a) { return .thenBranch(scope: then) }
        if let g = guardCondition(s, acquire: a) {
            guard let e = s.guardElse(of: g), let body = s.statementBody(of: e) else { return nil }
            return .afterGuard(elseBody: body)
        }
        return isUnconditional(s, acquire: a, close: close, freeFunction: freeFunction) ? .afterCall : nil
    }
}

/// An exit reached with a lock held.
public struct LockLeak: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        case returnStatement, throwStatement, tryExpression, nextIteration, endOfBody
    }
    public var kind: Kind
    /// The `return`/`throw`/`try`/`continue` keyword, the loop's keyword, or the body's `}`.
    public var token: Int
    /// Held on every path from the acquire that reaches the exit (not only on some).
    public var certain: Bool

    public init(kind: Kind, token: Int, certain: Bool) {
        self.kind = kind
        self.token = token
        self.certain = certain
    }
}

/// What the lock-state walk says about one acquire's paths to the exits of its body.
public struct LockPathResult: Sendable, Equatable {
    /// Exits reached with the lock held, in source order.
    public var leaks: [LockLeak]
    /// The releases (or calls that hand the lock over) that end its hold on some path, in order.
    public var releases: [Int]
    /// The acquire takes the lock only when a condition holds (`if L.tryLock() { … }`).
    public var conditional: Bool
}

// MARK: - The walk

/// The segment view of a path: which lock each held lock was taken by, and which are held on
/// every path.
private struct State: Equatable {
    /// Lock → the acquire that took it (on some path).
    var may: [String: Int] = [:]
    /// Locks held on every path.
    var must: Set<String> = []
    /// No path reaches here (after a return, throw, …).
    var dead = false

    /// The running join of a frame's outgoing states with one more.
    static func adding(_ state: State, to joined: State?) -> State {
        guard let j = joined else { return state }
        return join([j, state])
    }

    static func join(_ states: [State]) -> State {
        let live = states.filter { !$0.dead }
        guard var out = live.first else { return State(may: [:], must: [], dead: true) }
        for s in live.dropFirst() {
            for (k, v) in s.may where out.may[k] == nil { out.may[k] = v }
            out.must.formIntersection(s.must)
        }
        return out
    }
}

/// The exit view of a path: for each judged acquire on a path that reached here, whether the
/// lock it took is still held or was released (both, after a join of paths that disagree). An
/// acquire missing from the map is on none of these paths; no entries at all: no path that
/// went through a judged acquire reaches here.
private struct Holds: Equatable {
    static let released: UInt8 = 1
    static let held: UInt8 = 2

    var bits: [Int: UInt8] = [:]

    var isEmpty: Bool { bits.isEmpty }

    func holds(_ a: Int) -> Bool { (bits[a] ?? 0) & Self.held != 0 }

    mutating func join(_ other: Holds) {
        if bits.isEmpty {
            bits = other.bits
            return
        }
        for (a, b) in other.bits { bits[a, default: 0] |= b }
    }

    /// Moves a frame's running join out of `outs` and adds `b` to it. Taking it out first
    /// leaves the join's storage with one owner, so a long `else if` chain or `switch` adds each
    /// branch in place instead of copying the join so far.
    static func take(_ outs: inout Holds?, joining b: Holds) -> Holds {
        guard var j = outs else { return b }
        outs = nil
        j.join(b)
        return j
    }

    /// Adds `b` to a frame's running join in place.
    static func add(_ b: Holds, to outs: inout Holds?) {
        if outs == nil { outs = b } else { outs!.join(b) }
    }
}

private enum FrameKind { case plain, branch, guardElse, switchBody, loop, doBody, catchBody, closing }

private struct Frame {
    var scope: Int
    var kind: FrameKind
    var entry: State
    /// The join of the states that leave the frame normally (branches of an if chain, cases
    /// of a switch), kept as one running join so a long chain costs one join per branch.
    var outs: State? = nil
    /// The entry of the whole `if`/`else` or `do`/`catch` chain this frame belongs to.
    var chainEntry: State
    var chainHasElse = false
    /// A switch body has reached its first `case`.
    var sawCase = false
    /// Locks released by `defer` blocks of this block, with the release token.
    var deferred: [(lock: String, release: Int)] = []

    // The exit view (see `Holds`), kept beside the segment view.
    var xEntry = Holds()
    var xChainEntry = Holds()
    var xOuts: Holds? = nil
    var xSawCase = false
    /// What `break` (to a loop, `switch` or labelled `do`), `continue` and a throw (to a `do`
    /// with `catch` clauses) carry here from inside.
    var xBreaks = Holds()
    var xContinues = Holds()
    var xThrown = Holds()
    /// For an acquire inside the loop: the first `continue` that carries its lock held.
    var firstHeldContinue: [Int: (token: Int, bits: UInt8)] = [:]
    /// Releases run by the `defer` blocks of this block: (lock key, release token).
    var xDeferred: [(key: Int, release: Int)] = []
    /// `break label` / `continue label` name this statement.
    var label: String? = nil
    /// A `do` followed by `catch`: the throws inside it end there.
    var catches = false
    /// A loop: its keyword, the state before its header, which walk of it this is.
    var keyword = -1
    var loopHead = Holds()
    var iteration = 0

    init(scope: Int, kind: FrameKind, entry: State, chainEntry: State) {
        self.scope = scope
        self.kind = kind
        self.entry = entry
        self.chainEntry = chainEntry
    }
}

/// An `#if` block being walked: the state its first line was reached with, and the join of the
/// branches that ended so far. `blocks` is how many blocks were open at the `#if`: a branch that
/// opens or closes a block of its own (`#if A { #else { #endif … }`) is not followed.
private struct Conditional {
    var blocks: Int
    var entry: State
    var outs: State?
    var xEntry: Holds
    var xOuts: Holds?
    var hasElse = false
    var followed = true
}

/// An `if`/`else` or `do`/`catch` chain between the `}` of one branch and the `{` of the next.
private struct Chain {
    var entry: State
    var outs: State?
    var xEntry: Holds
    var xOuts: Holds?
}

private struct Walk {
    let s: FileStructure
    let exec: Int
    let body: Scope
    let handoffs: [String: Set<String>]

    // The segment view.
    var acquireAt: [Int: LockFlow.Acquire] = [:]
    /// Releases of these locks, by token.
    var releaseAt: [Int: String] = [:]
    /// The release tokens in order, to find those inside a block by binary search.
    var releaseOrder: [Int] = []
    /// Release tokens per lock in this body (for the note of a segment that a branch ends).
    var releasesByLock: [String: [Int]] = [:]
    var segments: [LockFlow.Segment] = []
    var open: [String: LockFlow.Segment] = [:]
    var state = State()
    var frames: [Frame] = []
    var pendingChain: Chain? = nil
    /// Where the path being walked ends (after a `return …` statement), or -1.
    var deadAt = -1
    /// The open `#if` blocks of the body being walked (see `directive`).
    var conditionals: [Conditional] = []

    // The exit view.
    /// Whether any acquire is judged: without one, the exit view is not kept.
    let watching: Bool
    var judged: [Int: LockFlow.Judged] = [:]
    /// Judged acquires held from their call on, by token.
    var startsAtCall: [Int: Int] = [:]
    /// Judged acquires held from the start of a then-branch, or after a guard's else-body, by scope.
    var startsInThen: [Int: [Int]] = [:]
    var startsAfterGuard: [Int: [Int]] = [:]
    /// Lock keys: one per (lock, release name); an acquire's key, a release token's key.
    var keyOf: [Int: Int] = [:]
    var exitReleaseAt: [Int: Int] = [:]
    var exitReleaseOrder: [Int] = []
    let handoffNames: NameSet
    let neverReturning: NameSet
    var xs = Holds()
    /// Releases run by `defer` blocks directly in the body (when no frame is open).
    var xTopDeferred: [(key: Int, release: Int)] = []
    /// A `return`/`throw` being walked: where its statement ends, its keyword.
    var xExitAt = -1
    var xExitToken = -1
    /// The state before the header of the loop whose keyword was walked last.
    var pendingLoopHead: (keyword: Int, head: Holds, iteration: Int)? = nil
    /// Loops being walked again for the exit view: (their `}`, the segment state after them).
    /// While any is, the segment view is left as the first walk made it.
    var replays: [(close: Int, state: State)] = []
    var xSteps = 0
    let xLimit: Int
    var leaks: [Int: [Int: LockLeak]] = [:]
    var releases: [Int: Set<Int>] = [:]
    var opaque: Set<Int> = []
    var reached: Set<Int> = []
    var complete = false

    init(_ s: FileStructure, exec: Int, acquires: [LockFlow.Acquire], handoffs: [String: Set<String>],
         judged: [LockFlow.Judged], neverReturning: Set<String>) {
        self.s = s
        self.exec = exec
        self.body = s.scopes[exec]
        self.handoffs = handoffs
        watching = !judged.isEmpty
        handoffNames = NameSet(judged.reduce(into: Set<String>()) { $0.formUnion($1.handoffs) })
        self.neverReturning = NameSet(judged.isEmpty ? [] : neverReturning)
        xLimit = 8 * (body.close - body.open) + 1024
        for a in acquires { acquireAt[a.token] = a }
        // Distinct (release, lock, form) triples: a body with many acquires of one lock asks once.
        var kinds: [String: [(lock: String, free: Bool)]] = [:]
        var seenKinds = Set<String>()
        for a in acquires where seenKinds.insert("\(a.release)|\(a.lock)|\(a.freeFunction)").inserted {
            kinds[a.release, default: []].append((a.lock, a.freeFunction))
        }
        // The same for the judged acquires, with a key per (lock, release).
        var keys: [String: Int] = [:]
        var exitKinds: [String: [(lock: String, free: Bool, key: Int)]] = [:]
        var seenExitKinds = Set<String>()
        for j in judged {
            let name = "\(j.lock)|\(j.release)"
            let key = keys[name] ?? keys.count
            keys[name] = key
            self.judged[j.token] = j
            keyOf[j.token] = key
            switch j.start {
            case .afterCall: startsAtCall[j.token] = j.token
            case .thenBranch(let scope): startsInThen[scope, default: []].append(j.token)
            case .afterGuard(let scope): startsAfterGuard[scope, default: []].append(j.token)
            }
            if seenExitKinds.insert("\(name)|\(j.freeFunction)").inserted {
                exitKinds[j.release, default: []].append((j.lock, j.freeFunction, key))
            }
        }
        let releaseNames = NameSet(Set(kinds.keys).union(exitKinds.keys))
        for k in body.interior where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
            guard releaseNames.contains(s, k) else { continue }
            let name = s.text(k)
            for c in kinds[name] ?? [] where LockRegions.releaseMatches(s, at: k, lock: c.lock, freeFunction: c.free) {
                releaseAt[k] = c.lock
                releasesByLock[c.lock, default: []].append(k)
                break
            }
            if !s.isKeyword(k - 1, .func) {
                for c in exitKinds[name] ?? [] where LockRegions.releaseMatches(s, at: k, lock: c.lock, freeFunction: c.free) {
                    exitReleaseAt[k] = c.key
                    break
                }
            }
        }
        // `defer { L.lock(); x = v; L.unlock() }`: a critical section of its own, run as the block
        // ends. Its release is no deferred release of a lock the block took, and the code between
        // the two holds the lock (the walk does not step into a defer body).
        for a in acquires {
            guard let d = Self.enclosingDefer(s, a.token, within: exec) else { continue }
            let interior = s.scopes[d].interior
            guard let r = releasesByLock[a.lock]?.first(where: { $0 > a.close && interior.contains($0) }),
                  s.scopeOf[r] == s.scopeOf[a.token] else { continue }
            releaseAt[r] = nil
            releasesByLock[a.lock]?.removeAll { $0 == r }
            segments.append(LockFlow.Segment(lock: a.lock, acquireToken: a.token, start: a.close, end: r, definite: true,
                                             releaseToken: r, deferred: false))
        }
        releaseOrder = releaseAt.keys.sorted()
        exitReleaseOrder = exitReleaseAt.keys.sorted()
    }

    /// The `defer` body around token `k` in executable scope `exec` (not in a closure nested in it).
    static func enclosingDefer(_ s: FileStructure, _ k: Int, within exec: Int) -> Int? {
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != exec {
            let scope = s.scopes[sc]
            if scope.kind == .closure || scope.kind == .functionBody { return nil }
            if scope.kind == .statement, scope.statementKeyword >= 0, s.isKeyword(scope.statementKeyword, .defer) { return sc }
            sc = scope.parent
        }
        return nil
    }

    var replaying: Bool { !replays.isEmpty }

    mutating func run() {
        var k = body.open + 1
        var steps = 0
        let limit = 4 * (body.close - body.open) + 16
        while k < body.close && steps < limit {
            if replaying { xSteps += 1 } else { steps += 1 }
            let here = k
            k += 1
            let t = s.code[here]
            if deadAt >= 0 && here >= deadAt {
                var next = state
                next.dead = true
                transition(from: state, to: next, at: deadAt, release: -1, deferred: false)
                state = next
                deadAt = -1
            }
            if xExitAt >= 0 && here >= xExitAt { finishExit() }
            if t.kind == .pound && t.flags.contains(.directive) {
                directive(here)
                continue
            }
            // A block opens.
            if t.kind == .punctuation && s.isChar(here, UInt8(ascii: "{")) {
                openBlock(here, &k)
                continue
            }
            // A block closes.
            if t.kind == .punctuation && s.isChar(here, UInt8(ascii: "}")), let last = frames.indices.last, frames[last].scope >= 0,
               frames[last].kind != .closing, s.scopes[frames[last].scope].close == here {
                closeBlock(here, &k)
                continue
            }
            // A `case` of the switch being walked: the previous case's path ends, a new one starts.
            // (The frame is read in place, not copied, so its running join grows without a copy.)
            // (A case that ends in `fallthrough` goes on into this one: it starts from both.)
            let fellThrough = s.isKeyword(here - 1, .fallthrough)
            if watching, let last = frames.indices.last, frames[last].kind == .switchBody,
               s.isCaseLabel(here, inSwitch: frames[last].scope) {
                // A `defer` in a case runs as the case ends.
                var ended = xs
                applyDeferred(frames[last].xDeferred, to: &ended)
                xs = ended
                frames[last].xDeferred = []
                if frames[last].xSawCase && !fellThrough { Holds.add(xs, to: &frames[last].xOuts) }
                frames[last].xSawCase = true
                if fellThrough { xs.join(frames[last].xEntry) } else { xs = frames[last].xEntry }
            }
            if let top = frames.last, top.kind == .switchBody, Int(s.scopeOf[here]) == top.scope,
               s.isKeyword(here, .case) || s.isKeyword(here, .default) {
                let through = fellThrough && top.sawCase && !state.dead
                if top.sawCase && !through { frames[frames.count - 1].outs = State.adding(state, to: top.outs) }
                frames[frames.count - 1].sawCase = true
                let next = through ? State.join([top.entry, state]) : top.entry
                transition(from: state, to: next, at: here, release: -1, deferred: false)
                state = next
                continue
            }
            if watching { exitStep(here, t) }
            if state.dead { continue }
            // A path that leaves.
            if Self.leaves(s, here, frames: frames) {
                // `return value` / `throw error(…)` evaluate their operand first: the path ends
                // after the statement.
                // (A continuation closure in the operand may still release a lock.)
                if deadAt < 0 { deadAt = LockFlow.statementEnd(s, after: here, scope: Int(s.scopeOf[here]), limit: body.close) }
                continue
            }
            if let a = acquireAt[here] {
                var next = state
                next.may[a.lock] = a.token
                next.must.insert(a.lock)
                transition(from: state, to: next, at: max(a.close, here), release: -1, deferred: false)
                state = next
                k = max(k, a.close + 1)
                continue
            }
            // A call to a function that releases a lock it did not take hands the lock over.
            if !handoffs.isEmpty, t.kind == .identifier, s.isChar(here + 1, UInt8(ascii: "(")),
               !s.isChar(here - 1, UInt8(ascii: ".")) || s.isKeyword(here - 2, .self),
               let released = handoffs[s.text(here)] {
                var next = state
                for lock in released where next.may[lock] != nil {
                    next.may[lock] = nil
                    next.must.remove(lock)
                }
                if next != state {
                    let close = Int(s.match[here + 1]) > here ? Int(s.match[here + 1]) : here
                    transition(from: state, to: next, at: close, release: here, deferred: false)
                    state = next
                    continue
                }
            }
            if let lock = releaseAt[here], state.may[lock] != nil {
                var next = state
                next.may[lock] = nil
                next.must.remove(lock)
                // The release's arguments (`unlock(withCondition: n)`) run with the lock held.
                let argsClose = s.isChar(here + 1, UInt8(ascii: "(")) && Int(s.match[here + 1]) > here ? Int(s.match[here + 1]) : here
                transition(from: state, to: next, at: argsClose, release: here, deferred: false)
                state = next
            }
        }
        // Still held at the end of the body: a deferred release at the body's end, or none.
        let bodyDeferred = frames.first(where: { $0.kind == .closing })?.deferred ?? []
        for (lock, var seg) in open {
            seg.end = body.close
            if let d = bodyDeferred.first(where: { $0.lock == lock }) {
                seg.releaseToken = d.release
                seg.deferred = true
            } else {
                seg.releaseToken = -1
            }
            segments.append(seg)
        }
        open = [:]
        segments.sort { ($0.start, $0.lock) < ($1.start, $1.lock) }
        // The exit view: the path that runs off the end of the body, through its defers.
        guard watching else { return }
        complete = k >= body.close
        if xExitAt >= 0 { finishExit() }
        var end = xs
        for f in frames.reversed() { applyDeferred(f.xDeferred, to: &end) }
        applyDeferred(xTopDeferred, to: &end)
        leak(.endOfBody, body.close, end)
    }

    // MARK: Compilation conditions

    /// `#if`, `#elseif`, `#else`, `#endif` at `here`: only one branch is compiled, so each
    /// starts from the state the `#if` was reached with (a `return` in one does not end the
    /// others), and after `#endif` the state is the join of the branches (with the state at the
    /// `#if` when no `#else` is written: no branch may be compiled).
    mutating func directive(_ here: Int) {
        // (The body's own frame, made when its first `defer` is met, is not a block of the branch.)
        var openBlocks: Int { frames.count - (frames.first?.kind == .closing ? 1 : 0) }
        if s.is(here, "#if") {
            conditionals.append(Conditional(blocks: openBlocks, entry: state, outs: nil, xEntry: xs, xOuts: nil))
            return
        }
        let isEnd = s.is(here, "#endif")
        guard isEnd || s.is(here, "#else") || s.is(here, "#elseif"), var c = conditionals.popLast() else { return }
        if c.followed && c.blocks != openBlocks { c.followed = false }
        if c.followed {
            c.outs = State.adding(state, to: c.outs)
            Holds.add(xs, to: &c.xOuts)
            var next = c.entry
            var x = c.xEntry
            if isEnd {
                next = c.hasElse ? c.outs! : State.join([c.outs!, c.entry])
                x = c.xOuts!
                if !c.hasElse { x.join(c.xEntry) }
            }
            transition(from: state, to: next, at: here, release: -1, deferred: false)
            state = next
            xs = x
        }
        if s.is(here, "#else") { c.hasElse = true }
        if !isEnd { conditionals.append(c) }
        prune()
    }

    // MARK: Blocks

    /// An `else` after an `if` chain's `}`, or a `catch` after a `do`'s: the branch starts from
    /// the state the chain was entered with, and its exits join the chain's.
    mutating func resumeChain(_ chain: Chain, in frame: inout Frame, at here: Int) {
        frame.chainEntry = chain.entry
        frame.outs = chain.outs
        frame.entry = chain.entry
        transition(from: state, to: chain.entry, at: here, release: -1, deferred: false)
        state = chain.entry
        frame.xChainEntry = chain.xEntry
        frame.xOuts = chain.xOuts
        frame.xEntry = chain.xEntry
        xs = chain.xEntry
    }

    mutating func openBlock(_ here: Int, _ k: inout Int) {
        let sc = Int(s.scopeOf[here + 1 < s.code.count ? here + 1 : here])
        let scope = sc >= 0 && sc < s.scopes.count && s.scopes[sc].open == here ? sc : -1
        guard scope >= 0 else { return }
        let kind = s.scopes[scope].kind
        let close = s.scopes[scope].close
        if kind != .statement {
            // A closure or nested declaration runs at another time. A release in a
            // continuation closure frees the lock before the task suspends.
            if kind == .closure, close > here {
                let c = s.closures[s.scopes[scope].closure]
                // (also a closure run on the spot: `withExtendedLifetime(x) { …; unlock() }`).
                let runsNow = c.callee >= 0 && LockFlow.immediateClosureCallees.contains(s.text(c.callee))
                if runsNow {
                    var suspension = c.callee
                    var j = c.callee - 1
                    while j >= 0 && (s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))) { j -= 1 }
                    if s.isKeyword(j, .await) { suspension = j }
                    // A continuation's body runs before the task suspends; any other
                    // closure run on the spot releases where its release stands.
                    let continuation = LockRegions.immediateCallees.contains(s.text(c.callee))
                    for (r, lock) in LockFlow.releases(in: s.scopes[scope].interior, releaseOrder, releaseAt) where !state.dead && state.may[lock] != nil {
                        var next = state
                        next.may[lock] = nil
                        next.must.remove(lock)
                        transition(from: state, to: next, at: continuation ? suspension : r, release: r, deferred: false)
                        state = next
                    }
                    // A call in it of a function of the file that releases the lock its caller
                    // took (`withExtendedLifetime(x) { finish(unlocking: lock) }`) hands it over there.
                    if !handoffs.isEmpty {
                        for j in ownCalls(inClosure: scope) {
                            guard let released = handoffs[s.text(j)] else { continue }
                            for lock in released where !state.dead && state.may[lock] != nil {
                                var next = state
                                next.may[lock] = nil
                                next.must.remove(lock)
                                // (Held through the call itself, as for a hand-off outside a closure.)
                                let close = Int(s.match[j + 1]) > j ? Int(s.match[j + 1]) : j
                                transition(from: state, to: next, at: continuation ? suspension : close, release: j, deferred: false)
                                state = next
                            }
                        }
                    }
                }
                if watching { closureEffect(scope, runsNow: runsNow) }
            }
            if close > here { k = close + 1 }
            return
        }
        let kw = s.scopes[scope].statementKeyword
        var frame = Frame(scope: scope, kind: .plain, entry: state, chainEntry: state)
        frame.xEntry = xs
        frame.xChainEntry = xs
        if kw >= 0 && s.isKeyword(kw, .defer) {
            // `defer { X.unlock() }`: released when the enclosing block ends.
            for (r, lock) in LockFlow.releases(in: s.scopes[scope].interior, releaseOrder, releaseAt) {
                if frames.isEmpty { frames.append(Frame(scope: exec, kind: .closing, entry: state, chainEntry: state)) }
                frames[frames.count - 1].deferred.append((lock, r))
            }
            if watching { registerDefer(scope) }
            if close > here { k = close + 1 }
            return
        }
        if kw >= 0 && s.isKeyword(kw, .if) {
            frame.kind = .branch
            if s.isKeyword(kw - 1, .else), let chain = pendingChain {
                frame.chainEntry = chain.entry
                frame.outs = chain.outs
                frame.xChainEntry = chain.xEntry
                frame.xOuts = chain.xOuts
            }
        } else if kw >= 0 && s.isKeyword(kw, .else) {
            if s.isChar(kw - 1, UInt8(ascii: "}")), let chain = pendingChain {
                frame.kind = .branch
                frame.chainHasElse = true
                resumeChain(chain, in: &frame, at: here)
            } else {
                frame.kind = .guardElse
            }
        } else if kw >= 0 && s.isKeyword(kw, .switch) {
            frame.kind = .switchBody
            frame.label = s.statementLabel(kw)
        } else if kw >= 0 && (s.isKeyword(kw, .for) || s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) {
            frame.kind = .loop
            frame.label = s.statementLabel(kw)
            frame.keyword = kw
            if let head = pendingLoopHead, head.keyword == kw {
                frame.loopHead = head.head
                frame.iteration = head.iteration
            } else {
                frame.loopHead = xs
            }
            pendingLoopHead = nil
        } else if kw >= 0 && s.isKeyword(kw, .do) {
            frame.kind = .doBody
            frame.label = s.statementLabel(kw)
            frame.catches = s.isKeyword(close + 1, .catch)
        } else if kw >= 0 && s.isKeyword(kw, .catch), let chain = pendingChain {
            frame.kind = .catchBody
            resumeChain(chain, in: &frame, at: here)
        }
        pendingChain = nil
        frames.append(frame)
        // `if L.tryLock() {`: held from the then-branch's start.
        if watching, let started = startsInThen[scope] {
            for a in started { start(a) }
        }
    }

    mutating func closeBlock(_ here: Int, _ k: inout Int) {
        guard var top = frames.popLast() else { return }
        var after = state
        // Releases deferred in this block happen as it ends.
        if !top.deferred.isEmpty && !after.dead {
            for d in top.deferred {
                after.may[d.lock] = nil
                after.must.remove(d.lock)
            }
        }
        var chainOpen = false
        var x = xs
        if watching { applyDeferred(top.xDeferred, to: &x) }
        switch top.kind {
        case .plain, .closing:
            break
        case .branch:
            let outs = State.adding(after, to: top.outs)
            let xOuts = Holds.take(&top.xOuts, joining: x)
            if s.isKeyword(here + 1, .else) {
                pendingChain = Chain(entry: top.chainEntry, outs: outs, xEntry: top.xChainEntry, xOuts: xOuts)
                chainOpen = true
                after = top.chainEntry
                x = top.xChainEntry
            } else {
                after = top.chainHasElse ? outs : State.join([outs, top.chainEntry])
                x = xOuts
                if !top.chainHasElse { x.join(top.xChainEntry) }
            }
        case .guardElse:
            after = top.entry
            x = top.xEntry
        case .switchBody:
            after = State.adding(after, to: top.outs)
            x = Holds.take(&top.xOuts, joining: x)
            x.join(top.xBreaks)
        case .loop:
            after = State.join([top.entry, after])
            if watching { x = loopEnd(top, here, x, &k) }
        case .doBody, .catchBody:
            let outs = State.adding(after, to: top.outs)
            var xOuts = Holds.take(&top.xOuts, joining: x)
            xOuts.join(top.xBreaks)
            if s.isKeyword(here + 1, .catch) {
                // The catch clauses start from what the `do` body threw.
                let thrown = top.kind == .doBody ? top.xThrown : top.xChainEntry
                pendingChain = Chain(entry: State.join([top.chainEntry, after]), outs: outs, xEntry: thrown, xOuts: xOuts)
                chainOpen = true
                x = thrown
            } else {
                after = outs
                x = xOuts
            }
        }
        if !chainOpen { pendingChain = nil }
        let releaseToken = top.deferred.first?.release ?? -1
        transition(from: state, to: after, at: here, release: releaseToken, deferred: !top.deferred.isEmpty)
        state = after
        guard watching else { return }
        // A guard's else-body ends: `guard L.tryLock() else { … }` holds the lock from here.
        xs = x
        if top.kind == .guardElse, let started = startsAfterGuard[top.scope] {
            for a in started { start(a) }
        }
        if top.kind == .loop {
            if k <= here {
                // Walked again: the segment view stays as this first walk leaves it.
                if replays.last?.close != here { replays.append((here, state)) }
            } else if let r = replays.last, r.close == here {
                // The last walk of a loop walked again: the segment view resumes as the first left it.
                replays.removeLast()
                state = r.state
            }
        }
        prune()
    }

    /// The end of a loop's body: the paths that go round again (its end and each `continue`).
    /// For an acquire inside the loop they are the next iteration (taking the lock again while
    /// it is held, unless a release comes first in the body) and then leave the loop; for one
    /// taken before the loop they reach its head, and the loop is walked again while that
    /// changes the state there. Returns the exit view after the loop, or sets `k` to walk it again.
    mutating func loopEnd(_ top: Frame, _ here: Int, _ x: Holds, _ k: inout Int) -> Holds {
        var back = x
        back.join(top.xContinues)
        let bodyOpen = s.scopes[top.scope].open
        var inside = Holds()
        var outside = Holds()
        for (a, b) in back.bits {
            if a > bodyOpen && a < here { inside.bits[a] = b } else { outside.bits[a] = b }
        }
        for (a, b) in inside.bits where b & Holds.held != 0 && !releasedBefore(a, loopOpen: bodyOpen) {
            if let c = top.firstHeldContinue[a] {
                leak(a, .nextIteration, c.token, certain: c.bits == Holds.held)
            } else {
                leak(a, .nextIteration, top.keyword, certain: x.bits[a] == Holds.held)
            }
        }
        var head = top.loopHead
        head.join(outside)
        if head != top.loopHead && top.iteration < 3 {
            if xSteps + 2 * (here - top.keyword) + 16 <= xLimit {
                // Round again from the header, with what came back added to the head.
                pendingLoopHead = (top.keyword, head, top.iteration + 1)
                k = top.keyword + 1
                return head
            }
            // Out of budget: the acquires held around the loop are not judged.
            for a in head.bits.keys { opaque.insert(a) }
        }
        let infinite = Self.isInfinite(s, top.keyword, body: top.scope)
        var exit = Holds()
        if !infinite {
            if s.isKeyword(top.keyword, .repeat) {
                exit = back
            } else {
                // The condition fails: the state after the header; the acquires inside leave
                // from the end of the body.
                exit = top.xEntry
                exit.join(inside)
            }
        }
        exit.join(top.xBreaks)
        return exit
    }

    /// `while true { … }` and `repeat { … } while true` end only through a jump.
    static func isInfinite(_ s: FileStructure, _ k: Int, body: Int) -> Bool {
        if s.isKeyword(k, .while) { return s.isKeyword(k + 1, .true) && k + 2 == s.scopes[body].open }
        if s.isKeyword(k, .repeat) {
            let c = s.scopes[body].close
            return s.isKeyword(c + 1, .while) && s.isKeyword(c + 2, .true) && s.startsStatementAfter(c + 2)
        }
        return false
    }

    // MARK: The exit view

    /// The judged acquire `a` takes its lock on this path.
    mutating func start(_ a: Int) {
        xs.bits[a] = Holds.held
        reached.insert(a)
        // A `defer` that releases the lock, written before the acquire in a block around it,
        // releases it on every exit of that block (the innermost such block).
        let key = keyOf[a]
        for f in frames.reversed() {
            let mine = f.xDeferred.filter { $0.key == key }
            if !mine.isEmpty {
                releases[a, default: []].formUnion(mine.map(\.release))
                return
            }
        }
        for d in xTopDeferred where d.key == key { releases[a, default: []].insert(d.release) }
    }

    /// Token `here` outside any block boundary: a jump, a `try`, an acquire, a release, a call
    /// that hands the lock over or never returns.
    mutating func exitStep(_ here: Int, _ t: Token) {
        if t.kind == .keyword {
            if s.isChar(here - 1, UInt8(ascii: ".")) { return }
            switch t.word {
            case .for, .while, .repeat:
                pendingLoopHead = (here, xs, 0)
            case .return, .throw:
                if xExitAt < 0 && !xs.isEmpty {
                    xExitAt = LockFlow.statementEnd(s, after: here, scope: Int(s.scopeOf[here]), limit: body.close)
                    xExitToken = here
                }
            case .try:
                let n = here + 1
                let quiet = (s.isChar(n, UInt8(ascii: "?")) || s.isChar(n, UInt8(ascii: "!"))) && s.code[n].start == t.end
                if !quiet && !xs.isEmpty && !insideCatchingAssertion(here) {
                    var thrown = xs
                    for key in keysReleasedBeforeThrowing(here) { release(&thrown, key: key, token: -1) }
                    throwFrom(here, thrown, kind: .tryExpression)
                }
            case .break, .continue:
                jump(here, continues: t.word == .continue)
            default:
                break
            }
            return
        }
        guard t.kind == .identifier, s.isChar(here + 1, UInt8(ascii: "(")) else { return }
        if let key = exitReleaseAt[here] {
            releaseOnPath(key: key, token: here)
            prune()
        } else if startsAtCall[here] != nil {
            start(here)
        } else if !s.isChar(here - 1, UInt8(ascii: ".")) || (s.isKeyword(here - 2, .self) && !s.isChar(here - 3, UInt8(ascii: "."))),
                  handoffNames.contains(s, here) {
            // A call to a function of the file that releases the lock for its caller.
            let name = s.text(here)
            for (a, b) in xs.bits where b & Holds.held != 0 && judged[a]?.handoffs.contains(name) == true {
                xs.bits[a] = Holds.released
                releases[a, default: []].insert(here)
            }
            prune()
        } else if !s.isChar(here - 1, UInt8(ascii: ".")) && neverReturning.contains(s, here) {
            xs = Holds()
        }
    }

    /// The `return`/`throw` whose statement was walked ends its path.
    mutating func finishExit() {
        let token = xExitToken
        xExitAt = -1
        xExitToken = -1
        if s.isKeyword(token, .throw) {
            throwFrom(token, xs, kind: .throwStatement)
        } else {
            var out = xs
            for f in frames.reversed() { applyDeferred(f.xDeferred, to: &out) }
            applyDeferred(xTopDeferred, to: &out)
            leak(.returnStatement, token, out)
        }
        xs = Holds()
    }

    /// An error thrown at `token` with `thrown`: to the innermost `do` with `catch` clauses
    /// around it, or out of the body, through the defers of the blocks it leaves.
    mutating func throwFrom(_ token: Int, _ thrown: Holds, kind: LockLeak.Kind) {
        var h = thrown
        var i = frames.count - 1
        while i >= 0 {
            applyDeferred(frames[i].xDeferred, to: &h)
            if frames[i].kind == .doBody && frames[i].catches {
                frames[i].xThrown.join(h)
                return
            }
            i -= 1
        }
        applyDeferred(xTopDeferred, to: &h)
        leak(kind, token, h)
    }

    /// `break`/`continue` (with an optional label) at `here`: the path goes to its statement,
    /// through the defers of the blocks it leaves; a jump to nothing ends it.
    mutating func jump(_ here: Int, continues: Bool) {
        var label: String? = nil
        if here + 1 < body.close && s.code[here + 1].kind == .identifier && !s.code[here + 1].flags.contains(.newlineBefore) {
            label = s.text(here + 1)
        }
        var h = xs
        xs = Holds()
        var i = frames.count - 1
        while i >= 0 {
            applyDeferred(frames[i].xDeferred, to: &h)
            let f = frames[i]
            let target: Bool
            switch f.kind {
            case .loop: target = label == nil || f.label == label
            case .switchBody: target = !continues && (label == nil || f.label == label)
            case .doBody: target = !continues && label != nil && f.label == label
            default: target = false
            }
            if target {
                if continues {
                    frames[i].xContinues.join(h)
                    for (a, b) in h.bits where b & Holds.held != 0 && frames[i].firstHeldContinue[a] == nil {
                        frames[i].firstHeldContinue[a] = (here, b)
                    }
                } else {
                    frames[i].xBreaks.join(h)
                }
                return
            }
            i -= 1
        }
    }

    /// `defer { … }` at this point of its block: the releases in it run on every exit of the block.
    mutating func registerDefer(_ scope: Int) {
        let inner = s.scopes[scope].interior
        var k = LockFlow.firstIndex(atOrAfter: inner.lowerBound, in: exitReleaseOrder)
        var found: [(key: Int, release: Int)] = []
        while k < exitReleaseOrder.count && exitReleaseOrder[k] < inner.upperBound {
            let r = exitReleaseOrder[k]
            if let key = exitReleaseAt[r] { found.append((key, r)) }
            k += 1
        }
        guard !found.isEmpty else { return }
        if frames.isEmpty { xTopDeferred += found } else { frames[frames.count - 1].xDeferred += found }
        for (a, b) in xs.bits where b & Holds.held != 0 {
            for d in found where d.key == keyOf[a] { releases[a, default: []].insert(d.release) }
        }
    }

    /// A closure passed here: a release in one that runs on the spot happens now; one in a
    /// closure that runs later happens at a time this walk cannot follow, so the acquires whose
    /// lock may be held here are not judged.
    mutating func closureEffect(_ scope: Int, runsNow: Bool) {
        guard !xs.isEmpty else { return }
        if runsNow && !handoffs.isEmpty {
            // A call of a function of the file that releases the lock for its caller, in a
            // closure run on the spot (`withExtendedLifetime(x) { finish(unlocking: lock) }`).
            for j in ownCalls(inClosure: scope) where handoffNames.contains(s, j) {
                let name = s.text(j)
                for (a, b) in xs.bits where b & Holds.held != 0 && judged[a]?.handoffs.contains(name) == true {
                    xs.bits[a] = Holds.released
                    releases[a, default: []].insert(j)
                }
            }
        }
        let keys = releasedKeys(in: s.scopes[scope].interior)
        guard !keys.isEmpty else { return }
        if runsNow {
            for key in keys { releaseOnPath(key: key, token: -1) }
            prune()
        } else {
            for (a, b) in xs.bits where b & Holds.held != 0 && keys.contains(keyOf[a] ?? -1) { opaque.insert(a) }
        }
    }

    /// The calls `f(…)` or `self.f(…)` made in closure `scope` itself (not in a closure nested
    /// in it): where a hand-over function of the file can be called.
    func ownCalls(inClosure scope: Int) -> [Int] {
        s.scopes[scope].interior.filter { j in
            s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: "("))
                && (!s.isChar(j - 1, UInt8(ascii: ".")) || (s.isKeyword(j - 2, .self) && !s.isChar(j - 3, UInt8(ascii: "."))))
                && s.enclosingExecutable(of: j) == scope
        }
    }

    func releasedKeys(in range: Range<Int>) -> Set<Int> {
        var out = Set<Int>()
        var k = LockFlow.firstIndex(atOrAfter: range.lowerBound, in: exitReleaseOrder)
        while k < exitReleaseOrder.count && exitReleaseOrder[k] < range.upperBound {
            if let key = exitReleaseAt[exitReleaseOrder[k]] { out.insert(key) }
            k += 1
        }
        return out
    }

    /// Releases the lock `key` on the paths of `h`: the acquires holding it hold it no more.
    mutating func release(_ h: inout Holds, key: Int, token: Int) {
        for (a, b) in h.bits where b & Holds.held != 0 && keyOf[a] == key {
            h.bits[a] = Holds.released
            if token >= 0 { releases[a, default: []].insert(token) }
        }
    }

    /// `release` on the path being walked.
    mutating func releaseOnPath(key: Int, token: Int) {
        var h = xs
        xs = Holds()
        release(&h, key: key, token: token)
        xs = h
    }

    mutating func applyDeferred(_ list: [(key: Int, release: Int)], to h: inout Holds) {
        for d in list { release(&h, key: d.key, token: d.release) }
    }

    /// Whether a release of the acquire's lock comes before it in the loop body opening at
    /// `loopOpen` (the next iteration gives the lock back before taking it again).
    func releasedBefore(_ a: Int, loopOpen: Int) -> Bool {
        var k = LockFlow.firstIndex(atOrAfter: loopOpen + 1, in: exitReleaseOrder)
        while k < exitReleaseOrder.count && exitReleaseOrder[k] < a {
            if exitReleaseAt[exitReleaseOrder[k]] == keyOf[a] { return true }
            k += 1
        }
        return false
    }

    mutating func leak(_ kind: LockLeak.Kind, _ token: Int, _ h: Holds) {
        for (a, b) in h.bits where b & Holds.held != 0 { leak(a, kind, token, certain: b == Holds.held) }
    }

    mutating func leak(_ a: Int, _ kind: LockLeak.Kind, _ token: Int, certain: Bool) {
        if let old = leaks[a]?[token] {
            leaks[a]![token]!.certain = old.certain && certain
        } else {
            leaks[a, default: [:]][token] = LockLeak(kind: kind, token: token, certain: certain)
        }
    }

    /// Forgets the acquires this path has released when no path kept for a later join holds
    /// them: a join can then tell "released here" only from "never taken here" where it matters.
    mutating func prune() {
        var gone: [Int] = []
        for (a, b) in xs.bits where b == Holds.released && !heldElsewhere(a) { gone.append(a) }
        for a in gone { xs.bits[a] = nil }
    }

    func heldElsewhere(_ a: Int) -> Bool {
        for f in frames {
            if f.xEntry.holds(a) || f.xChainEntry.holds(a) || f.xBreaks.holds(a) || f.xContinues.holds(a) || f.xThrown.holds(a)
                || f.loopHead.holds(a) || (f.xOuts?.holds(a) ?? false) {
                return true
            }
        }
        if let c = pendingChain, c.xEntry.holds(a) || (c.xOuts?.holds(a) ?? false) { return true }
        if conditionals.contains(where: { $0.xEntry.holds(a) || ($0.xOuts?.holds(a) ?? false) }) { return true }
        if let head = pendingLoopHead, head.head.holds(a) { return true }
        return false
    }

    /// Whether the `try` at `i` is inside the arguments of an assertion that catches what it
    /// throws (`XCTAssertEqual(try f(), 1)`, `XCTAssertNoThrow(try f())`, `#expect(try f())`).
    func insideCatchingAssertion(_ i: Int) -> Bool {
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

    /// The locks released by closures that the expression after `try` at `i` passes to a function
    /// that runs them at once (`try await withUnsafeThrowingContinuation { …; L.unlock() }`): the
    /// error, if any, comes after the release.
    func keysReleasedBeforeThrowing(_ i: Int) -> Set<Int> {
        var out = Set<Int>()
        var j = i + 1
        while j < body.close {
            if s.isChar(j, UInt8(ascii: "{")) {
                let sc = Int(s.scopeOf[j])
                guard sc >= 0, s.scopes[sc].open == j, s.scopes[sc].kind == .closure else { return out }
                let c = s.closures[s.scopes[sc].closure]
                if c.callee >= 0 && LockFlow.immediateClosureCallees.contains(s.text(c.callee)) {
                    out.formUnion(releasedKeys(in: s.scopes[sc].interior))
                }
                if s.scopes[sc].close <= j { return out }
                j = s.scopes[sc].close + 1
                continue
            }
            if s.isChar(j, UInt8(ascii: ";")) || s.isChar(j, UInt8(ascii: "}")) || s.isKeyword(j, .else) { return out }
            if s.code[j].flags.contains(.newlineBefore) && s.startsStatement(j) { return out }
            j += 1
        }
        return out
    }

    func results() -> [Int: LockPathResult] {
        var out: [Int: LockPathResult] = [:]
        guard complete else { return out }
        for (a, j) in judged where reached.contains(a) && !opaque.contains(a) {
            let found = (leaks[a] ?? [:]).values.sorted { $0.token < $1.token }
            out[a] = LockPathResult(leaks: found, releases: (releases[a] ?? []).sorted(), conditional: j.start != .afterCall)
        }
        return out
    }

    // MARK: The segment view

    /// Closes the segments of locks no longer held (or whose definiteness changed) at token
    /// `at`, and opens segments for locks newly held. (Not while a loop is walked again for the
    /// exit view: the segments are those of the first walk.)
    mutating func transition(from old: State, to new: State, at: Int, release: Int, deferred: Bool) {
        if old == new || replaying { return }
        for (lock, var seg) in open {
            let stillHeld = !new.dead && new.may[lock] != nil
            // Released, held on fewer (or more) paths, or taken again by another acquire.
            if !stillHeld || new.must.contains(lock) != seg.definite || new.may[lock] != seg.acquireToken {
                seg.end = at
                if stillHeld {
                    seg.releaseToken = -1
                } else if release >= 0 {
                    seg.releaseToken = release
                    seg.deferred = deferred
                } else if new.dead, let d = frames.lazy.flatMap(\.deferred).first(where: { $0.lock == lock }) {
                    // Ended by an exit (`return` in a `guard`'s else) that runs a `defer` registered
                    // before it: that deferred release ends the hold.
                    seg.releaseToken = d.release
                    seg.deferred = true
                } else {
                    // Ended by a branch or an exit: point at the next release of this lock.
                    seg.releaseToken = releasesByLock[lock]?.first(where: { $0 >= at }) ?? -1
                }
                if seg.end > seg.start { segments.append(seg) }
                open[lock] = nil
            }
        }
        guard !new.dead else { return }
        for (lock, acquire) in new.may where open[lock] == nil {
            open[lock] = LockFlow.Segment(lock: lock, acquireToken: acquire, start: at, end: at, definite: new.must.contains(lock),
                                          releaseToken: -1, deferred: false)
        }
    }

    /// A `return`, `throw`, `continue`, or a call that never returns; `break` only when it
    /// leaves a loop (in a `switch` it ends the case, which the case handling covers).
    static func leaves(_ s: FileStructure, _ j: Int, frames: [Frame]) -> Bool {
        let t = s.code[j]
        if t.kind == .keyword {
            switch t.word {
            case .return, .throw, .continue: return true
            case .break:
                for f in frames.reversed() {
                    if f.kind == .switchBody { return false }
                    if f.kind == .loop { return true }
                }
                return true
            default: return false
            }
        }
        guard t.kind == .identifier, s.isChar(j + 1, UInt8(ascii: "(")), !s.isChar(j - 1, UInt8(ascii: ".")) else { return false }
        return s.is(j, "fatalError") || s.is(j, "preconditionFailure")
    }
}
