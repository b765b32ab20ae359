/// Blocking waits and what wakes them: whether a `wait(timeout:)` can block at all, and where
/// the code that signals a semaphore (or leaves a group) runs, so a rule can tell a wait that may
/// wait for its own thread from one whose waker runs elsewhere.
public enum Waits {
    /// Where code runs, as far as a blocked thread is concerned.
    public enum Runner: Equatable, Sendable {
        /// The cooperative pool: async code that is not on the main actor.
        case pool
        /// The main thread: main-actor code, a block sent to the main queue.
        case main
        /// A thread of its own or a dispatch queue other than main: neither of the two above.
        case elsewhere
        /// A callback or function whose caller the tool cannot see.
        case unknown
    }

    /// `wait(timeout: .now())` (or `DispatchTime.now()`, `wallTimeout: .now()`), the `(` at `open`:
    /// a poll that returns at once and never blocks.
    public static func isPoll(_ s: FileStructure, open: Int) -> Bool {
        guard s.isChar(open, UInt8(ascii: "(")), s.is(open + 1, "timeout") || s.is(open + 1, "wallTimeout"),
              s.isChar(open + 2, UInt8(ascii: ":")) else { return false }
        let close = Int(s.match[open])
        guard close > open else { return false }
        var k = open + 3
        if s.is(k, "DispatchTime") || s.is(k, "DispatchWallTime") { k += 1 }
        return s.isChar(k, UInt8(ascii: ".")) && s.is(k + 1, "now") && s.isChar(k + 2, UInt8(ascii: "("))
            && s.isChar(k + 3, UInt8(ascii: ")")) && k + 4 == close
    }

    /// `name.wait(timeout: …)` with a deadline that is neither `.distantFuture` nor `.now()`: a
    /// wait that ends on its own.
    public static func isBounded(_ s: FileStructure, open: Int) -> Bool {
        guard s.isChar(open, UInt8(ascii: "(")), s.is(open + 1, "timeout") || s.is(open + 1, "wallTimeout"),
              s.isChar(open + 2, UInt8(ascii: ":")) else { return false }
        let close = Int(s.match[open])
        guard close > open else { return false }
        return !s.span(open + 3, close).contains { s.is($0, "distantFuture") }
    }

    /// The calls `name.method()` in `range` (`signal`, `leave`, `wait`), by receiver name: one
    /// pass over the range.
    public static func calls(_ s: FileStructure, _ method: StaticString, in range: Range<Int>) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for k in range where s.code[k].kind == .identifier && s.is(k, method) && s.isChar(k - 1, UInt8(ascii: ".")) && s.isChar(k + 1, UInt8(ascii: "(")) {
            var r = k - 2
            if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier else { continue }
            out[s.text(r), default: []].append(k)
        }
        return out
    }

    /// The tokens of `sorted` (ascending) that lie in `range`, found by binary search.
    public static func within(_ sorted: [Int], _ range: Range<Int>) -> ArraySlice<Int> {
        func firstIndex(atLeast x: Int) -> Int {
            var lo = 0
            var hi = sorted.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sorted[mid] < x { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        return sorted[firstIndex(atLeast: range.lowerBound)..<firstIndex(atLeast: range.upperBound)]
    }

    /// Where the code at token `i` runs: async code on the pool or the main actor, a block sent
    /// to the main queue, a block sent to another queue or a thread's block, and otherwise
    /// (a callback, a synchronous function) unknown, unless its declaration is main-actor code.
    public static func runner(_ s: FileStructure, at i: Int, context: RuleContext) -> Runner {
        if let o = AsyncContext.origin(s, at: i) {
            return AsyncContext.mainActor(o, in: s, context: context) != nil ? .main : .pool
        }
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                guard c.callee >= 0 else { return .unknown }
                let callee = s.text(c.callee)
                if AsyncContext.inlineCallees.contains(callee) || callee == "sync" || callee == "asyncAndWait" { continue }
                if callee == "Thread" || callee == "detachNewThread" || callee == "concurrentPerform" { return .elsewhere }
                if callee == "async" || callee == "asyncAfter", s.isChar(c.callee - 1, UInt8(ascii: ".")) {
                    let r = LockRegions.receiverStart(s, dot: c.callee - 1)
                    let receiver = r >= 0 ? LockRegions.normalized(s.text(s.span(r, c.callee - 1))) : ""
                    if receiver == "DispatchQueue.main" { return .main }
                    // A dispatch queue's block (a queue the code names, or a global one).
                    if receiver.hasPrefix("DispatchQueue.global") || receiver.lowercased().hasSuffix("queue") || isQueue(s, receiver, at: c.callee) {
                        return .elsewhere
                    }
                }
                return .unknown
            case .functionBody, .accessorBlock:
                let d = scope.decl
                guard d >= 0 else { continue }
                if s.decls[d].kind.isFunctionLike || s.decls[d].isComputed {
                    return AsyncContext.mainActor(ofDecl: d, in: s, context: context) != nil ? .main : .unknown
                }
            default:
                continue
            }
        }
        return .unknown
    }

    /// A receiver declared in the file as a `DispatchQueue`.
    static func isQueue(_ s: FileStructure, _ receiver: String, at k: Int) -> Bool {
        var name = receiver
        if name.hasPrefix("self.") { name.removeFirst(5) }
        guard !name.contains(".") else { return false }
        switch s.lookupVariable(name, at: k, memberOnly: receiver.hasPrefix("self.")) {
        case .variable(let d):
            let v = s.decls[d]
            return (Array(v.typeAnnotation) + Array(v.initializer)).contains { s.is($0, "DispatchQueue") }
        case .parameter(let f):
            return s.parameterType(name, of: f)?.contains { s.is($0, "DispatchQueue") } ?? false
        case .unknown:
            return false
        }
    }
}
