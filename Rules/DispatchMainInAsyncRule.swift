import LockLintCore

/// `dispatch_main_in_async`: `DispatchQueue.main.async` / `asyncAfter` / `sync` from code that
/// Swift concurrency already isolates or schedules (an actor, `@MainActor` code, async code).
public struct DispatchMainInAsyncRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "dispatch_main_in_async",
        name: "DispatchQueue.main in actor or async code",
        summary: "DispatchQueue.main.async, asyncAfter or sync called from an actor, @MainActor code, an async function or a Task",
        rationale: """
            Code in an actor, on the main actor or in an async function already has a concurrency model that \
            the compiler checks. Handing work to the main queue with GCD leaves it: the block is not awaited, so \
            the caller goes on before it runs and cannot rely on what it does; blocks sent \
            from an actor run unordered with the actor's own work; from main-actor code, `async` only defers the \
            block to a later turn of the run loop, and `sync` waits for the main queue while occupying it — a \
            deadlock. `DispatchQueue.main.sync` from async code also blocks a cooperative-pool thread.
            """,
        fix: """
            From async code, `await MainActor.run { … }` (or call a `@MainActor` function with `await`); to start \
            main-actor work without waiting, `Task { @MainActor in … }`; for a delay set before work the code still \
            awaits, a task of its own that sleeps first, kept so that the code can cancel it (`let later = Task { \
            @MainActor [weak self] in try await Task.sleep(for: …); … }`, keeping the block's capture list; \
            `later.cancel()` stops it before the block runs), so that the code around goes on at once as it did \
            with the timer. A `defer` body cannot await: move the block's code out of it, to where the code ends, \
            and await it there. In `@MainActor` code, where code after the hop \
            reads what the block sets, run the block's code in place of the hop (the code already runs on the main \
            actor), unless that read must see the value from before the block.
            """,
        knownLimits: """
            Reported inside an actor (including its extensions anywhere in the run), a type (with its extensions in \
            any file), extension or function marked `@MainActor` (or another global actor), an `async` function or accessor, an `async` closure, \
            and a `Task {}` / `Task.detached {}` / `addTask {}` body. Nested closures: a closure that runs inline \
            (continuation bodies, `forEach`, `map`, `withLock`, …) counts as the code around it; any other closure \
            that is not itself async — a completion handler, a Combine sink, a notification observer — ends the \
            search and is not reported, because it may be called on any thread and hopping to the main queue is \
            the ordinary way out of such a callback. A dispatched block that reads a task-local value (a name \
            declared `@TaskLocal` or `@Dependency` in the file, or a `withValue` / `withDependencies` call) is \
            not reported: GCD drops task-locals and `Task {}` keeps them, so there the hop may be the point. `nonisolated` members and static members of actors are not \
            isolated and are not reported unless async. A synchronous local function is judged by the isolation \
            of the code around it, not by whether that code is async. SwiftUI views are main-actor isolated only \
            through their protocol and are not recognised. A hop that is the last thing an unkept `Task { }` \
            does (nothing after it on any path, and nobody holds the task to await it) is not reported: \
            `await MainActor.run` there would behave the same. The same holds for the last step of an async \
            function when it is awaited somewhere, every use of it in its file is an `await` that is the last thing \
            of such a task (also one started in a closure such as a Combine `sink`, or as the statement of a \
            `switch` case), or the last step of another async function that only such tasks end with, through any \
            number of such functions, and other files of the run await a function of its name only that way (a private \
            function needs no such look; a public, \
            open, overriding or `@objc` one is always reported). A hop followed only by other \
            `DispatchQueue.main.async` blocks counts as the last step: the main queue runs those after it. A hop \
            whose next step awaits main-actor code (`await MainActor.run { … }`, a main-actor function of the file) \
            is not reported: the main queue runs the block first, so everything after the hop sees its effect. \
            `DispatchQueue.main.sync` in main-actor code is not reported where a check that the code is off the \
            main thread guards it (`if !Thread.isMainThread`, the `else` of `if Thread.isMainThread`, \
            `guard !Thread.current.isMainThread else { … }`, or a private helper called only there), since it \
            cannot wait for itself. On the main actor `DispatchQueue.main.async` only runs its block at a later turn of the run \
            loop; whether anything needs that the tool cannot tell, and `Task { }` would only restate it, so it is \
            reported only where the code that goes on right after it (not a block or closure that runs later) reads a \
            stored property of its type that the block sets, directly or through a method of the type: that read sees \
            the value from before the block. A property declared in another file is not followed. Even then it is not \
            reported where the code shows the deferral is meant: the block reads layout (`frame`, `bounds`, \
            `contentSize`, …); a comment beside it or directly above its statement, a comment opening its block, or the \
            documentation comment of its member or type, explains it (a run-loop or event-loop turn, returning first, \
            re-entrancy, coalescing, …); it is in a getter or subscript, which must not run side effects in the middle \
            of whoever reads; its block resets state the code tests and sets before the hop (coalescing calls into one \
            run per turn); or its block presents (`present(…)`, state the file binds to `isPresented:`/`item:`). \
            `asyncAfter` on the main actor is not reported either: a timer that runs the block later on the actor the \
            code is already on. \
            A `Task { @MainActor in … }` is judged by its actor, and so is a `Task { }` that inherits the main \
            actor from the code that starts it (a main-actor function or type, through closures that pass their \
            isolation on, such as a Combine `sink`; not through a block sent to another queue, a detached or child \
            task, or a `@Sendable` closure): a hop to the main queue in it is already on the main actor. A delayed \
            block that captures weakly (`[weak self]`) is told to keep that capture list on the task that replaces it; \
            a delayed block (`asyncAfter`, off the main actor) is reported only where the code that sets it still \
            awaits something after it (later in its function or task, or in the next turn of a loop around it): set \
            when the code has nothing left to await, it is a timer set on purpose for after the code's work, and a \
            task that sleeps first would only restate it. A hop in a `defer` stands where the block holding the \
            `defer` ends (the last step, when that block is the function's or task's body). A block that only \
            assigns state (no other call) that nothing after it in its code names, followed there by another \
            `DispatchQueue.main.async` block that can run after it (not in another branch; or one in a `defer` still \
            to run), is not reported: nothing in its code can see it early, and where the later block runs, whoever \
            waits for that block's effect sees this one's too (the main queue keeps order); the later block is \
            judged on its own; \
            a delayed block passed by name (a work item, a function) gets no rewrite, since what it captures is not \
            visible. `@MainActor` on an extension isolates that extension's members, not the type.
            """,
        inTests: .skipped("mixing GCD and async/await is migration advice; test code is not reported"),
        triggeringExamples: [
            """
            final class Loader {
                func reload() async throws {
                    DispatchQueue.main.async { self.isLoading = true }
                    let items = try await fetch()
                    DispatchQueue.main.↓async { self.items = items; self.isLoading = false }
                }
            }
            """,
            """
            func refresh() async throws {
                let items = try await api.items()
                DispatchQueue.main.↓async {
                    self.items = items
                }
            }
            """,
            """
            actor Uploader {
                func finish() async {
                    DispatchQueue.main.↓asyncAfter(deadline: .now() + 1) { NotificationCenter.default.post(name: .done, object: nil) }
                    await flush()
                }
            }
            """,
            """
            @MainActor
            final class ViewModel {
                func reload() {
                    DispatchQueue.main.↓sync { title = "" }
                }
            }
            """,
            """
            func start() {
                Task {
                    await load()
                    DispatchQueue.main.↓async { showResults() }
                    await prefetchNextPage()
                }
            }
            """,
            """
            func start() {
                loading = Task {
                    await load()
                    DispatchQueue.main.↓async { done() }
                }
            }
            """,
            """
            actor Uploader {
                func finish() async {
                    DispatchQueue.main.↓asyncAfter(deadline: .now() + 1) { [weak self] in self?.notify() }
                    await flush()
                }
            }
            """,
            """
            @MainActor
            final class Cart {
                private var total = 0
                func add() {
                    DispatchQueue.main.↓async { self.total += 1 }
                    print(total)
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Responder {
                func respond() async throws {
                    try await send()
                    DispatchQueue.main.asyncAfter(deadline: .now() + 1) { [weak self] in self?.emitNext() }
                }
            }
            """,
            """
            @MainActor
            final class Cart {
                private var total = 0
                func add() {
                    DispatchQueue.main.async { self.total += 1 }
                    DispatchQueue.main.async { print(self.total) }
                }
            }
            """,
            """
            @MainActor
            final class FeatureModel {
                @Dependency(\\.clock) var clock
                func later() {
                    DispatchQueue.main.async { self.clock.tick() }
                }
            }
            """,
            """
            func load(completion: @escaping (Data) -> Void) {
                fetch { data in
                    DispatchQueue.main.async { completion(data) }
                }
            }
            """,
            """
            func refresh() async {
                api.items { items in
                    DispatchQueue.main.async { self.items = items }
                }
            }
            """,
            """
            actor Store {
                nonisolated func notify() {
                    DispatchQueue.main.async { NotificationCenter.default.post(name: .changed, object: nil) }
                }
            }
            """,
            """
            func start() {
                Task {
                    do {
                        try await load()
                        DispatchQueue.main.async { done() }
                    } catch {
                        DispatchQueue.main.async { show(error) }
                    }
                }
            }
            """,
            """
            @MainActor
            final class BannerPresenter {
                func addBanner() {
                    container.addSubview(banner)
                    DispatchQueue.main.async { self.adjustInsets(banner.frame.height) }
                }
            }
            """,
            """
            func schedule() async {
                await MainActor.run { update() }
                queue.async { work() }
                DispatchQueue.global().async { work() }
            }
            """,
            """
            @MainActor
            final class LayoutScheduler {
                private var scheduled = false
                func setNeedsUpdate() {
                    guard !scheduled else { return }
                    scheduled = true
                    DispatchQueue.main.async { self.scheduled = false; self.update() }
                }
            }
            """,
            """
            @MainActor
            final class BadgeStore {
                var count: Int {
                    DispatchQueue.main.async { NotificationCenter.default.post(name: .badge, object: nil) }
                    return cached
                }
            }
            """,
            """
            final class Loader {
                func start() { Task { await self.load() } }
                private func load() async {
                    await fetch()
                    DispatchQueue.main.async { self.render() }
                }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContain("DispatchQueue") else { return [] }
        var calls: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count where code[i].length == 13 && code[i].kind == .identifier && s.is(i, "DispatchQueue") {
                guard s.isChar(i + 1, UInt8(ascii: ".")), s.is(i + 2, "main"), s.isChar(i + 3, UInt8(ascii: ".")) else { continue }
                let m = i + 4
                guard s.is(m, "async") || s.is(m, "asyncAfter") || s.is(m, "sync") else { continue }
                guard s.isChar(m + 1, UInt8(ascii: "(")) || s.isChar(m + 1, UInt8(ascii: "{")) else { continue }
                calls.append(m)
            }
        }
        guard !calls.isEmpty else { return [] }
        var taskLocals: Set<String>? = nil  // computed for the first call that would be reported
        var out: [(token: Int, diagnostic: Diagnostic)] = []
        var functionTails: [(call: Int, ctx: ConcurrencyIsolation, function: Int, last: Bool)] = []
        var deferrals = DeferralIndex()
        var privateUses: [String: [Int]]? = nil
        for m in calls {
            guard let ctx = ConcurrencyIsolation.of(s, at: m, context: context) else { continue }
            if taskLocals == nil { taskLocals = DispatchedBlocks.taskLocalNames(s) }
            if DispatchedBlocks.readsTaskLocal(s, dispatchedBy: m, names: taskLocals ?? []) { continue }
            let method = s.text(m)
            var tail = false
            // Where the hop stands in its task or async function: what runs after it there.
            var follow: TaskTails.HopTail? = nil
            if method == "async", case .async(let origin) = ctx {
                switch origin {
                case .task(let ci): follow = TaskTails.hopTail(s, call: m, scope: s.closures[ci].scope, context: context)
                case .function(let f) where s.decls[f].body >= 0: follow = TaskTails.hopTail(s, call: m, scope: s.decls[f].body, context: context)
                default: break
                }
            }
            // Main-actor code awaited next runs after the block (the main queue keeps order): nothing
            // after the hop can tell it from `await MainActor.run`.
            if follow == .beforeMainActorWait { continue }
            // A delayed block set when the code has nothing left to await: a timer set on purpose
            // for after the code's work, which a task that sleeps first would only restate.
            var awaitedAfter = -1
            if method == "asyncAfter" && !ctx.isMainActor {
                guard let body = DispatchedBlocks.runningScope(s, of: m), let a = TaskTails.awaitAfter(s, call: m, body: body) else { continue }
                awaitedAfter = a
            }
            // Async code that posts state nothing after it names, before another main-queue block
            // of the same code: that later block carries whatever the caller may wait for.
            if method == "async", follow == nil, case .async = ctx, let body = DispatchedBlocks.runningScope(s, of: m),
               let posted = DispatchedBlocks.postedState(s, dispatchedBy: m),
               TaskTails.postsUnreadBeforeLaterHop(s, call: m, body: body, names: posted) { continue }
            // A comment at the hop that says the block is to run later on purpose (`wait until the
            // next run loop`): awaiting the main actor instead would break that.
            if method == "async", Self.documentsDeferral(Self.commentsAtHop(s, call: m)) { continue }
            switch ctx {
            case .async(.task(let ci)) where follow != nil:
                // The last thing a task nobody keeps does: `await MainActor.run` would behave the same.
                tail = true
                if !TaskTails.isRetained(s, task: ci) { continue }
            case .async(.function(let f)) where follow != nil:
                // The last thing an async function does: decided once the file's calls of it are known.
                functionTails.append((m, ctx, f, follow == .last))
                continue
            case _ where method == "sync" && ctx.isMainActor:
                // Behind a check that the code is off the main thread, waiting for the main queue
                // cannot wait for itself.
                if QueueReach.offMainOnly(s, m, uses: &privateUses) { continue }
            case _ where ctx.isMainActor && method == "asyncAfter":
                // A timer that runs code later on the actor it is already on: no hop, no isolation
                // lost; `Task.sleep` would only say the same in another style.
                continue
            case _ where ctx.isMainActor && method == "async":
                // On the main actor the hop only runs the block later; whether anything needs that the
                // tool cannot tell, and `Task { }` would only restate it. Reported only where the code
                // right after it reads what the block sets, unless the code says the deferral is meant.
                guard let read = DispatchedBlocks.readAfterBlock(s, dispatchedBy: m),
                      !deliberateDeferral(s, call: m, index: &deferrals) else { continue }
                out.append((m, diagnostic(at: m, ctx, context: context, read: read)))
                continue
            default:
                break
            }
            out.append((m, diagnostic(at: m, ctx, context: context, endsTask: tail, last: follow == .last, awaitedAfter: awaitedAfter)))
        }
        if !functionTails.isEmpty {
            // The uses of every async function of the file, in one pass: the candidates and the
            // wrappers that may call them last.
            let sites = s.uses(of: Set(s.decls.filter { $0.kind == .function && $0.isAsync }.map(\.nameText)))
            var memo: [Int: Bool] = [:]
            for t in functionTails {
                // Nobody waits for the function but a task nobody keeps, which ends with it: the hop
                // is then the last thing that task does.
                if TaskTails.onlyEndsUnkeptTasks(s, function: t.function, uses: sites, context: context, memo: &memo) { continue }
                out.append((t.call, diagnostic(at: t.call, t.ctx, context: context, endsTask: true, last: t.last)))
            }
            out.sort { $0.token < $1.token }
        }
        return out.map(\.diagnostic)
    }

    // MARK: The finding

    /// `endsTask`: nothing but other main-queue blocks follows the hop in its task or function
    /// (`last`: nothing at all).
    /// `read`: on the main actor, the read after the hop of what the block sets.
    /// `awaitedAfter`: for a delayed block, the first `await` after it.
    func diagnostic(at m: Int, _ ctx: ConcurrencyIsolation, context: RuleContext, endsTask: Bool = false, last: Bool = true,
                    awaitedAfter: Int = -1, read: (name: String, token: Int)? = nil) -> Diagnostic {
        let s = context.structure
        let method = s.text(m)
        let call = "DispatchQueue.main.\(method)"
        let isSync = method == "sync"
        let isAfter = method == "asyncAfter"
        var notes: [Note] = []
        var message: String
        let fix: String
        // A block that captures weakly (`[weak self]`) must not be kept alive by the rewrite: a task
        // that awaits a delay holds what it captures for the whole wait.
        let captures = isAfter ? DispatchedBlocks.weakCaptureList(s, call: m) : nil
        // The rewrite for a delay stays fire-and-forget: the delay is awaited inside a task of its
        // own, never by the code around it (that would hold up this code, and whoever awaits it,
        // for the whole wait).
        // Work is still awaited after it: a task the code keeps can be cancelled when that work
        // makes the block unwanted, which the timer cannot.
        let awaitLine = awaitedAfter >= 0 ? s.line(ofToken: awaitedAfter) : 0
        let delayedTask = "`let later = Task { @MainActor \(captures.map { $0 + " " } ?? "")in try await Task.sleep(for: …); … }`"
        let keepsWeak = (captures.map { " (keep \($0): a task that awaits the delay holds what it captures strongly for the whole wait)" } ?? "")
            + ": like the timer, it lets the code here go on at once, and `later.cancel()` where the work awaited from line \(awaitLine) makes the block unwanted stops it (the sleep throws before the block runs)"
        // A block passed by name (a work item, a function): what it captures is not visible here,
        // so no rewrite can be checked to keep weak captures weak.
        let blockByName = isAfter && DispatchedBlocks.dispatchedClosure(s, call: m) == nil
        switch ctx {
        case .async(let origin):
            let where_ = AsyncContext.describe(origin, in: s)
            let anchor = AsyncContext.anchor(origin, in: s)
            // A delay is not awaited here (that would hold the code up): the note says so.
            notes.append(context.note(at: anchor, isAfter
                ? "\(Self.capitalized(where_)) can start main-actor work in a task of its own instead of a GCD timer"
                : "\(Self.capitalized(where_)) can await the main actor instead of handing work to GCD"))
            if isSync {
                message = "\(call) in \(where_) blocks a cooperative-pool thread until the main queue runs the block"
                fix = "replace with `await MainActor.run { … }`, which suspends instead of blocking and returns the block's result"
            } else if isAfter {
                message = "\(call) in \(where_) schedules a GCD timer and then awaits more work (line \(awaitLine)): the block runs when the timer fires, whatever that work has done by then, and nothing here can cancel it"
                fix = blockByName ? Self.blockByNameFix : "start \(delayedTask) instead\(keepsWeak)"
            } else {
                // Only other main-queue blocks after it: they run after this one, so only the end matters.
                let deferred = TaskTails.inDefer(s, call: m) ? " (in a `defer`)" : ""
                let step = last ? "as the last step of \(where_)\(deferred)" : "in \(where_)\(deferred), followed only by other main-queue blocks,"
                if case .function = origin {
                    message = endsTask
                        ? "\(call) \(step) hands the block to GCD: the function returns before the block runs, so code awaiting it does not see its effect"
                        : "\(call) in \(where_) hands the block to GCD unawaited: the function goes on before the block runs, so what follows cannot rely on what it does"
                } else {
                    message = endsTask
                        ? "\(call) \(step) hands the block to GCD: the task ends before the block runs, so code awaiting the task does not see its effect"
                        : "\(call) in \(where_) hands the block to GCD unawaited: the task goes on before the block runs, so what follows cannot rely on what it does"
                }
                fix = "replace with `await MainActor.run { … }` (or mark the code it calls @MainActor and await it)"
            }
        case let .actor(type, member):
            let actorName = s.decls[type].nameText
            let memberText = member.map { " " + Self.memberDescription(s, $0) } ?? ""
            notes.append(context.note(at: s.decls[type].name >= 0 ? s.decls[type].name : s.decls[type].keyword,
                                      "'\(actorName)' is an actor: its code already runs under Swift concurrency"))
            let subject = member.map { "make " + Self.memberDescription(s, $0) + " async" } ?? "make the caller async"
            if isSync {
                message = "\(call) in actor '\(actorName)'\(memberText) blocks the actor and a cooperative-pool thread until the main queue runs the block"
                fix = "\(subject) and `await MainActor.run { … }` instead of blocking the actor"
            } else {
                message = "\(call) in actor '\(actorName)'\(memberText) leaves the actor through GCD: the block runs later on the main actor, unordered with this actor's work"
                fix = isAfter
                    ? (blockByName ? Self.blockByNameFix : "start \(delayedTask)\(keepsWeak)")
                    : "\(subject) and `await MainActor.run { … }`, or start `Task { @MainActor in … }` if the actor must not wait"
            }
        case let .globalActor(name, decl, attribute):
            let d = s.decls[decl]
            let what = d.kind.isType ? "\(d.kind.keyword) '\(d.nameText)'" : (d.kind == .variable ? "property '\(d.nameText)'" : "function '\(d.nameText)()'")
            // An extension of a type whose own declaration, in another file, is `@MainActor`.
            let declaredElsewhere = attribute == d.name && d.kind == .extension
            notes.append(context.note(at: attribute, s.code[attribute].kind == .attribute
                ? "@\(name) isolates \(what)"
                : declaredElsewhere
                    ? "'\(d.nameText)' is declared @\(name) in another file: \(what) inherits its isolation"
                    : "'\(s.text(attribute))' is a main-actor class: \(what) inherits its isolation"))
            message = Self.globalActorMessage(call: call, name: name, what: declaredElsewhere ? "\(what) of a @\(name) type" : "@\(name) \(what)",
                                              isSync: isSync, isAfter: isAfter)
            fix = Self.globalActorFix(name: name, isSync: isSync, isAfter: isAfter, delayedTask: blockByName ? nil : delayedTask + keepsWeak)
        case let .globalActorClosure(name, closure, attribute):
            _ = closure
            notes.append(context.note(at: attribute, "@\(name) isolates this closure"))
            message = Self.globalActorMessage(call: call, name: name, what: "a @\(name) closure", isSync: isSync, isAfter: isAfter)
            fix = Self.globalActorFix(name: name, isSync: isSync, isAfter: isAfter, delayedTask: blockByName ? nil : delayedTask + keepsWeak)
        case let .inheritedMainActor(isolation, origin):
            let where_ = AsyncContext.describe(origin, in: s)
            notes.append(context.note(at: isolation.anchor, "\(isolation.describe(in: s)): \(where_) inherits it and runs on the main actor"))
            message = Self.globalActorMessage(call: call, name: "MainActor", what: "\(where_) started in main-actor code", isSync: isSync, isAfter: isAfter)
            fix = Self.globalActorFix(name: "MainActor", isSync: isSync, isAfter: isAfter, delayedTask: blockByName ? nil : delayedTask + keepsWeak)
        }
        var fullFix = fix
        // A `defer` body cannot await: the rewrite has to run where the code ends instead.
        if fix.contains("await MainActor.run"), let holder = TaskTails.deferHolder(s, call: m) {
            var whose = "the function"
            if holder != DispatchedBlocks.runningScope(s, of: m) { whose = "the block holding the `defer`" } else if case .async(.task) = ctx { whose = "the task" }
            fullFix = "the hop is in a `defer`, whose body cannot `await` (unless the toolchain has async `defer`, SE-0493): move the block's code out of the `defer` and run it with `await MainActor.run { … }` where \(whose) ends, on every path that leaves it (after a throw: catch, await, rethrow)"
        }
        if let read {
            // The only main-actor hop reported: the code after it reads what the block has not set yet.
            let line = s.line(ofToken: read.token)
            notes.append(context.note(at: read.token, "'\(read.name)' is read here, before the block runs"))
            message = "\(call) is already on the main actor and only defers the block, but '\(read.name)', which the block sets, is read at line \(line) before the block runs: that read sees the value from before the block"
            fullFix = "run the block's code in place of the hop, before line \(line) (the code already runs on the main actor); keep the hop only if line \(line) must see the value from before the block"
        }
        // A GCD hop drops task-local values; a Task inherits them. Say so when it can matter.
        if !isSync && fullFix.contains("Task {") {
            fullFix += " (a Task inherits task-local values, GCD does not: if the hop is meant to leave them behind, keep it and suppress this with a reason)"
        }
        return context.diagnostic(description, at: m, message: message, notes: notes, fixIt: FixIt(fullFix))
    }

    static func memberDescription(_ s: FileStructure, _ m: Int) -> String {
        let d = s.decls[m]
        switch d.kind {
        case .initializer: return "initializer"
        case .deinitializer: return "deinit"
        case .subscript: return "subscript"
        case .variable: return "property '\(d.nameText)'"
        case .accessor:
            let p = d.parent >= 0 ? s.decls[d.parent].nameText : ""
            return p.isEmpty ? "accessor" : "property '\(p)'"
        default: return "method '\(d.nameText)()'"
        }
    }

    static func capitalized(_ text: String) -> String {
        guard let f = text.first else { return text }
        return f.uppercased() + text.dropFirst()
    }

    static func globalActorMessage(call: String, name: String, what: String, isSync: Bool, isAfter: Bool) -> String {
        let onMain = name == "MainActor"
        if isSync {
            return onMain
                ? "\(call) in \(what) waits for the main queue while running on it: a deadlock"
                : "\(call) in \(what) blocks the \(name) executor until the main queue runs the block"
        }
        // (`asyncAfter` on the main actor is not reported: a timer on the actor the code is on.)
        if onMain { return "\(call) in \(what) is already on the main actor: it only defers the block to a later run-loop turn" }
        return "\(call) in \(what) leaves the \(name) through GCD: the block runs later, unordered with the actor's work"
    }

    // MARK: A deferral the code needs

    /// What the deferral questions need from a function, worked out once per function: the stored
    /// names its code tests in an `if`/`guard` condition and assigns, at their first token.
    struct DeferralIndex {
        var tested: [Int: [String: Int]] = [:]
        var assigned: [Int: [String: Int]] = [:]
        var presented: Set<String>? = nil
    }

    /// Whether the main-actor hop at `m` runs its block later because the code needs it later:
    /// - a comment beside it says so, or the documentation of its member or type gives the reason;
    /// - the block reads layout that a pass in progress has not finished;
    /// - it is in a getter (or a subscript's): a read must not run side effects in the middle of
    ///   whoever reads (a notification posted from a getter re-enters the code that reads it);
    /// - it coalesces: the block resets state that the code before it tests and sets, so calls made
    ///   before the block runs schedule it once per run-loop turn;
    /// - the block presents something (`present(…)`, or state bound to a presentation such as
    ///   `.sheet(isPresented: $x)`): a presentation has to wait for the action or transition in
    ///   progress to finish.
    func deliberateDeferral(_ s: FileStructure, call m: Int, index: inout DeferralIndex) -> Bool {
        if Self.documentsDeferral(Self.commentsAtHop(s, call: m)) || Self.readsLayout(s, call: m) { return true }
        guard let f = Self.directFunction(s, of: m) else { return false }
        if Self.isGetter(s, f) { return true }
        if Self.documentedReason(s, member: f) { return true }
        guard let c = DispatchedBlocks.dispatchedClosure(s, call: m), c.close > c.open else { return false }
        if coalesces(s, block: c, call: m, function: f, index: &index) { return true }
        return presents(s, block: c, index: &index)
    }

    /// The function (or computed property) whose own code runs the call at `m`: through
    /// statements and closures that run on the spot only.
    static func directFunction(_ s: FileStructure, of m: Int) -> Int? {
        guard let sc = DispatchedBlocks.runningScope(s, of: m), s.scopes[sc].kind == .functionBody || s.scopes[sc].kind == .accessorBlock else { return nil }
        let d = s.scopes[sc].decl
        guard d >= 0 else { return nil }
        return s.decls[d].kind.isFunctionLike || s.decls[d].isComputed ? d : nil
    }

    /// A getter: a computed property's implicit getter, a `get` accessor, a subscript's body.
    static func isGetter(_ s: FileStructure, _ f: Int) -> Bool {
        let d = s.decls[f]
        switch d.kind {
        case .variable: return d.isComputed
        case .accessor: return d.nameText == "get"
        case .subscript: return true
        default: return false
        }
    }

    /// Words that give a reason for running later, in the documentation of a member or type
    /// (stricter than beside the call: a type's comment speaks of much else).
    static let deferralReasons = ["run loop", "runloop", "run-loop", "next turn", "next tick", "next cycle", "next pass",
                                  "re-ent", "reent", "coalesc", "once per", "unwind", "after the current", "after returning",
                                  "after it returns", "defers", "deferred to", "deferring", "on purpose", "intentional"]

    /// Whether the documentation comment of member `f` (or of its property), or of the type holding
    /// it (its declaration in this file, for an extension), gives a reason for running later.
    static func documentedReason(_ s: FileStructure, member f: Int) -> Bool {
        var decls = [f]
        if s.decls[f].kind == .accessor && s.decls[f].parent >= 0 { decls.append(s.decls[f].parent) }
        var p = s.decls[f].parent
        while p >= 0 && !s.decls[p].kind.isType { p = s.decls[p].parent }
        if p >= 0 {
            decls.append(p)
            if s.decls[p].kind == .extension { decls += s.typeDecls(named: s.decls[p].nameText).filter { $0 != p } }
        }
        for d in decls {
            let text = docComment(s.leadingCommentText(s.decls[d])).lowercased()
            guard !text.isEmpty else { continue }
            if deferralReasons.contains(where: { text.contains($0) }) { return true }
            // The member's own documentation speaks of it alone: saying it defers (by a tick, or
            // "for the same reason as" another member) is the reason.
            if !s.decls[d].kind.isType && memberDeferralWords.contains(where: { text.contains($0) }) { return true }
        }
        return false
    }

    /// Words that say a member runs its work later on purpose, in that member's own documentation.
    static let memberDeferralWords = ["defer", "a tick", "next runloop", "later turn", "after this call returns"]

    /// The documentation comments (`///`, `/** … */`) among the comments above a declaration.
    static func docComment(_ comments: String) -> String {
        guard comments.contains("///") || comments.contains("/**") else { return "" }
        var out = ""
        var inBlock = false
        for line in comments.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if inBlock {
                out += line + "\n"
                inBlock = !line.contains("*/")
            } else if trimmed.hasPrefix("/**") {
                out += line + "\n"
                inBlock = !trimmed.dropFirst(3).contains("*/")
            } else if trimmed.hasPrefix("///") {
                out += line + "\n"
            }
        }
        return out
    }

    func coalesces(_ s: FileStructure, block c: Closure, call m: Int, function f: Int, index: inout DeferralIndex) -> Bool {
        let type = s.enclosingType(of: m).map { s.decls[$0].nameText }
        let reset = DispatchedBlocks.assignedNames(s, in: c.interior, methodsOf: type)
        guard !reset.isEmpty, s.decls[f].body >= 0 else { return false }
        if index.tested[f] == nil {
            // One pass over the function's body: the names in its conditions and its assignments.
            var tested: [String: Int] = [:]
            var assigned: [String: Int] = [:]
            let body = s.scopes[s.decls[f].body]
            var conditionEnd = -1
            for k in body.interior {
                if s.isKeyword(k, .if) || s.isKeyword(k, .guard) {
                    conditionEnd = s.scanForward(from: k + 1, limit: body.close) { s.isChar($0, UInt8(ascii: "{")) || s.isKeyword($0, .else) } ?? k
                }
                guard s.code[k].kind == .identifier else { continue }
                let name = s.text(k)
                if k < conditionEnd && tested[name] == nil { tested[name] = k }
                if s.isChar(k + 1, UInt8(ascii: "=")) && assigned[name] == nil && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)) {
                    assigned[name] = k
                }
            }
            index.tested[f] = tested
            index.assigned[f] = assigned
        }
        for name in reset {
            guard let t = index.tested[f]?[name], let a = index.assigned[f]?[name], t < m, a < m, !(c.open < a && a < c.close) else { continue }
            // A stored property, not a local of the function.
            if case .variable(let v) = s.lookupVariable(name, at: m), s.decls[v].parent >= 0, s.decls[s.decls[v].parent].kind.isType { return true }
        }
        return false
    }

    /// Argument labels of presentation modifiers that take the state presenting them as a binding.
    static let presentationLabels: Set<String> = ["isPresented", "item"]

    func presents(_ s: FileStructure, block c: Closure, index: inout DeferralIndex) -> Bool {
        if s.span(c.open + 1, c.close).contains(where: { (s.is($0, "present") || s.is($0, "presentAsSheet") || s.is($0, "presentAsModalWindow"))
            && s.isChar($0 + 1, UInt8(ascii: "(")) }) {
            return true
        }
        if index.presented == nil {
            // `isPresented: $x`, `item: $x`: state the file binds to a presentation.
            var names = Set<String>()
            if s.identifiers.mayContainAny(Array(Self.presentationLabels)) {
                for k in 0..<s.code.count where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: ":"))
                    && Self.presentationLabels.contains(s.text(k)) && k + 2 < s.code.count {
                    let arg = s.text(k + 2)
                    if arg.hasPrefix("$") && arg.count > 1 { names.insert(String(arg.dropFirst())) }
                    // `$model.isShowing`: the last component.
                    var j = k + 2
                    while j + 2 < s.code.count && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].kind == .identifier { j += 2 }
                    if j > k + 2 && arg.hasPrefix("$") { names.insert(s.text(j)) }
                }
            }
            index.presented = names
        }
        guard let presented = index.presented, !presented.isEmpty else { return false }
        return !DispatchedBlocks.assignedNames(s, in: c.interior).isDisjoint(with: presented)
    }

    static let deferralWords = ["defer", "run loop", "runloop", "event loop", "next loop", "next tick", "next turn", "next iteration",
                                "next frame", "later", "after", "finish", "on purpose", "deliberate", "intentional", "asynchronously",
                                "next cycle", "next pass", "wait for", "return before", "returns before", "before return",
                                "re-ent", "reent", "coalesc", "unwind"]

    /// The comments that speak for the hop at `m`: beside it and on the lines directly above the
    /// statement (also when the call is split over lines), and those opening its block.
    static func commentsAtHop(_ s: FileStructure, call m: Int) -> String {
        var text = s.commentsAround(token: m)
        let split = m >= 4 && s.line(ofToken: m - 4) != s.line(ofToken: m)
        if split { text += s.commentsAround(token: m - 4) }
        text += commentsAboveEarlyExits(s, before: s.lineStart(ofToken: split ? m - 4 : m))
        if let c = DispatchedBlocks.dispatchedClosure(s, call: m), c.close > c.open {
            text += s.commentsOpening(after: c.inKeyword > c.open ? c.inKeyword : c.open)
        }
        return text
    }

    /// The comments above the `guard … else { … }` lines that directly precede the statement
    /// starting at `first`: an early exit only gates the hop, so a reason written above it speaks
    /// for the hop. Any other statement in between ends the walk.
    static func commentsAboveEarlyExits(_ s: FileStructure, before first: Int) -> String {
        var text = ""
        var start = first
        for _ in 0..<3 {
            let close = start - 1
            guard close > 0, s.code[close].kind == .punctuation, s.text(close) == "}" else { break }
            let open = Int(s.match[close])
            guard open >= 0 && open < close else { break }
            let head = s.lineStart(ofToken: open)
            guard s.text(head) == "guard" else { break }
            text += s.commentsAround(token: head)
            start = head
        }
        return text
    }

    /// Whether a comment says the block is dispatched to run later on purpose.
    static func documentsDeferral(_ comments: String) -> Bool {
        guard !comments.isEmpty else { return false }
        let text = comments.lowercased()
        return deferralWords.contains { text.contains($0) }
    }

    static let layoutWords: Set<String> = [
        "frame", "bounds", "contentSize", "contentOffset", "safeAreaInsets", "layoutIfNeeded", "layoutSubviews",
        "scrollToItem", "scrollToRow", "scrollRectToVisible", "scrollTo", "becomeFirstResponder", "intrinsicContentSize",
    ]

    /// Whether the dispatched block reads layout or scroll state: work deferred to the next
    /// run-loop turn so that a layout pass finishes first.
    static func readsLayout(_ s: FileStructure, call m: Int) -> Bool {
        guard let c = DispatchedBlocks.dispatchedClosure(s, call: m), c.close > c.open else { return false }
        return s.span(c.open + 1, c.close).contains { s.code[$0].kind == .identifier && layoutWords.contains(s.text($0)) }
    }

    /// The fix-it for a delayed block passed by name: no rewrite, and why.
    static let blockByNameFix = "no rewrite offered: the block is passed by name, so what it captures is not visible here; a task that awaits the delay would hold its captures strongly for the whole wait"

    static func globalActorFix(name: String, isSync: Bool, isAfter: Bool, delayedTask: String?) -> String {
        if name == "MainActor" {
            if isSync { return "call the block's code directly: it already runs on the main actor" }
            // The hop's only effect is to run the block later: keep that, the code around may rely on it.
            return "replace with `Task { … }`: it inherits the main actor and, like this hop, runs the block after the current code returns"
        }
        if isSync { return "make the caller async and `await MainActor.run { … }` instead of blocking \(name)" }
        if isAfter {
            guard let delayedTask else {
                return blockByNameFix
            }
            return "start \(delayedTask)"
        }
        return "`await MainActor.run { … }` from async code, or start `Task { @MainActor in … }`"
    }
}
