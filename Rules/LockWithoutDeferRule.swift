import LockLintCore

/// `lock_without_defer`: a manual acquire whose release is not reached on every path.
public struct LockWithoutDeferRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "lock_without_defer",
        name: "Lock without guaranteed release",
        summary: "A manual lock() whose unlock() is skipped by an early return, a throw, a loop jump or a missing release",
        rationale: """
            A lock taken with `lock()` (or objc_sync_enter, pthread_mutex_lock, os_unfair_lock_lock) stays taken \
            until the matching release runs. An early `return`, a `throw`, an error propagated by `try`, or a \
            `continue` that leaves the critical section before the release leaves the lock held for ever: the next \
            caller blocks, and a non-recursive lock taken again on the same thread deadlocks or crashes. The bug \
            hides on the rare path (the error, the cache miss) and shows up as a hang far away from its cause.
            """,
        fix: """
            Release in a `defer` right after the acquire (`lock.lock(); defer { lock.unlock() }`), so every exit \
            runs it; or put the critical section in a closure passed to `withLock`, which cannot forget the release. \
            When the release has to come early on some paths, release before every exit of those paths.
            """,
        knownLimits: """
            Every path from the acquire is followed through if/guard/switch, loops (`while true` ends only \
            through a jump), do/catch, defer, break and continue (labelled or not), return, throw and `try` (not \
            `try?`/`try!`, nor a `try` in the arguments of XCTAssert… or #expect, which catch; a `try` inside a `do` \
            with a catch goes to the catch). Releasing on every path before each exit is accepted, and so is a \
            `defer` that releases. Calls to fatalError, preconditionFailure, abort, exit and the file's own \
            `-> Never` functions end a path. A call to a function of the file that releases the lock before taking \
            it (`releaseLockThenNotify()`) hands the lock over and counts as the release. A release in a closure \
            run on the spot (a continuation's body, withExtendedLifetime, withUnsafe…), or a call there of such a \
            hand-over function, counts where the closure is passed, also for a `try` on that call; a release in any other closure (a completion handler, \
            `queue.async`) runs at another time, so such an acquire is not judged. `if L.tryLock() { … }` and \
            `guard L.tryLock() else { … }` hold the lock only where they took it; an acquire whose result is used \
            (`let ok = L.tryLock()`, `lock(before:)`, `locks.lock(for: Key.self).withLock { }`) is not judged. A \
            method named like an acquire is a domain action, not a lock, when nothing in the file releases that \
            receiver, no release method is declared, and the call passes an argument no lock API takes \
            (`lock(with: passcode)`), or when it is called on \
            `self` and declared in the file (`func lock() { isLocked = true }`). A receiver is a lock by what its \
            type does: a type of the run whose `lock()` takes no lock (it sets state, calls a service), or which \
            has no zero-argument `unlock()` (only `unlock(password:)`), is not judged; nor is an acquire released \
            nowhere in the file on a receiver nothing shows to be a lock (not declared with a lock type, not named \
            as one: a store's `lock()` in a button's action). A \
            function that only takes the lock (no release anywhere in it) is a lock implementation or one half of \
            a split critical section (`func lock() { mutex.lock() }`, begin/end pairs) when its name says it locks \
            (lock…, acquire…, enter…, begin…, …Lock) or when another function of the file releases the \
            same lock; it is reported only when nothing in the file releases that lock. Such a locking function may \
            also return with the lock held (`lock(whenValue:timeoutSeconds:) -> Bool`). Paths on which the lock is \
            held only sometimes (after a conditional release) are reported only when the acquire itself is not \
            inside a branch, because a conditional acquire is usually paired with a release under the same \
            condition. One finding per acquire, at the acquire, with a note at each exit that leaves it held (up to four). \
            A release followed by more work in the block that took the lock is placed early on purpose (a defer \
            would hold the lock over that work): the fix-it keeps it and releases on the leaking path too \
            (`do { … } catch { X.unlock(); throw error }`, or an unlock before that return).
            """,
        triggeringExamples: [
            """
            func load() throws -> Data {
                lock.↓lock()
                let data = try read()
                lock.unlock()
                return data
            }
            """,
            """
            func value(for key: String) -> Int? {
                lock.↓lock()
                guard let v = cache[key] else { return nil }
                lock.unlock()
                return v
            }
            """,
            """
            func drain(_ items: [Item]) {
                for item in items {
                    lock.↓lock()
                    if item.isEmpty { continue }
                    process(item)
                    lock.unlock()
                }
            }
            """,
            """
            func refresh() {
                ↓objc_sync_enter(self)
                if done { return }
                objc_sync_exit(self)
            }
            """,
            """
            func bump() {
                ↓pthread_mutex_lock(&mutex)
                count += 1
            }
            """,
            """
            func parse(_ text: String) throws {
                ↓os_unfair_lock_lock(&unfair)
                switch text {
                case "": throw ParseError.empty
                default: state = text
                }
                os_unfair_lock_unlock(&unfair)
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            func load() throws -> Data {
                lock.lock()
                defer { lock.unlock() }
                return try read()
            }
            """,
            """
            func receive(_ s: Subscription) {
                lock.lock()
                guard state == nil else {
                    lock.unlock()
                    s.cancel()
                    return
                }
                state = s
                lock.unlock()
            }
            """,
            """
            final class SpinLock {
                private var mutex = pthread_mutex_t()
                func lock() { pthread_mutex_lock(&mutex) }
                func unlock() { pthread_mutex_unlock(&mutex) }
            }
            """,
            """
            func attempt() {
                if lock.tryLock() {
                    work()
                    lock.unlock()
                }
            }
            """,
            """
            func next() async -> Int {
                lock.lock()
                if waiters.isEmpty {
                    return await withCheckedContinuation { c in
                        waiters.append(c)
                        lock.unlock()
                    }
                }
                lock.unlock()
                return 0
            }
            """,
            """
            func update(_ flag: Bool) {
                lock.lock()
                if flag { counter += 1; lock.unlock() } else { lock.unlock() }
            }
            """,
            """
            func process() {
                while true {
                    lock.lock()
                    if queue.isEmpty { lock.unlock(); break }
                    let next = queue.removeFirst()
                    lock.unlock()
                    next()
                }
            }
            """,
            """
            func decode() {
                lock.lock()
                do {
                    try parse()
                } catch {
                    log(error)
                }
                lock.unlock()
            }
            """,
        ]
    )

    /// Whether a function's name says it takes a lock for its caller (`lock()`, `lock(whenValue:)`,
    /// `acquire()`, `enterCriticalSection()`, `beginWrite()`, `tryLock()`, `readLock()`).
    static func isLockingName(_ fn: String) -> Bool {
        var name = fn.drop { $0 == "'" || $0 == "_" }
        if name.hasSuffix("'") { name = name.dropLast() }
        let lower = name.lowercased()
        if lower.hasPrefix("unlock") { return false }
        for p in ["lock", "acquire", "enter", "begin", "trylock"] where lower.hasPrefix(p) { return true }
        return name.hasSuffix("Lock")
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let vocabulary = context.vocabulary
        let regions = context.lockRegions
        var out: [Diagnostic] = []
        var seen = Set<Int>()
        // Whether a lock is released anywhere in a function (or anywhere else in the file), per
        // function and lock: asked once, not once per acquire of that lock in the function.
        var released: [String: Bool] = [:]
        for r in regions.regions {
            // An acquire may hold its lock over several stretches (one per path): judge it once.
            guard seen.insert(r.acquireToken).inserted else { continue }
            let acquire: String
            switch r.form {
            case .manual(let a, _), .deferred(let a, _), .unreleased(let a): acquire = a
            default: continue
            }
            guard let release = vocabulary.acquireRelease[acquire] else { continue }
            let free = vocabulary.freeFunctionAcquires.contains(acquire)
            // `lock()` on a value whose type's implementations in the run take no lock (they set
            // a flag: a pause that must stay on) is a domain action, not an acquire.
            if !free && acquire == "lock" && LockReceivers.isDomainLock(r, context) { continue }
            // The exits the lock-state walk reached with this acquire's lock held (through the
            // file's hand-over functions and its own `-> Never` functions).
            guard let result = regions.releasePaths(ofAcquire: r.acquireToken), !result.leaks.isEmpty else { continue }
            if let d = diagnostic(r, acquire: acquire, release: release, free: free, result: result, context: context, released: &released) {
                out.append(d)
            }
        }
        return out
    }

    func diagnostic(_ r: LockRegion, acquire: String, release: String, free: Bool, result: LockPathResult, context: RuleContext,
                    released: inout [String: Bool]) -> Diagnostic? {
        let s = context.structure
        let a = r.acquireToken
        let fn = functionName(s, a)
        let close = Int(s.match[a + 1])
        let argument = close > a + 2 ? s.text(s.span(a + 2, close)) : ""
        let lockName: String
        if acquire == "objc_sync_enter" {
            lockName = "the objc_sync lock on '\(argument)'"
        } else if free {
            lockName = "'\(argument.filter { $0 != "&" })'"
        } else {
            lockName = r.lock == "self" ? "the lock ('self')" : "'\(r.lock)'"
        }
        // Calls are spelled on the receiver as written when it is optional (`lock?.unlock()`,
        // `lock!.unlock()`): the lock's name alone would not compile there.
        let receiver = free || r.lock == "self" ? r.lock : spelledReceiver(s, acquire: a, lock: r.lock)
        var releaseCall = free ? "\(release)(\(argument))" : (r.lock == "self" ? "\(release)()" : "\(receiver).\(release)()")
        // A release that takes its own arguments (`unlock(withValue: ready)`) is named as written.
        if !free, let rel = result.releases.first, s.isChar(rel + 1, UInt8(ascii: "(")), Int(s.match[rel + 1]) > rel + 2 {
            let args = s.text(s.span(rel + 2, Int(s.match[rel + 1])))
            releaseCall = r.lock == "self" ? "\(release)(\(args))" : "\(receiver).\(release)(\(args))"
        }
        let acquireCall = free ? "\(acquire)(\(argument))" : (r.lock == "self" ? "\(acquire)(\(argument))" : "\(receiver).\(acquire)(\(argument))")
        // A lock whose acquire or release takes arguments (a condition lock) may have no withLock.
        let withArguments = !free && (!argument.isEmpty || releaseCall.hasSuffix("()") == false)
        let key = "\(r.executable) \(free) \(release) \(r.lock)"
        let inFunction = released["in " + key] ?? releasedInFunction(s, r, release: release, free: free)
        released["in " + key] = inFunction
        if result.releases.isEmpty && !inFunction {
            // Takes the lock and never gives it back here: a lock wrapper or a split critical
            // section, unless nothing in the file releases it.
            if Self.isLockingName(fn) { return nil }
            let elsewhere = released["out " + key] ?? releasedElsewhere(s, r, release: release, free: free)
            released["out " + key] = elsewhere
            if elsewhere { return nil }
            // Never released in the file, on a receiver nothing shows to be a lock: not judged.
            if !free && !LockReceivers.hasLockEvidence(r, context) { return nil }
            return context.diagnostic(
                description, at: a,
                message: "\(lockName) is taken by \(acquire)() in \(fn) and released nowhere in this file",
                notes: [context.note(at: s.scopes[r.executable].close, "\(fn) ends here with \(lockName) still held")],
                fixIt: FixIt("add `defer { \(releaseCall) }` right after `\(acquireCall)`, or use withLock so the release cannot be forgotten"))
        }
        let nested = nestedInCondition(s, a, exec: r.executable)
        // A function whose name says it locks may return with the lock held: that is its contract.
        let locking = Self.isLockingName(fn)
        let leaks = result.leaks.filter { l in
            if locking && (l.kind == .returnStatement || l.kind == .endOfBody) { return false }
            return l.certain || !nested
        }
        guard let first = leaks.first else { return nil }
        var notes: [Note] = []
        for l in leaks.prefix(4) {
            notes.append(context.note(at: l.token, noteText(l, lockName: lockName, fn: fn, s: s)))
        }
        if let rel = result.releases.first {
            notes.append(context.note(at: rel, "\(release)() here is reached only on the other paths"))
        }
        let line = s.line(ofToken: first.token)
        let message: String
        switch first.kind {
        case .returnStatement:
            message = "\(lockName) is still held at the return on line \(line): that path skips \(release)()"
        case .throwStatement:
            message = "\(lockName) is still held when the throw on line \(line) leaves \(fn)"
        case .tryExpression:
            message = "an error thrown through the 'try' on line \(line) leaves \(fn) with \(lockName) still held"
        case .nextIteration:
            message = "\(lockName) is still held when the loop goes round again (line \(line)) and takes it a second time"
        case .endOfBody:
            message = "\(lockName) is still held at the end of \(fn) on a path that skips \(release)()"
        }
        // The acquire sits in a block (an `if`'s body) that closes before a release or a leaking
        // exit: a `defer` written after it would run at that block's end, releasing the lock at
        // once, and a release added at an exit would also run on paths that never took it.
        let block = Int(s.scopeOf[a])
        let blockClose = block >= 0 ? s.scopes[block].close : Int.max
        if leaks.contains(where: { $0.token > blockClose }) || result.releases.contains(where: { $0 > blockClose }) {
            return context.diagnostic(description, at: a, message: message, notes: notes, fixIt: FixIt(
                "release it at those exits only on the paths that took it (under the condition that took it), or take and release it in one block; "
                    + "a `defer` right after `\(acquireCall)` would run at the end of the block that takes it"))
        }
        let fix: String
        // A release placed before more work of the function (a test that lets a worker go, then
        // checks what happened): deferring it to the end of the scope would keep the lock over
        // that work. Release on the leaking path too, and keep the release where it is.
        let early = result.releases.contains { releasedBeforeMoreWork(s, $0, acquire: a, exec: r.executable) }
        if early && first.kind != .nextIteration {
            let keep = "keep `\(releaseCall)` where it is (the code after it runs with the lock released on purpose)"
            if first.kind == .returnStatement || first.kind == .endOfBody {
                fix = "call \(releaseCall) on that path too, before it leaves; \(keep)"
            } else {
                fix = "release on the error path too: wrap the statements from `\(acquireCall)` to `\(releaseCall)` in "
                    + "`do { … } catch { \(releaseCall); throw error }`, or make the throwing calls before the acquire or after the release; \(keep)"
            }
            return context.diagnostic(description, at: a, message: message, notes: notes, fixIt: FixIt(fix))
        }
        if receiver.contains("?") && first.kind != .nextIteration {
            // A release through an optional chain does nothing on a path where it is nil (as the
            // one that leaks may be): bind the lock once, and take and release it through that.
            let local = String(receiver.split(separator: ".").last ?? "lock").filter { $0 != "?" && $0 != "!" }
            fix = "bind the lock once before taking it (`guard let \(local) = \(receiver.dropLast(receiver.hasSuffix("?") ? 1 : 0)) else { … }`), then "
                + "`\(local)\(acquireCall.dropFirst(receiver.count)); defer { \(local)\(releaseCall.dropFirst(receiver.count)) }`: a release through `\(receiver)` does nothing on a path where it is nil"
            return context.diagnostic(description, at: a, message: message, notes: notes, fixIt: FixIt(fix))
        } else if first.kind == .nextIteration {
            fix = "call \(releaseCall) before `continue`, or move the loop body's critical section into a function that starts with `\(acquireCall); defer { \(releaseCall) }`"
        } else if free {
            fix = "write `defer { \(releaseCall) }` right after `\(acquireCall)` and delete the other \(release) calls"
        } else {
            fix = "write `defer { \(releaseCall) }` right after `\(acquireCall)` and delete the other \(release)() calls"
                + (withArguments ? "" : ", or move the critical section into \(r.lock == "self" ? "" : "\(r.lock).")withLock { }")
        }
        var fixIt = FixIt(fix)
        if let edits = deferEdits(r, release: release, releaseCall: releaseCall, result: result, s: s) {
            // The release is the block's last statement: moving it into a defer right after the
            // acquire keeps every path that reached it the same, and releases on the others.
            fixIt = FixIt("write `defer { \(releaseCall) }` right after `\(acquireCall)` and delete the \(release)() at the end of the block",
                          edits: edits, applicability: .safe)
        }
        return context.diagnostic(description, at: a, message: message, notes: notes, fixIt: fixIt)
    }

    /// Whether more work follows the release at `rel` in the block that takes the lock (a call or
    /// an await after it, in the same function or closure body): a defer would run only at that
    /// block's end, after that work, so the release is placed early on purpose.
    func releasedBeforeMoreWork(_ s: FileStructure, _ rel: Int, acquire a: Int, exec: Int) -> Bool {
        guard exec >= 0, s.isChar(rel + 1, UInt8(ascii: "(")), a < s.scopeOf.count, Int(s.scopeOf[a]) >= 0 else { return false }
        let close = s.scopes[Int(s.scopeOf[a])].close
        var k = Int(s.match[rel + 1]) + 1
        while k < close {
            if s.isKeyword(k, .await) { return true }
            if s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && s.enclosingExecutable(of: k) == exec { return true }
            k += 1
        }
        return false
    }

    /// Edits that turn `X.lock(); …; X.unlock()` — one release, the last statement of the same
    /// block — into `X.lock(); defer { X.unlock() }; …`.
    func deferEdits(_ r: LockRegion, release: String, releaseCall: String, result: LockPathResult, s: FileStructure) -> [Edit]? {
        guard result.releases.count == 1, let rel = result.releases.first else { return nil }
        // A release with arguments computes them where it stands: moving it into a defer at the
        // acquire would change what it is given.
        if s.isChar(rel + 1, UInt8(ascii: "(")) && Int(s.match[rel + 1]) > rel + 2 && !LockVocabulary.defaultFreeFunctions.contains(s.text(r.acquireToken)) {
            return nil
        }
        let a = r.acquireToken
        let acquireClose = Int(s.match[a + 1])
        let releaseClose = Int(s.match[rel + 1])
        guard acquireClose > a, releaseClose > rel, s.scopeOf[a] == s.scopeOf[rel], s.scopeOf[a] >= 0 else { return nil }
        let block = s.scopes[Int(s.scopeOf[a])]
        // Nothing after the release in its block.
        guard releaseClose + 1 == block.close || (s.isChar(releaseClose + 1, UInt8(ascii: ";")) && releaseClose + 2 == block.close) else { return nil }
        let bytes = s.file.bytes
        // The statements' first tokens (the receiver, or the free function).
        let acquireStart = s.isChar(a - 1, UInt8(ascii: ".")) ? LockRegions.receiverStart(s, dot: a - 1) : a
        let releaseStart = s.isChar(rel - 1, UInt8(ascii: ".")) ? LockRegions.receiverStart(s, dot: rel - 1) : rel
        guard acquireStart >= 0, releaseStart >= 0 else { return nil }
        // Indentation of the acquire's line.
        let lineStart = s.file.lines.starts[s.line(ofToken: acquireStart) - 1]
        var indentEnd = lineStart
        while indentEnd < bytes.count && (bytes[indentEnd] == 0x20 || bytes[indentEnd] == 0x09) { indentEnd += 1 }
        guard indentEnd == Int(s.code[acquireStart].start) else { return nil }  // not alone at its line's start
        let indent = String(decoding: bytes[lineStart..<indentEnd], as: UTF8.self)
        let insertAt = Int(s.code[acquireClose].end)
        let insert = Edit(range: insertAt..<insertAt, replacement: "\n\(indent)defer { \(releaseCall) }")
        // Delete the release: its whole line when it stands alone on it.
        var delStart = Int(s.code[releaseStart].start)
        var delEnd = Int(s.code[releaseClose].end)
        if s.isChar(releaseClose + 1, UInt8(ascii: ";")) { delEnd = Int(s.code[releaseClose + 1].end) }
        let relLineStart = s.file.lines.starts[s.line(ofToken: releaseStart) - 1]
        let before = bytes[relLineStart..<delStart].allSatisfy { $0 == 0x20 || $0 == 0x09 }
        var after = delEnd
        while after < bytes.count && (bytes[after] == 0x20 || bytes[after] == 0x09) { after += 1 }
        // Only a release alone on its line (nothing after it but the line break) is moved.
        guard before, after < bytes.count, bytes[after] == 0x0A || bytes[after] == 0x0D else { return nil }
        delStart = relLineStart
        delEnd = after + (bytes[after] == 0x0D && after + 1 < bytes.count && bytes[after + 1] == 0x0A ? 2 : 1)
        // No comment may be swallowed by the deletion.
        if s.comments.contains(where: { Int($0.start) >= delStart && Int($0.start) < delEnd }) { return nil }
        return [insert, Edit(range: delStart..<delEnd, replacement: "")]
    }

    func noteText(_ l: LockLeak, lockName: String, fn: String, s: FileStructure) -> String {
        let sometimes = l.certain ? "" : " on some paths"
        switch l.kind {
        case .returnStatement: return "returns here with \(lockName) held\(sometimes)"
        case .throwStatement: return "throws here with \(lockName) held\(sometimes)"
        case .tryExpression: return "an error from this call leaves \(fn) with \(lockName) held\(sometimes)"
        case .nextIteration: return "the next iteration starts here with \(lockName) held\(sometimes)"
        case .endOfBody: return "\(fn) ends here with \(lockName) held\(sometimes)"
        }
    }

    /// The function (or closure) the acquire is in, for messages.
    func functionName(_ s: FileStructure, _ i: Int) -> String {
        if let e = s.enclosingExecutable(of: i), s.scopes[e].kind == .closure { return "this closure" }
        guard let f = s.enclosingFunction(of: i) else { return "this code" }
        let d = s.decls[f]
        switch d.kind {
        case .function: return "'\(d.nameText)'"
        case .initializer: return "init"
        case .deinitializer: return "deinit"
        default: return d.nameText.isEmpty ? "this accessor" : "'\(d.nameText)'"
        }
    }

    /// Whether the acquire sits in a branch (if/else/switch/catch/guard-else) of its function.
    func nestedInCondition(_ s: FileStructure, _ a: Int, exec: Int) -> Bool {
        for sc in s.enclosingScopes(of: a) {
            if sc == exec { return false }
            let scope = s.scopes[sc]
            guard scope.kind == .statement, scope.statementKeyword >= 0 else { continue }
            switch s.code[scope.statementKeyword].word {
            case .if, .else, .switch, .catch, .guard: return true
            default: continue
            }
        }
        return false
    }

    /// A release of the same lock anywhere in the acquire's function (closures included).
    func releasedInFunction(_ s: FileStructure, _ r: LockRegion, release: String, free: Bool) -> Bool {
        let body = s.scopes[r.executable]
        return hasRelease(s, in: s.span(body.open + 1, body.close), r, release: release, free: free)
    }

    /// A release of the same lock outside the acquire's function, anywhere in the file.
    /// The acquire's receiver as written when it unwraps an optional (`gate?`, `self.lock!`,
    /// without a leading `self.`), else the lock's name.
    func spelledReceiver(_ s: FileStructure, acquire a: Int, lock: String) -> String {
        guard a >= 2, s.isChar(a - 1, UInt8(ascii: ".")) else { return lock }
        let start = LockRegions.receiverStart(s, dot: a - 1)
        guard start >= 0, start < a - 1 else { return lock }
        var text = s.text(s.span(start, a - 1)).filter { $0 != " " && $0 != "\t" && $0 != "\n" }
        guard text.contains(where: { $0 == "?" || $0 == "!" }) else { return lock }
        if text.hasPrefix("self.") { text.removeFirst(5) }
        return text
    }

    func releasedElsewhere(_ s: FileStructure, _ r: LockRegion, release: String, free: Bool) -> Bool {
        let body = s.scopes[r.executable]
        return hasRelease(s, in: s.span(0, body.open), r, release: release, free: free)
            || hasRelease(s, in: s.span(body.close + 1, s.code.count), r, release: release, free: free)
    }

    func hasRelease(_ s: FileStructure, in range: Range<Int>, _ r: LockRegion, release: String, free: Bool) -> Bool {
        for k in range where s.code[k].kind == .identifier && s.is(k, text: release) && s.isChar(k + 1, UInt8(ascii: "(")) {
            if calls(s, k, r, free: free) { return true }
        }
        return false
    }

    /// Whether the call named at `k` is on the region's lock: the same argument for a free
    /// function, the same property name (whatever the path: `self.lock`, `other.lock`) for a method.
    func calls(_ s: FileStructure, _ k: Int, _ r: LockRegion, free: Bool) -> Bool {
        if free {
            let close = Int(s.match[k + 1])
            return close > k && LockRegions.normalized(s.text(s.span(k + 2, close)).filter { $0 != "&" }) == r.lock
        }
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            var q = k - 2
            while q >= 0 && (s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { q -= 1 }
            return q >= 0 && (s.text(q) == lastComponent(r.lock) || (r.lock == "self" && s.isKeyword(q, .self)))
        }
        return r.lock == "self" && !s.isKeyword(k - 1, .func)
    }

    func lastComponent(_ lock: String) -> String {
        guard let dot = lock.lastIndex(of: ".") else { return lock }
        return String(lock[lock.index(after: dot)...])
    }
}
