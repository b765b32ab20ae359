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
            receiver is declared in the file as a blocking lock (Mutex, NSLock, …).
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
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        // Cheap exit: no await in the file.
        guard !s.awaitTokens.isEmpty else { return [] }
        let regions = context.lockRegions
        guard !regions.regions.isEmpty else { return [] }
        var out: [Diagnostic] = []
        for t in s.awaitTokens {
            let i = Int(t)
            // An asynchronous lock exists to be held across suspensions: only blocking locks count.
            // (A closure of a known blocking lock — a Mutex, an NSLock — is still reported.)
            let held = regions.holding(i, in: s, directOnly: true).filter {
                !$0.isAsync || context.vocabulary.declaredLockType(ofReceiver: $0.lock, at: $0.acquireToken, in: s) != nil
            }
            guard let r = held.first else { continue }
            out.append(diagnostic(for: i, region: r, context: context))
        }
        return out
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
        return context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(fix))
    }
}
