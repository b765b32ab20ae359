/// Methods of a type that hand their closure parameter to one of the type's stored dispatch
/// queues (`func run(_ body: @escaping () -> Void) { queue.async(execute: body) }`, or
/// `queue.async { body() }`): the closures passed to such a method run as that queue's blocks.
/// A serial queue runs its blocks one at a time whether they were submitted with `sync` or
/// `async`, so it is a guard (the queue's executor) for the state they touch; a concurrent or
/// global queue is not; a queue handed in from outside may be either.
/// A stored Core Data context is such an executor too: its `perform { }` blocks run one at a
/// time on the context's own serial queue, whoever made the context
/// (`func write(_ body: @escaping (Ctx) -> Void) { context.perform { body(self.context) } }`).
/// (Its `performAndWait { }` runs the block during the call, like `sync`: a lock-style wrapper.)
public enum QueueHandOffs {
    static let submitNames: Set<String> = ["async", "sync", "asyncAndWait", "perform", "performAndWait"]
    /// The method of a managed object context that runs its block later, on its serial queue.
    static let contextSubmitNames: Set<String> = ["perform"]

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
        var contexts = Set<String>()
        for m in s.children[d] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
            let v = s.decls[m]
            let named = v.typeAnnotation.contains { s.is($0, "DispatchQueue") } || v.initializer.contains { s.is($0, "DispatchQueue") }
            if named { queues[v.nameText] = v }
            if isContext(v, s) {
                queues[v.nameText] = v
                contexts.insert(v.nameText)
            }
        }
        guard !queues.isEmpty else { return [] }
        // Each method with closure parameters: its hand-off (queue, kind), or nil when a closure
        // parameter is used otherwise; those that only pass their closures on to another
        // method of the type are settled after the direct ones.
        var closureMethods: [(decl: Int, params: [String])] = []
        var found: [Int: String] = [:]
        var delegating: [Int] = []
        for m in s.children[d] {
            let f = s.decls[m]
            guard f.kind == .function, f.body >= 0, !f.isStaticMember else { continue }
            var params: [String] = []
            for name in f.parameterNames {
                if let range = s.parameterType(name, of: m), range.contains(where: { s.is($0, "->") }) { params.append(name) }
            }
            guard !params.isEmpty else { continue }
            closureMethods.append((m, params))
            var queue: String? = nil
            var other = false
            var passedOn = false
            for k in uses(of: params, in: f, s) {
                // A `sync` submission runs the closure during the call: a lock-style wrapper,
                // known by `LockWrappers` (with its reader and barrier blocks); so is a context's
                // `performAndWait`.
                guard let (q, method) = submittedTo(s, k, body: f.body), queues[q] != nil,
                      contexts.contains(q) ? contextSubmitNames.contains(method) : method == "async", queue == nil || queue == q else {
                    if ownCallee(s, k, body: f.body) != nil { passedOn = true; continue }
                    other = true
                    break
                }
                queue = q
            }
            if other { continue }
            if passedOn { delegating.append(m); continue }
            guard let q = queue, let v = queues[q] else { continue }
            var kind = contexts.contains(q) ? .serial : kind(of: v, s)
            // Barrier blocks on a concurrent queue: a writer's hold of a reader-writer queue.
            if kind == .concurrent && s.scopes[f.body].interior.contains(where: { s.is($0, "barrier") }) { kind = .unknown }
            found[m] = kind.rawValue
        }
        guard !found.isEmpty else { return [] }
        // A method that only hands its closures to hand-off methods of the type (an overload
        // that fills in a default, `write(body, completion: { _ in })`), or submits them too,
        // runs them there: worked out to a fixed point over the type's methods.
        var byName: [String: Set<String>] = [:]
        for (m, kind) in found { byName[s.decls[m].nameText, default: []].insert(kind) }
        var changed = true
        var rounds = 0
        while changed && rounds < 4 {
            changed = false
            rounds += 1
            for m in delegating where found[m] == nil {
                let f = s.decls[m]
                var kinds = Set<String>()
                var ok = true
                for k in uses(of: closureMethods.first { $0.decl == m }?.params ?? [], in: f, s) {
                    if let (q, method) = submittedTo(s, k, body: f.body), queues[q] != nil,
                       contexts.contains(q) ? contextSubmitNames.contains(method) : method == "async" {
                        kinds.insert(contexts.contains(q) ? Kind.serial.rawValue : kind(of: queues[q]!, s).rawValue)
                    } else if let callee = ownCallee(s, k, body: f.body), let known = byName[callee] {
                        kinds.formUnion(known)
                    } else {
                        ok = false
                        break
                    }
                }
                guard ok, kinds.count == 1, let kind = kinds.first else { continue }
                found[m] = kind
                byName[f.nameText, default: []].insert(kind)
                changed = true
            }
        }
        // One name, many overloads: a call is told apart by its name only, so an overload that
        // runs its closure elsewhere leaves the name undecided.
        var out = Set<String>()
        for (name, kinds) in byName {
            let settled = closureMethods.allSatisfy { s.decls[$0.decl].nameText != name || found[$0.decl] != nil }
            out.insert("\(name)=\(settled && kinds.count == 1 ? kinds.first! : Kind.unknown.rawValue)")
        }
        return out.sorted()
    }

    /// The uses of the closure parameters `params` in method `f`'s body (not as a member or a label).
    static func uses(of params: [String], in f: Decl, _ s: FileStructure) -> [Int] {
        s.scopes[f.body].interior.filter { k in
            s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: ".")) && !s.isChar(k + 1, UInt8(ascii: ":")) && params.contains(s.text(k))
        }
    }

    /// A stored Core Data context: declared `NSManagedObjectContext` (a `lazy var` made by a
    /// closure included), or made by its initializer.
    static func isContext(_ v: Decl, _ s: FileStructure) -> Bool {
        v.typeAnnotation.contains { s.is($0, "NSManagedObjectContext") }
            || (v.initializer.first.map { s.is($0, "NSManagedObjectContext") && s.isChar($0 + 1, UInt8(ascii: "(")) } ?? false)
    }

    /// The method of the type itself (called bare or on `self`) that the closure parameter at
    /// `k` is handed to as an argument (`write(body, completion: …)`), or called in the trailing
    /// closure of (`write { s in body(s) }`); nil for anything else.
    static func ownCallee(_ s: FileStructure, _ k: Int, body: Int) -> String? {
        func own(_ callee: Int, receiverStart: Int) -> String? {
            guard callee >= 0, s.code[callee].kind == .identifier else { return nil }
            let bare = receiverStart < 0 ? !s.isChar(callee - 1, UInt8(ascii: ".")) : false
            let onSelf = s.isChar(callee - 1, UInt8(ascii: ".")) && s.isKeyword(callee - 2, .self)
            return bare || onSelf ? s.text(callee) : nil
        }
        // An argument: `(body)`, `(body, …)`, `(…, label: body)` of a call on the same line of code.
        if s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")) {
            var j = k - 1
            if s.isChar(j, UInt8(ascii: ":")) { j -= 2 }
            var steps = 0
            while j >= 0 && steps < 64 && !s.isChar(j, UInt8(ascii: "(")) {
                steps += 1
                if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) { return nil }
                if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                    let m = Int(s.match[j])
                    guard m >= 0 && m < j else { return nil }
                    j = m
                }
                j -= 1
            }
            guard j >= 1, s.isChar(j, UInt8(ascii: "(")) else { return nil }
            return own(j - 1, receiverStart: -1)
        }
        // Called in a closure: the nearest closure must be the trailing closure of such a method.
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                return c.receiverStart >= 0 && !(c.receiverStart == c.callee - 2 && s.isKeyword(c.receiverStart, .self)) ? nil
                    : own(c.callee, receiverStart: -1)
            }
            sc = scope.parent
        }
        return nil
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
