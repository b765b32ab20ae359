/// In a test function: whether the test's own order of statements keeps an access from racing
/// with the concurrent work the test starts.
///
/// A test method runs on a fresh instance of its test class, on one thread, statement after
/// statement. Before its first statement that starts concurrent work (a Task, a dispatched
/// block, a thread, a call of a member that starts some) nothing can touch the instance's state
/// but the test itself: that access is set-up. After a statement that joins every start before
/// it (a wait on what each of them signals: `group.wait()`, `semaphore.wait()`,
/// `wait(for: [e])`, `waitForExpectations`, `await fulfillment(of:)`), the work has finished.
/// After an empty `q.sync {}` only the blocks queued on `q` before it have run: that orders an
/// access only against state whose every write runs on `q` (the inference checks that).
///
/// A closure handed to code the file does not declare (`helper.run { … }`) may run later on
/// another thread: when it contains no recognised start and mentions `self`, it counts as a
/// start that only a wait naming what it signals, or the run's knowledge that the callee returns
/// after its closure's work (a helper that joins what it starts), can close. One pass per body.
///
/// Product code keeps the same order for its joins only (`joined(at:exec:)`): after
/// `group.wait()` in a function, or in the closure of its `group.notify`, the work it entered
/// into the group has finished. Whether that orders a read is for the inference to say (only when
/// that work is all that writes the var).
public enum TestOrder: Sendable, Equatable {
    /// Before any concurrent start of the test.
    case setup
    /// Every start before it is joined, provided the functions named (called with a closure)
    /// return only after their closure's work.
    case joined(needs: [String])
    /// Every start before it is joined or queued on the queue named, and drained from it.
    case drained(queue: String, needs: [String])
    /// In a test function, with work it started running.
    case unordered
}

final class TestOrdering {
    let s: FileStructure
    /// Product code: only joins order an access (a function's own start is not set-up), a wait
    /// with a timeout joins only where its result is checked as `.success`, and a start that
    /// itself waits on a name (a semaphore taken as a mutex) does not signal it.
    let product: Bool
    /// In product code: the order in a `group.notify { }` closure (by its scope): the caller's
    /// order with the group's work joined.
    private var notifyOrders: [Int: TestOrder?] = [:]
    private var closureByScope: [Int: Int] = [:]
    /// Closures by the token of the function they are passed to.
    private var closuresByCallee: [Int: [Int]] = [:]
    /// Per function body scope: the order by token (segments from a token on), or nil.
    private var segmentsByBody: [Int: [(from: Int, order: TestOrder?)]] = [:]
    private var summaries: [Int: Summary] = [:]
    private var inProgress = Set<Int>()

    static let selfJoining: Set<String> = [
        "concurrentPerform", "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
    ]

    init(_ s: FileStructure, product: Bool = false) {
        self.s = s
        self.product = product
        for (k, c) in s.closures.enumerated() where c.callee >= 0 {
            closuresByCallee[c.callee, default: []].append(k)
            if product { closureByScope[c.scope] = k }
        }
    }

    /// One concurrent start of a body.
    struct Start {
        /// `q` of `q.async { }`: the work is a block queued on `q`.
        var queue: String?
        /// The names its code mentions (what it signals: a group, a semaphore, an expectation).
        var names: Set<String>
        /// A closure handed to a function the file does not declare: its name.
        var opaque: String?
    }

    /// What calling a function of the file does: the starts its body leaves running, and the
    /// join or drain it ends with when it starts nothing.
    struct Summary {
        var open: [Start] = []
        var anyStart = false
        var drain: String? = nil
        var waitNames: Set<String>? = nil
    }

    /// The walk state of one body.
    struct State {
        var starts: [Start] = []
        var closed: [Bool] = []
        /// Closed only by a drain of this queue (ordered only for state written on it).
        var drainedBy: [String?] = []
        var byName: [String: [Int]] = [:]
        var byQueue: [String: [Int]] = [:]
        var anyStart = false
        var openRecognised = 0
        var openOpaque: [String: Int] = [:]
        var drainedCount: [String: Int] = [:]
        var startsSinceDrain = 0
        var lastDrain: String? = nil
        var lastWait: Set<String>? = nil
        /// The first token of the statement being walked.
        var statement = -1
        /// Blocks that run only after a checked join (`if g.wait(timeout:) == .success { … }`):
        /// their order, for the walk to record.
        var blocks: [(from: Int, to: Int, order: TestOrder?)] = []

        mutating func add(_ st: Start) {
            let k = starts.count
            starts.append(st)
            closed.append(false)
            drainedBy.append(nil)
            for n in st.names { byName[n, default: []].append(k) }
            if let q = st.queue { byQueue[q, default: []].append(k) }
            if let o = st.opaque { openOpaque[o, default: 0] += 1 } else { openRecognised += 1 }
            anyStart = true
            startsSinceDrain += 1
            lastDrain = nil
            lastWait = nil
        }

        /// A wait on what the starts that mention one of `names` signal: those have finished.
        mutating func wait(_ names: Set<String>) {
            for n in names {
                for k in byName[n] ?? [] {
                    if let q = drainedBy[k] {
                        drainedBy[k] = nil
                        drainedCount[q]! -= 1
                        if drainedCount[q] == 0 { drainedCount[q] = nil }
                    } else if !closed[k] {
                        closed[k] = true
                        if let o = starts[k].opaque {
                            openOpaque[o]! -= 1
                            if openOpaque[o] == 0 { openOpaque[o] = nil }
                        } else {
                            openRecognised -= 1
                        }
                    }
                }
                byName[n] = nil
            }
            lastWait = names
            lastDrain = nil
        }

        /// An empty `q.sync {}`: the blocks queued on `q` before it have run.
        mutating func drain(_ q: String) {
            for k in byQueue[q] ?? [] where !closed[k] {
                closed[k] = true
                drainedBy[k] = q
                openRecognised -= 1
                drainedCount[q, default: 0] += 1
            }
            byQueue[q] = nil
            startsSinceDrain = 0
            lastDrain = q
            lastWait = nil
        }

        /// The order at this point of the body.
        var order: TestOrder? {
            if !anyStart { return .setup }
            if openRecognised > 0 { return nil }
            let needs = openOpaque.keys.sorted()
            if drainedCount.isEmpty { return .joined(needs: needs) }
            guard drainedCount.count == 1, let q = drainedCount.keys.first, startsSinceDrain == 0 else { return nil }
            return .drained(queue: q, needs: needs)
        }
    }

    /// Whether function declaration `d` is a test: `func test…()` or marked `@Test`.
    func isTest(_ d: Int) -> Bool {
        let decl = s.decls[d]
        guard decl.kind == .function, decl.body >= 0, decl.parent >= 0, s.decls[decl.parent].kind.isType || s.decls[decl.parent].kind == .extension
        else { return false }
        if decl.nameText.hasPrefix("test") && decl.parameterNames.isEmpty { return true }
        return s.attributes(of: decl).contains { s.is($0, "@Test") }
    }

    /// The order at access token `i` that sits directly in body scope `body` of a test, or nil.
    func order(at i: Int, body: Int) -> TestOrder? {
        let decl = s.scopes[body].decl
        guard decl >= 0, s.decls[decl].body == body, isTest(decl) else { return nil }
        if segmentsByBody[body] == nil { segmentsByBody[body] = segments(ofTest: decl) }
        return lookUp(i, segmentsByBody[body]!) ?? .unordered
    }

    /// The last segment starting at or before i: its order.
    private func lookUp(_ i: Int, _ segs: [(from: Int, order: TestOrder?)]) -> TestOrder? {
        var lo = 0, hi = segs.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if segs[mid].from <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo == 0 ? nil : segs[lo - 1].order
    }

    /// In product code: whether access token `i` runs after a join of every start before it,
    /// with nothing left running: directly in function body `body` after `group.wait()`, or in
    /// the closure of a `group.notify { }` there (`i`'s executable scope `exec`).
    func joined(at i: Int, exec: Int) -> Bool {
        let order: TestOrder?
        if s.scopes[exec].kind == .functionBody {
            order = lookUp(i, walked(exec))
        } else if let c = closureByScope[exec], let body = s.enclosingExecutable(of: s.closures[c].callee),
                  s.scopes[body].kind == .functionBody {
            _ = walked(body)
            order = notifyOrders[exec] ?? nil
        } else {
            return false
        }
        return order == .joined(needs: [])
    }

    private func walked(_ body: Int) -> [(from: Int, order: TestOrder?)] {
        if let known = segmentsByBody[body] { return known }
        var state = State()
        var segs: [(from: Int, order: TestOrder?)] = []
        walk(body: body, state: &state, segments: &segs)
        segmentsByBody[body] = segs
        return segs
    }

    /// The test's order by statement: a start counts from its statement's first token on, a join
    /// from the next statement on.
    func segments(ofTest d: Int) -> [(from: Int, order: TestOrder?)] {
        var state = State()
        // Work its class starts in set-up runs during the test: nothing is set-up or ordered.
        let t = s.decls[d].parent
        for c in s.children[t] where s.decls[c].kind == .function && s.decls[c].nameText.hasPrefix("setUp")
            && StateAccess.testLifecycle.contains(s.decls[c].nameText) {
            if summary(c).anyStart { return [] }
        }
        var segs: [(from: Int, order: TestOrder?)] = []
        walk(body: s.decls[d].body, state: &state, segments: &segs)
        return segs
    }

    /// Walks body scope `body` statement by statement, recording starts, joins and drains (and,
    /// for a test, the order from each statement on).
    private func walk(body: Int, state: inout State, segments: inout [(from: Int, order: TestOrder?)]) {
        let scope = s.scopes[body]
        var i = scope.open + 1
        var stmtStart = i
        func emit(_ from: Int) {
            if let last = segments.last, last.from == from { segments[segments.count - 1].order = state.order }
            else if segments.last?.order != state.order || segments.isEmpty { segments.append((from, state.order)) }
        }
        while i < scope.close {
            if i == scope.open + 1 || (Int(s.scopeOf[i]) == body
                && (s.code[i].flags.contains(.newlineBefore) || s.isChar(i - 1, UInt8(ascii: ";")))) {
                stmtStart = i
                emit(i)
            }
            let before = state.starts.count
            state.statement = stmtStart
            let next = step(i, body: body, topLevel: Int(s.scopeOf[i]) == body, state: &state)
            for b in state.blocks where segments.last.map({ $0.from < b.from }) ?? true {
                segments.append((b.from, b.order))
                segments.append((b.to, state.order))
            }
            state.blocks = []
            if state.starts.count != before {
                // A start counts from its statement on (`x = startWork()` writes after it).
                if let k = segments.lastIndex(where: { $0.from <= stmtStart }), segments[k].from == stmtStart {
                    segments[k].order = state.order
                    segments.removeSubrange((k + 1)...)
                } else {
                    segments.append((stmtStart, state.order))
                }
            }
            i = max(next, i + 1)
        }
    }

    /// The token after what starts at `i` (a closure call skipped whole).
    private func step(_ i: Int, body: Int, topLevel: Bool, nested: Bool = false, state: inout State) -> Int {
        let t = s.code[i]
        // A local function's body runs only when called.
        if s.isChar(i, UInt8(ascii: "{")), let sc = Optional(Int(s.scopeOf[i])), sc >= 0, s.scopes[sc].open == i,
           s.scopes[sc].kind == .functionBody {
            return Int(s.match[i]) + 1
        }
        guard t.kind == .identifier || t.kind == .keyword else { return i + 1 }
        if s.is(i, "async") && s.isKeyword(i + 1, .let) {
            state.add(Start(queue: nil, names: [], opaque: nil))
            return i + 1
        }
        guard t.kind == .identifier else { return i + 1 }
        let word = s.text(i)
        if let cs = closuresByCallee[i] {
            let end = cs.map { s.closures[$0].close }.max()! + 1
            // A closure made earlier and handed over by name (`let work = { … }`, then
            // `q.async(execute: work)`): a start here, its code already walked where it is written.
            if cs.contains(where: { s.closures[$0].open < i }) {
                var inner = Set<String>()
                var mentionsSelf = false
                for c in cs {
                    let cl = s.closures[c]
                    guard cl.close > cl.open else { continue }
                    inner.formUnion(names(cl.open..<cl.close))
                    mentionsSelf = mentionsSelf || (cl.open..<cl.close).contains { s.isKeyword($0, .self) }
                }
                if GuardLogExtractor.concurrentCallees.contains(word) {
                    state.add(Start(queue: nil, names: inner, opaque: nil))
                } else if !Self.selfJoining.contains(word) && !nested && mentionsSelf && ownFunction(i) == nil {
                    state.add(Start(queue: nil, names: inner, opaque: word))
                }
                return i + 1
            }
            // An unterminated closure (code being typed): nothing to learn from it.
            guard end > i + 1 else { return i + 1 }
            if let q = drainQueue(i) {
                if topLevel { state.drain(q) }
                return end
            }
            if Self.selfJoining.contains(word) { return end }
            // `group.notify(queue:) { }`: runs once the group's work is done, beside what
            // follows the call.
            if product, word == "notify", topLevel, let r = receiver(i) {
                var joined = state
                joined.wait([r])
                for c in cs where s.closures[c].open > i { notifyOrders[s.closures[c].scope] = joined.order }
                state.add(Start(queue: nil, names: [], opaque: nil))
                return end
            }
            if GuardLogExtractor.concurrentCallees.contains(word) {
                state.add(Start(queue: receiver(i), names: product ? signalled(i..<end) : names(i..<end), opaque: nil))
                return end
            }
            if let f = ownFunction(i) {
                apply(summary(f), call: i..<end, state: &state, topLevel: topLevel)
                return end
            }
            // A closure handed to code the file does not declare: its own starts, or itself
            // when it may touch the instance.
            let before = state.starts.count
            for c in cs {
                let cl = s.closures[c]
                var k = cl.open + 1
                while k < cl.close {
                    k = max(step(k, body: body, topLevel: false, nested: true, state: &state), k + 1)
                }
            }
            // (One inside another such closure is part of it: `run { items.forEach { … } }`.)
            if state.starts.count == before && !nested && (i..<end).contains(where: { s.isKeyword($0, .self) }) {
                state.add(Start(queue: nil, names: names(i..<end), opaque: word))
            }
            return end
        }
        guard s.isChar(i + 1, UInt8(ascii: "(")) else { return i + 1 }
        let close = Int(s.match[i + 1])
        guard close > i else { return i + 1 }
        let receiverName = receiver(i)
        let dotted = s.isChar(i - 1, UInt8(ascii: "."))
        if topLevel {
            // Joins: a wait on a group or semaphore, on expectations, on an operation queue.
            if dotted, let r = receiverName, word == "wait" || word == "waitUntilAllOperationsAreFinished" {
                // Product code: a wait that can time out joins only where it returned `.success`
                // (after `guard … == .success else { … }`, or in the block of such an `if`).
                if product && close > i + 2 {
                    guard s.is(close + 1, "=="), s.isChar(close + 2, UInt8(ascii: ".")), s.is(close + 3, "success") else { return i + 1 }
                    if s.isKeyword(state.statement, .guard) {
                        state.wait([r])
                    } else if s.isKeyword(state.statement, .if), s.isChar(close + 4, UInt8(ascii: "{")), s.match[close + 4] > close + 4 {
                        var joined = state
                        joined.wait([r])
                        state.blocks.append((close + 5, Int(s.match[close + 4]), joined.order))
                    }
                    return i + 1
                }
                state.wait([r]); return i + 1
            }
            if (word == "wait" && s.is(i + 2, "for")) || word == "fulfillment" {
                state.wait(names((i + 2)..<close)); return i + 1
            }
            if word == "waitForExpectations" {
                state.wait(["fulfill"]); return i + 1
            }
        }
        if !dotted || s.isKeyword(i - 2, .self), let f = ownFunction(i) {
            apply(summary(f), call: i..<(close + 1), state: &state, topLevel: topLevel)
            return close + 1
        }
        return i + 1
    }

    /// An empty `q.sync {}` (or `q.sync(flags: .barrier) {}`) at `i`: the queue `q`.
    private func drainQueue(_ i: Int) -> String? {
        guard s.is(i, "sync"), let cs = closuresByCallee[i], cs.count == 1 else { return nil }
        let c = s.closures[cs[0]]
        guard c.close == c.open + 1 else { return nil }
        return receiver(i)
    }

    /// `q` of `q.m` or `self.q.m` at `i`.
    private func receiver(_ i: Int) -> String? {
        guard s.isChar(i - 1, UInt8(ascii: ".")), i >= 2, s.code[i - 2].kind == .identifier else { return nil }
        if s.isChar(i - 3, UInt8(ascii: ".")) && !s.isKeyword(i - 4, .self) { return nil }
        return s.text(i - 2)
    }

    /// The identifiers in `range` (not argument labels: `timeout:`).
    private func names(_ range: Range<Int>) -> Set<String> {
        var out = Set<String>()
        for k in range where k < s.code.count && s.code[k].kind == .identifier && !s.isChar(k + 1, UInt8(ascii: ":")) {
            out.insert(s.text(k))
        }
        return out
    }

    /// The names a start's code signals (`names`), less those it also waits on: work that takes
    /// a semaphore and gives it back uses it as a mutex, not to say it is done.
    private func signalled(_ range: Range<Int>) -> Set<String> {
        var out = names(range)
        for k in range where k + 1 < s.code.count && s.is(k, "wait") && s.isChar(k + 1, UInt8(ascii: "(")) {
            if let r = receiver(k) { out.remove(r) }
        }
        return out
    }

    /// The one function of the file named as called at `i` (own code: no receiver or `self.`).
    private func ownFunction(_ i: Int) -> Int? {
        if s.isChar(i - 1, UInt8(ascii: ".")) && !s.isKeyword(i - 2, .self) { return nil }
        let fs = s.functionDecls(named: s.text(i)).filter { s.decls[$0].kind == .function && s.decls[$0].body >= 0 }
        return fs.count == 1 ? fs[0] : nil
    }

    private func apply(_ sum: Summary, call: Range<Int>, state: inout State, topLevel: Bool) {
        if !sum.open.isEmpty {
            let args = names(call)
            for var st in sum.open {
                st.names.formUnion(args)
                state.add(st)
            }
            return
        }
        guard topLevel else { return }
        if let q = sum.drain {
            state.drain(q)
        } else if let w = sum.waitNames {
            state.wait(w.union(names(call)))
        }
    }

    /// What a call of function `d` leaves running or joins (its own calls of the file's functions
    /// followed once; a recursive call counts as nothing).
    func summary(_ d: Int) -> Summary {
        if let sum = summaries[d] { return sum }
        guard !inProgress.contains(d), s.decls[d].body >= 0 else { return Summary() }
        inProgress.insert(d)
        var state = State()
        var ignored: [(from: Int, order: TestOrder?)] = []
        walk(body: s.decls[d].body, state: &state, segments: &ignored)
        inProgress.remove(d)
        var sum = Summary()
        sum.anyStart = state.anyStart
        for (k, st) in state.starts.enumerated() where !state.closed[k] || state.drainedBy[k] != nil { sum.open.append(st) }
        if !state.anyStart {
            sum.drain = state.lastDrain
            sum.waitNames = state.lastWait
        }
        summaries[d] = sum
        return sum
    }

    /// For the run: the file's functions that take a closure, each with whether a call returns
    /// only after the work it starts (its starts all joined), and the functions it hands
    /// closures to that must do the same.
    func closureTakers() -> (joining: [String: [String]], notJoining: [String]) {
        var joining: [String: [String]] = [:]
        var not = Set<String>()
        for d in s.decls.indices where s.decls[d].kind == .function && s.decls[d].body >= 0 && takesClosure(d) {
            let decl = s.decls[d]
            let sum = summary(d)
            if sum.open.contains(where: { $0.opaque == nil }) {
                not.insert(decl.nameText)
            } else {
                joining[decl.nameText, default: []].append(contentsOf: sum.open.compactMap(\.opaque))
            }
        }
        return (joining.mapValues { Array(Set($0)).sorted() }, not.sorted())
    }

    private func takesClosure(_ d: Int) -> Bool {
        let decl = s.decls[d]
        var k = decl.name + 1
        while k < s.code.count && !s.isChar(k, UInt8(ascii: "(")) && k < s.scopes[decl.body].open { k += 1 }
        guard s.isChar(k, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[k])
        guard close > k else { return false }
        for j in k..<close where s.is(j, "->") { return true }
        return false
    }
}

extension TestOrder {
    /// Whether the functions this order needs to return after their closures' work do so.
    func holds(joining: [String: [String]], notJoining: Set<String>) -> Bool {
        let needs: [String]
        switch self {
        case .setup: return true
        case .unordered: return false
        case .joined(let n): needs = n
        case .drained(_, let n): needs = n
        }
        var seen = Set<String>()
        var stack = needs
        while let n = stack.popLast() {
            guard seen.insert(n).inserted else { continue }
            guard let deps = joining[n], !notJoining.contains(n) else { return false }
            stack.append(contentsOf: deps)
        }
        return true
    }
}
