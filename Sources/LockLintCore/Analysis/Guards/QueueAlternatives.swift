/// A function called both inside a block sent to a queue and directly, as the two arms of one
/// choice in one function (`if onQueue { reset() } else { queue.async { reset() } }`, a `guard`
/// whose else sends it and returns, two cases of a `switch`): the author decided that where the
/// call is direct, the code already runs on that queue. The direct call is taken to run there.
/// Not a block sent for later (`queue.asyncAfter(deadline:) { next() }` against a direct
/// `next()`): that arm waits before it runs, so the choice is about when the call runs, and the
/// direct arm runs wherever its caller runs (a completion handler of other code, on a thread the
/// tool cannot see).
enum QueueAlternatives {
    /// The queue methods whose block runs as soon as the queue is free: a hop onto the queue.
    static let hopMethods: Set<String> = QueueReach.onQueueMethods.subtracting(["asyncAfter"])

    /// Regions holding the queue around such direct calls, from the file's block regions.
    static func regions(_ s: FileStructure, _ blocks: [GuardRegions.Region]) -> [GuardRegions.Region] {
        var out: [GuardRegions.Region] = []
        // Per function body: its direct calls (not in a closure) by name, worked out once.
        var directCalls: [Int: [String: [Int]]] = [:]
        for r in blocks {
            guard let held = r.held, held.kind.isExecutor, r.executable >= 0, s.scopes[r.executable].kind == .closure else { continue }
            let c = s.closures[s.scopes[r.executable].closure]
            guard c.callee >= 1, s.isChar(c.callee - 1, UInt8(ascii: ".")), Self.hopMethods.contains(s.text(c.callee)),
                  let exec = s.enclosingExecutable(of: c.callee) else { continue }
            var inBlock: [String: Int] = [:]
            for k in s.scopes[r.executable].interior where isDirectCall(s, k) && s.enclosingExecutable(of: k) == r.executable {
                if inBlock[s.text(k)] == nil { inBlock[s.text(k)] = k }
            }
            guard !inBlock.isEmpty else { continue }
            if directCalls[exec] == nil {
                var byName: [String: [Int]] = [:]
                for k in s.scopes[exec].interior where isDirectCall(s, k) && s.enclosingExecutable(of: k) == exec {
                    byName[s.text(k), default: []].append(k)
                }
                directCalls[exec] = byName
            }
            for name in inBlock.keys.sorted() {
                // (The block's side: from its call, outside the closure.)
                for d in directCalls[exec]?[name] ?? [] where alternatives(s, d, c.callee) {
                    let close = Int(s.match[d + 1])
                    guard close > d else { continue }
                    out.append(GuardRegions.Region(start: d - 1, end: close + 1, executable: exec, held: held, receiver: r.receiver,
                                                   writes: r.writes, definite: true, form: ""))
                }
            }
        }
        return out
    }

    /// The file's direct calls (see `isDirectCall`) by the name called, in order.
    static func directCalls(_ s: FileStructure) -> [String: [Int]] {
        var byName: [String: [Int]] = [:]
        for k in 0..<s.code.count where isDirectCall(s, k) { byName[s.text(k), default: []].append(k) }
        return byName
    }

    /// `f(…)`, `self.f(…)` or `self?.f(…)`: a call of a function of the type (or a free one).
    static func isDirectCall(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")), let first = s.text(k).first,
              first.isLowercase || first == "_" else { return false }
        guard s.isChar(k - 1, UInt8(ascii: ".")) else { return !s.isKeyword(k - 1, .func) }
        let r = s.isChar(k - 2, UInt8(ascii: "?")) ? k - 3 : k - 2
        return s.isKeyword(r, .self) && !s.isChar(r - 1, UInt8(ascii: "."))
    }

    /// Tokens `a` and `b` are the two arms of one choice: different branches of an if/else
    /// chain or different cases of a switch, or one in a `guard`'s else (or in an `if` that
    /// returns) and the other after it.
    static func alternatives(_ s: FileStructure, _ a: Int, _ b: Int) -> Bool {
        if HeldReach.exclusive(s, a, b) { return true }
        return leavesBefore(s, a, b) || leavesBefore(s, b, a)
    }

    /// `x` is in a block that leaves the function (a `guard`'s else, an `if` whose body returns)
    /// and `y` follows that block in the scope around it.
    static func leavesBefore(_ s: FileStructure, _ x: Int, _ y: Int) -> Bool {
        for sc in s.enclosingScopes(of: x) {
            let scope = s.scopes[sc]
            if scope.kind != .statement { if scope.kind == .closure || scope.kind == .functionBody { return false }; continue }
            let kw = scope.statementKeyword
            guard kw >= 0, y > scope.close, scope.parent >= 0 else { continue }
            let guardElse = s.isKeyword(kw, .else) && !s.isChar(kw - 1, UInt8(ascii: "}"))
            let returningIf = s.isKeyword(kw, .if) && !s.isKeyword(kw - 1, .else) && !s.isKeyword(scope.close + 1, .else)
                && scope.interior.contains { s.isKeyword($0, .return) && Int(s.scopeOf[$0]) == sc }
            guard guardElse || returningIf else { continue }
            return s.enclosingScopes(of: y).contains { $0 == scope.parent }
        }
        return false
    }
}
