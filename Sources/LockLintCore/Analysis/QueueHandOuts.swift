/// Where a type hands one of its queues to other code that runs callbacks on it (an argument
/// labelled like a callback queue, an OperationQueue's `underlyingQueue`, a queue returned to
/// callers), the objects it hands it to, and, when every such object is in sight, the closures
/// and members that run on the queue as their callbacks.
public enum QueueHandOuts {
    /// Argument labels (and the `OperationQueue` property) that hand a queue to other code to call back on.
    static let callbackQueueLabels: Set<String> = [
        "delegateQueue", "queue", "callbackQueue", "completionQueue", "handlerQueue", "eventQueue", "responseQueue",
        "underlyingQueue",
    ]

    /// Where the type hands a queue out: the token of the queue there, and the object that runs
    /// callbacks on it when the code shows it (`listener.start(queue: q)`, `let timer =
    /// DispatchSource.makeTimerSource(queue: q)`), nil when it cannot (a queue returned to other
    /// code, an OperationQueue's `underlyingQueue`, `self` handed over too, as a delegate).
    public struct HandOut {
        public var token: Int
        public var object: String?
        /// The statement that hands it out (its closures are callbacks of the object).
        public var statement: Range<Int>
    }

    /// Where the type declaring queue property `q` hands it to other code to run callbacks on: an
    /// argument labelled like a callback queue to a function not declared in this file (nor an
    /// initializer of an actor or class of the run), an
    /// `underlyingQueue =` assignment, or a `return` of the queue from a method or computed property
    /// that is not private.
    /// With `units`, the bodies of those (the type's declaration and its extensions in this
    /// file) are read instead of the declaration's alone.
    public static func handOuts(_ context: RuleContext, queue q: Int, units: [Int]? = nil) -> [HandOut] {
        let s = context.structure
        let d = s.decls[q]
        guard d.parent >= 0, s.decls[d.parent].kind.isType, s.decls[d.parent].body >= 0, !d.isStaticMember else { return [] }
        var out: [HandOut] = []
        for u in units ?? [d.parent] where s.decls[u].body >= 0 {
            handOuts(context, queue: d, body: s.scopes[s.decls[u].body], into: &out)
        }
        return out
    }

    static func handOuts(_ context: RuleContext, queue d: Decl, body: Scope, into out: inout [HandOut]) {
        let s = context.structure
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: d.nameText) {
            guard out.count < 16 else { break }
            let qualified = s.isChar(k - 1, UInt8(ascii: "."))
            if qualified && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
            // The queue itself, not a member of it.
            if s.isChar(k + 1, UInt8(ascii: ".")) || s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "[")) { continue }
            let before = qualified ? k - 3 : k - 1
            // Returned from a method or computed property other code can call (`return queue`, or a
            // body that is just the queue).
            let sc = Int(s.scopeOf[k])
            let wholeBody = sc >= 0 && s.scopes[sc].kind != .closure && s.scopes[sc].open == (qualified ? k - 3 : k - 1) && s.scopes[sc].close == k + 1
            if (s.isKeyword(before, .return) && s.enclosingClosure(of: k) == nil) || wholeBody {
                if let f = s.enclosingFunction(of: k), !QueueReach.isPrivate(s, f) { out.append(HandOut(token: k, object: nil, statement: k..<k + 1)) }
                continue
            }
            if s.isChar(before, UInt8(ascii: "=")) && s.is(before - 1, "underlyingQueue") {
                out.append(HandOut(token: k, object: nil, statement: k..<k + 1))
                continue
            }
            guard s.isChar(before, UInt8(ascii: ":")), before - 1 >= 0, s.code[before - 1].isWord,
                  Self.callbackQueueLabels.contains(s.text(before - 1)),
                  s.isChar(k + 1, UInt8(ascii: ",")) || s.isChar(k + 1, UInt8(ascii: ")")) else { continue }
            // The call's callee: not a function of this file (those are read like any other code).
            var j = before - 2
            var steps = 0
            while j > body.open && steps < 200 {
                if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                    let m = Int(s.match[j])
                    if m >= 0 && m < j { j = m - 1; steps += 1; continue }
                }
                if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) { break }
                j -= 1
                steps += 1
            }
            guard s.isChar(j, UInt8(ascii: "(")), j - 1 > body.open, s.code[j - 1].isWord else { continue }
            let callee = s.text(j - 1)
            if !s.functionDecls(named: callee).isEmpty || s.is(j - 1, "init") || s.is(j - 1, "DispatchQueue") { continue }
            // A type of the run (an actor using the queue as its executor, a class of the project):
            // the project's own code, not a framework calling back.
            if context.isActor(callee) || context.classFacts(callee) != nil { continue }
            out.append(handOutObject(s, token: k, callee: j - 1, open: j, limit: body.close))
        }
    }

    /// The object a queue is handed to at the call whose callee is at `callee`: the receiver of
    /// `object.start(queue: q)`, or the variable a creation is assigned to (`let timer =
    /// DispatchSource.makeTimerSource(queue: q)`). None when `self` is an argument of the call (a
    /// delegate: the type's own methods are the callbacks) or the object is not named.
    static func handOutObject(_ s: FileStructure, token k: Int, callee: Int, open: Int, limit: Int) -> HandOut {
        let close = Int(s.match[open])
        let end = s.statementEnd(from: max(close, open), limit: limit)
        var start = callee
        if s.isChar(callee - 1, UInt8(ascii: ".")) { start = LockRegions.receiverStart(s, dot: callee - 1) }
        let statement = max(0, start)..<end
        guard start >= 0, close > open,
              !s.span(open + 1, close).contains(where: { s.isKeyword($0, .self) && !s.isChar($0 + 1, UInt8(ascii: ".")) && !s.isChar($0 + 1, UInt8(ascii: "?")) })
        else { return HandOut(token: k, object: nil, statement: statement) }
        var object: String? = nil
        if start < callee {
            // `object.method(queue: q)`, unless the receiver is a type (`DispatchSource.make…`).
            let receiver = LockRegions.normalized(s.text(s.span(start, callee - 1)))
            var plain = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
            while plain.last == "?" || plain.last == "!" { plain.removeLast() }
            if let first = plain.first, first.isLowercase, !plain.contains("(") { object = plain }
        }
        if object == nil {
            // `let x = …(queue: q)`, `x = …`, `self.x = …`
            let eq = start - 1
            if eq >= 1 && s.isChar(eq, UInt8(ascii: "=")) && s.code[eq - 1].kind == .identifier { object = s.text(eq - 1) }
        }
        return HandOut(token: k, object: object, statement: statement)
    }

    /// What runs on a handed-out queue when every hand-out names its object: the closures handed
    /// to those objects (in statements on them, or in the hand-out itself), and the members those
    /// closures call, followed through the type's members. Nil when some object also gets `self`
    /// (a delegate) or a hand-out names no object: then the callbacks are not all visible.
    public struct Callbacks {
        /// Closures that run on the queue: the `{` of each, and its range.
        public var closures: [(open: Int, range: Range<Int>)] = []
        /// For each closure, the token of the object named by the statement it is in (`conn` in
        /// `conn.stateUpdateHandler = { }`), or -1 for a closure in the hand-out itself.
        public var objects: [Int] = []
        /// Members reached from them, with the callback closure that reaches each.
        public var members: [Int: Int] = [:]
    }

    /// What the callback questions need from the whole file, worked out once: the names used as
    /// receivers (`x.`, `x?.`) with their tokens, and the uses of the file's private functions.
    public struct CallbackIndex {
        var receivers: [String: [Int]]? = nil
        var privateUses: [String: [Int]]? = nil

        public init() {}

        mutating func build(_ s: FileStructure) {
            guard receivers == nil else { return }
            var out: [String: [Int]] = [:]
            for k in 0..<s.code.count where s.code[k].kind == .identifier
                && (s.isChar(k + 1, UInt8(ascii: ".")) || ((s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!"))) && s.isChar(k + 2, UInt8(ascii: ".")))) {
                // On its own or on `self`, not a member of something else.
                if s.isChar(k - 1, UInt8(ascii: ".")) && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
                out[s.text(k), default: []].append(k)
            }
            receivers = out
            privateUses = s.privateFunctionUses()
        }
    }

    public static func callbacks(_ s: FileStructure, of handOuts: [HandOut], type t: Int, index: inout CallbackIndex) -> Callbacks? {
        index.build(s)
        var objects = Set<String>()
        for h in handOuts {
            guard let o = h.object, let names = namesOf(s, object: o, at: h.token, uses: index.privateUses ?? [:]) else { return nil }
            objects.formUnion(names)
        }
        guard s.decls[t].body >= 0 else { return nil }
        var statements = handOuts.map(\.statement)
        var objectTokens = handOuts.map { _ in -1 }
        // Statements on the objects anywhere in the file (a name used for another object too only
        // adds callbacks): `timer.setEventHandler { }`, `listener.stateUpdateHandler = { }`.
        for o in objects {
            for k in index.receivers?[o] ?? [] {
                guard statements.count < 64 else { return nil }
                let sc = Int(s.scopeOf[k])
                statements.append(k..<s.statementEnd(from: k, limit: sc >= 0 ? s.scopes[sc].close : s.code.count))
                objectTokens.append(k)
            }
        }
        var out = Callbacks()
        var memberCallbacks: [(decl: Int, via: Int)] = []
        let members = Dictionary(grouping: QueueReach.collectMembers(s.decls[t].nameText, s), by: \.name)
        let memberNames = NameSet(Set(members.keys))
        for (r, object) in zip(statements, objectTokens) {
            var k = r.lowerBound
            while k < r.upperBound {
                if s.isChar(k, UInt8(ascii: "{")) {
                    let m = Int(s.match[k])
                    if m > k {
                        out.closures.append((k, k..<m + 1))
                        out.objects.append(object)
                        k = m + 1
                        continue
                    }
                }
                // `self` handed over (a delegate): its methods are callbacks the tool cannot list.
                if s.isKeyword(k, .self) && !s.isChar(k + 1, UInt8(ascii: ".")) && !s.isChar(k + 1, UInt8(ascii: "?")) { return nil }
                // A method handed over by name: `handler = self.tick`, `= tick`.
                if s.code[k].kind == .identifier && !s.isChar(k + 1, UInt8(ascii: "(")) && memberNames.contains(s, k),
                   let m = members[s.text(k)]?.first(where: { !$0.isProperty }) {
                    memberCallbacks.append((m.decl, k))
                }
                k += 1
            }
        }
        // Members reached from the callbacks, breadth first: any call of a member's name counts.
        var queue: [(decl: Int, via: Int)] = memberCallbacks
        for c in out.closures { queue += calledMembers(s, in: c.range, members, memberNames).map { ($0, c.open) } }
        var next = 0
        while next < queue.count && next < 512 {
            let (d, via) = queue[next]
            next += 1
            guard out.members[d] == nil else { continue }
            out.members[d] = via
            if s.decls[d].body >= 0 {
                queue += calledMembers(s, in: s.scopes[s.decls[d].body].interior, members, memberNames).map { ($0, via) }
            }
        }
        return out
    }

    /// The closures that run on a serial queue of one of the classes named because the class hands
    /// the queue to an object and gives that object those closures (`conn.stateUpdateHandler = { }`
    /// with `conn.start(queue: q)`, `timer.setEventHandler { }` on a timer made with `queue: q`):
    /// regions that hold the queue, as its own blocks do. Only where the run shows it: every
    /// hand-out of the queue names its object and every name that object goes by is in sight
    /// (see `callbacks`); a queue also handed out another way (returned, given together with
    /// `self` as a delegate) gives none, and the closures stay ones the tool cannot place.
    /// With them, the tokens of those hand-outs.
    public static func callbackRegions(_ context: RuleContext, types names: Set<String>) -> (regions: [GuardRegions.Region], handOuts: Set<Int>) {
        let s = context.structure
        guard !names.isEmpty, s.identifiers.mayContainAny(Array(callbackQueueLabels)) else { return ([], []) }
        var out: [GuardRegions.Region] = []
        var tokens = Set<Int>()
        var index = CallbackIndex()
        var extensions: [String: [Int]] = [:]
        for e in s.decls.indices where s.decls[e].kind == .extension && s.decls[e].body >= 0 && names.contains(s.decls[e].nameText) {
            extensions[s.decls[e].nameText, default: []].append(e)
        }
        for t in s.decls.indices where s.decls[t].kind == .class && s.decls[t].body >= 0 && names.contains(s.decls[t].nameText) {
            // The class and its extensions in this file (the hand-out may sit in either).
            let units = [t] + (extensions[s.decls[t].nameText] ?? [])
            for q in s.children[t] {
                let d = s.decls[q]
                guard d.kind == .variable, !d.isStaticMember, !d.isComputed, ProjectIndex.isSerialQueue(d, in: s) else { continue }
                let hs = handOuts(context, queue: q, units: units)
                guard !hs.isEmpty, hs.count < 16, let known = callbacks(s, of: hs, type: t, index: &index) else { continue }
                tokens.formUnion(hs.map(\.token))
                for (c, object) in zip(known.closures, known.objects) {
                    // The object as named there is the one handed the queue: a property of the
                    // class, or a local or parameter of a function that hands the queue out
                    // (another object of the same name elsewhere is not).
                    if object >= 0 {
                        switch s.lookupVariable(s.text(object), at: object) {
                        case .variable(let v) where s.decls[v].parent == t:
                            break
                        case .variable(let v):
                            let f = s.decls[v].parent
                            guard f >= 0, s.decls[f].kind.isFunctionLike, s.decls[f].body >= 0,
                                  hs.contains(where: { s.scopes[s.decls[f].body].interior.contains($0.token) }) else { continue }
                        case .parameter(let f):
                            guard s.decls[f].body >= 0, hs.contains(where: { s.scopes[s.decls[f].body].interior.contains($0.token) }) else { continue }
                        case .unknown:
                            continue
                        }
                    }
                    // A closure's body (not an `if`'s or a loop's that a statement on the object opens).
                    guard let sc = s.enclosingScopes(of: c.open + 1).first(where: { s.scopes[$0].open == c.open }),
                          s.scopes[sc].kind == .closure, s.scopes[sc].closure >= 0 else { continue }
                    let closure = s.closures[s.scopes[sc].closure]
                    out.append(GuardRegions.Region(start: closure.open, end: closure.close, executable: closure.scope,
                                                   held: HeldGuard(d.nameText, .serialQueue), receiver: d.nameText, writes: true,
                                                   definite: true, form: ""))
                }
            }
        }
        // A closure two queues claim runs on one of them only: the tool cannot tell which.
        let claims = Dictionary(grouping: out, by: \.start)
        return (out.filter { r in Set((claims[r.start] ?? []).compactMap { $0.held?.name }).count == 1 }, tokens)
    }

    /// The names under which the object a queue is handed to (`object`, named at token `at`) can
    /// be given callbacks, when all of them are in this file: a local that goes nowhere but into
    /// private properties (those join it), a private property, or a parameter of a private function
    /// (the names its callers pass join it). Nil when code elsewhere may hold it: a property other
    /// files can reach, a local that escapes (returned, passed on), a parameter of a function
    /// others can call.
    static func namesOf(_ s: FileStructure, object o: String, at k: Int, uses: [String: [Int]], depth: Int = 0,
                        visiting: Set<String> = [], memberOnly: Bool = false) -> Set<String>? {
        // A name already being followed (`a = b` and `x = a` in one function) adds nothing.
        if visiting.contains(o) && !memberOnly { return [o] }
        guard depth < 3 else { return nil }
        let visiting = visiting.union([o])
        switch s.lookupVariable(o, at: k, memberOnly: memberOnly) {
        case .variable(let d):
            let v = s.decls[d]
            if v.parent >= 0 && s.decls[v.parent].kind.isType {
                return v.modifiers.contains(.private) || v.modifiers.contains(.fileprivate) ? [o] : nil
            }
            guard v.parent >= 0, s.decls[v.parent].kind.isFunctionLike, s.decls[v.parent].body >= 0 else { return nil }
            var names: Set<String> = [o]
            // (Only after its declaration: the name before it is another variable, such as the
            // property the local is later stored in: `guard listener == nil`, then `let listener = …`.)
            for u in s.scopes[s.decls[v.parent].body].interior where u > v.name && s.code[u].kind == .identifier && s.is(u, text: o) {
                if s.isChar(u + 1, UInt8(ascii: ".")) || s.isChar(u + 2, UInt8(ascii: ".")) && (s.isChar(u + 1, UInt8(ascii: "?")) || s.isChar(u + 1, UInt8(ascii: "!"))) { continue }
                if s.isChar(u - 1, UInt8(ascii: ".")) { continue }  // a member of something else
                // `o = nil`, or `o = other` with `other` a name of this function's: the object
                // reaches `o` from there, and whatever `other` goes into joins it.
                if s.isChar(u + 1, UInt8(ascii: "=")), s.startsStatementAfter(u + 2) {
                    if s.isKeyword(u + 2, .nil) { continue }
                    if s.code[u + 2].kind == .identifier, case .variable(let src) = s.lookupVariable(s.text(u + 2), at: u + 2),
                       s.decls[src].parent == v.parent, let joined = namesOf(s, object: s.text(u + 2), at: u + 2, uses: uses, depth: depth + 1, visiting: visiting) {
                        names.formUnion(joined)
                        continue
                    }
                    return nil
                }
                // `property = o`, `self.property = o`: a private property of the type keeps it.
                // (`self.property` is the property even where a local has its name.)
                guard s.isChar(u - 1, UInt8(ascii: "=")), s.startsStatementAfter(u), u >= 2, s.code[u - 2].kind == .identifier,
                      let kept = namesOf(s, object: s.text(u - 2), at: u - 2, uses: uses, depth: depth + 1, visiting: visiting,
                                         memberOnly: s.isChar(u - 3, UInt8(ascii: ".")) && s.isKeyword(u - 4, .self)) else { return nil }
                names.formUnion(kept)
            }
            return names
        case .parameter(let f):
            let fn = s.decls[f]
            guard fn.kind == .function, fn.modifiers.contains(.private) || fn.modifiers.contains(.fileprivate) else { return nil }
            var names: Set<String> = [o]
            for call in uses[fn.nameText] ?? [] where call != fn.name {
                guard s.isChar(call + 1, UInt8(ascii: "(")) else { return nil }
                let close = Int(s.match[call + 1])
                guard close > call + 1 else { return nil }
                // The names the callers pass (every plain name among the arguments).
                for a in s.span(call + 2, close) where s.code[a].kind == .identifier && !s.isChar(a + 1, UInt8(ascii: ":")) && !s.isChar(a - 1, UInt8(ascii: ".")) {
                    names.insert(s.text(a))
                }
            }
            return names
        case .unknown:
            return nil
        }
    }

    /// The members whose name is called (or, for computed properties, read) in `range`.
    static func calledMembers(_ s: FileStructure, in range: Range<Int>, _ members: [String: [SelfCalls.Member]], _ names: NameSet) -> [Int] {
        var out: [Int] = []
        for k in range where s.code[k].kind == .identifier && names.contains(s, k) {
            for m in members[s.text(k)] ?? [] where m.isProperty || s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) {
                out.append(m.decl)
            }
        }
        return out
    }
}
