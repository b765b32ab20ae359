/// Check-then-act across an `await` in one actor method (or a `Task` it starts): the state an
/// actor method reads to decide, the suspension points after it, and the writes that act on the
/// decision without checking again. Read by `actor_reentrancy`, which words what it finds.
public enum ActorStateFlow {
    /// What the methods of an actor (its declaration and extensions in this file) assign.
    public struct ActorMethods {
        /// Synchronous methods that assign properties without deciding on them: calling one is a write.
        public var setters: [String: Set<String>] = [:]
        /// For each property, the methods that assign it.
        public var assigners: [String: [String]] = [:]
        /// Synchronous methods: `await self.f()` on one of them does not suspend.
        public var synchronous: Set<String> = []
        /// Async methods that write a property after one of their own suspensions without reading
        /// it before (`func load() async { let x = await fetch(); cache[k] = x }`): calling one acts on
        /// whatever the caller decided. Method → property → where it suspends and where it writes.
        public var suspendingSetters: [String: [String: HelperWrite]] = [:]
        /// Synchronous methods that read properties (`nextWorker()` reading `workers`): a call of
        /// one after an await looks at the current state again.
        public var readers: [String: Set<String>] = [:]
        /// Setter methods that assign a property only the literal `true` or `false` (a flag).
        public var flagSetters: [String: Set<String>] = [:]
        public init() {}
    }

    /// In a helper method: the suspension, then the write of a property that follows it.
    public struct HelperWrite: Sendable, Equatable {
        public var await: Int
        public var write: Int
    }

    public static func actorMethods(_ s: FileStructure, named name: String, properties: Set<String>) -> ActorMethods {
        var out = ActorMethods()
        out.synchronous = nonSuspendingMembers(s, named: name)
        for t in s.typeDecls(named: name) where s.decls[t].body >= 0 && (s.decls[t].kind == .actor || s.decls[t].kind == .extension) {
            for m in s.children[t] {
                let d = s.decls[m]
                guard d.kind == .function, d.body >= 0, !d.isStaticMember, !d.nameText.isEmpty,
                      !d.modifiers.contains(.nonisolated), !d.modifiers.contains(.nonisolatedUnsafe) else { continue }
                let uses = MethodAnalysis(s, method: m, properties: properties).propertyUses()
                let (written, decided) = (uses.written, uses.decided)
                for p in written.sorted() { out.assigners[p, default: []].append(d.nameText) }
                let plain = written.subtracting(decided)
                if !d.isAsync && !plain.isEmpty {
                    out.setters[d.nameText, default: []].formUnion(plain)
                    let flags = plain.intersection(uses.flagWritten)
                    if !flags.isEmpty { out.flagSetters[d.nameText, default: []].formUnion(flags) }
                }
                if !d.isAsync && !uses.read.isEmpty { out.readers[d.nameText, default: []].formUnion(uses.read) }
            }
        }
        // Async helpers that suspend and then write; a helper that awaits such a helper is one too
        // (a few rounds: a wrapper around a wrapper).
        var asyncMethods: [Int] = []
        for t in s.typeDecls(named: name) where s.decls[t].body >= 0 && (s.decls[t].kind == .actor || s.decls[t].kind == .extension) {
            for m in s.children[t] where s.decls[m].kind == .function && s.decls[m].isAsync && s.decls[m].body >= 0 && !s.decls[m].isStaticMember
                && !s.decls[m].nameText.isEmpty && !s.decls[m].modifiers.contains(.nonisolated) && !s.hasGlobalActor(s.decls[m]) {
                asyncMethods.append(m)
            }
        }
        for _ in 0..<3 {
            var changed = false
            for m in asyncMethods {
                let found = MethodAnalysis(s, method: m, properties: properties, synchronous: out.synchronous)
                    .writesAfterSuspension(helpers: out.suspendingSetters)
                let name = s.decls[m].nameText
                if !found.isEmpty && out.suspendingSetters[name] != found {
                    // Overloads of one name: what any of them does.
                    out.suspendingSetters[name, default: [:]].merge(found) { a, _ in a }
                    changed = true
                }
            }
            if !changed { break }
        }
        return out
    }

    /// The members of actor `name` (its declaration and extensions in this file) that a call from
    /// the actor runs without suspending: its synchronous methods, and its async methods whose
    /// body awaits nothing but calls of such members (async only by signature: `func f() async
    /// -> Bool { true }`). Decided by what each body awaits, through same-actor callees, memoised;
    /// a cycle, a callee declared elsewhere or any other await may suspend. `nonisolated`, static
    /// and global-actor methods leave the actor, so they are none of these.
    public static func nonSuspendingMembers(_ s: FileStructure, named name: String) -> Set<String> {
        var synchronous: Set<String> = []
        var asyncBodies: [String: [Int]] = [:]
        var leaves: Set<String> = []
        for t in s.typeDecls(named: name) where s.decls[t].body >= 0 && (s.decls[t].kind == .actor || s.decls[t].kind == .extension) {
            for m in s.children[t] where s.decls[m].kind == .function && !s.decls[m].nameText.isEmpty {
                let d = s.decls[m]
                if d.isStaticMember || d.modifiers.contains(.nonisolated) || d.modifiers.contains(.nonisolatedUnsafe) || s.hasGlobalActor(d) {
                    leaves.insert(d.nameText)
                } else if !d.isAsync {
                    if d.body >= 0 { synchronous.insert(d.nameText) }
                } else if d.body >= 0 {
                    asyncBodies[d.nameText, default: []].append(m)
                } else {
                    leaves.insert(d.nameText)
                }
            }
        }
        // What each async method awaits: the same-actor callee names, or nil when it awaits
        // anything else (another object, a continuation, a sequence, a task).
        var callees: [String: Set<String>?] = [:]
        for (n, methods) in asyncBodies where !leaves.contains(n) && !synchronous.contains(n) {
            var names: Set<String>? = []
            for m in methods {
                let analysis = MethodAnalysis(s, method: m, properties: [])
                for aw in analysis.regionTokens().awaits {
                    guard let callee = analysis.awaitedMember(aw) else { names = nil; break }
                    names?.insert(callee)
                }
                if names == nil { break }
            }
            callees[n] = names
        }
        var memo: [String: Bool] = [:]
        var visiting: Set<String> = []
        func runsThrough(_ n: String) -> Bool {
            if synchronous.contains(n) && asyncBodies[n] == nil && !leaves.contains(n) { return true }
            if let known = memo[n] { return known }
            guard let entry = callees[n], let names = entry, !visiting.contains(n) else { return false }
            visiting.insert(n)
            let result = names.allSatisfy { runsThrough($0) }
            visiting.remove(n)
            memo[n] = result
            return result
        }
        var out = synchronous
        for n in asyncBodies.keys.sorted() where runsThrough(n) { out.insert(n) }
        return out
    }

    /// `Task { }` closures (not detached, not given another actor) in functions, by function: the
    /// body runs isolated to the actor the function belongs to. Only closures that are not nested
    /// in another closure that runs later.
    public static func taskClosures(_ s: FileStructure) -> [Int: [Int]] {
        var out: [Int: [Int]] = [:]
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && s.is(c.callee, "Task") && !s.isChar(c.callee - 1, UInt8(ascii: ".")) {
            // `Task { @MainActor in … }` runs elsewhere.
            // `[weak self]`: the body reaches the actor only through awaited calls on an optional.
            if c.inKeyword > c.open && s.span(c.open + 1, c.inKeyword).contains(where: {
                s.code[$0].kind == .attribute || s.text($0).hasPrefix("@") || s.is($0, "weak") || s.is($0, "unowned")
            }) { continue }
            var sc = s.scopes[c.scope].parent
            var function = -1
            while sc >= 0 {
                let scope = s.scopes[sc]
                if scope.kind == .functionBody { function = scope.decl; break }
                if scope.kind == .closure {
                    let outer = s.closures[scope.closure]
                    let callee = outer.callee >= 0 ? s.text(outer.callee) : ""
                    if !AsyncContext.inlineCallees.contains(callee) && !AsyncContext.asyncBodyCallees.contains(callee) { break }
                } else if scope.kind != .statement {
                    break
                }
                sc = scope.parent
            }
            if function >= 0 { out[function, default: []].append(ci) }
        }
        return out
    }

    public static func hasAsyncMember(_ s: FileStructure, _ t: Int) -> Bool {
        s.children[t].contains { s.decls[$0].kind == .function && s.decls[$0].isAsync && s.decls[$0].body >= 0 }
    }

    /// Stored instance `var`s declared in an actor's body (not computed, not static).
    public static func storedVars(_ s: FileStructure, _ a: Int) -> Set<String> {
        var out: Set<String> = []
        for c in s.children[a] {
            let d = s.decls[c]
            guard d.kind == .variable, !d.isLet, !d.isComputed, !d.isStaticMember, !d.nameText.isEmpty else { continue }
            out.insert(d.nameText)
        }
        return out
    }


    public enum Shape { case lookup, flag, staleCopy, clear, counter, mutation, other, partial, overwritten }

    public enum WriteKind { case assign, clear, compound, mutatingCall, passedInout }

    public struct Finding {
        public var property: String
        public var read: Int
        public var await: Int
        public var write: Int
        public var writeKind: WriteKind
        public var shape: Shape
        /// The setter method call that makes the write, or -1.
        public var via: Int = -1
        /// For a partial re-check: the re-check's first read, and the method that assigns the
        /// property left out of it.
        public var recheck: Int = -1
        public var assigner: String = ""
        /// For a write through an async helper: where the helper suspends and writes.
        public var helper: HelperWrite? = nil
        /// For an overwrite of what a started Task assigns: the `Task` token (`read` is the
        /// Task's write).
        public var task: Int = -1
        /// The awaited method of the actor, when it assigns the property itself (`await close()`
        /// that sets it to nil): a claim made before the await would not survive it.
        public var awaitedAssigner: String = ""
        /// Other properties written in the same block right after the await, from the same decision:
        /// claiming only this one before the await leaves them to the stale decision.
        public var writtenWith: [String] = []
    }

    // MARK: One method

    /// The tokens of one actor method that run as part of it, the accesses to the actor's
    /// properties among them, and the paths between them.
    public struct MethodAnalysis {
        let s: FileStructure
        let method: Int
        /// The body analysed: the method's, or a `Task { }` closure's inside it.
        let bodyScope: Int
        let body: Scope
        /// Known stored properties, or nil to accept any property written through `self.` or an
        /// unshadowed name.
        let properties: Set<String>?

        /// Variable declarations inside the method, by keyword token.
        let locals: [Int: Int]

        /// Methods of the actor (by name) that assign its properties directly, and the properties.
        let setters: [String: Set<String>]
        /// For each property, the methods of the actor that assign it.
        let assigners: [String: [String]]

        /// Synchronous methods of the actor: awaiting a call of one does not suspend.
        let synchronous: Set<String>
        /// Async methods of the actor that suspend and then write a property (see `ActorMethods`).
        let suspendingSetters: [String: [String: HelperWrite]]
        /// Synchronous methods of the actor that read properties, and setters that assign a flag
        /// only `true`/`false` (see `ActorMethods`).
        let readers: [String: Set<String>]
        let flagSetters: [String: Set<String>]
        /// `Task { }` closures this body starts (isolated to the actor): what they assign can
        /// change while this body is suspended.
        let startedTasks: [Int]

        public init(_ s: FileStructure, method: Int, bodyScope: Int? = nil, properties: Set<String>?, setters: [String: Set<String>] = [:],
             assigners: [String: [String]] = [:], synchronous: Set<String> = [], suspendingSetters: [String: [String: HelperWrite]] = [:],
             startedTasks: [Int] = [], readers: [String: Set<String>] = [:], flagSetters: [String: Set<String>] = [:]) {
            self.s = s
            self.readers = readers
            self.flagSetters = flagSetters
            self.suspendingSetters = suspendingSetters
            self.startedTasks = startedTasks
            self.synchronous = synchronous
            self.assigners = assigners
            self.method = method
            self.bodyScope = bodyScope ?? s.decls[method].body
            self.setters = setters
            let body = s.scopes[self.bodyScope]
            self.body = body
            self.properties = properties
            var locals: [Int: Int] = [:]
            // Declarations nested in the method follow it in `decls` and start inside its body.
            var k = method + 1
            while k < s.decls.count && s.decls[k].keyword < body.close {
                if s.decls[k].kind == .variable && s.decls[k].keyword > body.open { locals[s.decls[k].keyword] = k }
                k += 1
            }
            self.locals = locals
        }

        struct Access {
            var token: Int
            /// Where the access happens in the method's order: the token itself, or for code in a
            /// continuation body (`await withCheckedContinuation { … }`), just before that await —
            /// the body runs before the task suspends.
            var at: Int
            /// In a `catch` block: an error-path reset, not the write the decision guarded.
            var inCatch: Bool
            /// First token of the access (`self` for `self.x`).
            var start: Int
            var isWrite: Bool
            var writeKind: WriteKind
            /// For writes: the token just past the statement (the write happens there).
            var end: Int
            var inDefer: Bool
            var subscripted: Bool
            /// A read on the left of `??`.
            var coalesced: Bool
            /// For a write made by calling a setter method of the actor: the call's name token.
            var via: Int = -1
            /// For a write made by an async helper: where it suspends and writes.
            var helper: HelperWrite? = nil
            /// A read made by calling a synchronous method of the actor that reads the property:
            /// it looks again after an await, but is not itself a decision here.
            var viaReader = false
        }

        static let mutatingMethods: Set<String> = [
            "append", "insert", "remove", "removeValue", "removeAll", "removeFirst", "removeLast", "removeSubrange",
            "updateValue", "merge", "formUnion", "formIntersection", "formSymmetricDifference", "subtract", "popLast",
            "popFirst", "sort", "reverse", "shuffle", "swapAt", "replaceSubrange", "toggle", "appendContents",
        ]

        static let continuationCallees: Set<String> = [
            "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
        ]

        static let comparisonOperators: Set<String> = ["==", "!=", "<=", ">=", "===", "!=="]

        public func findings() -> [Finding] {
            let region = regionTokens()
            guard !region.awaits.isEmpty else { return [] }
            let shadow = Shadowing(s, method: method, body: body, extraParameters: bodyScope == s.decls[method].body ? [] : closureParameters, region: region.tokens, locals: locals)
            // Candidate names: every identifier written in the method that names a property.
            var accesses: [String: [Access]] = [:]
            let known = properties.map { NameSet($0) }
            for t in region.tokens where s.code[t].kind == .identifier {
                if !setters.isEmpty, s.isChar(t + 1, UInt8(ascii: "(")), let written = setters[s.text(t)],
                   let call = setterCall(t, shadow: shadow, inDefer: region.deferTokens.contains(t), awaits: region.awaits) {
                    for p in written.sorted() { accesses[p, default: []].append(call) }
                    continue
                }
                // `await load(key)`: an async helper that suspends and then writes (the write comes
                // after the caller's `await`).
                if !suspendingSetters.isEmpty, s.isChar(t + 1, UInt8(ascii: "(")), let written = suspendingSetters[s.text(t)],
                   let call = setterCall(t, shadow: shadow, inDefer: region.deferTokens.contains(t), awaits: region.awaits) {
                    for (p, h) in written.sorted(by: { $0.key < $1.key }) {
                        var c = call
                        c.helper = h
                        accesses[p, default: []].append(c)
                    }
                    continue
                }
                // `nextWorker()`: a synchronous method that reads properties reads them again here.
                if !readers.isEmpty, s.isChar(t + 1, UInt8(ascii: "(")), setters[s.text(t)] == nil, let read = readers[s.text(t)],
                   !s.isKeyword(t - 1, .func), !s.isChar(t - 1, UInt8(ascii: ".")) || (s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))),
                   var call = classify(t, shadow: shadow, inDefer: region.deferTokens.contains(t), awaits: region.awaits), !call.isWrite {
                    call.viaReader = true
                    call.subscripted = false
                    call.coalesced = false
                    for p in read.sorted() { accesses[p, default: []].append(call) }
                    continue
                }
                if let k = known, !k.contains(s, t) { continue }
                guard let access = classify(t, shadow: shadow, inDefer: region.deferTokens.contains(t), awaits: region.awaits) else { continue }
                accesses[s.text(t), default: []].append(access)
            }
            var out: [Finding] = []
            let conditions = conditionRanges(region.tokens, writes: accesses.values.flatMap { $0.filter(\.isWrite).map(\.token) }.sorted())
            // A reader's call looks again only where what it returns is tested (`guard let w =
            // nextWorker()`), not where it only logs or counts.
            if !readers.isEmpty {
                for key in Array(accesses.keys) { accesses[key]?.removeAll { $0.viaReader && !inCondition($0.token, conditions) } }
            }
            let gates = inFlightGates(accesses, conditions: conditions)
            for name in accesses.keys.sorted() {
                let list = accesses[name] ?? []
                guard list.contains(where: { $0.isWrite && !$0.inDefer }) else { continue }
                if let f = finding(name, list, region: region, conditions: conditions, shadow: shadow, gates: gates) { out.append(f) }
            }
            for i in out.indices where out[i].helper == nil && out[i].via < 0 {
                // Direct writes of other properties in the write's own block, between the await and
                // the next await (a teardown or a group set together: `socket = nil; uri = nil`).
                let f = out[i]
                let block = Int(s.scopeOf[f.write])
                let next = region.awaits.first { $0 > f.write } ?? body.close
                out[i].writtenWith = accesses.keys.sorted().filter { other in
                    other != f.property && (accesses[other] ?? []).contains { a in
                        a.isWrite && !a.inDefer && a.via < 0 && a.helper == nil && a.token > f.await && a.token < next && Int(s.scopeOf[a.token]) == block
                    }
                }
            }
            out += partialRechecks(accesses, region: region, conditions: conditions, reported: Set(out.map(\.write)))
            out += taskOverwrites(accesses, region: region, reported: Set(out.map(\.write)))
            return out
        }

        // MARK: Writes a started Task can make meanwhile

        /// A property a `Task` started here assigns, overwritten by this body after an await (that is
        /// not an await of that task), with no read of it in between: if the Task runs during the
        /// await (it runs on the actor as soon as this body suspends), its change is lost.
        func taskOverwrites(_ accesses: [String: [Access]], region: Region, reported: Set<Int>) -> [Finding] {
            guard !startedTasks.isEmpty else { return [] }
            var out: [Finding] = []
            var done = reported
            for ci in startedTasks {
                let c = s.closures[ci]
                guard c.close > c.open else { continue }
                let handle = taskHandle(c)
                let writes = MethodAnalysis(s, method: method, bodyScope: c.scope, properties: properties).writeTokens()
                for (name, taskWrite) in writes.sorted(by: { $0.key < $1.key }) {
                    let list = accesses[name] ?? []
                    for aw in region.awaits where aw > c.close && reaches(c.close, aw) && !awaitsHandle(aw, handle) {
                        guard let w = list.first(where: { $0.isWrite && !$0.inDefer && ($0.writeKind == .assign || $0.writeKind == .clear)
                            && (($0.at < aw && aw < $0.end) || ($0.at > aw && reaches(aw, $0.at))) }) else { continue }
                        let suspended = min(statementEnd(after: aw), w.at < aw ? aw + 1 : w.start)
                        if list.contains(where: { !$0.isWrite && $0.at >= suspended && $0.at < w.start && reaches($0.at, w.at) }) { break }
                        guard done.insert(w.token).inserted else { break }
                        out.append(Finding(property: name, read: taskWrite, await: aw, write: w.token, writeKind: w.writeKind, shape: .overwritten,
                                           via: w.via, task: c.callee))
                        break
                    }
                }
            }
            return out
        }

        /// Whether `t` sits in a loop of this body (`for`, `while`, `repeat`): a loop that suspends
        /// and writes each time stores fresh results as they come, not the act of one decision.
        func inLoop(_ t: Int) -> Bool { s.inLoop(t, within: bodyScope) }

        /// `cache[key] = …` whose key names a parameter of the method: the caller chose the entry.
        func keyedByParameter(_ t: Int) -> Bool {
            guard s.isChar(t + 1, UInt8(ascii: "[")) else { return false }
            let close = Int(s.match[t + 1])
            guard close > t + 1 else { return false }
            let parameters = Set(s.decls[method].parameterNames)
            return s.span(t + 2, close).contains { s.code[$0].kind == .identifier && !s.isChar($0 - 1, UInt8(ascii: ".")) && parameters.contains(s.text($0)) }
        }

        /// Whether the decision at `d` decides whether the call at `c` runs: `c` is in the body
        /// (or `else` chain) of the `if` whose condition holds `d`, after the `guard`, inside the
        /// `switch`, after an `if` whose body leaves, or in the same statement (`x ?? await f()`).
        func controls(_ d: Int, _ c: Int, _ conditions: [Range<Int>]) -> Bool {
            guard let range = conditions.filter({ $0.contains(d) }).max(by: { $0.lowerBound < $1.lowerBound }) else {
                return c < statementEnd(after: d)
            }
            let kw = range.lowerBound - 1
            if s.isKeyword(kw, .guard) { return c >= range.upperBound }
            if s.isKeyword(kw, .switch) {
                let close = Int(s.match[range.upperBound])
                return c > range.upperBound && c < close
            }
            guard s.isKeyword(kw, .if), let b = s.statementBody(of: kw) else { return false }
            let then = s.scopes[b]
            if then.open < c && c < then.close { return true }
            if inElseChain(after: then.close, c) { return true }
            return c > then.close && exits(scope: b, after: then.open)
        }

        /// The name a started Task is kept in (`let t = Task {`, `task = Task {`, `self.task = Task {`).
        func taskHandle(_ c: Closure) -> String? {
            let eq = c.callee - 1
            guard s.isChar(eq, UInt8(ascii: "=")), eq >= 1, s.code[eq - 1].kind == .identifier else { return nil }
            return s.text(eq - 1)
        }

        /// The awaited statement at `aw` names the task's handle (`await task.value`, `await t?.result`):
        /// it waits for the task, whose change is then done before this body goes on.
        func awaitsHandle(_ aw: Int, _ handle: String?) -> Bool {
            guard let handle else { return false }
            return s.span(aw + 1, statementEnd(after: aw)).contains { s.code[$0].kind == .identifier && s.is($0, text: handle) }
        }

        /// The first token of each property this body assigns (`=`, a compound assignment, a
        /// mutating method), outside `defer` blocks.
        func writeTokens() -> [String: Int] {
            let region = regionTokens()
            let shadow = Shadowing(s, method: method, body: body, extraParameters: closureParameters, region: region.tokens, locals: locals)
            let known = properties.map { NameSet($0) }
            var out: [String: Int] = [:]
            for t in region.tokens where s.code[t].kind == .identifier && !region.deferTokens.contains(t) {
                if let k = known, !k.contains(s, t) { continue }
                guard let a = classify(t, shadow: shadow, inDefer: false), a.isWrite, out[s.text(t)] == nil else { continue }
                out[s.text(t)] = t
            }
            return out
        }

        /// The properties this (async) body writes after one of its own suspensions without having
        /// read them before: a caller's decision is what such a write acts on. A call of a helper
        /// in `helpers` counts as its suspension and write.
        func writesAfterSuspension(helpers: [String: [String: HelperWrite]]) -> [String: HelperWrite] {
            let region = regionTokens()
            guard !region.awaits.isEmpty else { return [:] }
            let shadow = Shadowing(s, method: method, body: body, extraParameters: closureParameters, region: region.tokens, locals: locals)
            let known = properties.map { NameSet($0) }
            let awaits = Set(region.awaits)
            var firstAwait = -1
            var read = Set<String>()
            var out: [String: HelperWrite] = [:]
            let conditions = conditionRanges(region.tokens)
            // Properties tested in a condition before the first await, where; the gate they claim.
            var tested: [String: Int] = [:]
            var gate: (name: String, claim: Int, release: Int)? = nil
            // The first condition after the first await that reads a property of the actor.
            var freshCheck = -1
            for t in region.tokens {
                if awaits.contains(t) && firstAwait < 0 { firstAwait = t }
                guard s.code[t].kind == .identifier, !region.deferTokens.contains(t) else { continue }
                if s.isChar(t + 1, UInt8(ascii: "(")), let written = helpers[s.text(t)], s.decls[method].nameText != s.text(t),
                   setterCall(t, shadow: shadow, inDefer: false, awaits: region.awaits) != nil {
                    for (p, h) in written where !read.contains(p) && out[p] == nil { out[p] = h }
                    continue
                }
                if let k = known, !k.contains(s, t) { continue }
                guard let a = classify(t, shadow: shadow, inDefer: false, awaits: region.awaits) else { continue }
                let name = s.text(t)
                if !a.isWrite {
                    read.insert(name)
                    if firstAwait < 0 && tested[name] == nil && inCondition(t, conditions) { tested[name] = a.at }
                    if firstAwait >= 0 && firstAwait < a.at && inCondition(t, conditions) && freshCheck < 0 { freshCheck = a.at }
                } else if a.writeKind == .compound && freshCheck >= 0 && freshCheck < a.at && reaches(freshCheck, a.at) {
                    // A counter bumped (`generation += 1`) after the helper checked the actor's state
                    // again past its own suspension: it acts on that check, and loses no update.
                    read.insert(name)
                } else if out[name] == nil && !read.contains(name) && !a.inCatch && firstAwait >= 0 && firstAwait < a.at && reaches(firstAwait, a.at)
                            && !inLoop(t) && (!a.subscripted || keyedByParameter(t)) {
                    out[name] = HelperWrite(await: firstAwait, write: t)
                } else {
                    // Written before any suspension: the helper claims it first.
                    read.insert(name)
                }
                if a.isWrite && a.via < 0 {
                    if let g = gate, g.name == name, g.release < 0, a.at > g.claim { gate?.release = a.at }
                    if gate == nil, firstAwait < 0, let r = tested[name], r < a.at, controls(r, a.at, conditions) { gate = (name, a.at, -1) }
                }
            }
            // A gate claimed before the first suspension (`guard !loading else { return }; loading =
            // true`) and still held at the first await: a second call stops at it, so the writes made
            // while it is held do not act on a caller's decision twice.
            if let g = gate, firstAwait >= 0, reaches(g.claim, firstAwait), g.release < 0 || g.release > firstAwait {
                out = out.filter { g.release >= 0 && $0.value.write > g.release }
            }
            return out
        }

        /// The parameters of the closure analysed, when the body is a closure's.
        var closureParameters: [String] {
            body.kind == .closure && body.closure >= 0 ? s.closures[body.closure].parameterNames : []
        }

        /// A call of a setter method on `self` at `t` (`setState(.x)`, `self.update(x)`), as a write.
        func setterCall(_ t: Int, shadow: Shadowing, inDefer: Bool, awaits: [Int]? = nil) -> Access? {
            if s.isKeyword(t - 1, .func) { return nil }
            if s.isChar(t - 1, UInt8(ascii: ".")) && !(s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))) { return nil }
            guard var a = classify(t, shadow: shadow, inDefer: inDefer, awaits: awaits), !a.isWrite else { return nil }
            let close = Int(s.match[t + 1])
            guard close > t + 1 else { return nil }
            a.isWrite = true
            a.writeKind = .assign
            // In a continuation body the call runs just before that await, like a direct write.
            a.end = a.at != t ? a.at + 1 : max(a.end, close + 1)
            a.via = t
            return a
        }

        /// The properties this body assigns directly.
        public func writtenProperties() -> Set<String> { propertyWrites().written }

        /// The properties this body assigns directly, and those it reads in a condition.
        func propertyWrites() -> (written: Set<String>, decided: Set<String>) {
            let u = propertyUses()
            return (u.written, u.decided)
        }

        /// What this body does with the properties: assigns (and which only ever with `true` or
        /// `false`), reads in a condition, reads at all.
        func propertyUses() -> (written: Set<String>, decided: Set<String>, read: Set<String>, flagWritten: Set<String>) {
            let region = regionTokens()
            let shadow = Shadowing(s, method: method, body: body, extraParameters: [], region: region.tokens, locals: locals)
            let known = properties.map { NameSet($0) }
            let conditions = conditionRanges(region.tokens)
            var written: Set<String> = []
            var decided: Set<String> = []
            var read: Set<String> = []
            var other: Set<String> = []
            for t in region.tokens where s.code[t].kind == .identifier {
                if let k = known, !k.contains(s, t) { continue }
                guard let a = classify(t, shadow: shadow, inDefer: false) else { continue }
                let name = s.text(t)
                if a.isWrite {
                    written.insert(name)
                    if !(a.writeKind == .assign && Self.assignsBoolLiteral(s, a)) { other.insert(name) }
                } else {
                    read.insert(name)
                    if inCondition(t, conditions) || a.coalesced { decided.insert(name) }
                }
            }
            return (written, decided, read, written.subtracting(other))
        }

        // MARK: Partial re-checks

        /// A decision over several properties before an await, re-checked after it on only some of
        /// them, while another method of the actor assigns one left out; then acted on by a write.
        func partialRechecks(_ accesses: [String: [Access]], region: Region, conditions: [Range<Int>], reported: Set<Int>) -> [Finding] {
            guard !assigners.isEmpty, conditions.count >= 2 else { return [] }
            let ordered = conditions.sorted { $0.lowerBound < $1.lowerBound }
            // The property reads of each condition.
            var reads: [[(name: String, token: Int)]] = Array(repeating: [], count: ordered.count)
            var writes: [(name: String, access: Access)] = []
            for (name, list) in accesses {
                for a in list {
                    if a.isWrite {
                        // (An async helper's write acts on the helper's own suspension, judged apart.)
                        if !a.inDefer && !a.inCatch && a.helper == nil { writes.append((name, a)) }
                        continue
                    }
                    if !a.viaReader, let ci = conditionIndex(a.token, ordered) { reads[ci].append((name, a.token)) }
                }
            }
            writes.sort { $0.access.at < $1.access.at }
            let ownName = s.decls[method].nameText
            var out: [Finding] = []
            for (ci, c1) in ordered.enumerated() {
                let before = Set(reads[ci].map(\.name))
                guard before.count >= 2 else { continue }
                guard let aw = region.awaits.first(where: { $0 >= c1.upperBound && reaches(c1.lowerBound, $0) }) else { continue }
                // The first condition after the await that looks at any of those properties again.
                guard let cj = ordered.indices.first(where: { j in
                    ordered[j].lowerBound > aw && reaches(aw, ordered[j].lowerBound) && reads[j].contains { before.contains($0.name) }
                }) else { continue }
                let again = Set(reads[cj].map(\.name))
                let missing = before.subtracting(again)
                guard !missing.isEmpty, again.isSubset(of: before) else { continue }
                let c2 = ordered[cj]
                guard let w = writes.first(where: { $0.access.at > c2.upperBound && reaches(c2.lowerBound, $0.access.at) }),
                      !reported.contains(w.access.token) else { continue }
                for m in missing.sorted() {
                    guard let other = assigners[m]?.first(where: { $0 != ownName }) else { continue }
                    let list = accesses[m] ?? []
                    // Not read again before the write, not claimed by this method before it.
                    if list.contains(where: { $0.at > aw && $0.at < w.access.at && !$0.isWrite }) { continue }
                    if list.contains(where: { $0.isWrite && $0.at > c1.upperBound && $0.at < w.access.at }) { continue }
                    guard let read = reads[ci].first(where: { $0.name == m }), let re = reads[cj].first else { continue }
                    out.append(Finding(property: m, read: read.token, await: aw, write: w.access.token, writeKind: w.access.writeKind,
                                       shape: .partial, via: w.access.via, recheck: re.token, assigner: other))
                    break
                }
            }
            return out
        }

        func conditionIndex(_ t: Int, _ ordered: [Range<Int>]) -> Int? {
            // The innermost (last starting) condition holding `t`.
            var lo = 0
            var hi = ordered.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if ordered[mid].lowerBound <= t { lo = mid + 1 } else { hi = mid }
            }
            var k = lo - 1
            while k >= 0 && k >= lo - 8 {
                if ordered[k].contains(t) { return k }
                k -= 1
            }
            return nil
        }

        // MARK: Region

        struct Region {
            var tokens: [Int] = []
            var awaits: [Int] = []
            var deferTokens: Set<Int> = []
        }

        /// The method's own tokens: its body without nested declarations and without closures
        /// that run later (Task bodies, callbacks); inline closures are included.
        func regionTokens() -> Region {
            var r = Region()
            var i = body.open + 1
            let end = body.close
            while i < end {
                if s.isChar(i, UInt8(ascii: "{")) {
                    let sc = Int(s.scopeOf[i])
                    if sc >= 0 && s.scopes[sc].open == i {
                        let scope = s.scopes[sc]
                        switch scope.kind {
                        case .closure:
                            let c = s.closures[scope.closure]
                            let callee = c.callee >= 0 ? s.text(c.callee) : ""
                            let inline = AsyncContext.inlineCallees.contains(callee) || AsyncContext.asyncBodyCallees.contains(callee)
                            if !inline || c.isAsync && !AsyncContext.asyncBodyCallees.contains(callee) {
                                i = max(i, scope.close) + 1
                                continue
                            }
                        case .functionBody, .typeBody, .accessorBlock, .other:
                            i = max(i, scope.close) + 1
                            continue
                        case .statement:
                            if scope.statementKeyword >= 0 && s.isKeyword(scope.statementKeyword, .defer) {
                                for k in scope.open...scope.close { r.deferTokens.insert(k) }
                            }
                        }
                    }
                }
                if s.isKeyword(i, .await) && !awaitsSynchronousMember(i) { r.awaits.append(i) }
                r.tokens.append(i)
                i += 1
            }
            return r
        }

        /// `await f()` / `await self.f()` where `f` is a synchronous method of this actor: the call
        /// runs on the actor without suspending.
        func awaitsSynchronousMember(_ aw: Int) -> Bool {
            guard !synchronous.isEmpty, let callee = awaitedMember(aw) else { return false }
            return synchronous.contains(callee)
        }

        /// The name of the method of this actor that `await f()` / `await self.f()` at `aw` calls,
        /// when nothing else is awaited with it: the call ends the statement, a condition (`if
        /// await f() {`, `guard await f() else`, `, `) or an argument (`)`). Nil for anything else.
        func awaitedMember(_ aw: Int) -> String? {
            var k = aw + 1
            if s.isKeyword(k, .self) && s.isChar(k + 1, UInt8(ascii: ".")) { k += 2 }
            guard k < s.count, s.code[k].kind == .identifier, !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self),
                  s.isChar(k + 1, UInt8(ascii: "(")) else { return nil }
            let close = Int(s.match[k + 1])
            guard close > k else { return nil }
            let next = close + 1
            let ends = next >= s.count || s.code[next].flags.contains(.newlineBefore) || s.isChar(next, UInt8(ascii: ";")) || s.isChar(next, UInt8(ascii: "}"))
                || s.isChar(next, UInt8(ascii: "{")) || s.isKeyword(next, .else) || s.isChar(next, UInt8(ascii: ",")) || s.isChar(next, UInt8(ascii: ")"))
            return ends ? s.text(k) : nil
        }

        // MARK: Accesses

        /// An access to a property at identifier `t`, or nil when `t` is not one. `awaits` (the
        /// region's suspensions, in order) lets a continuation body nested in a closure that runs
        /// at once count as running before the await on that closure's call (see `immediateOperation`).
        func classify(_ t: Int, shadow: Shadowing, inDefer: Bool, awaits: [Int]? = nil) -> Access? {
            var start = t
            if s.isChar(t - 1, UInt8(ascii: ".")) {
                // Only `self.x` (not `other.x`, not `self.a.x`).
                guard s.isKeyword(t - 2, .self), !s.isChar(t - 3, UInt8(ascii: ".")) else { return nil }
                start = t - 2
            } else {
                let name = s.text(t)
                if shadow.isShadowed(name, at: t) { return nil }
                // An argument label or a dictionary-literal key position (`f(x: 1)`), a declaration name.
                if s.isChar(t + 1, UInt8(ascii: ":")) && (s.isChar(t - 1, UInt8(ascii: "(")) || s.isChar(t - 1, UInt8(ascii: ","))) { return nil }
                if s.isKeyword(t - 1, .let) || s.isKeyword(t - 1, .var) {
                    // `if let x {` / `guard let x else`: the shorthand reads the property `x`.
                    let shorthand = s.isChar(t + 1, UInt8(ascii: ",")) || s.isChar(t + 1, UInt8(ascii: "{")) || s.isKeyword(t + 1, .else)
                    if !shorthand || !isConditionBinding(t - 1) { return nil }
                }
                if s.isKeyword(t - 1, .func) || s.isKeyword(t - 1, .case) { return nil }
                // A member of an enum or type written with a leading dot is excluded above; a label in
                // a function call `x(` is a call of a closure property: still a read.
                if s.code[t].flags.contains(.escaped) { return nil }
            }
            // `&x`: passed inout.
            let passedInout = start > 0 && s.code[start - 1].kind == .operator && s.isChar(start - 1, UInt8(ascii: "&"))
            // The access chain: `.member`, `?.member`, `!`, `[subscript]`, and calls of members.
            var j = t + 1
            var subscripted = false
            var lastMember = -1
            var called = false
            var mutatingCall = false
            var clearingCall = false
            while j < s.count {
                if s.isChar(j, UInt8(ascii: "[")) && !s.code[j].flags.contains(.spaceBefore) && !called {
                    let m = Int(s.match[j])
                    guard m > j else { break }
                    subscripted = true
                    j = m + 1
                    continue
                }
                if (s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))) && !s.code[j].flags.contains(.spaceBefore) {
                    j += 1
                    continue
                }
                if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.count && s.code[j + 1].isWord {
                    lastMember = j + 1
                    j += 2
                    continue
                }
                if s.isChar(j, UInt8(ascii: "(")) && !s.code[j].flags.contains(.spaceBefore) {
                    if lastMember >= 0 && !called && Self.mutatingMethods.contains(s.text(lastMember)) {
                        mutatingCall = true
                        clearingCall = s.is(lastMember, "removeAll")
                    }
                    called = true
                    let m = Int(s.match[j])
                    guard m > j else { break }
                    j = m + 1
                    continue
                }
                break
            }
            var isWrite = false
            var writeKind = WriteKind.assign
            var end = j
            if !called && s.code.indices.contains(j) && s.code[j].kind == .operator {
                let op = s.text(j)
                if op == "=" || (op.hasSuffix("=") && op.count >= 2 && !Self.comparisonOperators.contains(op)) {
                    isWrite = true
                    writeKind = op == "=" ? (s.isKeyword(j + 1, .nil) ? .clear : .assign) : .compound
                    end = statementEnd(after: j)
                }
            } else if s.isChar(j, UInt8(ascii: "=")) && !called {
                isWrite = true
                writeKind = s.isKeyword(j + 1, .nil) ? .clear : .assign
                end = statementEnd(after: j)
            }
            if mutatingCall {
                isWrite = true
                writeKind = clearingCall ? .clear : .mutatingCall
                end = j
            }
            if passedInout && !isWrite {
                isWrite = true
                writeKind = .passedInout
                end = j
            }
            let coalesced = !isWrite && s.code.indices.contains(j) && s.code[j].kind == .operator && s.is(j, "??")
            // Inside a continuation body, or a catch block?
            var at = t
            var inCatch = false
            var sc = Int(s.scopeOf[t])
            // The continuation's own await, while the closures around it run at once (-1 otherwise).
            var suspension = -1
            while sc >= 0 && sc != bodyScope {
                let scope = s.scopes[sc]
                if scope.kind == .closure {
                    let c = s.closures[scope.closure]
                    if c.callee >= 0 && Self.continuationCallees.contains(s.text(c.callee)) {
                        var k = c.callee - 1
                        while k > body.open && (s.isKeyword(k, .try) || s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!"))) { k -= 1 }
                        at = s.isKeyword(k, .await) ? k - 1 : c.callee - 1
                        suspension = s.isKeyword(k, .await) ? k : -1
                    } else if suspension >= 0, let awaits, let outer = immediateOperation(c, firstAwait: suspension, awaits: awaits) {
                        // `await withTaskCancellationHandler { await withCheckedContinuation { … } }`:
                        // the operation runs at once, so the continuation body runs before the outer await.
                        at = outer - 1
                        suspension = outer
                    } else {
                        suspension = -1
                    }
                } else if scope.kind == .statement && scope.statementKeyword >= 0 && s.isKeyword(scope.statementKeyword, .catch) {
                    inCatch = true
                }
                sc = scope.parent
            }
            if at != t && isWrite { end = at + 1 }
            return Access(token: t, at: at, inCatch: inCatch, start: start, isWrite: isWrite, writeKind: writeKind, end: end, inDefer: inDefer,
                          subscripted: subscripted, coalesced: coalesced)
        }

        /// Callees whose operation closure runs at once, in the caller's isolation, while the caller
        /// waits (the handler closure passed with it runs elsewhere, later or never).
        static let immediateOperationCallees: Set<String> = ["withTaskCancellationHandler", "withTaskPriorityEscalationHandler"]

        /// When closure `c` is the operation of a call in `immediateOperationCallees` that is awaited
        /// directly, and nothing in it is awaited before `firstAwait`: the await on that call.
        func immediateOperation(_ c: Closure, firstAwait: Int, awaits: [Int]) -> Int? {
            guard c.callee >= 0, Self.immediateOperationCallees.contains(s.text(c.callee)) else { return nil }
            if c.label >= 0 && !s.is(c.label, "operation") { return nil }
            if c.label < 0 && c.isTrailing && s.isChar(c.callee + 1, UInt8(ascii: "(")) {
                // `f(operation: …) { handler }`: a trailing closure after arguments is the handler.
                let close = Int(s.match[c.callee + 1])
                if close > c.callee + 1 && close + 1 < c.open && s.span(c.callee + 2, close).contains(where: { s.is($0, "operation") && s.isChar($0 + 1, UInt8(ascii: ":")) }) { return nil }
            }
            // No suspension in the closure before the one the access runs ahead of.
            var lo = 0
            var hi = awaits.count
            while lo < hi { let mid = (lo + hi) / 2; if awaits[mid] <= c.open { lo = mid + 1 } else { hi = mid } }
            guard lo < awaits.count, awaits[lo] == firstAwait else { return nil }
            var k = c.callee - 1
            while k > body.open && (s.isKeyword(k, .try) || s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!"))) { k -= 1 }
            return s.isKeyword(k, .await) ? k : nil
        }

        /// Whether the `let`/`var` at `k` binds in an `if`/`guard`/`while` condition.
        func isConditionBinding(_ k: Int) -> Bool {
            var j = k - 1
            if s.isKeyword(j, .case) { j -= 1 }
            return s.isKeyword(j, .if) || s.isKeyword(j, .guard) || s.isKeyword(j, .while) || s.isChar(j, UInt8(ascii: ","))
        }

        /// The token just past the statement that continues after token `k`.
        func statementEnd(after k: Int) -> Int {
            var j = k + 1
            let limit = body.close
            while j < limit {
                if s.isChar(j, UInt8(ascii: ";")) || s.isChar(j, UInt8(ascii: "}")) { return j }
                if s.code[j].flags.contains(.newlineBefore) && j > k + 1 {
                    let prev = s.code[j - 1]
                    let continues = prev.kind == .operator || s.isChar(j - 1, UInt8(ascii: ",")) || s.isChar(j - 1, UInt8(ascii: "("))
                        || s.isChar(j - 1, UInt8(ascii: "[")) || s.isChar(j - 1, UInt8(ascii: "=")) || s.isKeyword(j - 1, .try)
                        || s.isKeyword(j - 1, .await) || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: "{"))
                        || (s.code[j].kind == .operator && s.code[j].flags.contains(.spaceBefore) && j + 1 < s.count && s.code[j + 1].flags.contains(.spaceBefore))
                    if !continues { return j }
                }
                if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{")) {
                    let m = Int(s.match[j])
                    if m > j {
                        j = m + 1
                        continue
                    }
                }
                j += 1
            }
            return limit
        }

        // MARK: Conditions

        /// Token ranges of `if`, `guard` and `switch` conditions in the region.
        func conditionRanges(_ tokens: [Int], writes: [Int]? = nil) -> [Range<Int>] {
            var out: [Range<Int>] = []
            for k in tokens where s.code[k].kind == .keyword {
                let w = s.code[k].word
                guard w == .if || w == .guard || w == .switch else { continue }
                let stop: (Int) -> Bool = w == .guard
                    ? { s.isKeyword($0, .else) }
                    : { s.isChar($0, UInt8(ascii: "{")) }
                if let e = s.scanForward(from: k + 1, limit: body.close, stop: stop) {
                    if w == .if, let writes, onlyReports(open: e, writes: writes) { continue }
                    out.append(s.span(k + 1, e))
                }
            }
            return out
        }

        /// An `if` whose block (at `open`) has no `else` and only reports (`if state != .idle {
        /// log("…") }`): no jump, assignment, `try` or `await`, and no call of a method of the actor
        /// that assigns its state. Whatever it tests, the code after it runs the same way: its
        /// condition decides nothing a later write acts on.
        func onlyReports(open: Int, writes: [Int]) -> Bool {
            let close = Int(s.match[open])
            guard close > open, !s.isKeyword(close + 1, .else) else { return false }
            // No write of the actor's state in it (`items.append(x)`); `writes` is sorted.
            var lo = 0
            var hi = writes.count
            while lo < hi { let mid = (lo + hi) / 2; if writes[mid] <= open { lo = mid + 1 } else { hi = mid } }
            if lo < writes.count && writes[lo] < close { return false }
            for j in s.span(open + 1, close) {
                let tok = s.code[j]
                if tok.kind == .keyword {
                    let w = tok.word
                    if w == .return || w == .throw || w == .break || w == .continue || w == .try || w == .await || w == .fallthrough { return false }
                }
                if tok.kind == .operator && s.text(j).hasSuffix("=") && !["==", "!=", "<=", ">=", "===", "!=="].contains(s.text(j)) { return false }
                if s.isChar(j, UInt8(ascii: "=")) { return false }
                if tok.kind == .identifier && s.isChar(j + 1, UInt8(ascii: "(")) {
                    let name = s.text(j)
                    if setters[name] != nil || suspendingSetters[name] != nil || name == "fatalError" || name == "preconditionFailure" { return false }
                }
            }
            return true
        }

        /// Whether the access at `t` starts the value an `if`/`guard` binds (`if let p = x.removeValue(…)`,
        /// `guard let p = self.x.popFirst()`, or after a `,` in such a condition list).
        func bindsResult(of t: Int) -> Bool {
            var k = t
            if s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) { k -= 2 }
            guard k >= 4, s.isChar(k - 1, UInt8(ascii: "=")), s.code[k - 2].isWord,
                  s.isKeyword(k - 3, .let) || s.isKeyword(k - 3, .var) else { return false }
            return s.isKeyword(k - 4, .if) || s.isKeyword(k - 4, .guard) || s.isKeyword(k - 4, .while) || s.isChar(k - 4, UInt8(ascii: ","))
        }

        func inCondition(_ t: Int, _ conditions: [Range<Int>]) -> Bool {
            conditions.contains { $0.contains(t) }
        }

        // MARK: The pattern

        /// A claim of a property that gates the method: the property is tested (`guard !loading
        /// else { return }`) and then written (`loading = true`), both outside `defer`. A call that
        /// arrives while an earlier one is past its claim sees the claim and does not go on, so the
        /// decisions made before the claim are not acted on twice by calls of this method.
        struct Gate {
            var name: String
            var claim: Int
            var claimEnd: Int
            /// Writes of the property after the claim outside `defer` (a release before the await).
            var laterWrites: [Int]
        }

        func inFlightGates(_ accesses: [String: [Access]], conditions: [Range<Int>]) -> [Gate] {
            var out: [Gate] = []
            for (name, list) in accesses {
                guard let test = list.first(where: { !$0.isWrite && !$0.viaReader && inCondition($0.token, conditions) }) else { continue }
                let writes = list.filter { $0.isWrite && !$0.inDefer && $0.helper == nil && $0.via < 0 }
                guard let claim = writes.first(where: { $0.at > test.at && reaches(test.at, $0.at) }) else { continue }
                out.append(Gate(name: name, claim: claim.at, claimEnd: claim.end,
                                laterWrites: writes.filter { $0.at > claim.at }.map(\.at)))
            }
            return out
        }

        func finding(_ name: String, _ list: [Access], region: Region, conditions: [Range<Int>], shadow: Shadowing, gates: [Gate] = []) -> Finding? {
            // Decisions: (position the decision is made, token of the property read, shape).
            var decisions: [(at: Int, read: Int, shape: Shape)] = []
            let staleCopies = localCopies(name, list, region: region)
            for a in list where !a.isWrite && !a.viaReader {
                if inCondition(a.token, conditions) {
                    decisions.append((a.at, a.token, shape(for: a, name: name, list: list)))
                } else if a.coalesced {
                    decisions.append((a.at, a.token, a.subscripted ? .lookup : .other))
                }
            }
            for copy in staleCopies {
                if let use = copy.conditionUse { decisions.append((use, copy.read.token, copy.read.subscripted ? .lookup : .other)) }
            }
            let writes = list.filter { $0.isWrite && !$0.inDefer }
            // An `if`/`switch` on the property whose every branch falls through decides nothing
            // about code after it: an await and a write both past its end are not acting on it.
            var undecidedAfter: [Int: Int] = [:]
            for d in decisions { if let end = fallsThroughEnd(d.at, conditions) { undecidedAfter[d.at] = end } }
            for aw in region.awaits {
                // The first write whose effect comes after this await (an await inside the write's own
                // statement, `x = await f()`, comes before the write).
                guard let w = writes.first(where: { ($0.at < aw && aw < $0.end) || ($0.at > aw && (reaches(aw, $0.at) || ($0.inCatch && catches(aw, $0.at)))) })
                else { continue }
                // No other read of the property between the await and the write's statement. (Reads in
                // the awaited call's own statement, `await send(buffer)`, happen before it suspends.)
                let suspended = min(statementEnd(after: aw), w.at < aw ? aw + 1 : w.start)
                if list.contains(where: { !$0.isWrite && $0.at >= suspended && $0.at < w.start && reaches($0.at, w.at) }) { continue }
                // A changing call whose result is the condition (`if let p = pending.removeValue(forKey: k)`)
                // looks the property up again as it writes it: it acts on what it finds then.
                if w.writeKind == .mutatingCall || w.writeKind == .clear, w.helper == nil, bindsResult(of: w.token) { continue }
                // A decision before the await, on a path to it, not followed by a claiming write.
                var chosen: (at: Int, read: Int, shape: Shape)? = nil
                for d in decisions where d.at < aw && reaches(d.at, aw) {
                    if let end = undecidedAfter[d.at], min(aw, w.at) > end { continue }
                    let claimed = writes.contains { x in x.at > d.at && x.end <= aw && reaches(d.at, x.at) && reaches(x.at, aw) }
                    if claimed { continue }
                    // Another property claimed after the decision and held across the await gates
                    // the method: a second call stops at that claim.
                    let gated = gates.contains { g in
                        g.name != name && g.claim > d.at && g.claimEnd <= aw && reaches(d.at, g.claim) && reaches(g.claim, aw)
                            && !g.laterWrites.contains { $0 < aw && reaches($0, aw) }
                    }
                    if gated { continue }
                    // A helper's write acts on the decision only where the decision leads to the call.
                    if w.helper != nil && !controls(d.at, w.token, conditions) { continue }
                    // A `catch` acts on the decision that led into its `do`, not on one made inside it.
                    if w.inCatch, let open = doBlock(of: w.at), d.at > open { continue }
                    if chosen == nil || d.at > chosen!.at { chosen = d }
                }
                // A flag set only on some outcomes of the await records the outcome; it was not the
                // claim the check stood for.
                if let c = chosen, c.shape == .flag, isConditional(w.at, after: aw) { chosen = nil }
                if chosen == nil {
                    // A stale copy written back after the await.
                    for copy in staleCopies where copy.isLet && copy.read.at < aw && reaches(copy.read.at, aw) {
                        let usedInWrite = region.tokens.contains { k in k > w.token && k < w.end && s.code[k].kind == .identifier && s.is(k, text: copy.local) }
                        guard usedInWrite else { continue }
                        let claimed = writes.contains { x in x.at > copy.read.at && x.end <= aw && reaches(x.at, aw) }
                        if claimed { continue }
                        chosen = (copy.read.at, copy.read.token, .staleCopy)
                    }
                }
                guard let c = chosen else { continue }
                var f = Finding(property: name, read: c.read, await: aw, write: w.token, writeKind: w.writeKind, shape: c.shape, via: w.via,
                                helper: w.helper)
                if let callee = awaitedMember(aw), assigners[name]?.contains(callee) == true { f.awaitedAssigner = callee }
                return f
            }
            return nil
        }

        /// For a read in the condition of an `if` (with its `else` chain) or a `switch` none of whose
        /// branches leaves (`return`, `throw`, `break` out of it, `continue`, `fatalError`; closures
        /// and nested functions aside): the statement's last `}`. Code after it runs whatever the
        /// condition found (`switch count { case 2: a = x; default: break }`), so it does not act on
        /// that read. Nil for a `guard`, a statement with a branch that leaves, or anything else.
        func fallsThroughEnd(_ d: Int, _ conditions: [Range<Int>]) -> Int? {
            guard let range = conditions.filter({ $0.contains(d) }).max(by: { $0.lowerBound < $1.lowerBound }) else { return nil }
            let kw = range.lowerBound - 1
            var open = range.upperBound
            var end: Int
            if s.isKeyword(kw, .switch) {
                guard s.isChar(open, UInt8(ascii: "{")) else { return nil }
                end = Int(s.match[open])
            } else if s.isKeyword(kw, .if), let b = s.statementBody(of: kw) {
                open = s.scopes[b].open
                end = s.scopes[b].close
                // The `else` / `else if` chain that follows.
                var j = end + 1
                while s.isKeyword(j, .else) {
                    if s.isChar(j + 1, UInt8(ascii: "{")) { end = Int(s.match[j + 1]); break }
                    guard s.isKeyword(j + 1, .if),
                          let o = s.scanForward(from: j + 2, limit: body.close, stop: { s.isChar($0, UInt8(ascii: "{")) }) else { return nil }
                    end = Int(s.match[o])
                    j = end + 1
                }
            } else {
                return nil
            }
            guard end > open && end < body.close else { return nil }
            let switchScope = s.isKeyword(kw, .switch) ? Int(s.scopeOf[open]) : -1
            for k in s.span(open + 1, end) {
                let tok = s.code[k]
                let leaves: Bool
                if tok.kind == .keyword {
                    let w = tok.word
                    leaves = w == .return || w == .throw || w == .continue || (w == .break && Int(s.scopeOf[k]) != switchScope)
                } else {
                    leaves = tok.kind == .identifier && (s.is(k, "fatalError") || s.is(k, "preconditionFailure")) && s.isChar(k + 1, UInt8(ascii: "("))
                }
                guard leaves else { continue }
                // A `return` in a closure or nested function leaves only that.
                var sc = Int(s.scopeOf[k])
                var nested = false
                while sc >= 0 && s.scopes[sc].open > open {
                    if s.scopes[sc].kind == .closure || s.scopes[sc].kind == .functionBody { nested = true; break }
                    sc = s.scopes[sc].parent
                }
                if !nested { return nil }
            }
            return end
        }

        /// Whether `w` sits in a `catch` block of a `do` whose body holds the await `aw`: an error
        /// thrown by the awaited call lands there, whatever the rest of the `do` body does.
        func catches(_ aw: Int, _ w: Int) -> Bool {
            guard let open = doBlock(of: w) else { return false }
            return open < aw && aw < Int(s.match[open])
        }

        /// The `{` of the `do` block whose `catch` clause holds `w`.
        func doBlock(of w: Int) -> Int? {
            var sc = Int(s.scopeOf[w])
            while sc >= 0 && sc != bodyScope {
                let scope = s.scopes[sc]
                if scope.kind == .statement && scope.statementKeyword >= 0 && s.isKeyword(scope.statementKeyword, .catch) {
                    // Back over the `catch` clauses before this one to the `do` block.
                    var kw = scope.statementKeyword
                    var steps = 0
                    while steps < 16 && s.isChar(kw - 1, UInt8(ascii: "}")) {
                        let open = Int(s.match[kw - 1])
                        guard open >= 0 && open < kw else { return nil }
                        let previous = s.scopes[Int(s.scopeOf[open])]
                        guard previous.open == open, previous.statementKeyword >= 0 else { return nil }
                        if s.isKeyword(previous.statementKeyword, .do) { return previous.open }
                        guard s.isKeyword(previous.statementKeyword, .catch) else { return nil }
                        kw = previous.statementKeyword
                        steps += 1
                    }
                    return nil
                }
                sc = scope.parent
            }
            return nil
        }

        /// Whether `w` sits in an `if`/`switch`/`guard`/`else` block entered after the await `aw`.
        func isConditional(_ w: Int, after aw: Int) -> Bool {
            var sc = Int(s.scopeOf[w])
            while sc >= 0 && sc != bodyScope {
                let scope = s.scopes[sc]
                if scope.open < aw && aw < scope.close { return false }
                if scope.kind == .statement && scope.statementKeyword >= 0 {
                    let kw = s.code[scope.statementKeyword].word
                    if kw == .if || kw == .else || kw == .switch || kw == .guard || kw == .catch { return true }
                }
                sc = scope.parent
            }
            return false
        }

        func shape(for a: Access, name: String, list: [Access]) -> Shape {
            if a.subscripted { return .lookup }
            // A flag: the bare property is negated (`!isLoading`), or it is only ever assigned
            // `true`/`false`.
            if s.isChar(a.start - 1, UInt8(ascii: "!")) && !s.isChar(a.token + 1, UInt8(ascii: ".")) && !s.isChar(a.token + 1, UInt8(ascii: "?")) {
                return .flag
            }
            // (Through a setter method that assigns it only `true`/`false`.)
            let boolWrites = list.filter { $0.isWrite }.allSatisfy { w in
                w.via >= 0 ? flagSetters[s.text(w.via)]?.contains(name) == true : Self.assignsBoolLiteral(s, w)
            }
            return boolWrites ? .flag : .other
        }

        /// Whether write `w` assigns the literal `true` or `false`.
        static func assignsBoolLiteral(_ s: FileStructure, _ w: Access) -> Bool {
            var j = w.token + 1
            while j < w.end && !s.isChar(j, UInt8(ascii: "=")) { j += 1 }
            return s.isKeyword(j + 1, .true) || s.isKeyword(j + 1, .false)
        }

        struct LocalCopy {
            var local: String
            /// A `let` snapshot. (A `var` copy written back is how a mutating async method is called
            /// on actor state — `var it = iterator; await it.next(); iterator = it` — and is left alone.)
            var isLet: Bool
            var read: Access
            /// The first condition that tests the local, if any.
            var conditionUse: Int?
        }

        /// Locals initialized from a read of the property (`let cached = cache[key]`).
        func localCopies(_ name: String, _ list: [Access], region: Region) -> [LocalCopy] {
            var out: [LocalCopy] = []
            let conditions = conditionRanges(region.tokens)
            for a in list where !a.isWrite && !a.viaReader {
                guard let di = locals.values.first(where: { s.decls[$0].initializer.contains(a.token) }), !s.decls[di].nameText.isEmpty else { continue }
                let d = s.decls[di]
                var use: Int? = nil
                for k in region.tokens where k >= d.end && s.code[k].kind == .identifier && s.is(k, text: d.nameText) && !s.isChar(k - 1, UInt8(ascii: ".")) {
                    if inCondition(k, conditions) { use = k; break }
                }
                out.append(LocalCopy(local: d.nameText, isLet: d.isLet, read: a, conditionUse: use))
            }
            return out
        }

        // MARK: Paths

        /// Whether control can go from token `a` to a later token `b` in this method: not when `a`
        /// sits in a block that returns or throws before `b`'s block, in an `if` branch whose
        /// `else` chain holds `b`, or in another `switch` case than `b`.
        func reaches(_ a: Int, _ b: Int) -> Bool {
            guard a < b else { return false }
            var sc = Int(s.scopeOf[a])
            var pos = a
            while sc >= 0 {
                let scope = s.scopes[sc]
                if scope.open < b && b <= scope.close { break }
                if sc == bodyScope { break }
                // (A `return` in a closure leaves only the closure.)
                if scope.kind != .closure && exits(scope: sc, after: pos) { return false }
                if scope.kind == .statement {
                    // A guard's else block always leaves.
                    let kw = scope.statementKeyword
                    if kw >= 0 && s.isKeyword(kw, .else) && !s.isChar(kw - 1, UInt8(ascii: "}")) { return false }
                    if inElseChain(after: scope.close, b) { return false }
                }
                pos = scope.close
                sc = scope.parent
            }
            // `b` in another case of the same switch.
            if sc >= 0 {
                let scope = s.scopes[sc]
                if scope.kind == .statement && scope.statementKeyword >= 0 && s.isKeyword(scope.statementKeyword, .switch) {
                    var k = pos + 1
                    while k < b {
                        if Int(s.scopeOf[k]) == sc && (s.isKeyword(k, .case) || s.isKeyword(k, .default)) { return false }
                        k += 1
                    }
                }
            }
            return true
        }

        /// Whether the block `sc` (for a `switch`, the case holding `pos`) returns or throws
        /// unconditionally: a `return` or `throw` directly in it, before or after `pos` (before,
        /// `pos` is part of the returned expression).
        func exits(scope sc: Int, after pos: Int) -> Bool {
            let scope = s.scopes[sc]
            let isSwitch = scope.kind == .statement && scope.statementKeyword >= 0 && s.isKeyword(scope.statementKeyword, .switch)
            var k = scope.open + 1
            if isSwitch {
                var q = pos
                while q > scope.open {
                    if Int(s.scopeOf[q]) == sc && (s.isKeyword(q, .case) || s.isKeyword(q, .default)) { break }
                    q -= 1
                }
                k = q + 1
            }
            while k < scope.close {
                if Int(s.scopeOf[k]) == sc {
                    if isSwitch && k > pos && (s.isKeyword(k, .case) || s.isKeyword(k, .default)) { return false }
                    if s.isKeyword(k, .return) || s.isKeyword(k, .throw) { return true }
                    if s.code[k].kind == .identifier && (s.is(k, "fatalError") || s.is(k, "preconditionFailure")) && s.isChar(k + 1, UInt8(ascii: "(")) {
                        return true
                    }
                }
                k += 1
            }
            return false
        }

        /// Whether `b` lies in the `else` / `else if` chain that follows the block closing at `close`.
        func inElseChain(after close: Int, _ b: Int) -> Bool {
            var j = close + 1
            while s.isKeyword(j, .else) {
                if s.isChar(j + 1, UInt8(ascii: "{")) {
                    let m = Int(s.match[j + 1])
                    guard m > j else { return false }
                    if b > j && b <= m { return true }
                    return false
                }
                guard s.isKeyword(j + 1, .if), let open = s.scanForward(from: j + 2, limit: s.count, stop: { s.isChar($0, UInt8(ascii: "{")) }) else { return false }
                let m = Int(s.match[open])
                guard m > open else { return false }
                if b > j && b <= m { return true }
                j = m + 1
            }
            return false
        }
    }

    // MARK: Shadowing

    /// Where a local binding hides a property of the same name: parameters (the whole body),
    /// `let`/`var` declarations (to the end of their block), `if let` / `while let` (the body),
    /// `guard let` (after the guard), and names bound by patterns this does not model precisely
    /// (`for`, `case let`, `catch let`, closure parameters, tuples), which hide the name everywhere.
    struct Shadowing {
        var everywhere: Set<String> = []
        var ranges: [String: [Range<Int>]] = [:]

        init(_ s: FileStructure, method: Int, body: Scope, extraParameters: [String], region: [Int], locals: [Int: Int]) {
            let d = s.decls[method]
            everywhere.formUnion(d.parameterNames)
            everywhere.formUnion(extraParameters)
            for k in region {
                let t = s.code[k]
                if t.kind == .punctuation && s.isChar(k, UInt8(ascii: "{")) {
                    let sc = Int(s.scopeOf[k])
                    if sc >= 0 && s.scopes[sc].kind == .closure && s.scopes[sc].open == k {
                        everywhere.formUnion(s.closures[s.scopes[sc].closure].parameterNames)
                    }
                    continue
                }
                guard t.kind == .keyword else { continue }
                switch t.word {
                case .let, .var:
                    let enclosing = Int(s.scopeOf[k])
                    let scopeEnd = enclosing >= 0 ? s.scopes[enclosing].close : body.close
                    if let di = locals[k] {
                        let decl = s.decls[di]
                        // A local declaration: hidden from its end to the end of its block. Tuple
                        // patterns bind several names.
                        if s.isChar(k + 1, UInt8(ascii: "(")) {
                            let m = Int(s.match[k + 1])
                            if m > k { for q in s.span(k + 2, m) where s.code[q].kind == .identifier { everywhere.insert(s.text(q)) } }
                        } else if !decl.nameText.isEmpty {
                            ranges[decl.nameText, default: []].append(s.span(decl.end, scopeEnd))
                        }
                        continue
                    }
                    // A binding in a condition: `if let x`, `guard let x = …`, `while let x`.
                    guard k + 1 < s.count, s.code[k + 1].kind == .identifier else {
                        Shadowing.coarse(s, from: k + 1, into: &everywhere)
                        continue
                    }
                    let name = s.text(k + 1)
                    if let (kw, open) = Shadowing.conditionOwner(s, k, limit: body.close) {
                        let close = Int(s.match[open])
                        if s.isKeyword(kw, .guard) {
                            ranges[name, default: []].append(s.span(close + 1, scopeEnd))
                        } else if close > open {
                            ranges[name, default: []].append(s.span(open, close))
                        }
                    } else {
                        everywhere.insert(name)
                    }
                case .for, .catch:
                    Shadowing.coarse(s, from: k + 1, into: &everywhere)
                case .case:
                    // `case let .x(a)`, `case .x(let a)`: the pattern's identifiers up to `:` or `=`.
                    var q = k + 1
                    while q < body.close && !s.isChar(q, UInt8(ascii: ":")) && !s.isChar(q, UInt8(ascii: "=")) && !s.isChar(q, UInt8(ascii: "{")) {
                        if s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) && !s.isChar(q + 1, UInt8(ascii: "(")) {
                            everywhere.insert(s.text(q))
                        }
                        q += 1
                    }
                default:
                    break
                }
            }
        }

        /// The identifiers of a pattern starting at `k` (up to `in`, `=`, `{` or the end of the line).
        static func coarse(_ s: FileStructure, from k: Int, into set: inout Set<String>) {
            var q = k
            var steps = 0
            while q < s.count && steps < 32 {
                if s.isKeyword(q, .in) || s.isChar(q, UInt8(ascii: "=")) || s.isChar(q, UInt8(ascii: "{")) { break }
                if q > k && s.code[q].flags.contains(.newlineBefore) { break }
                if s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) && !s.isChar(q - 1, UInt8(ascii: ":")) { set.insert(s.text(q)) }
                q += 1
                steps += 1
            }
        }

        /// For a binding in a condition, the `if`/`guard`/`while` keyword and its body's `{`.
        static func conditionOwner(_ s: FileStructure, _ k: Int, limit: Int) -> (Int, Int)? {
            // Walk back over the condition list to its keyword (same bracket depth).
            var j = k - 1
            var steps = 0
            while j >= 0 && steps < 400 {
                if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                    let o = Int(s.match[j])
                    if o >= 0 && o < j { j = o - 1; steps += 1; continue }
                }
                if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";"))
                    || s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) { return nil }
                if s.isKeyword(j, .if) || s.isKeyword(j, .guard) || s.isKeyword(j, .while) {
                    let kw = j
                    let stop: (Int) -> Bool = s.isKeyword(kw, .guard)
                        ? { s.isKeyword($0, .else) }
                        : { s.isChar($0, UInt8(ascii: "{")) }
                    guard var e = s.scanForward(from: k, limit: limit, stop: stop) else { return nil }
                    if s.isKeyword(kw, .guard) { e += 1 }
                    guard s.isChar(e, UInt8(ascii: "{")) else { return nil }
                    return (kw, e)
                }
                j -= 1
                steps += 1
            }
            return nil
        }

        func isShadowed(_ name: String, at t: Int) -> Bool {
            if everywhere.contains(name) { return true }
            if let rs = ranges[name] { return rs.contains { $0.contains(t) } }
            return false
        }
    }
}
