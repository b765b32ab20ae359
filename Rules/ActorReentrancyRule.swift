import LockLintCore

/// `actor_reentrancy`: an actor method decides on a stored property, suspends, then writes that
/// property without looking at it again — the decision may be stale by then.
public struct ActorReentrancyRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "actor_reentrancy",
        name: "Actor state decided on before an await, written after it",
        summary: "An actor method (or a Task in it) checks a stored property, awaits, then writes the property (directly, through a setter method, or through an async helper that awaits first) without checking it again, re-checks only part of a decision another method can change, or overwrites what a Task it started assigns meanwhile",
        rationale: """
            An actor runs one call at a time only between suspension points: at every `await` inside an actor \
            method, other calls into the same actor may run and change its state. A method that checks a property \
            (is the image cached? is a refresh already running? is the balance high enough?), awaits, and then \
            writes the property acts on a decision that may no longer hold: two concurrent calls both see the \
            cache miss and both download, both start the refresh, or both withdraw — the duplicate-work and \
            lost-update bugs that actor isolation does not prevent.
            """,
        fix: """
            Make the check and the update one step with no suspension between them: store the in-flight work \
            (a `Task`) in the state before awaiting, so later callers await the same task; set a flag such as \
            `isRefreshing` before the await; or check the property again after the await and act on what is \
            there then — every property the decision used, not only some of them. When the awaited call can \
            fail (`try await`, or a result the code tests), a claim made before it must be undone on failure \
            (in a `catch` or `defer`), or it records work that never happened.
            """,
        knownLimits: """
            The method must belong to an actor (its declaration, or an extension of an actor declared in any \
            linted file); `nonisolated`, static, global-actor (`@MainActor`) and synchronous methods are skipped (but not the `Task` bodies in them, below). A decision is a read of a \
            stored `var` of the actor (unqualified, including `if let x` shorthand, or through `self.`) in an `if`, \
            `guard` or `switch` condition, a read on the left of `??`, or a read copied into a local that is then \
            tested in such a condition. A `let` snapshot of the property written back after the await \
            (`let current = balance; await …; balance = current + n`) is reported as a lost update; a `var` copy \
            written back (`var it = iterator; await it.next(); iterator = it`) is the only way to call a mutating \
            async method on actor state and is not. `while` conditions are not decisions: the loop reads the \
            property again each time. The finding needs a path from the decision to an `await` and on to a write of \
            the same property (assignment, compound assignment, subscript or member assignment, a mutating \
            collection method, `&` inout), with no write of the property between the decision and the await (that \
            claims the state first, which is the fix), no claim of another property between the decision and the \
            await that stays held across it (`guard !loading else { return }; loading = true; defer { loading = \
            false }`: a second call stops at that gate) and no other read of it between the await and the write (a \
            re-check, also a call of a synchronous method of the actor in the same file that reads it, \
            `guard let w = nextWorker()`; reads inside the awaited call's own statement happen before the \
            suspension and do not count). Paths are followed through blocks that fall through; blocks ending in `return` or `throw`, the \
            other branches of an `if`/`else` chain, and other `switch` cases are not paths. A read in the condition of an \
            `if` (with its `else` chain) or a `switch` none of whose branches leaves (no `return`, `throw`, \
            `continue`, `break` out of it) decides nothing about code after that statement: an await and a write \
            both after it (`switch count { case 2: rate = low; default: break }; await apply(); count += 1`) are \
            not reported for it. The fix-it does not offer claiming the property before the await when the \
            awaited method of the actor (in this file) assigns it itself, or, for a clear or a plain write, when \
            other properties are written in the same block after the await; it offers the re-check. Judgement calls: writes \
            in `defer` blocks are resets and are not reported; a write in a `catch` block acts on a decision made \
            before its `do` (an error the awaited call throws lands there), unless the method claimed the \
            property before the await (the `catch` rolls the claim back) or it is a Bool flag (it records the \
            failure); code in a continuation body \
            (`await withCheckedContinuation { … }`), directly or through a setter method of the actor, runs before the suspension, \
            also when that continuation is the first thing awaited in the operation closure of an awaited \
            `withTaskCancellationHandler` (the operation runs at once, so the body runs before the await on the handler call); \
            a read in the condition of an `if` with no `else` whose block only reports (no jump, write, try or \
            await: `if state != .idle { log(…) }`) decides nothing; a Bool flag set only under a \
            condition tested after the await (directly, or by calling a setter method that assigns it only \
            `true`/`false`) records the awaited outcome rather than claiming the work, and is not \
            reported. Closures are not the method's code unless they run inline (`withTaskGroup` bodies, `forEach`, \
            continuations); names shadowed by a local binding count only as `self.name`. For an extension whose \
            actor is declared in another file, any property written through `self.` or an unshadowed name is a \
            candidate. A call of a synchronous method of the same actor (declared in the same file) whose body \
            assigns the property without deciding on it (`setState(.x)`, `self.store(key, value)`) counts as a \
            write of the property; a method that checks the property itself before assigning it does not. The body \
            of a `Task { }` created in an actor method (not `Task.detached`, not given another actor with \
            `@MainActor in`, not nested in a closure that runs later) is isolated to the actor and is checked the \
            same way on its own; an `await` on a call of a synchronous method of the same actor is not a \
            suspension, nor one on an async method of it (in the same file) whose body awaits nothing but such \
            calls, directly or through others (async only by its signature); a cycle of such methods, a \
            `nonisolated` one or one declared elsewhere may suspend. A call of an async method of the same actor (declared in the same file) that awaits \
            and then assigns a property it has not read before (not a counter it bumps, `+=`/`-=`, after a \
            condition that reads the actor's state again past its own await; not in a loop, which stores fresh results as \
            they come; a subscript only when its key is one of the helper's parameters), directly or through \
            another such helper (not while the helper holds a claim it made before its first await, \
            `guard !loading else { return }; loading = true`: a second call stops at that gate), counts as a \
            suspension followed by that write, when the caller's decision leads \
            to the call (its `if` body or `else` chain, after its `guard`, inside its `switch`, after an `if` \
            that leaves, or the same statement); reported at the call. A property that a `Task { }` started by \
            the method assigns, overwritten (`=`) by the method after a later await that does not wait for \
            that Task (`await task.value`), with no read of it in between, is reported at the overwrite: the \
            Task runs on the actor as soon as the method suspends. Also reported: a decision that reads two or more properties (one `if`/`guard` \
            condition), an await, then a re-check that reads only some of them followed by a write, when a \
            property left out of the re-check is assigned by another method of the actor (in this file) and this \
            method does not read it again or assign it itself before the write; reported at the write. \
            Not reported: a method (not a `Task` in it) whose every awaited call in the run sits in a block \
            handed to the same stored property's closure method (a serial `DispatchQueue`, a type of the run \
            that is a serial executor or owns a serial queue, or a type the run does not declare, which may \
            run its blocks one at a time), in the body of one `for await` loop (each element's awaited calls \
            end before the next is taken), or in code gated by a Bool property claimed first (`guard !busy \
            else { return }; busy = true`, nothing awaited between) and released only where the gated work \
            ends (a `defer` of the claiming function, or after the call in a `Task` the claiming function \
            starts, directly or through a method only such Tasks call), directly or through functions whose \
            own calls all do: the tool cannot tell that two calls overlap. Such a method still keeps a finding \
            when another member of the actor in this file (not an initializer) assigns the property and does \
            not run there too (a `Task` body, a method called elsewhere, a private synchronous method called \
            from one); members in other files are not seen. A call straight in the actor's own initializer, before the initializer creates any \
            closure that runs later (a `Task { }`) on a path to it (one in an `if` branch whose `else` chain \
            holds the call is not on that path), does not overlap such calls: the initializer awaits it to its \
            end, and nothing else holds the actor yet. A method with no call in the run, or with any \
            call elsewhere (a `Task`, another queue, another loop, top-level code), keeps its finding; calls \
            are matched by name (a call on `self` in another type is of that type's method), and a method \
            passed as a value is not seen as a call.
            """,
        triggeringExamples: [
            """
            actor ImageCache {
                private var images: [URL: Image] = [:]
                func image(for url: URL) async throws -> Image {
                    if let cached = images[url] { return cached }
                    let image = try await download(url)
                    ↓images[url] = image
                    return image
                }
            }
            """,
            """
            actor Session {
                var token: Token?
                func validToken() async throws -> Token {
                    guard token == nil else { return token! }
                    let fresh = try await auth.refresh()
                    self.↓token = fresh
                    return fresh
                }
            }
            """,
            """
            actor Account {
                var balance = 0
                func withdraw(_ amount: Int) async throws {
                    guard balance >= amount else { throw Insufficient() }
                    try await ledger.record(-amount)
                    ↓balance -= amount
                }
            }
            """,
            """
            actor Loader {
                var connection: Connection?
                func connect() async throws {
                    if connection == nil {
                        ↓connection = try await Connection.open()
                    }
                }
            }
            """,
            """
            actor Player {
                var phase: Phase = .idle
                private func setPhase(_ p: Phase) { phase = p }
                func play() async {
                    guard phase == .idle else { return }
                    await prepare()
                    ↓setPhase(.playing)
                }
            }
            """,
            """
            actor Prefetcher {
                var cache: [URL: Data] = [:]
                func warm(_ url: URL) {
                    Task {
                        guard cache[url] == nil else { return }
                        let data = try await fetch(url)
                        ↓cache[url] = data
                    }
                }
            }
            """,
            """
            actor Engine {
                var state: State = .running
                var isShuttingDown = false
                func stop() async {
                    guard state == .running, !isShuttingDown else { return }
                    await drain()
                    guard state == .running else { return }
                    ↓state = .stopped
                }
                func shutdown() { isShuttingDown = true }
            }
            """,
            """
            actor Thumbnails {
                private var cache: [String: Data] = [:]
                func thumbnail(_ key: String) async throws -> Data {
                    if let hit = cache[key] { return hit }
                    return try await ↓render(key)
                }
                private func render(_ key: String) async throws -> Data {
                    let data = try await draw(key)
                    cache[key] = data
                    return data
                }
            }
            """,
            """
            actor Link {
                var state: LinkState = .idle
                func connect(_ stream: AsyncStream<String>) async {
                    Task {
                        for await _ in stream {}
                        state = .closed
                    }
                    await handshake()
                    ↓state = .open
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            actor Link {
                var state: LinkState = .idle
                func connect(_ stream: AsyncStream<String>) async {
                    Task {
                        for await _ in stream {}
                        state = .closed
                    }
                    await handshake()
                    if state == .idle { state = .open }
                }
            }
            """,
            """
            actor ImageCache {
                private var tasks: [URL: Task<Image, Error>] = [:]
                func image(for url: URL) async throws -> Image {
                    if let running = tasks[url] { return try await running.value }
                    let task = Task { try await download(url) }
                    tasks[url] = task
                    return try await task.value
                }
            }
            """,
            """
            actor Refresher {
                var isRefreshing = false
                func refresh() async {
                    guard !isRefreshing else { return }
                    isRefreshing = true
                    defer { isRefreshing = false }
                    await reload()
                }
            }
            """,
            """
            actor Account {
                var balance = 0
                func withdraw(_ amount: Int) async throws {
                    try await ledger.check(amount)
                    guard balance >= amount else { throw Insufficient() }
                    balance -= amount
                }
            }
            """,
            """
            actor Cache {
                var items: [String: Data] = [:]
                func load(_ key: String) async throws -> Data {
                    if let hit = items[key] { return hit }
                    let data = try await fetch(key)
                    if let raced = items[key] { return raced }
                    items[key] = data
                    return data
                }
            }
            """,
            """
            actor Engine {
                var state: State = .running
                var isShuttingDown = false
                func stop() async {
                    guard state == .running, !isShuttingDown else { return }
                    await drain()
                    guard state == .running, !isShuttingDown else { return }
                    state = .stopped
                }
                func shutdown() { isShuttingDown = true }
            }
            """,
            """
            actor Player {
                var phase: Phase = .idle
                private func setPhase(_ p: Phase) { phase = p }
                func play() async {
                    guard phase == .idle else { return }
                    setPhase(.playing)
                    await prepare()
                }
            }
            """,
            """
            final class NotAnActor {
                var cache: [URL: Data] = [:]
                func load(_ url: URL) async throws -> Data {
                    if let hit = cache[url] { return hit }
                    let data = try await fetch(url)
                    cache[url] = data
                    return data
                }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard !s.awaitTokens.isEmpty else { return [] }
        var out: [Diagnostic] = []
        let tasks = ActorStateFlow.taskClosures(s)
        var factsByActor: [String: ActorStateFlow.ActorMethods] = [:]
        for (ti, t) in s.decls.enumerated() where t.body >= 0 && (t.kind == .actor || t.kind == .extension) {
            // Stored vars of the actor, when its declaration is in this file; nil when unknown.
            var properties: Set<String>? = nil
            var actorName = t.nameText
            if t.kind == .actor {
                properties = ActorStateFlow.storedVars(s, ti)
            } else {
                guard ActorStateFlow.hasAsyncMember(s, ti) else { continue }
                if let a = s.typeDecls(named: t.nameText).first(where: { s.decls[$0].kind == .actor && s.decls[$0].body >= 0 }) {
                    properties = ActorStateFlow.storedVars(s, a)
                    actorName = s.decls[a].nameText
                } else if !context.isActor(t.nameText) {
                    continue
                }
            }
            if let p = properties, p.isEmpty { continue }
            var facts = ActorStateFlow.ActorMethods()
            if let p = properties {
                if let known = factsByActor[actorName] {
                    facts = known
                } else {
                    facts = ActorStateFlow.actorMethods(s, named: actorName, properties: p)
                    factsByActor[actorName] = facts
                }
            } else if let known = factsByActor["\u{0}" + actorName] {
                facts = known
            } else {
                // The actor is declared elsewhere: its members in this file that do not suspend.
                facts.synchronous = ActorStateFlow.nonSuspendingMembers(s, named: actorName)
                factsByActor["\u{0}" + actorName] = facts
            }
            for m in s.children[ti] {
                let d = s.decls[m]
                guard d.kind == .function, d.body >= 0, !d.isStaticMember,
                      !d.modifiers.contains(.nonisolated), !d.modifiers.contains(.nonisolatedUnsafe),
                      !s.hasGlobalActor(d) else { continue }
                var bodies: [(scope: Int, inTask: Bool)] = d.isAsync ? [(d.body, false)] : []
                for c in tasks[m] ?? [] { bodies.append((s.closures[c].scope, true)) }
                for (scope, inTask) in bodies {
                    let method = ActorStateFlow.MethodAnalysis(s, method: m, bodyScope: scope, properties: properties, setters: facts.setters,
                                                assigners: facts.assigners, synchronous: facts.synchronous,
                                                suspendingSetters: facts.suspendingSetters, startedTasks: inTask ? [] : tasks[m] ?? [],
                                                readers: facts.readers, flagSetters: facts.flagSetters)
                    let found = method.findings()
                    // Every call of the method in the run runs on one stored object's executor:
                    // the tool cannot tell that two calls overlap (not a Task: it runs later).
                    var kept = found
                    if !found.isEmpty && !inTask, let executor = context.serialExecutor(ofCallsTo: d.nameText, owner: actorName) {
                        // …unless another member writes the property from elsewhere.
                        let bodies = s.decls.indices.filter { (s.decls[$0].kind == .actor || s.decls[$0].kind == .extension) && s.decls[$0].nameText == t.nameText }
                        kept = found.filter { f in
                            !SerialWriters.onlyOn(executor, property: f.property, except: m, s: s, bodies: bodies, tasks: tasks, writes: { member, scope in
                                ActorStateFlow.MethodAnalysis(s, method: member, bodyScope: scope, properties: properties).writtenProperties()
                            }, executorOf: { context.serialExecutor(ofCallsTo: $0, owner: actorName) })
                        }
                    }
                    // Clearing after the await wipes nothing when no call is seen to store a value:
                    // only the initializer (not a closure it starts) fills the property.
                    kept = kept.filter { f in
                        !(f.writeKind == .clear && f.shape != .staleCopy && f.shape != .partial && f.shape != .overwritten
                          && Self.filledOnlyByInitializer(s, actor: actorName, property: f.property))
                    }
                    for f in kept {
                        out.append(diagnostic(f, method: d, inTask: inTask, actorName: actorName, context: context))
                    }
                }
            }
        }
        return out
    }

    /// Whether stored property `p` of actor `name` (declared in this file) is given a value only
    /// straight in an initializer's body: every other write in the actor's code in this file sets
    /// it to nil.
    static func filledOnlyByInitializer(_ s: FileStructure, actor name: String, property p: String) -> Bool {
        let units = s.typeDecls(named: name).filter { s.decls[$0].body >= 0 && (s.decls[$0].kind == .actor || s.decls[$0].kind == .extension) }
        // (Code outside the actor cannot set its stored property; its extensions in other files
        // are not seen, and a value they store is not claimed either.)
        guard units.lazy.flatMap({ s.children[$0] }).contains(where: { s.decls[$0].kind == .variable && s.decls[$0].nameText == p }) else { return false }
        for u in units {
            let body = s.scopes[s.decls[u].body]
            for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: p) {
                if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
                guard StateAccess.mayWrite(s, k) else { continue }
                var e = k + 1
                while s.isChar(e, UInt8(ascii: "?")) || s.isChar(e, UInt8(ascii: "!")) { e += 1 }
                if s.isChar(e, UInt8(ascii: "=")) && s.code[e].length == 1 && s.isKeyword(e + 1, .nil) { continue }
                // A value stored straight in an initializer, not in a closure it starts.
                guard let f = s.enclosingFunction(of: k), s.decls[f].kind == .initializer,
                      s.enclosingExecutable(of: k) == s.decls[f].body else { return false }
            }
        }
        return true
    }

    // MARK: The finding

    func diagnostic(_ f: ActorStateFlow.Finding, method: Decl, inTask: Bool, actorName: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let who = inTask ? "a Task in actor '\(actorName)' method '\(method.nameText)()'" : "actor '\(actorName)' method '\(method.nameText)()'"
        if f.shape == .partial { return partialDiagnostic(f, who: who, actorName: actorName, context: context) }
        if f.shape == .overwritten { return overwriteDiagnostic(f, who: who, actorName: actorName, context: context) }
        let through = f.via >= 0 ? " through '\(s.text(f.via))()'" : ""
        let p = f.property
        let readLine = s.line(ofToken: f.read)
        let awaitLine = s.line(ofToken: f.await)
        let shape: ActorStateFlow.Shape = f.shape == .staleCopy ? .staleCopy
            : f.writeKind == .clear ? .clear
            : f.writeKind == .compound ? .counter
            : f.writeKind == .mutatingCall && f.shape != .lookup ? .mutation
            : f.shape
        let outcome: String
        switch shape {
        case .lookup: outcome = "concurrent calls can both miss and both do the work"
        case .flag: outcome = "concurrent calls can both pass the check"
        case .staleCopy: outcome = "changes other calls make during the await are overwritten"
        case .clear: outcome = "a value another call stores during the await is wiped"
        case .counter: outcome = "concurrent calls can both pass the check and both apply the change"
        case .mutation: outcome = "the collection may have changed while this call was suspended"
        case .other, .partial, .overwritten: outcome = "concurrent calls can both act on the same stale decision"
        }
        let basis = shape == .staleCopy
            ? "from a copy taken at line \(readLine)"
            : "acting on a check at line \(readLine) that the await may have invalidated"
        let message = "\(who) writes '\(p)'\(through) after the await at line \(awaitLine), \(basis): \(outcome)"
        var notes: [Note] = []
        notes.append(context.note(at: f.read, shape == .staleCopy ? "'\(p)' is copied here, before the await" : "'\(p)' is read here to decide"))
        notes.append(context.note(at: f.await, "other calls into '\(actorName)' can run here and change '\(p)'"))
        if let h = f.helper {
            notes.append(context.note(at: h.await, "'\(s.text(f.via))()' suspends here"))
            notes.append(context.note(at: h.write, "and then assigns '\(p)' here without checking it"))
        } else if f.via >= 0 {
            notes.append(context.note(at: f.via, "'\(s.text(f.via))()' assigns '\(p)'"))
        }
        // A claim made before an await that can fail stays after the failure unless undone.
        let fails = AwaitOutcome.mayFail(s, await: f.await)
        // A claim before the await that the awaited method assigns again, or that leaves other
        // state written on the same decision: only the re-check after the await is safe to offer.
        let group = f.writtenWith.map { "'\($0)'" }.joined(separator: ", ")
        let why = !f.awaitedAssigner.isEmpty && shape != .staleCopy
            ? "the awaited '\(f.awaitedAssigner)()' assigns '\(p)' itself, so a claim made before it would be undone or used by it: "
            : !group.isEmpty && (shape == .clear || shape == .other)
            ? "claiming only '\(p)' before the await would leave \(group) written after it on the same decision: " : ""
        let fix: String
        switch shape {
        case _ where !why.isEmpty:
            let recheck = shape == .lookup ? "look '\(p)' up again after the await and use what is there"
                : shape == .clear ? "check after the await that '\(p)' still holds what you read before clearing it"
                : "check '\(p)' again after the await before writing it"
            fix = why + recheck + (group.isEmpty ? "" : ", and write \(group) only when it does")
        case .lookup where fails:
            fix = "store the in-flight work in '\(p)' before awaiting (a `Task` that later callers await) and remove it again in a `catch` when the awaited call fails, so the failure is not kept as the answer; or look '\(p)' up again after the await and use what is there"
        case .lookup:
            fix = "store the in-flight work in '\(p)' before awaiting (a `Task` that later callers await), or look '\(p)' up again after the await and use what is there"
        case .flag where fails:
            fix = "set '\(p)' before the await and reset it in a `catch` or `defer` when the awaited call fails (else it stays set for work that never happened), or check '\(p)' again after the await before writing it; if callers also need the result of the awaited work, store the in-flight `Task` instead and have later callers await it"
        case .flag:
            fix = "set '\(p)' before the await so the check and the update happen with no suspension between them (reset it in a `defer` on failure); if callers also need the result of the awaited work, store the in-flight `Task` instead and have later callers await it"
        case .staleCopy:
            fix = "re-read '\(p)' after the await and apply the change to its current value, or finish the update before suspending"
        case .clear where fails:
            fix = "take the value into a local and clear '\(p)' before the await, putting it back in a `catch` when the awaited call fails, or check after the await that '\(p)' still holds what you read"
        case .clear:
            fix = "take the value into a local and clear '\(p)' before the await, or check after the await that '\(p)' still holds what you read"
        case .counter:
            fix = "apply the change to '\(p)' before the await (undo it if the awaited work fails), or check '\(p)' again after the await"
        case .mutation:
            fix = "check '\(p)' again right before changing it (after the await), or do the check and the change with no suspension between them"
        case .other where fails, .partial where fails, .overwritten where fails:
            fix = "claim '\(p)' before the await (an in-progress state or the in-flight `Task`) and undo the claim in a `catch` or `defer` when the awaited call fails, so '\(p)' never records work that did not happen; or check '\(p)' again after the await before writing it"
        case .other, .partial, .overwritten:
            fix = "claim '\(p)' before the await (store the in-flight `Task` or an in-progress state in it), or check '\(p)' again after the await before writing it"
        }
        return context.diagnostic(description, at: f.write, message: message, notes: notes, fixIt: FixIt(fix))
    }

    func overwriteDiagnostic(_ f: ActorStateFlow.Finding, who: String, actorName: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let p = f.property
        let message = "\(who) overwrites '\(p)' after the await at line \(s.line(ofToken: f.await)), but the Task it started at line \(s.line(ofToken: f.task)) also assigns '\(p)' and can run during that await: its change is lost"
        let notes = [
            context.note(at: f.task, "this Task runs on '\(actorName)' as soon as the method suspends"),
            context.note(at: f.read, "and assigns '\(p)' here"),
            context.note(at: f.await, "the method suspends here, so the Task may run first"),
        ]
        let fix = "check '\(p)' after the await before overwriting it, await the Task before writing, or let one of the two make the change"
        return context.diagnostic(description, at: f.write, message: message, notes: notes, fixIt: FixIt(fix))
    }

    func partialDiagnostic(_ f: ActorStateFlow.Finding, who: String, actorName: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let p = f.property
        let rechecked = s.text(f.recheck)
        let message = "\(who) acts after the await at line \(s.line(ofToken: f.await)) on a decision at line \(s.line(ofToken: f.read)) that also used '\(p)', but re-checks only '\(rechecked)' (line \(s.line(ofToken: f.recheck))): '\(f.assigner)()' can change '\(p)' during the await and this call proceeds anyway"
        let notes = [
            context.note(at: f.read, "'\(p)' is read here to decide, with '\(rechecked)'"),
            context.note(at: f.await, "other calls into '\(actorName)', such as '\(f.assigner)()', can run here and change '\(p)'"),
            context.note(at: f.recheck, "the decision is re-checked here without '\(p)'"),
        ]
        let undo = AwaitOutcome.mayFail(s, await: f.await) ? " (and undo the claim in a `catch` or `defer` when the awaited call fails)" : ""
        let fix = "check '\(p)' again after the await together with '\(rechecked)' (line \(s.line(ofToken: f.recheck))), or claim the state before the await so that '\(f.assigner)()' sees this call in progress\(undo)"
        return context.diagnostic(description, at: f.write, message: message, notes: notes, fixIt: FixIt(fix))
    }

}
