/// Which manually taken locks (`X.lock()` … `X.unlock()`, `pthread_mutex_lock(&m)`, …) are held
/// at each point of one executable body, following its control flow rather than token order:
/// a lock taken in both branches of an `if` is held after it; a release in a
/// `guard … else { unlock(); return }` frees the lock only on the path that leaves; a
/// `defer { unlock() }`, written before or after the acquire, releases at the end of its block;
/// each `case` of a `switch` starts from the state before the `switch`; a loop body may run or
/// not. Closures and nested functions run at another time: their bodies do not change the state
/// (a release inside a continuation closure frees the lock at the `await` that suspends on it).
///
/// The result is a list of segments: stretches of tokens where a lock is held on some path
/// (`definite` when it is held on every path that reaches them). The walk is iterative (an
/// explicit stack of blocks), visits each token once, and never traps on unbalanced input.
struct LockFlow {
    struct Acquire {
        var token: Int
        var lock: String
        var release: String
        var freeFunction: Bool
        /// The acquire's closing parenthesis: the lock is held after it.
        var close: Int
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
    }

    private(set) var segments: [Segment] = []
    private var open: [String: Segment] = [:]
    /// Release tokens per lock in this body (for the note of a segment that a branch ends).
    private var releasesByLock: [String: [Int]] = [:]

    /// Walks executable scope `exec`; `acquires` are the unconditional acquires in it, sorted.
    /// `handoffs`: functions of the file that release a lock their caller took (a call to one
    /// releases it here).
    init(_ s: FileStructure, exec: Int, acquires: [Acquire], vocabulary: LockVocabulary, handoffs: [String: Set<String>] = [:]) {
        guard exec >= 0, exec < s.scopes.count, !acquires.isEmpty else { return }
        let body = s.scopes[exec]
        guard body.open >= 0, body.close > body.open, body.close <= s.code.count else { return }
        var acquireAt: [Int: Acquire] = [:]
        for a in acquires { acquireAt[a.token] = a }
        // Releases of these locks, by token.
        var releaseAt: [Int: String] = [:]
        // Distinct (release, lock, form) triples: a body with many acquires of one lock asks once.
        var kinds: [String: [(lock: String, free: Bool)]] = [:]
        var seenKinds = Set<String>()
        for a in acquires where seenKinds.insert("\(a.release)|\(a.lock)|\(a.freeFunction)").inserted {
            kinds[a.release, default: []].append((a.lock, a.freeFunction))
        }
        let releaseNames = NameSet(Set(kinds.keys))
        for k in body.interior where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
            guard releaseNames.contains(s, k), let candidates = kinds[s.text(k)] else { continue }
            for c in candidates where LockRegions.releaseMatches(s, at: k, lock: c.lock, freeFunction: c.free) {
                releaseAt[k] = c.lock
                releasesByLock[c.lock, default: []].append(k)
                break
            }
        }
        // The release tokens in order, to find those inside a block by binary search.
        let releaseOrder = releaseAt.keys.sorted()
        var state = State()
        var frames: [Frame] = []
        var pendingChain: (entry: State, outs: State?, hasElse: Bool)? = nil
        var k = body.open + 1
        /// Where the path being walked ends (after a `return …` statement), or -1.
        var deadAt = -1
        var steps = 0
        let limit = 4 * (body.close - body.open) + 16
        while k < body.close && steps < limit {
            steps += 1
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
            // A block opens.
            if t.kind == .punctuation && s.isChar(here, UInt8(ascii: "{")) {
                let sc = Int(s.scopeOf[here + 1 < s.code.count ? here + 1 : here])
                let scope = sc >= 0 && sc < s.scopes.count && s.scopes[sc].open == here ? sc : -1
                guard scope >= 0 else { continue }
                let kind = s.scopes[scope].kind
                let close = s.scopes[scope].close
                if kind != .statement {
                    // A closure or nested declaration runs at another time. A release in a
                    // continuation closure frees the lock before the task suspends.
                    if kind == .closure, close > here {
                        let c = s.closures[s.scopes[scope].closure]
                        // (also a closure run on the spot: `withExtendedLifetime(x) { …; unlock() }`).
                        if c.callee >= 0, LockPaths.immediateClosureCallees.contains(s.text(c.callee)) {
                            var suspension = c.callee
                            var j = c.callee - 1
                            while j >= 0 && (s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))) { j -= 1 }
                            if s.isKeyword(j, .await) { suspension = j }
                            // A continuation's body runs before the task suspends; any other
                            // closure run on the spot releases where its release stands.
                            let continuation = LockRegions.immediateCallees.contains(s.text(c.callee))
                            for (r, lock) in Self.releases(in: s.scopes[scope].interior, releaseOrder, releaseAt) where !state.dead && state.may[lock] != nil {
                                var next = state
                                next.may[lock] = nil
                                next.must.remove(lock)
                                transition(from: state, to: next, at: continuation ? suspension : r, release: r, deferred: false)
                                state = next
                            }
                        }
                    }
                    if close > here { k = close + 1 }
                    continue
                }
                let kw = s.scopes[scope].statementKeyword
                var frame = Frame(scope: scope, kind: .plain, entry: state, chainEntry: state)
                if kw >= 0 && s.isKeyword(kw, .defer) {
                    // `defer { X.unlock() }`: released when the enclosing block ends.
                    for (r, lock) in Self.releases(in: s.scopes[scope].interior, releaseOrder, releaseAt) {
                        if frames.isEmpty { frames.append(Frame(scope: exec, kind: .closing, entry: state, chainEntry: state)) }
                        frames[frames.count - 1].deferred.append((lock, r))
                    }
                    if close > here { k = close + 1 }
                    continue
                }
                if kw >= 0 && s.isKeyword(kw, .if) {
                    frame.kind = .branch
                    if s.isKeyword(kw - 1, .else), let chain = pendingChain {
                        frame.chainEntry = chain.entry
                        frame.outs = chain.outs
                    }
                } else if kw >= 0 && s.isKeyword(kw, .else) {
                    if s.isChar(kw - 1, UInt8(ascii: "}")), let chain = pendingChain {
                        frame.kind = .branch
                        frame.chainEntry = chain.entry
                        frame.outs = chain.outs
                        frame.chainHasElse = true
                        frame.entry = chain.entry
                        transition(from: state, to: chain.entry, at: here, release: -1, deferred: false)
                        state = chain.entry
                    } else {
                        frame.kind = .guardElse
                    }
                } else if kw >= 0 && s.isKeyword(kw, .switch) {
                    frame.kind = .switchBody
                } else if kw >= 0 && (s.isKeyword(kw, .for) || s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) {
                    frame.kind = .loop
                } else if kw >= 0 && s.isKeyword(kw, .do) {
                    frame.kind = .doBody
                } else if kw >= 0 && s.isKeyword(kw, .catch), let chain = pendingChain {
                    frame.kind = .catchBody
                    frame.chainEntry = chain.entry
                    frame.outs = chain.outs
                    frame.entry = chain.entry
                    transition(from: state, to: chain.entry, at: here, release: -1, deferred: false)
                    state = chain.entry
                }
                pendingChain = nil
                frames.append(frame)
                continue
            }
            // A block closes.
            if t.kind == .punctuation && s.isChar(here, UInt8(ascii: "}")), let top = frames.last, top.scope >= 0,
               top.kind != .closing, s.scopes[top.scope].close == here {
                frames.removeLast()
                var after = state
                // Releases deferred in this block happen as it ends.
                if !top.deferred.isEmpty && !after.dead {
                    for d in top.deferred {
                        after.may[d.lock] = nil
                        after.must.remove(d.lock)
                    }
                }
                var chainOpen = false
                switch top.kind {
                case .plain, .closing:
                    break
                case .branch:
                    let outs = State.adding(after, to: top.outs)
                    if s.isKeyword(here + 1, .else) {
                        pendingChain = (top.chainEntry, outs, false)
                        chainOpen = true
                        after = top.chainEntry
                    } else {
                        after = top.chainHasElse ? outs : State.join([outs, top.chainEntry])
                    }
                case .guardElse:
                    after = top.entry
                case .switchBody:
                    after = State.adding(after, to: top.outs)
                case .loop:
                    after = State.join([top.entry, after])
                case .doBody, .catchBody:
                    let outs = State.adding(after, to: top.outs)
                    if s.isKeyword(here + 1, .catch) {
                        pendingChain = (State.join([top.chainEntry, after]), outs, false)
                        chainOpen = true
                    } else {
                        after = outs
                    }
                }
                if !chainOpen { pendingChain = nil }
                let releaseToken = top.deferred.first?.release ?? -1
                transition(from: state, to: after, at: here, release: releaseToken, deferred: !top.deferred.isEmpty)
                state = after
                continue
            }
            // A `case` of the switch being walked: the previous case's path ends, a new one starts.
            if let top = frames.last, top.kind == .switchBody, Int(s.scopeOf[here]) == top.scope,
               s.isKeyword(here, .case) || s.isKeyword(here, .default) {
                if top.sawCase { frames[frames.count - 1].outs = State.adding(state, to: top.outs) }
                frames[frames.count - 1].sawCase = true
                transition(from: state, to: top.entry, at: here, release: -1, deferred: false)
                state = top.entry
                continue
            }
            if state.dead { continue }
            // A path that leaves.
            if Self.leaves(s, here, frames: frames) {
                // `return value` / `throw error(…)` evaluate their operand first: the path ends
                // after the statement.
                // (A continuation closure in the operand may still release a lock.)
                if deadAt < 0 { deadAt = Self.statementEnd(s, after: here, scope: Int(s.scopeOf[here]), limit: body.close) }
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
    }

    /// The releases (token, lock) whose token lies in `range`, in order.
    static func releases(in range: Range<Int>, _ order: [Int], _ at: [Int: String]) -> [(Int, String)] {
        guard !range.isEmpty else { return [] }
        var lo = 0
        var hi = order.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if order[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var out: [(Int, String)] = []
        var k = lo
        while k < order.count && order[k] < range.upperBound {
            if let lock = at[order[k]] { out.append((order[k], lock)) }
            k += 1
        }
        return out
    }

    /// Closes the segments of locks no longer held (or whose definiteness changed) at token
    /// `at`, and opens segments for locks newly held.
    private mutating func transition(from old: State, to new: State, at: Int, release: Int, deferred: Bool) {
        if old == new { return }
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
            open[lock] = Segment(lock: lock, acquireToken: acquire, start: at, end: at, definite: new.must.contains(lock),
                                 releaseToken: -1, deferred: false)
        }
    }

    /// The first token after the statement that starts at `from` (a token of `scope` on a new
    /// line, a `;`, or the `}` closing `scope`); brackets and closures inside it are skipped.
    static func statementEnd(_ s: FileStructure, after from: Int, scope: Int, limit: Int) -> Int {
        var j = from + 1
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

    /// A `return`, `throw`, `continue`, or a call that never returns; `break` only when it
    /// leaves a loop (in a `switch` it ends the case, which the case handling covers).
    private static func leaves(_ s: FileStructure, _ j: Int, frames: [Frame]) -> Bool {
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
