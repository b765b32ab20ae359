import LockLintCore

/// `dispatch_semaphore`: any use of `DispatchSemaphore` in code.
public struct DispatchSemaphoreRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "dispatch_semaphore",
        name: "DispatchSemaphore",
        summary: "DispatchSemaphore used for mutual exclusion or to wait for other work",
        rationale: """
            A semaphore has no owner, so the system cannot raise the priority of whoever will signal it: a \
            high-priority waiter can sit behind low-priority work (priority inversion). Waiting on one from async \
            code blocks a thread of the small cooperative pool; enough such waits and the tasks that would signal \
            never get a thread, and the process deadlocks.
            """,
        fix: """
            For mutual exclusion use Mutex (iOS 18 / macOS 15), OSAllocatedUnfairLock (iOS 16) or NSLock, or an \
            actor when callers can await. To wait for asynchronous work, make the caller async and await it, \
            wrapping a callback API with withCheckedContinuation. To limit concurrency, start at most N child tasks \
            in a TaskGroup.
            """,
        knownLimits: """
            Reports every line that names the type, once per line, except `extension DispatchSemaphore` (no use \
            of a semaphore), a parameter its function only signals or hands to a function of the file, and a \
            local collection of semaphores its function only appends to and signals (no wait there; the creation \
            and the wait are judged where they are); the message says what the semaphore is used \
            for when its creation (`DispatchSemaphore(value: N)`, also `x = .init(value: N)` assigned later to a \
            variable declared without a value or `= nil`) is in the same file. A wait in a function marked \
            `noasync`, or in a private helper called only from such functions, is told to stay for synchronous \
            callers. A value that is not a literal may count above one, so it is never told to become a lock. A \
            value-0 semaphore stored in an object signals events across calls (a worker's wake-up, a ready gate): \
            it is told to keep the waiting on one dedicated thread, or to use an AsyncStream, not a continuation. \
            When every wait on it in its file is made by a worker loop (`while`/`repeat`) that runs on a serial \
            queue of the type or on a `Thread` of its own, directly or through private helpers, it already has that \
            thread: a note shows the wait, and the fix-it says what is left, the worker's priority. A local that a \
            function then keeps in a property (`gate = local`, `self.gate = local`) is that property's semaphore: \
            one finding, with the value it was created with, judged as a stored semaphore (also a stored var of a \
            class declared in another file, from an extension; the declaration there, which shows no value, is \
            still reported on its own). Not reported when every \
            wait on the semaphore in its file is no blocking bug: `wait(timeout: .now())` polls, which return at \
            once; waits inside the block of `ProcessInfo.performExpiringActivity` or `performActivity` (directly, \
            or in private helpers only called there), whose activity lasts only while the block runs, so waiting \
            for the work there is how the work is covered (also in a function of the file that hands its block to such \
            an activity, and for a stored semaphore through the local the code keeps in it or copies out of it); a \
            watchdog thread's waits: made on a `Thread` (its block, or the `main()` of a `Thread` subclass) for a \
            signal in a block that same code sent with `async` before it waited, bounded, or unbounded right after a \
            bounded wait on it in the same loop (waiting for the hang to end); and a watchdog's waits: bounded (`wait(timeout:)`), on \
            a `Thread` of its own or a queue the type owns (also declared in another file of the run), or in a \
            `while`/`repeat` loop of a block sent to any queue but the main one (a global queue too: nothing waits \
            for that block), for a signal that every time comes from the main queue or main-actor code, which never \
            waits for that thread; and a function's own cancellable timer: a local semaphore waited on, for a bounded time, only \
            in the block of a `Thread` the function starts, and signalled only outside that block (the function \
            calls off what the thread does when the time runs out). A semaphore created with a count of one that some code \
            of the file signals without a wait of its own body before it (a callback's signal, a `leave()` that lets \
            nested work through, a reply to a timed wait) hands turns between threads: it is told it is not only a \
            lock, and not to be replaced by one. A local semaphore created with a count of one \
            or more and signalled only by work the function starts in a closure that runs later (a `Task`, a \
            queue's block, a callback), then waited on in the function's own code, is reported as a wait that \
            returns at once: the count lets it through before the work signals. A private stored semaphore that \
            nothing in its file waits on, signals or passes along is reported as unused (remove it). Nor is a startup \
            handshake (a function starts a `Thread`, a queue's block, or its thread type's `main()` through \
            `super.start()`, and waits as its last step for a signal the work makes first, before its loop or run \
            call): the wait lasts only until the work has set up what callers use as soon as the function returns, \
            which is what it is for. A top-level semaphore that the program's top-level code waits on, and that nothing in the file able \
            to run during the wait signals (a signal in a `catch` after it does not count), parks the main thread: it \
            is told to use dispatchMain() if nothing is meant to end the wait. A stored semaphore created at 0 that \
            its owner's initializer signals only at the end of a `Task` it starts bridges that async work to a \
            blocking wait: it is told to let callers await the Task's value (a signal the initializer makes itself is \
            a lock's first turn; one in a queue's block or a callback is a signal like any other). A semaphore with a count of one or more that a loop (or a closure called per item) waits on before \
            each block it sends to a queue, each block signalling when it ends, in synchronous code, is reported \
            as a throttle of that count; so is one that such a loop waits on before each call it makes, the call's \
            completion signalling it (with a count of one this is a hand-off between threads, not a lock: no lock \
            can replace it, since the completion runs on another thread) (also when a function of the file creates and returns it, and every caller \
            uses it so); the return type of such a function is not a second finding, and neither is a \
            `DispatchSemaphore` parameter of a private or fileprivate function that every call in the file passes a semaphore \
            the file creates (`x`, `self.x`, or a local copying one). A note on a wait in async code says which thread it blocks: the main thread when the code \
            runs on the main actor, a cooperative-pool thread otherwise.
            """,
        inTests: .skipped("a semaphore that waits in a synchronous test for a callback is a common, working pattern; a wait in async test code is reported by blocking_in_async, which can hang the test"),
        triggeringExamples: [
            """
            func fetchSync() -> Data? {
                let done = ↓DispatchSemaphore(value: 0)
                var result: Data?
                load { data in result = data; done.signal() }
                done.wait()
                return result
            }
            """,
            """
            final class Counter: @unchecked Sendable {
                private let gate = ↓DispatchSemaphore(value: 1)
                private var count = 0
                func increment() { gate.wait(); count += 1; gate.signal() }
            }
            """,
            """
            let throttle: ↓DispatchSemaphore = DispatchSemaphore(value: 4)
            """,
            """
            func run(
                gate: ↓DispatchSemaphore
            ) {}
            """,
            """
            final class Connection {
                private var gate: ↓DispatchSemaphore?
                func open() {
                    let local = DispatchSemaphore(value: 1)
                    gate = local
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            "let lock = NSLock()",
            "// DispatchSemaphore(value: 0) is banned here",
            #"let text = "DispatchSemaphore""#,
            "let sem = AsyncSemaphore(value: 1)",
            "let group = DispatchGroup()",
            """
            func saveBeforeSuspension() {
                ProcessInfo.processInfo.performExpiringActivity(withReason: "save") { expired in
                    guard !expired else { return }
                    let saved = DispatchSemaphore(value: 0)
                    store.save { saved.signal() }
                    saved.wait()
                }
            }
            """,
            """
            final class HangDetector {
                private let queue = DispatchQueue(label: "hang-detector")
                func ping() {
                    queue.async {
                        let pong = DispatchSemaphore(value: 0)
                        DispatchQueue.main.async { pong.signal() }
                        if pong.wait(timeout: .now() + 1) == .timedOut { report() }
                    }
                }
            }
            """,
            """
            final class StallWatch {
                private var on = true
                func start() {
                    DispatchQueue.global(qos: .utility).async {
                        while self.on {
                            let pong = DispatchSemaphore(value: 0)
                            DispatchQueue.main.async { pong.signal() }
                            _ = pong.wait(timeout: .now() + 2)
                        }
                    }
                }
            }
            """,
            """
            func stop(process: Child, grace: DispatchTime) {
                let calledOff = DispatchSemaphore(value: 0)
                Thread { if calledOff.wait(timeout: grace) == .timedOut { process.kill() } }.start()
                process.waitForExit()
                calledOff.signal()
            }
            """,
            """
            final class Gate {
                private let slot = DispatchSemaphore(value: 1)
                func tryEnter() -> Bool { slot.wait(timeout: .now()) == .success }
                func leave() { slot.signal() }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        guard s.identifiers.mayContain("DispatchSemaphore") else { return [] }
        // Waits in async code: their tokens by name, in source order, and those on the main actor.
        // The file's waits and signals by receiver, for the startup handshakes (worked out once).
        var fileCalls: (waits: [String: [Int]], signals: [String: [Int]])? = nil
        var asyncWaits: [String: [Int]] = [:]
        var asyncWaitsOnMain = Set<Int>()
        for w in SemaphoreWaits.waitsInAsyncCode(s, context: context) {
            asyncWaits[w.name, default: []].append(w.token)
            if w.mainActor { asyncWaitsOnMain.insert(w.token) }
        }
        // A script (`#!/usr/bin/env swift`) waits on its main thread for its work: that is how
        // a script waits, and there is no UI or cooperative pool to block.
        if s.file.bytes.count >= 2 && s.file.bytes[0] == UInt8(ascii: "#") && s.file.bytes[1] == UInt8(ascii: "!") { return [] }
        var uses: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count where code[i].length == 17 && code[i].kind == .identifier && s.is(i, "DispatchSemaphore") {
                uses.append(i)
            }
        }
        guard !uses.isEmpty else { return [] }
        var lastLine = -1
        var reported: [String: Int] = [:]
        // `#else`/`#elseif` directives in order, to ask "is there one between" by binary search.
        let elses = s.code.indices.filter { s.code[$0].kind == .pound && (s.is($0, "#else") || s.is($0, "#elseif")) }
        var timedWaits: Set<String>? = nil
        var handedOver: [String: Int]? = nil
        var workerIndex = SemaphoreWaits.WorkerIndex()
        var waitIndex = SemaphoreWaits.WaitIndex()
        // Semaphores (by identity) whose waits are no blocking bug, and those followed from a
        // local into the property that keeps them.
        var deliberate: [String: Bool] = [:]
        var followed = Set<String>()
        // A parameter of a private function the file only calls with a semaphore it creates: reported there.
        let sameAsCreated = SemaphoreParameters.sameAsCreated(s, mentions: uses)
        for i in uses where !sameAsCreated.contains(i) {
            // `extension DispatchSemaphore` declares members of the type; it is no use of one.
            if s.isKeyword(i - 1, .extension) || (s.isChar(i - 1, UInt8(ascii: ".")) && s.is(i - 2, "Dispatch") && s.isKeyword(i - 3, .extension)) { continue }
            // A project's own type of that name (`final class DispatchSemaphore` wrapping the
            // system's): its declaration is no semaphore; the code that creates one is judged.
            if s.isKeyword(i - 1, .class) || s.isKeyword(i - 1, .struct) || s.isKeyword(i - 1, .enum) || s.isKeyword(i - 1, .actor) { continue }
            // A parameter its function only signals: no wait here, and no value to judge.
            if SemaphoreParameters.onlySignalled(s, typeAt: i) { continue }
            // A local collection its function only fills and signals (waiters released together).
            if SemaphoreParameters.onlySignalledCollection(s, typeAt: i) { continue }
            let line = s.line(ofToken: i)
            if line == lastLine { continue }
            lastLine = line
            var value: String? = nil
            if s.isChar(i + 1, UInt8(ascii: "(")) {
                value = argumentValue(s, open: i + 1)
            } else if let d = declHolding(s, i), d.initializer.isEmpty || (d.initializer.count == 1 && s.is(d.initializer.lowerBound, "nil")),
                      let v = assignedValue(s, d) {
                value = v
            } else {
                // `let x: DispatchSemaphore = DispatchSemaphore(value: 0)` is one use: the creation is
                // on this line and gives the value.
                var j = i + 1
                while j < s.code.count && s.line(ofToken: j) == line {
                    if s.is(j, "DispatchSemaphore") && s.isChar(j + 1, UInt8(ascii: "(")) { value = argumentValue(s, open: j + 1) }
                    j += 1
                }
            }
            var holder = declHolding(s, i)
            // A private property the file only assigns and signals: no wait through it, nothing created here.
            if value == nil, let h = holder, SemaphoreShapes.onlyAssignedAndSignalled(s, property: h) { continue }
            // The return type of a function that returns the semaphore it creates: the same
            // semaphore, reported once where it is created.
            if holder == nil && s.is(i - 1, "->") && SemaphoreShapes.returnTypeOfCreator(s, i) != nil { continue }
            // A local whose semaphore the function keeps in a property is that property's
            // semaphore: judged as a stored one, and reported once.
            var keptInProperty = false
            if let h = holder, let p = SemaphoreWaits.propertyKeeping(s, local: h, context: context) {
                holder = p
                keptInProperty = true
            }
            // One semaphore, one finding: a property declared in each `#if` branch, or declared
            // with its type and created in an initializer, is the same semaphore.
            // A local is told apart by the body that declares it: two closures of one function
            // may each declare their own.
            let key = { (h: Decl) in
                h.parent >= 0 && s.decls[h.parent].kind.isType ? "\(h.parent)/\(h.nameText)"
                    : "\(h.parent)/\(h.nameText)/\(s.enclosingExecutable(of: h.keyword) ?? -1)"
            }
            let identity = holder.map(key) ?? assignedName(s, i).map { name in
                // `x = DispatchSemaphore(…)` names the variable declared before it.
                let declared: Int? = {
                    // Declarations are in source order: the last one before `i`, by binary search.
                    let all = s.variablesByName[name] ?? []
                    var lo = 0
                    var hi = all.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if s.decls[all[mid]].keyword < i { lo = mid + 1 } else { hi = mid }
                    }
                    return lo > 0 ? all[lo - 1] : nil
                }()
                // Only a declaration whose body holds this assignment (another closure's local of
                // the same name is another semaphore).
                if let d = declared, let e = s.enclosingExecutable(of: s.decls[d].keyword), !(s.scopes[e].open < i && i < s.scopes[e].close) {
                    return "-/\(name)/\(s.enclosingExecutable(of: i) ?? -1)"
                }
                return declared.map { key(s.decls[$0]) }
                    ?? "\(s.enclosingFunction(of: i).flatMap { s.owningType(of: $0) } ?? -1)/\(name)"
            }
            if let id = identity {
                if keptInProperty { followed.insert(id) }
                if let first = reported[id], first < i, holder == nil || followed.contains(id) || directiveBetween(first, i, elses) { continue }
                // A private stored semaphore nothing waits on or signals: only that is true of it.
                if reported[id] == nil, !keptInProperty, let h = holder, SemaphoreShapes.neverUsed(s, property: h) {
                    reported[id] = i
                    out.append(context.diagnostic(description, at: i, message: "semaphore '\(h.nameText)' is created but never used: nothing in the file "
                                                    + "waits on it or signals it, and it is private", fixIt: FixIt("remove it")))
                    continue
                }
                // A semaphore whose every wait is no blocking bug (a poll, the wait an activity
                // block must make, a watchdog's bounded wait for the main thread) is not reported.
                if deliberate[id] == nil {
                    let semaphoreName = holder?.nameText ?? assignedName(s, i)
                    let aliases = holder.map { SemaphoreWaits.aliases(s, property: $0) } ?? []
                    deliberate[id] = semaphoreName.map { SemaphoreWaits.waitsAreDeliberate(s, name: $0, aliases: aliases, in: SemaphoreWaits.visibility(s, holder, use: i),
                                                                                                local: holder.map { $0.parent >= 0 && s.decls[$0.parent].kind.isFunctionLike } ?? true,
                                                                                                index: &waitIndex, context: context) } ?? false
                    let range = SemaphoreWaits.visibility(s, holder, use: i)
                    if deliberate[id] == false, let n = semaphoreName, SemaphoreWaits.quietInSynchronousCode(
                        s, name: n, aliases: aliases, value: value, in: range, mentions: uses, index: &waitIndex, context: context)
                        || value == "1" && holder.map({ $0.parent >= 0 && s.decls[$0.parent].kind.isType }) == true && SemaphoreWaits.onlyWaitBehindOnceGate(s, name: n, aliases: aliases, in: range, index: &waitIndex) {
                        deliberate[id] = true
                    }
                }
                if deliberate[id] == true { continue }
                if reported[id] == nil { reported[id] = i }
            }
            let name = holder.map { "'\($0.nameText)' " } ?? assignedName(s, i).map { "'\($0)' " } ?? ""
            var (message, fix) = Self.text(value: value, name: name, deployment: context.deployment)
            // Created at 0 and signalled once by its owner's initializer: one holder at a time.
            let oneHolder = value == "0" && holder.map { Self.signalledOnceInInitializer(s, $0) } == true
            if oneHolder {
                (message, fix) = ("semaphore \(name)is created with value 0 and signalled once in an initializer, so it admits one holder at a time: "
                                    + "a lock without an owner, with no priority donation, and a wait from async code blocks a cooperative thread",
                                  "if the code that waits is also the code that signals, use \(LockAdvice.lock(context.deployment)) for mutual exclusion; "
                                    + "if a completion on another thread signals, take turns on a serial queue or in an actor (callers await their turn) instead of blocking a thread")
            }
            let taskBridge = value == "0" && holder.map { Self.signalledByInitializersTask(s, $0) } == true
            if taskBridge {
                (message, fix) = ("semaphore \(name)is created with value 0 and signalled when the Task its owner's initializer starts "
                                    + "ends: a wait on it blocks a thread until that async work is done, with no priority donation, and "
                                    + "deadlocks if the work needs the waiting thread (the main actor, when the wait is on the main thread)",
                                  "keep the Task in a property and let callers await its value ('await task.value') instead of waiting; "
                                    + "if a synchronous API must stay, call it only off the main thread and outside async code")
            }
            var notes: [Note] = []
            // No value seen, but signalled where nothing waited on it first (a callback's signal):
            // a signal between threads, which no lock can stand in for.
            if value == nil, let h = holder {
                if handedOver == nil { handedOver = LockRegions.signalledWithoutWait(s) }
                if let g = handedOver![h.nameText], SemaphoreWaits.visibility(s, h, use: i).contains(g) {
                    message = "DispatchSemaphore \(name)is signalled on line \(s.line(ofToken: g)) with no wait on it before, in the same body: it signals "
                        + "between threads, and whichever thread waits on it blocks, with no priority donation"
                    fix = "where callers can be async, await the work instead (wrap a callback with withCheckedContinuation); otherwise keep "
                        + "the waits off the main thread and out of async code"
                }
            }
            // Created with a count of one but also signalled where nothing waited on it: a signal
            // handed between threads, which no lock can stand in for.
            if value == "1", let h = holder {
                if handedOver == nil { handedOver = LockRegions.signalledWithoutWait(s) }
                if let g = handedOver![h.nameText], SemaphoreWaits.visibility(s, h, use: i).contains(g)
                    || (h.parent >= 0 && s.decls[h.parent].kind.isType && s.enclosingType(of: g).map { s.decls[$0].nameText } == s.decls[h.parent].nameText) {
                    let function = s.enclosingFunction(of: g).map { "'\(s.decls[$0].nameText)()'" }
                    let inClosure = s.enclosingExecutable(of: g).map { s.scopes[$0].kind == .closure } ?? false
                    let by = inClosure ? "a closure" + (function.map { " in \($0)" } ?? "") : function ?? "code"
                    let line = s.line(ofToken: g)
                    message = "semaphore \(name)created with value 1 is not only a lock: \(by) signals it on line \(line) with no wait on it before, in the same body, "
                        + "which lets one more waiter through (a turn handed to another thread, or a second holder at once if nobody waits); "
                        + "a wait on it blocks until some thread signals, with no priority donation"
                    fix = "if the signal on line \(line) hands a turn to another thread, keep the semaphore (a lock must be unlocked by the thread "
                        + "that locked it); if it does not, pair it with a wait, or two callers get in at once; where callers can be async, await "
                        + "the signal instead of blocking (a continuation, or an AsyncStream)"
                }
            }
            let throttled = throttle(s, holder: holder, value: value)
            if let (loop, n, queued) = throttled {
                let line = s.line(ofToken: loop)
                if queued {
                    message = "semaphore \(name)created with value \(n) throttles work sent to a queue: the code on line \(line) waits "
                        + "on it before each block it sends, and the block signals when it ends, so at most \(n) blocks run at once while the sending "
                        + "thread blocks, with no priority donation"
                    fix = "keep it if the sender must not run ahead of the work; otherwise an OperationQueue with maxConcurrentOperationCount = \(n) "
                        + "bounds the blocks without blocking the sender (wait for the end with waitUntilAllOperationsAreFinished); in async code, "
                        + "keep at most \(n) child tasks running in a TaskGroup"
                } else {
                    // Signalled from the work's completion, on whatever thread that runs: a turn
                    // handed between threads, which a lock (unlocked by its owner) cannot stand in for.
                    message = "semaphore \(name)created with value \(n) throttles the calls a loop starts: the code on line \(line) waits on it "
                        + "before each call, and the call's completion signals it, so at most \(n == "1" ? "one call is" : "\(n) calls are") in flight "
                        + "while the looping thread blocks, with no priority donation"
                    fix = "keep it if the loop must not run ahead of the calls (the signal comes from another thread, so no lock can "
                        + "replace it); keep the loop off the main thread and out of async code, and in async code await each call instead "
                        + (n == "1" ? "(wrap the callback with withCheckedContinuation)" : "with at most \(n) child tasks running in a TaskGroup")
                }
            }
            // Created with a count, then waited on for work that signals it later: the first wait
            // does not wait.
            if throttled != nil {
                // A throttle's first waits pass at once by design.
            } else if let v = value.flatMap({ Int($0) }), v >= 1, let h = holder, let early = SemaphoreWaits.waitPassesAtOnce(s, local: h) {
                message = "semaphore \(name)is created with value \(v) and signalled only by work started in a closure that runs later, "
                    + "so the wait on line \(s.line(ofToken: early.wait)) returns at once instead of waiting for that work"
                fix = "create it with value 0 if the wait is meant to wait for the work; where callers can be async, await the work instead "
                    + "(wrap a callback with withCheckedContinuation)"
                notes.append(context.note(at: early.signal, "the only signal, in a closure that runs after the function has started it"))
            } else if let h = holder, let w = Waits.within(asyncWaits[h.nameText] ?? [], SemaphoreWaits.visibility(s, h, use: i)).first {
                let thread = asyncWaitsOnMain.contains(w) ? "the main thread (the code runs on the main actor)" : "a cooperative-pool thread"
                notes.append(context.note(at: w, "'\(h.nameText)' is waited on here, in async code: this blocks \(thread)"))
            } else if value == "0" && !oneHolder && !taskBridge {
                let semaphoreName = holder?.nameText ?? assignedName(s, i)
                if fileCalls == nil { fileCalls = (Waits.calls(s, "wait", in: 0..<s.code.count), Waits.calls(s, "signal", in: 0..<s.code.count)) }
                if let h = holder, SemaphoreShapes.startupHandshake(s, name: h.nameText, in: SemaphoreWaits.visibility(s, h, use: i),
                                                                    waitsByName: fileCalls!.waits, signalsByName: fileCalls!.signals) != nil {
                    // A startup handshake: the wait lasts only until the work it starts has set up
                    // what callers use, which it signals before anything long-running. Nothing to change.
                    if let id = identity { deliberate[id] = true }
                    continue
                } else if let h = holder, let wait = SemaphoreShapes.parksMainThread(s, holder: h, waitsByName: fileCalls!.waits, signalsByName: fileCalls!.signals) {
                    // Nothing that runs while it waits can signal it: it keeps the program alive.
                    message = "semaphore \(name)created with value 0 parks the main thread: the program's top-level code waits on it, and "
                        + "nothing in the file that can run during that wait signals it, so the main thread stays blocked and blocks sent "
                        + "to the main queue never run"
                    fix = "if nothing is meant to end the wait, call dispatchMain() there instead (it never returns, and runs the main "
                        + "queue's blocks), or RunLoop.main.run() when timers or run-loop sources must fire"
                    notes.append(context.note(at: wait, "'\(h.nameText)' is waited on here, in top-level code"))
                } else if let f = s.enclosingFunction(of: i), let attributes = noasyncAttributes(s, f, index: &waitIndex) {
                    // The compiler already keeps async callers away from this function.
                    let why = isNoasync(s, f) ? "the function is marked noasync" : "its only callers are marked noasync"
                    let renamed = attributes.lazy.compactMap { Self.renamed(s, $0) }.first
                    fix = "keep it for synchronous callers (\(why), so async code cannot reach this wait); "
                        + (renamed.map { "async callers already have '\($0)', named in the noasync attribute" } ?? "give async callers an async version that awaits the work")
                } else {
                    if let h = holder, h.parent >= 0, s.decls[h.parent].kind.isType, !h.isStaticMember {
                        // Kept by an object across calls: it signals events (a worker's wake-up, a
                        // ready gate), which one continuation does not model.
                        if let worker = SemaphoreWaits.dedicatedWorker(s, semaphore: h, index: &workerIndex) {
                            // The waiting already happens on a worker of its own: what is left is priority.
                            notes.append(context.note(at: worker.wait, "'\(h.nameText)' is waited on here, in a loop that runs on \(worker.runsOn)"))
                            fix = "keep the waiting on \(worker.runsOn), and give it the priority (QoS) of the code that signals it: a semaphore "
                                + "donates none; in async code, receive the events from an AsyncStream instead"
                        } else {
                            fix = "let one dedicated thread (not the main thread, not the cooperative pool) do the waiting, at the same priority as "
                                + "the code that signals it; in async code, receive the events from an AsyncStream instead"
                        }
                    } else {
                        fix += "; if this API must stay synchronous (a C callback, a legacy delegate), keep the wait off the main thread and out of async code"
                        if timedWaits == nil {
                            timedWaits = SemaphoreWaits.namesWaitedWithTimeout(s).union(SemaphoreWaits.namesHandedToTimedWaits(s, mentions: uses, index: &waitIndex))
                        }
                        if !(semaphoreName.map { timedWaits!.contains($0) } ?? false) {
                            fix += ", and consider wait(timeout:) with a failure path so a lost signal cannot hang forever"
                        }
                    }
                }
            }
            out.append(context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(fix)))
        }
        return out
    }

    /// A throttle (see `SemaphoreShapes.throttleLoop`) on local `h` created with a count other than 0,
    /// in its own function or, when its function returns it, in every function of the file that
    /// keeps the result in a local: the loop, the count, and whether the work is queue blocks.
    func throttle(_ s: FileStructure, holder h: Decl?, value: String?) -> (Int, String, Bool)? {
        guard let h, let v = value, v != "0", h.parent >= 0, s.decls[h.parent].kind.isFunctionLike, s.decls[h.parent].body >= 0,
              !s.decls[h.parent].isAsync else { return nil }
        let body = s.scopes[s.decls[h.parent].body]
        let count = Int(v) == nil ? "'\(v)'" : v
        if let t = SemaphoreShapes.throttleLoop(s, name: h.nameText, body: body, after: h.end) { return (t.loop, count, t.queued) }
        let f = s.decls[h.parent]
        guard f.kind == .function, f.name >= 0, body.close + 1 < s.code.count,
              SemaphoreShapes.returnTypeOfCreator(s, body.open - 1) == h.parent else { return nil }
        var first: (loop: Int, queued: Bool)? = nil
        for k in s.uses(of: [f.nameText])[f.nameText] ?? [] where k != f.name {
            guard s.isChar(k + 1, UInt8(ascii: "(")), s.isChar(k - 1, UInt8(ascii: "=")), k >= 2, s.code[k - 2].kind == .identifier,
                  let g = s.enclosingFunction(of: k), g != h.parent, s.decls[g].body >= 0, !s.decls[g].isAsync,
                  let t = SemaphoreShapes.throttleLoop(s, name: s.text(k - 2), body: s.scopes[s.decls[g].body], after: k) else { return nil }
            first = first ?? t
        }
        return first.map { ($0.loop, count, $0.queued) }
    }

    /// The signals of semaphore `h` in the initializers of the type that stores it, each with
    /// the initializer's body scope.
    static func initializerSignals(_ s: FileStructure, _ h: Decl) -> [(signal: Int, body: Int)] {
        guard h.parent >= 0, s.decls[h.parent].kind.isType else { return [] }
        var out: [(signal: Int, body: Int)] = []
        for m in s.children[h.parent] where s.decls[m].kind == .initializer && s.decls[m].body >= 0 {
            let body = s.scopes[s.decls[m].body]
            for k in Waits.calls(s, "signal", in: s.span(body.open, body.close))[h.nameText] ?? [] { out.append((k, s.decls[m].body)) }
        }
        return out
    }

    /// Created at 0 and signalled, once, only at the end of a `Task` its owner's initializer
    /// starts: waiting on it waits for that task's result, a blocking bridge from async code.
    static func signalledByInitializersTask(_ s: FileStructure, _ h: Decl) -> Bool {
        let signals = initializerSignals(s, h)
        return signals.count == 1 && signals.allSatisfy { k, body in
            guard let e = s.enclosingExecutable(of: k), s.scopes[e].kind == .closure, s.scopes[e].parent >= 0 else { return false }
            let c = s.closures[s.scopes[e].closure]
            return c.callee >= 0 && (s.is(c.callee, "Task") || s.is(c.callee, "detached")) && s.enclosingExecutable(of: c.callee) == body
        }
    }

    /// Whether an initializer of the type that stores semaphore `h` signals it exactly once
    /// itself: a signal in a `Task` or a callback it starts comes when that work ends (a
    /// completion, not a lock's first turn).
    /// A signal in a loop (`for _ in 0..<n { sema.signal() }`) counts the loop's turns: a
    /// counting semaphore, not one holder.
    static func signalledOnceInInitializer(_ s: FileStructure, _ h: Decl) -> Bool {
        let signals = initializerSignals(s, h).filter { HeldReach.runsDuring(s, $0.signal, $0.body) }
        return signals.count == 1 && !s.inLoop(signals[0].signal, within: signals[0].body, eachClosure: true)
    }

    static func text(value: String?, name: String, deployment: Deployment?) -> (String, String) {
        let lock = LockAdvice.lock(deployment)
        switch value {
        case "0"?:
            return ("semaphore \(name)created with value 0 makes a thread wait for other work to signal it, with no priority donation",
                    "where callers can be async, await the work instead (wrap a callback with withCheckedContinuation)")
        case "1"?:
            return ("semaphore \(name)created with value 1 is a lock without an owner: no priority donation, and a wait from async code blocks a cooperative thread",
                    "use \(lock) for mutual exclusion, or an actor if every caller can await")
        case let v? where Int(v) != nil:
            return ("semaphore \(name)created with value \(v) limits concurrency by blocking threads, with no priority donation",
                    "in async code, keep at most \(v) child tasks running in a TaskGroup (add the next as one finishes) instead of blocking threads")
        case let v?:
            // The count is not known here: it may well be above one (a pool of resources), and a
            // lock cannot stand in for that.
            return ("semaphore \(name)created with value '\(v)' blocks waiting threads, with no priority donation",
                    "if '\(v)' can be above 1 the semaphore bounds how many callers proceed at once: in async code keep at most that many "
                        + "child tasks running in a TaskGroup, or make the waiters suspend instead of block; only a semaphore whose value is always 1 can become \(lock)")
        case nil:
            return ("DispatchSemaphore \(name)blocks whichever thread waits on it, with no priority donation; from async code that thread belongs to the cooperative pool",
                    "use \(lock) for mutual exclusion, await the work instead of waiting for a signal, or bound concurrency with a TaskGroup")
        }
    }

    /// The noasync attributes that keep async code from `f`: its own, or those of the functions
    /// that are its only callers; nil when async code may reach it.
    func noasyncAttributes(_ s: FileStructure, _ f: Int, index: inout SemaphoreWaits.WaitIndex) -> [Int]? {
        let own = s.attributes(of: s.decls[f]).filter { Self.isNoasync(s, $0) }
        if !own.isEmpty { return own }
        index.build(s)
        guard let callers = noasyncCallers(s, f, calls: index.privateCalls) else { return nil }
        return callers.flatMap { s.attributes(of: s.decls[$0]).filter { Self.isNoasync(s, $0) } }
    }

    /// The `renamed: "…"` of an availability attribute.
    static func renamed(_ s: FileStructure, _ attribute: Int) -> String? {
        guard s.isChar(attribute + 1, UInt8(ascii: "(")) else { return nil }
        let close = Int(s.match[attribute + 1])
        for k in s.span(attribute + 2, close) where s.is(k, "renamed") && s.isChar(k + 1, UInt8(ascii: ":")) && k + 2 < close
            && s.code[k + 2].kind == .string {
            let name = s.text(k + 2).filter { $0 != "\"" }
            return name.isEmpty ? nil : name
        }
        return nil
    }

    func isNoasync(_ s: FileStructure, _ f: Int) -> Bool {
        s.attributes(of: s.decls[f]).contains { Self.isNoasync(s, $0) }
    }

    /// A private helper every call of which (in its file, the only place it can be called from)
    /// sits in a `noasync` function: async code cannot reach it either.
    func noasyncCallers(_ s: FileStructure, _ f: Int, calls: [String: [Int]]) -> [Int]? {
        let d = s.decls[f]
        guard d.kind == .function, d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) else { return nil }
        var callers: [Int] = []
        for k in calls[d.nameText] ?? [] where s.isChar(k + 1, UInt8(ascii: "(")) {
            if k == d.name { continue }
            guard let caller = s.enclosingFunction(of: k), caller != f, isNoasync(s, caller) else { return nil }
            callers.append(caller)
        }
        return callers.isEmpty ? nil : callers
    }

    /// `@available(*, noasync)` (also with a message or `renamed:`).
    static func isNoasync(_ s: FileStructure, _ attribute: Int) -> Bool {
        guard s.is(attribute, "@available"), s.isChar(attribute + 1, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[attribute + 1])
        guard close > attribute else { return false }
        return s.span(attribute + 2, close).contains { s.is($0, "noasync") }
    }

    /// Whether one of the `#else`/`#elseif` directives (sorted) lies between two tokens: the same
    /// declaration in two branches.
    func directiveBetween(_ a: Int, _ b: Int, _ elses: [Int]) -> Bool {
        var lo = 0
        var hi = elses.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if elses[mid] <= a { lo = mid + 1 } else { hi = mid }
        }
        return lo < elses.count && elses[lo] < b
    }

    /// `name = DispatchSemaphore(…)` / `self.name = DispatchSemaphore(…)`: the name assigned.
    func assignedName(_ s: FileStructure, _ i: Int) -> String? {
        guard s.isChar(i - 1, UInt8(ascii: "=")), i >= 2, s.code[i - 2].kind == .identifier else { return nil }
        return s.text(i - 2)
    }

    /// The variable declaration whose annotation or initializer holds token `i`.
    func declHolding(_ s: FileStructure, _ i: Int) -> Decl? {
        // The innermost one (a closure in an initializer may declare its own variables).
        s.variableDeclarations(holding: i).last.map { s.decls[$0] }
    }

    /// For a declaration without initializer, the value of `name = DispatchSemaphore(value: N)`
    /// (or `self.name = …`) inside the declaration's own scope (its type's body for a property,
    /// its function for a local), or for a property, in the extensions of its type in the file.
    func assignedValue(_ s: FileStructure, _ d: Decl) -> String? {
        guard d.parent >= 0, s.decls[d.parent].body >= 0 else { return nil }
        if let v = assignedValue(s, d, in: s.scopes[s.decls[d.parent].body]) { return v }
        let type = s.decls[d.parent]
        guard type.kind.isType, type.kind != .extension, !d.isStaticMember else { return nil }
        for e in s.topLevel where s.decls[e].kind == .extension && s.decls[e].body >= 0 && s.decls[e].nameText == type.nameText {
            if let v = assignedValue(s, d, in: s.scopes[s.decls[e].body]) { return v }
        }
        return nil
    }

    func assignedValue(_ s: FileStructure, _ d: Decl, in scope: Scope) -> String? {
        var i = scope.open
        while i + 3 < scope.close {
            if s.code[i].kind == .identifier && s.is(i, text: d.nameText) && s.isChar(i + 1, UInt8(ascii: "="))
                && (!s.isChar(i - 1, UInt8(ascii: ".")) || s.isKeyword(i - 2, .self)) {
                if s.is(i + 2, "DispatchSemaphore") && s.isChar(i + 3, UInt8(ascii: "(")) { return argumentValue(s, open: i + 3) }
                // `name = .init(value: N)`: the declared type is DispatchSemaphore.
                if s.isChar(i + 2, UInt8(ascii: ".")) && s.is(i + 3, "init") && s.isChar(i + 4, UInt8(ascii: "(")) { return argumentValue(s, open: i + 4) }
                // `name = local`, a local created as `DispatchSemaphore(value: N)`: its value.
                if s.code[i + 2].kind == .identifier && s.startsStatementAfter(i + 2),
                   case .variable(let l) = s.lookupVariable(s.text(i + 2), at: i + 2), s.decls[l].parent >= 0,
                   s.decls[s.decls[l].parent].kind.isFunctionLike {
                    let local = s.decls[l]
                    var j = local.initializer.lowerBound
                    if s.is(j, "Dispatch") && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
                    if local.initializer.contains(j), s.is(j, "DispatchSemaphore"), s.isChar(j + 1, UInt8(ascii: "(")) {
                        return argumentValue(s, open: j + 1)
                    }
                }
            }
            i += 1
        }
        return nil
    }

    /// The text of the `value:` argument of `DispatchSemaphore(value: …)`.
    func argumentValue(_ s: FileStructure, open: Int) -> String? {
        let close = Int(s.match[open])
        guard close > open + 2, s.is(open + 1, "value"), s.isChar(open + 2, UInt8(ascii: ":")) else { return nil }
        // The `value:` argument alone: a project's own semaphore type may take more
        // (`DispatchSemaphore(value: 0, name: "…")`).
        var end = open + 3
        while end < close && !s.isChar(end, UInt8(ascii: ",")) {
            let m = Int(s.match[end])
            end = (m > end && m < close ? m : end) + 1
        }
        return end > open + 3 ? s.text(s.span(open + 3, end)) : nil
    }
}
