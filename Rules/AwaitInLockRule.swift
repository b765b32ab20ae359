import LockLintCore

/// `await_in_lock`: an `await` evaluated while a lock is held.
public struct AwaitInLockRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "await_in_lock",
        name: "Await while holding a lock",
        summary: "An await evaluated while a lock is held suspends the task with the lock still taken",
        rationale: """
            At an `await` the task may suspend and resume later, possibly on another thread. A lock taken before \
            the suspension stays taken the whole time: every other thread that needs it blocks (or spins) until \
            the task resumes, and if the awaited work itself needs the lock, nothing moves again. Locks such as \
            os_unfair_lock and Mutex must also be released on the thread that took them, which an await does not \
            guarantee.
            """,
        fix: """
            Do the async work first, then take the lock only to apply its result; or move the state into an actor, \
            which allows suspension by design.
            """,
        knownLimits: """
            Reported as an error by default: unlike the other rules, this one is a bug whatever the design. \
            The lock is held in the body of a closure passed to withLock, withLockIfAvailable, withLockedValue, \
            withLockUnchecked, withCriticalRegion (and configured methods); after `X.lock()` (or objc_sync_enter, \
            pthread_mutex_lock, os_unfair_lock_lock) until the matching release in the same function; and to the end \
            of the block after `X.lock(); defer { X.unlock() }` (the defer may come first). Manual locks are followed \
            along each path: a release on a path that returns frees the lock only on that path, each switch case \
            starts from the state before the switch, and a call to a function of the file that releases the lock \
            its caller took hands it over. An await where the lock is held on some path is reported. Closures \
            nested inside a held region (Task {}, stored closures) run later and are not reported. Asynchronous \
            locks are meant to be held across suspensions and are not reported: an acquire that is itself awaited \
            (`await gate.lock()`, `try await lock.withLock { … }`) or a lock closure declared async, unless the \
            receiver is declared in the file as a blocking lock (Mutex, NSLock, …). An await in a `defer` block \
            runs when the defer's block exits, and is reported only if the lock is still held then: inside a \
            withLock closure; before the release in the same defer; when the deferred release was registered \
            earlier in the same block (defers run in reverse order) or in an enclosing block; when the manual \
            release comes after the block ends. A defer registered before the deferred release, or a block that \
            releases the lock before it ends, is not reported. One finding per held region, at its first await; \
            the region's later awaits are notes. A region that assigns a member after an await while another \
            region of the same lock reads it is an initialisation gate (readers wait until the state is set): \
            its fix-it is an async-aware gate (an actor, or a Task the readers await), not a shorter section.
            """,
        defaultSeverity: .error,
        triggeringExamples: [
            """
            func refresh() async {
                lock.lock()
                let fresh = ↓await fetch()
                cache = fresh
                lock.unlock()
            }
            """,
            """
            func drain() async throws {
                lock.lock(); defer { lock.unlock() }
                if ready {
                    for ↓await event in events { handle(event) }
                }
            }
            """,
            """
            func update() async {
                state.withLock { value in
                    value = ↓await compute()
                }
            }
            """,
            """
            func sync() async {
                objc_sync_enter(self)
                try? ↓await
                    save()
                objc_sync_exit(self)
            }
            """,
            """
            func critical() async {
                pthread_mutex_lock(&mutex)
                ↓await work()
                pthread_mutex_unlock(&mutex)
                os_unfair_lock_lock(&unfair)
                ↓await work()
                os_unfair_lock_unlock(&unfair)
            }
            """,
            """
            func start() async {
                lock.lock()
                defer { lock.unlock() }
                let config = ↓await loadConfig()
                store = await openStore(config)
            }
            """,
            """
            func close() async {
                lock.lock()
                defer { lock.unlock() }
                defer { ↓await flush() }
                closed = true
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            func refresh() async {
                let fresh = await fetch()
                lock.lock()
                cache = fresh
                lock.unlock()
                await notify()
            }
            """,
            """
            func start() {
                lock.withLock {
                    Task { await self.run() }
                    Task.detached { await self.run() }
                }
            }
            """,
            """
            func store() {
                lock.withLock {
                    handler = { await self.run() }
                }
            }
            """,
            """
            func f() async {
                // lock.lock(); await x()
                let s = "lock.lock(); await x()"
                await x()
            }
            """,
            """
            func g() async {
                lock.lock()
                lock.unlock()
                await x()
            }
            """,
            """
            func h() async throws {
                try await gate.withLock {
                    try await upload()
                }
                await gate.lock()
                await flush()
                await gate.unlock()
            }
            """,
            """
            func close() async {
                lock.lock()
                defer { await flush() }
                defer { lock.unlock() }
                closed = true
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        // Cheap exit: no await in the file.
        guard !s.awaitTokens.isEmpty else { return [] }
        let regions = context.lockRegions
        guard !regions.regions.isEmpty else { return [] }
        var out: [Diagnostic] = []
        // One finding per held region, at its first await; the region's later awaits are notes.
        var reported: [Int: Int] = [:]
        for t in s.awaitTokens {
            let i = Int(t)
            // An asynchronous lock exists to be held across suspensions: only blocking locks count.
            // (A closure of a known blocking lock — a Mutex, an NSLock — is still reported.)
            let held = regions.holding(i, in: s, directOnly: true).filter {
                !$0.isAsync || context.vocabulary.declaredLockType(ofReceiver: $0.lock, at: $0.acquireToken, in: s) != nil
            }
            // An await in a `defer` block runs when the defer's block exits: held only if the lock
            // is still held then.
            if let d = Self.enclosingDefer(s, i) {
                guard let r = held.first(where: { Self.heldAtDefer(s, await: i, defer: d, region: $0) }) else { continue }
                out.append(deferDiagnostic(for: i, defer: d, region: r, context: context))
                continue
            }
            guard let r = held.first else { continue }
            if let k = reported[r.acquireToken] {
                let lock = r.lock.isEmpty ? "the lock" : "'\(r.lock)'"
                out[k].notes.append(context.note(at: i, "\(lock) is still held at this await too"))
                continue
            }
            reported[r.acquireToken] = out.count
            out.append(diagnostic(for: i, region: r, context: context))
        }
        return out
    }

    /// The outermost `defer` statement scope around token `i` in its function or closure body, or nil.
    static func enclosingDefer(_ s: FileStructure, _ i: Int) -> Int? {
        guard let exec = s.enclosingExecutable(of: i) else { return nil }
        var found: Int? = nil
        for sc in s.enclosingScopes(of: i) {
            if sc == exec { break }
            let kw = s.scopes[sc].statementKeyword
            if s.scopes[sc].kind == .statement && kw >= 0 && s.isKeyword(kw, .defer) { found = sc }
        }
        return found
    }

    /// Whether `region`'s lock is still held when the `defer` scope `d` (holding the await at `i`)
    /// runs, at the exit of the block that registers it. Defers run in reverse order: a deferred
    /// release registered before `d` in the same block runs after it.
    static func heldAtDefer(_ s: FileStructure, await i: Int, defer d: Int, region r: LockRegion) -> Bool {
        let block = s.scopes[d].parent
        switch r.form {
        case .closure, .queue:
            // The defer runs as the closure body (or a block inside it) ends: still inside the closure.
            return true
        case .unreleased:
            return true
        case .deferred:
            let rel = r.releaseToken
            guard rel >= 0 else { return false }
            // The release in this defer: the await before it runs with the lock held.
            if s.scopes[d].open < rel && rel < s.scopes[d].close { return i < rel }
            guard let rd = enclosingDefer(s, rel) else { return false }
            let relBlock = s.scopes[rd].parent
            if relBlock == block { return s.scopes[rd].statementKeyword < s.scopes[d].statementKeyword }
            // A release deferred in an enclosing block runs after this block has exited.
            return block >= 0 && s.enclosingScopes(of: s.scopes[block].open + 1).contains(relBlock) && relBlock != block
        case .manual, .heldOnEntry:
            // A release written after the block that registers the defer: the block exits first.
            let rel = r.releaseToken
            guard rel >= 0, block >= 0 else { return false }
            return rel > s.scopes[block].close
        }
    }

    func deferDiagnostic(for i: Int, defer d: Int, region r: LockRegion, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = r.lock.isEmpty ? "the lock" : "'\(r.lock)'"
        let kw = s.scopes[d].statementKeyword
        var notes = [context.note(at: r.acquireToken, "\(lock) is taken here")]
        let release: String
        switch r.form {
        case .closure(let method, _), .queue(let method, _):
            release = "the end of the \(method) closure"
        case .manual(_, let rel), .deferred(_, let rel), .heldOnEntry(let rel):
            release = "\(rel)()"
            if r.releaseToken >= 0 { notes.append(context.note(at: r.releaseToken, "\(lock) is released here, after the defer's await")) }
        case .unreleased:
            release = "the end of the function (it is never released here)"
        }
        notes.append(context.note(at: kw, "this defer runs when its block exits, before \(release)"))
        let message = "'await' in a defer block suspends the task while \(lock) is held: the defer runs before \(release)"
        let fix: String
        if case .deferred = r.form {
            fix = "release \(lock) before the await: put the await in a defer registered before the lock is taken (defers run in reverse order), or unlock first inside this defer"
        } else {
            fix = "release \(lock) before the await runs: await after the critical section has ended, outside the locked region"
        }
        return context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(fix))
    }

    func diagnostic(for i: Int, region r: LockRegion, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = r.lock.isEmpty ? "the lock" : "'\(r.lock)'"
        let takenLine = s.line(ofToken: r.acquireToken)
        let forAwait = s.isKeyword(i - 1, .for)
        let what = forAwait ? "'for await'" : "'await'"
        var notes: [Note] = []
        let message: String
        let fix: String
        switch r.form {
        case .closure(let method, _), .queue(let method, _):
            message = "\(what) inside \(method) on \(lock) suspends the task while \(lock) is held (taken at line \(takenLine))"
            notes.append(context.note(at: r.acquireToken, "\(lock) is held for the whole \(method) closure"))
            fix = "await the value before calling \(method), then apply it inside a short \(method) closure; or keep this state in an actor"
        case .manual(let acquire, let release):
            message = "\(what) between \(acquire)() and \(release)() suspends the task while \(lock) is held"
            notes.append(context.note(at: r.acquireToken, "\(lock) is taken here"))
            notes.append(context.note(at: r.releaseToken, "and released here, after the suspension"))
            fix = "call \(release)() before the await and take \(lock) again afterwards, or await first and lock only to apply the result"
        case .deferred(let acquire, let release):
            message = "\(what) after \(acquire)() with a deferred \(release)(): \(lock) stays held across the suspension until the block ends"
            notes.append(context.note(at: r.acquireToken, "\(lock) is taken here"))
            if r.releaseToken >= 0 { notes.append(context.note(at: r.releaseToken, "the deferred \(release)() runs only when the block exits")) }
            fix = "end the critical section before the await: move the locked part into its own function or `do { }` block, or use withLock for just the synchronous part"
        case .heldOnEntry(let release):
            message = "\(what) before \(release)() of \(lock), which this function's caller took"
            fix = "release \(lock) before awaiting"
        case .unreleased(let acquire):
            message = "\(what) after \(acquire)() with no release in this function: \(lock) is held across the suspension"
            notes.append(context.note(at: r.acquireToken, "\(lock) is taken here and not released in this function"))
            fix = "release \(lock) before awaiting, in the same function (`\(acquire)(); defer { … }` around only the synchronous part)"
        }
        if let (write, read) = Self.initGate(s, region: r, after: i, regions: context.lockRegions.regions) {
            // The region publishes state only once the awaited work is done, and other code reads
            // it under the same lock: shortening the region would let them see it unset.
            let name = s.text(write)
            notes.append(context.note(at: write, "'\(name)' is assigned here, after the await, with \(lock) still held"))
            notes.append(context.note(at: read, "and read here under \(lock): the lock makes readers wait until it is set"))
            return context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(
                "keep readers waiting without blocking a thread: replace \(lock) with an async-aware gate (an actor holding this state, or a `Task` that sets it and that readers await), rather than ending the section before the await"))
        }
        return context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(fix))
    }

    /// A region used as an initialisation gate: after its first await (`i`) it assigns a member
    /// (`x = …`, `self.x = …`, not a local) that another region of the same lock reads. Returns
    /// the assignment and the read, or nil.
    static func initGate(_ s: FileStructure, region r: LockRegion, after i: Int, regions: [LockRegion]) -> (Int, Int)? {
        guard r.executable >= 0, !r.lock.isEmpty else { return nil }
        let open = s.scopes[r.executable].open
        var written: [String: Int] = [:]
        for k in s.span(i + 1, r.end) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "=")) {
            let member = s.isChar(k - 1, UInt8(ascii: ".")) ? s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
                : !s.isKeyword(k - 1, .let) && !s.isKeyword(k - 1, .var) && !s.bindsLocal(s.text(k), from: open, at: k)
            if member && written[s.text(k)] == nil { written[s.text(k)] = k }
        }
        guard !written.isEmpty else { return nil }
        var best: (Int, Int)? = nil
        for o in regions where o.lock == r.lock && o.acquireToken != r.acquireToken && (o.end < r.start || o.start > r.end) {
            for k in s.span(o.start + 1, o.end) where s.code[k].kind == .identifier {
                guard let w = written[s.text(k)], !s.isChar(k + 1, UInt8(ascii: "=")) else { continue }
                if !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) {
                    if best == nil || w < best!.0 { best = (w, k) }
                    break
                }
            }
        }
        return best
    }
}
