/// Locks whose state a function's caller decides: the function takes or releases the lock only
/// when a Bool parameter says so, so the lock is held on entry on some calls and not on others.
/// Either a branch the flag chooses falls through and leaves the lock differently from the other
/// branch (`if !alreadyHeld { lock.lock() }`, `if !keepHeld { lock.unlock() }`), or a branch
/// that leaves the function (`guard flag else { …; return }`) and the code past it end with the
/// lock differently and one of them releases a lock the function did not take. The walk cannot
/// tell which way the flag goes: the function's acquires of that lock are not judged, a caller
/// holding the lock does not run into them, and a call of the function may release the lock.
public struct FlagLocks {
    /// Function body scope → the locks whose state in it depends on a flag parameter.
    var byBody: [Int: Set<String>] = [:]
    /// Function name → those locks (for the callers).
    var byName: [String: Set<String>] = [:]

    var isEmpty: Bool { byBody.isEmpty }

    init() {}

    init(_ s: FileStructure, vocabulary: LockVocabulary, handoffs: [String: Set<String>] = [:]) {
        let releaseNames = vocabulary.releaseNames
        for d in s.decls where d.kind == .function && d.body >= 0 && !d.parameterNames.isEmpty {
            let parameters = Set(d.parameterNames)
            let events = Self.events(s, body: d.body, vocabulary: vocabulary, releaseNames: releaseNames, handoffs: handoffs)
            // Each event's innermost flag branch; nothing to do when none is in one.
            let branches = events.map { Self.flagBranch(s, $0.token, body: d.body, parameters: parameters) }
            guard branches.contains(where: { $0 != nil }) else { continue }
            var exits: [Int: Bool] = [:]
            func leaves(_ sc: Int) -> Bool {
                if let known = exits[sc] { return known }
                var found = false
                for k in s.scopes[sc].interior where Int(s.scopeOf[k]) == sc && (s.isKeyword(k, .return) || s.isKeyword(k, .throw)) {
                    found = true
                    break
                }
                exits[sc] = found
                return found
            }
            // An event inside a block that leaves the function does not reach the code after it.
            func fallsThrough(_ k: Int) -> Bool {
                var sc = Int(s.scopeOf[k])
                while sc >= 0 && sc != d.body {
                    if s.scopes[sc].statementKeyword >= 0 && leaves(sc) { return false }
                    sc = s.scopes[sc].parent
                }
                return true
            }
            var unknown = Set<String>()
            // Branches that fall through: then and else must leave the lock alike.
            var joined: [Int: [String: (Int, Int)]] = [:]
            for (e, b) in zip(events, branches) {
                guard let b, !leaves(b.scope) else { continue }
                var v = joined[b.group, default: [:]][e.lock, default: (0, 0)]
                if b.other { v.1 += e.step } else { v.0 += e.step }
                joined[b.group, default: [:]][e.lock] = v
            }
            for (_, locks) in joined { for (lock, v) in locks where v.0 != v.1 { unknown.insert(lock) } }
            // Branches that leave (`guard flag else { …; return }`, `if flag { …; return }`): the
            // path through them and the path past them end with the lock differently, and one of
            // them releases a lock this function did not take (the caller's).
            var seen = Set<Int>()
            for b in branches.compactMap({ $0 }) where leaves(b.scope) && seen.insert(b.scope).inserted {
                let scope = s.scopes[b.scope]
                let parent = scope.parent >= 0 ? s.scopes[scope.parent].close : s.scopes[d.body].close
                let head = scope.statementKeyword
                var before: [String: Int] = [:], inside: [String: Int] = [:], after: [String: Int] = [:]
                for e in events {
                    if e.token > scope.open && e.token < scope.close {
                        inside[e.lock, default: 0] += e.step
                    } else if e.token < head && fallsThrough(e.token) {
                        before[e.lock, default: 0] += e.step
                    } else if e.token > scope.close && e.token < parent && fallsThrough(e.token) {
                        after[e.lock, default: 0] += e.step
                    }
                }
                for lock in Set(inside.keys).union(after.keys) {
                    let through = before[lock, default: 0] + inside[lock, default: 0]
                    let past = before[lock, default: 0] + after[lock, default: 0]
                    if through != past && min(through, past) < 0 { unknown.insert(lock) }
                }
            }
            if !unknown.isEmpty {
                byBody[d.body] = unknown
                // A lock taken and released under the same flag (`if !held { lock() } … if !held
                // { unlock() }`) is left as the caller had it, whichever way the flag goes: a call
                // of the function releases nothing.
                let handedBack = unknown.filter { lock in
                    !Self.balanced(s, events.indices.filter { events[$0].lock == lock }.map { (events[$0].step, branches[$0]) },
                                   fallsThrough: fallsThrough, leaves: leaves)
                }
                if !handedBack.isEmpty { byName[d.nameText, default: []].formUnion(handedBack) }
            }
        }
    }

    /// Whether a lock's acquires and releases (steps, each with its innermost flag branch) net
    /// to zero for either value of the flag: all of them fall through, the conditional ones are
    /// in `if` branches (then or else) that test one and the same parameter.
    static func balanced(_ s: FileStructure, _ steps: [(step: Int, branch: (scope: Int, group: Int, other: Bool)?)],
                         fallsThrough: (Int) -> Bool, leaves: (Int) -> Bool) -> Bool {
        var parameter: String? = nil
        var net = (whenTrue: 0, whenFalse: 0)
        for (step, branch) in steps {
            guard let b = branch else {
                net.whenTrue += step
                net.whenFalse += step
                continue
            }
            guard !leaves(b.scope), fallsThrough(s.scopes[b.scope].open), let test = flagIf(s, branch: b.scope) else { return false }
            if parameter == nil { parameter = test.parameter }
            guard parameter == test.parameter else { return false }
            if test.runsWhen { net.whenTrue += step } else { net.whenFalse += step }
        }
        return net.whenTrue == 0 && net.whenFalse == 0
    }

    /// Whether the code of a region whose lock a flag parameter decides (`LockRegion.flagDecided`)
    /// holds the lock at every call of its function in the file: the function takes it when the
    /// flag has one value (`if !alreadyLocked { lock.lock() }`), and each call passes that value
    /// as a literal or is made where the caller holds the lock (`regions`: the file's lock
    /// regions). A function called nowhere in the file, or whose acquire no flag branch decides,
    /// is not known to hold it.
    public static func callersHold(_ s: FileStructure, _ r: LockRegion, regions: [LockRegion]) -> Bool {
        guard let takes = decidingFlag(s, r), let p = s.decls[takes.function].parameterNames.firstIndex(of: takes.parameter) else { return false }
        let d = s.decls[takes.function]
        let labels = SelfCalls.parameterLabels(s, d)
        guard labels.count == d.parameterNames.count else { return false }
        let name = d.nameText
        let type = s.enclosingTypeName(of: d.keyword)
        var calls = 0
        for k in 1..<max(1, s.code.count - 1) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && s.is(k, text: name) {
            if s.isKeyword(k - 1, .func) { continue }
            // (`self.f(…)`, `self?.f(…)` in a closure: the same function.)
            let onSelf = s.isKeyword(k - 2, .self) || (s.isChar(k - 2, UInt8(ascii: "?")) || s.isChar(k - 2, UInt8(ascii: "!"))) && s.isKeyword(k - 3, .self)
            if s.isChar(k - 1, UInt8(ascii: ".")) && !onSelf { continue }
            // A call in another type is of another function of that name.
            if s.enclosingTypeName(of: k) != type { continue }
            let close = Int(s.match[k + 1])
            guard close > k else { return false }
            calls += 1
            // The value passed, or the default a call that leaves the argument out gets.
            let passed = literalArgument(s, labels[p].label, open: k + 1, close: close)
                ?? (passesArgument(s, labels[p].label, open: k + 1, close: close) ? nil : labels[p].defaultBool)
            if passed == takes.value { continue }
            let exec = s.enclosingExecutable(of: k)
            guard regions.contains(where: { $0.lock == r.lock && $0.start < k && k < $0.end && $0.executable == exec && ($0.definite || $0.flagDecided) })
            else { return false }
        }
        return calls > 0
    }

    /// The function whose flag parameter decides whether region `r`'s acquire runs (an `if` on
    /// the flag around it), the parameter, and the value with which the function takes the lock.
    public static func decidingFlag(_ s: FileStructure, _ r: LockRegion) -> (function: Int, parameter: String, value: Bool)? {
        guard let f = s.enclosingFunction(of: r.acquireToken), s.decls[f].body == r.executable else { return nil }
        let d = s.decls[f]
        var sc = Int(s.scopeOf[r.acquireToken])
        while sc >= 0 && sc != d.body {
            if let test = flagIf(s, branch: sc), d.parameterNames.contains(test.parameter) { return (f, test.parameter, test.runsWhen) }
            sc = s.scopes[sc].parent
        }
        return nil
    }

    /// For a then- or else-branch scope of an `if` whose whole condition is a flag (see
    /// `flagTest`): the flag, and the value with which the branch runs.
    static func flagIf(_ s: FileStructure, branch sc: Int) -> (parameter: String, runsWhen: Bool)? {
        var kw = s.scopes[sc].statementKeyword
        var group = sc
        var other = false
        if kw >= 0, s.isKeyword(kw, .else), s.isChar(kw - 1, UInt8(ascii: "}")) {
            group = Int(s.scopeOf[kw - 1])
            kw = group >= 0 && s.scopes[group].close == kw - 1 ? s.scopes[group].statementKeyword : -1
            other = true
        }
        guard kw >= 0, s.isKeyword(kw, .if), let test = flagTest(s, from: kw + 1, to: s.scopes[group].open) else { return nil }
        return (test.parameter, test.runsWhen != other)
    }

    /// Whether token `t`, in the body `body` of a function with these parameters (internal names)
    /// and argument labels, is in an `if` branch on a flag parameter that the call whose name is
    /// token `call` rules out by passing a literal (`f(x, barrier: true)` for `if !barrier { … }`).
    public static func ruledOut(_ s: FileStructure, _ t: Int, body: Int, parameters: [String], labels: [String], call: Int) -> Bool {
        guard s.isChar(call + 1, UInt8(ascii: "(")), parameters.count == labels.count else { return false }
        let close = Int(s.match[call + 1])
        guard close > call + 1 else { return false }
        var sc = Int(s.scopeOf[t])
        while sc >= 0 && sc != body {
            if let test = flagIf(s, branch: sc), let p = parameters.firstIndex(of: test.parameter),
               let passed = literalArgument(s, labels[p], open: call + 1, close: close), passed != test.runsWhen {
                return true
            }
            sc = s.scopes[sc].parent
        }
        return false
    }

    /// The label token of the argument a call between `open` and `close` passes with label
    /// `label` (`label: …`, first in the list or after a comma), if any.
    static func labelledArgument(_ s: FileStructure, _ label: String, open: Int, close: Int) -> Int? {
        guard label != "_" && !label.isEmpty else { return nil }
        var k = open + 1
        while k + 1 < close {
            if s.is(k, text: label), s.isChar(k + 1, UInt8(ascii: ":")), s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) { return k }
            k += 1
        }
        return nil
    }

    /// Whether a call passes an argument labelled `label` at all (an unlabelled parameter: it must).
    static func passesArgument(_ s: FileStructure, _ label: String, open: Int, close: Int) -> Bool {
        label == "_" || label.isEmpty || labelledArgument(s, label, open: open, close: close) != nil
    }

    /// The Bool literal a call passes for argument label `label` (`label: true`), if any.
    static func literalArgument(_ s: FileStructure, _ label: String, open: Int, close: Int) -> Bool? {
        guard let k = labelledArgument(s, label, open: open, close: close), k + 2 < close,
              s.isChar(k + 3, UInt8(ascii: ",")) || k + 3 == close else { return nil }
        return s.is(k + 2, "true") ? true : s.is(k + 2, "false") ? false : nil
    }

    /// The parameter a flag condition (see `isFlagCondition`) tests, and the value with which it holds.
    public static func flagTest(_ s: FileStructure, from: Int, to: Int) -> (parameter: String, runsWhen: Bool)? {
        var i = from
        var value = true
        if i < to, s.isChar(i, UInt8(ascii: "!")) { value = false; i += 1 }
        guard i < to, s.code[i].kind == .identifier else { return nil }
        let name = s.text(i)
        if i + 1 == to { return (name, value) }
        // `p == false`, `p != true`
        guard i + 3 == to, s.is(i + 1, "==") || s.is(i + 1, "!="), s.is(i + 2, "true") || s.is(i + 2, "false") else { return nil }
        if s.is(i + 2, "false") { value.toggle() }
        if s.is(i + 1, "!=") { value.toggle() }
        return (name, value)
    }

    /// The acquires (+1) and releases (-1) of the function's own statements, in order, with a
    /// call of one of the file's functions that hands a lock over counted as its release.
    static func events(_ s: FileStructure, body: Int, vocabulary: LockVocabulary, releaseNames: NameSet,
                       handoffs: [String: Set<String>]) -> [(token: Int, lock: String, step: Int)] {
        var out: [(token: Int, lock: String, step: Int)] = []
        for k in s.scopes[body].interior {
            guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")) else { continue }
            let isRelease = releaseNames.contains(s, k)
            let handed = isRelease || vocabulary.acquireNames.contains(s, k) ? nil : handoffs[s.text(k)]
            guard isRelease || handed != nil || vocabulary.acquireNames.contains(s, k) else { continue }
            guard s.enclosingExecutable(of: k) == body else { continue }
            if let handed {
                if !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) {
                    for lock in handed { out.append((k, lock, -1)) }
                }
                continue
            }
            let name = s.text(k)
            let lock: String
            if vocabulary.freeFunctionAcquires.contains(name) || vocabulary.freeFunctionAcquires.contains(where: { vocabulary.acquireRelease[$0] == name }) {
                let close = Int(s.match[k + 1])
                guard close > k else { continue }
                lock = LockRegions.normalized(s.text((k + 2)..<close).replacingAmpersand())
            } else if s.isChar(k - 1, UInt8(ascii: ".")) {
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0 else { continue }
                lock = LockRegions.normalized(s.text(r..<(k - 1)))
            } else if !s.isKeyword(k - 1, .func) && !s.isChar(k - 1, UInt8(ascii: "=")) {
                // A bare `_lock()` is the type's own method, on `self` (as `LockRegions` names it).
                lock = "self"
            } else {
                continue
            }
            out.append((k, lock, isRelease && vocabulary.acquireRelease[name] == nil ? -1 : 1))
        }
        return out
    }

    /// The innermost statement body around token `k`, inside function body `body`, that runs only
    /// when a flag parameter is set or clear: the then- or else-branch of an `if`, or the else of
    /// a `guard`, whose whole condition is the parameter (`p`, `!p`, `p == false`; not `self.p`).
    /// The group is the scope of the first branch; `other` is true for an `if`'s else-branch.
    static func flagBranch(_ s: FileStructure, _ k: Int, body: Int, parameters: Set<String>) -> (scope: Int, group: Int, other: Bool)? {
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            let kw = scope.statementKeyword
            if kw >= 0 {
                if s.isKeyword(kw, .if) || s.isKeyword(kw, .guard) {
                    if isFlagCondition(s, from: kw + 1, to: scope.open, parameters: parameters) { return (sc, sc, false) }
                } else if s.isKeyword(kw, .else), s.isChar(kw - 1, UInt8(ascii: "}")) {
                    // The else-branch of an `if`: the condition of the `if` whose then-branch ends before it.
                    let then = Int(s.scopeOf[kw - 1])
                    if then >= 0, s.scopes[then].close == kw - 1 {
                        let ifKw = s.scopes[then].statementKeyword
                        if ifKw >= 0, s.isKeyword(ifKw, .if),
                           isFlagCondition(s, from: ifKw + 1, to: s.scopes[then].open, parameters: parameters) { return (sc, then, true) }
                    }
                } else if s.isKeyword(kw, .else) {
                    // `guard … else {`: the statement keyword may be the `else`; find its `guard`.
                    var g = kw - 1
                    while g > body && !s.isKeyword(g, .guard) && !s.isChar(g, UInt8(ascii: "{")) && !s.isChar(g, UInt8(ascii: "}")) { g -= 1 }
                    if g > body, s.isKeyword(g, .guard), isFlagCondition(s, from: g + 1, to: scope.open, parameters: parameters) { return (sc, sc, false) }
                }
            }
            sc = scope.parent
        }
        return nil
    }

    /// Tokens `from..<to` (to: the body's `{`; a trailing `else` is skipped) are `p`, `!p`,
    /// `p == true|false` or `p != true|false` for a parameter `p`.
    static func isFlagCondition(_ s: FileStructure, from: Int, to: Int, parameters: Set<String>) -> Bool {
        var end = to
        if end - 1 >= from, s.isKeyword(end - 1, .else) { end -= 1 }
        return flagTest(s, from: from, to: end).map { parameters.contains($0.parameter) } ?? false
    }
}
