/// Methods of a type that hand their closure parameter to one of the type's stored dispatch
/// queues (`func run(_ body: @escaping () -> Void) { queue.async(execute: body) }`, or
/// `queue.async { body() }`): the closures passed to such a method run as that queue's blocks.
/// A serial queue runs its blocks one at a time whether they were submitted with `sync` or
/// `async`, so it is a guard (the queue's executor) for the state they touch; a concurrent or
/// global queue is not; a queue handed in from outside may be either.
public enum QueueHandOffs {
    static let submitNames: Set<String> = ["async", "sync", "asyncAndWait"]

    /// What the queue behind a hand-off is.
    public enum Kind: String, Sendable {
        /// A serial queue the type makes itself.
        case serial = "s"
        /// A concurrent or global queue: its blocks overlap.
        case concurrent = "c"
        /// A queue handed in: the tool cannot tell.
        case unknown = "?"
    }

    /// The hand-off methods of type (or extension) `d`, as `method=kind` (see `Kind`), sorted.
    /// Every use of the closure parameter must be a submission to the same stored queue (a
    /// closure kept for later, called on the spot, or handed to other code is none).
    public static func methods(of d: Int, in s: FileStructure) -> [String] {
        var queues: [String: Decl] = [:]
        for m in s.children[d] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
            let v = s.decls[m]
            let named = v.typeAnnotation.contains { s.is($0, "DispatchQueue") } || v.initializer.contains { s.is($0, "DispatchQueue") }
            if named { queues[v.nameText] = v }
        }
        guard !queues.isEmpty else { return [] }
        var out = Set<String>()
        for m in s.children[d] {
            let f = s.decls[m]
            guard f.kind == .function, f.body >= 0, !f.isStaticMember else { continue }
            var params: [String] = []
            for name in f.parameterNames {
                if let range = s.parameterType(name, of: m), range.contains(where: { s.is($0, "->") }) { params.append(name) }
            }
            guard !params.isEmpty else { continue }
            var queue: String? = nil
            var other = false
            for k in s.scopes[f.body].interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: "."))
                && !s.isChar(k + 1, UInt8(ascii: ":")) && params.contains(s.text(k)) {
                // A `sync` submission runs the closure during the call: a lock-style wrapper,
                // known by `LockWrappers` (with its reader and barrier blocks).
                guard let (q, method) = submittedTo(s, k, body: f.body), method == "async", queues[q] != nil, queue == nil || queue == q else {
                    other = true
                    break
                }
                queue = q
            }
            guard !other, let q = queue, let v = queues[q] else { continue }
            var kind = kind(of: v, s)
            // Barrier blocks on a concurrent queue: a writer's hold of a reader-writer queue.
            if kind == .concurrent && s.scopes[f.body].interior.contains(where: { s.is($0, "barrier") }) { kind = .unknown }
            out.insert("\(f.nameText)=\(kind.rawValue)")
        }
        return out.sorted()
    }

    static func kind(of v: Decl, _ s: FileStructure) -> Kind {
        let values = ProjectIndex.queueValues(v, in: s)
        if values.contains(where: { r in r.contains { s.is($0, "concurrent") || s.is($0, "global") } }) { return .concurrent }
        if ProjectIndex.isSerialQueue(v, in: s) && GuardLogExtractor.madeByOwner(v, s) { return .serial }
        return .unknown
    }

    /// The stored queue (`q` or `self.q`), and the method, whose `async`/`sync` the closure parameter at `k` is
    /// submitted to: run in the block (`q.async { body() }`) or passed as the block, possibly
    /// wrapped in a work item (`q.async(execute: body)`, `q.async(execute: .init(block: body))`).
    static func submittedTo(_ s: FileStructure, _ k: Int, body: Int) -> (queue: String, method: String)? {
        // Inside a closure: the nearest closure must be the queue's block.
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                // (`async` lexes as a keyword: the token before the block names the method.)
                let c = s.closures[scope.closure]
                let callee = c.callee >= 0 ? c.callee : c.open - 1
                guard callee >= 1, submitNames.contains(s.text(callee)), s.isChar(callee - 1, UInt8(ascii: ".")) else { return nil }
                return receiver(s, dot: callee - 1).map { ($0, s.text(callee)) }
            }
            sc = scope.parent
        }
        // Passed as an argument: up to two enclosing calls (a work item's initializer, then the submission).
        guard s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")) else { return nil }
        var j = k - 1
        var levels = 0
        var steps = 0
        while j >= 0 && levels < 2 && steps < 48 {
            steps += 1
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                let open = Int(s.match[j])
                guard open >= 0 && open < j else { return nil }
                j = open - 1
                continue
            }
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) { return nil }
            if s.isChar(j, UInt8(ascii: "(")) {
                levels += 1
                let callee = j - 1
                if callee >= 1, submitNames.contains(s.text(callee)), s.isChar(callee - 1, UInt8(ascii: ".")) {
                    return receiver(s, dot: callee - 1).map { ($0, s.text(callee)) }
                }
            }
            j -= 1
        }
        return nil
    }

    /// `q` for `q.` or `self.q.` before the dot (nil for a longer chain or a call's result).
    static func receiver(_ s: FileStructure, dot: Int) -> String? {
        let r = LockRegions.receiverStart(s, dot: dot)
        guard r >= 0 else { return nil }
        let name = LockRegions.normalized(s.text(s.span(r, dot)))
        return name.isEmpty || name.contains(".") || name.contains("(") ? nil : name
    }
}
