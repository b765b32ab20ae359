/// Where locks are held in a file: the bodies of closures passed to `withLock`-style methods,
/// and the stretches between `X.lock()` (or `objc_sync_enter(X)`, `pthread_mutex_lock(&X)`, …)
/// and the matching release, or to the end of the block after `lock(); defer { unlock() }`.
///
/// Built once per file per rule that asks; the rules that need "is a lock held here?"
/// (`await_in_lock`, `unchecked_sendable_unguarded`, …) all read the same answer.
public struct LockRegion: Sendable {
    public enum Form: Sendable, Equatable {
        /// A closure passed to a lock-scoped method (`withLock` …): `closure` indexes `closures`.
        case closure(method: String, closure: Int)
        /// `X.lock()` … `X.unlock()` in the same function.
        case manual(acquire: String, release: String)
        /// `X.lock(); defer { X.unlock() }`: held to the end of the enclosing block.
        case deferred(acquire: String, release: String)
        /// An acquire with no release later in the same function.
        case unreleased(acquire: String)
        /// A closure passed to `sync`/`async` on a queue (only when asked for queues).
        case queue(method: String, closure: Int)
        /// A function that releases a lock it never took: its caller holds the lock on entry
        /// (only when asked, for guard analysis).
        case heldOnEntry(release: String)
    }

    public var form: Form
    /// The lock, as written, without a leading `self.` (`lock`, `state`, `Self.lock`); `self`
    /// for `objc_sync_enter(self)`; empty for an implicit receiver (`withLock { }` in the lock's own type).
    public var lock: String
    /// The token that takes the lock (the method name or the acquire function).
    public var acquireToken: Int
    /// The release token (`unlock`) when there is one, else -1.
    public var releaseToken: Int
    /// Tokens strictly inside the region: held for `start < i < end`.
    public var start: Int
    public var end: Int
    /// The scope whose code runs with the lock held (closure body, or the function/closure
    /// body holding the acquire). Code in nested closures or functions runs at another time.
    public var executable: Int
    /// An asynchronous lock: the acquire is awaited (`await gate.lock()`, `await lock.withLock { … }`)
    /// or its closure is `async`. Such a lock is meant to be held across suspensions; it still
    /// excludes other holders.
    public var isAsync: Bool = false
    /// Held on every path that reaches the region's tokens (false where only some paths hold
    /// it, e.g. after an `if` that takes the lock in one branch).
    public var definite: Bool = true
    /// A manual acquire in a function that takes or releases this lock only when a Bool parameter
    /// says so (`if !alreadyHeld { lock.lock() }`): whether a call of the function takes the lock
    /// depends on its caller, so the acquire is not one the caller's hold runs into.
    public var flagDecided: Bool = false

    /// Taking the lock may wait: not `tryLock`/`withLockIfAvailable`, not a queue or a hand-over.
    public var blocks: Bool {
        switch form {
        case .closure(let method, _): !method.hasSuffix("IfAvailable")
        case .manual(let acquire, _), .deferred(let acquire, _), .unreleased(let acquire): !acquire.hasPrefix("try")
        case .queue, .heldOnEntry: false
        }
    }
}

public struct LockRegions: Sendable {
    public let regions: [LockRegion]
    /// For each manual acquire whose release can be judged (see `releasePaths(ofAcquire:)`).
    private let exits: [Int: LockPathResult]
    /// Functions declared in this file that take an `@escaping` closure: it runs later, not
    /// while the caller holds a lock (like `Task {}` and `async {}`).
    public let escapingCallees: Set<String>
    /// Region indices by `start`, and the largest `end` among the first k of them: `holding`
    /// finds the regions around a token without looking at every region (see `holding`).
    private let byStart: [Int]
    private let maxEndUpTo: [Int]
    /// Where the manual forms sit in `regions`: after the closure forms, before anything added
    /// later. They depend on the vocabulary only, so `with(_:vocabulary:…)` reuses them for
    /// other options.
    private let manual: Range<Int>

    /// Methods of a serial queue or event loop whose closure runs on it.
    public static let serialExecutorMethods: Set<String> = [
        "sync", "async", "asyncAfter", "asyncAndWait", "submit", "execute", "flatSubmit", "scheduleTask", "flatScheduleTask",
        "addOperation", "addBarrierBlock",
    ]

    static let serialExecutorNames = NameSet(serialExecutorMethods)

    /// Callees whose closure argument runs later, not while the caller holds a lock.
    public static let deferredCallees: Set<String> = [
        "Task", "detached", "async", "asyncAfter", "addTask", "addTaskUnlessCancelled", "addDiscardingTask",
        "execute", "submit", "scheduleTask", "addOperation", "whenComplete", "whenSuccess", "whenFailure",
        "sink", "scheduledTimer", "perform", "asyncAndWait", "notify", "makeStream", "detachNewThread", "Thread",
    ]

    /// URLSession's methods that make a task with a completion handler (run later, on the
    /// session's delegate queue, once the task is resumed).
    static let sessionTaskCallees: Set<String> = ["dataTask", "uploadTask", "downloadTask"]

    /// - Parameters:
    ///   - includeQueues: queue properties whose `sync`/`async` closures count as held regions
    ///     (`"*"` for any receiver).
    ///   - guardReceivers: lock properties on which a closure passed to any method
    ///     (`lock.synchronized { }`, `state.withValue { }`) counts as holding that lock.
    /// The regions of `base` and `more` together (`more` from the same file).
    init(_ base: LockRegions, adding more: [LockRegion], _ s: FileStructure) {
        regions = base.regions + more
        exits = base.exits
        escapingCallees = base.regions.isEmpty && !more.isEmpty ? Self.escapingClosureFunctions(s) : base.escapingCallees
        (byStart, maxEndUpTo) = Self.stabbingIndex(regions)
        manual = base.manual
    }

    private init(regions: [LockRegion], manual: Range<Int>, exits: [Int: LockPathResult], escapingCallees: Set<String>) {
        self.regions = regions
        self.manual = manual
        self.exits = exits
        self.escapingCallees = escapingCallees
        (byStart, maxEndUpTo) = Self.stabbingIndex(regions)
    }

    /// These regions and the closures passed to further lock-scoped methods: a method whose name
    /// says it runs its closure under a lock (`withLockVoid`, `performLocked`, `synchronized`; see
    /// `LockVocabulary.namesLock`), or one of `wrappers` (the file's own methods that run their
    /// closure under a lock they own: method name → that lock, named for an implicit receiver), or
    /// a call `alsoScoped` accepts (given the closure's index; a wrapper method of the receiver's
    /// type declared in another file).
    public func addingLockScopedClosures(_ s: FileStructure, vocabulary: LockVocabulary, wrappers: [String: String],
                                         alsoScoped: (Int) -> Bool = { _ in false }) -> LockRegions {
        var more: [LockRegion] = []
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open && s.code[c.callee].kind == .identifier {
            // Already a region, or a call whose closure runs later.
            if vocabulary.lockScopedNames.contains(s, c.callee) || Self.deferredCallees.contains(s.text(c.callee)) { continue }
            let name = s.text(c.callee)
            let wrapperLock = wrappers[name]
            guard wrapperLock != nil || LockVocabulary.namesLock(name) || alsoScoped(ci), !s.isKeyword(c.callee - 1, .func) else { continue }
            var receiver = c.receiverStart >= 0 ? Self.normalized(s.text(s.span(c.receiverStart, c.callee - 1))) : ""
            if receiver.isEmpty || receiver == "self", let own = wrapperLock { receiver = own }
            var r = LockRegion(form: .closure(method: name, closure: ci), lock: receiver, acquireToken: c.callee,
                               releaseToken: -1, start: c.open, end: c.close, executable: c.scope)
            r.isAsync = c.isAsync || Self.isAwaited(s, c.receiverStart >= 0 ? c.receiverStart : c.callee)
            more.append(r)
        }
        return more.isEmpty ? self : LockRegions(self, adding: more, s)
    }

    /// The queue a closure runs on as the one block of an operation its function submits:
    /// `let op = BlockOperation(); op.addExecutionBlock { }` or `let op = BlockOperation { }`,
    /// then `q.addOperation(op)` (or `q.addOperations([op], …)`) in the same function. The
    /// receiver `q`, normalized, as for `q.addOperation { }`; nil for any other closure, for an
    /// operation with more than one block (its blocks run concurrently with each other), and for
    /// one submitted more than once or not at all in that function.
    static let operationBlockNames = NameSet(["addExecutionBlock", "BlockOperation"])

    static func submittedOperationQueue(_ s: FileStructure, _ c: Closure) -> String? {
        guard c.callee >= 0, operationBlockNames.contains(s, c.callee) else { return nil }
        let method = s.text(c.callee)
        let name: String
        var blocks = 0
        if method == "addExecutionBlock" {
            guard c.receiverStart >= 0, c.receiverStart == c.callee - 2, s.text(c.callee - 1) == ".",
                  s.code[c.receiverStart].kind == .identifier else { return nil }
            name = s.text(c.receiverStart)
        } else if method == "BlockOperation" {
            guard c.receiverStart < 0, c.callee >= 3, s.text(c.callee - 1) == "=", s.code[c.callee - 2].kind == .identifier,
                  s.text(c.callee - 3) == "let" || s.text(c.callee - 3) == "var" else { return nil }
            name = s.text(c.callee - 2)
            blocks = 1
        } else {
            return nil
        }
        guard let e = s.enclosingExecutable(of: c.callee) else { return nil }
        let body = s.scopes[e].open..<min(s.scopes[e].close, s.code.count)
        var queue: String? = nil
        var submissions = 0
        for i in body where s.code[i].kind == .identifier && s.text(i) == name {
            if i + 2 < body.upperBound, s.text(i + 1) == ".", s.text(i + 2) == "addExecutionBlock" {
                blocks += 1
            } else if i >= 2, i + 1 < body.upperBound {
                // `q.addOperation(op)` or `q.addOperations([op], …)`.
                var open = i - 1
                if s.text(open) == "[" && s.text(i + 1) == "]" { open -= 1 } else if s.text(i + 1) != ")" { continue }
                guard open >= 2, s.text(open) == "(", s.text(open - 1) == "addOperation" || s.text(open - 1) == "addOperations",
                      s.text(open - 2) == "." else { continue }
                // The receiver: identifiers joined by dots, back from the `.`.
                var start = open - 2
                while start >= 1, s.code[start - 1].kind == .identifier || s.text(start - 1) == "self" {
                    start -= 1
                    if start >= 1, s.text(start - 1) == "." || s.text(start - 1) == "?." { start -= 1 } else { break }
                }
                guard start < open - 2 else { continue }
                submissions += 1
                queue = normalized(s.text(start..<(open - 2)))
            }
        }
        guard blocks == 1, submissions == 1, let q = queue, !q.isEmpty, !q.hasPrefix(".") else { return nil }
        return q
    }

    /// These regions and the blocks submitted (`sync`, `async`, …) to the serial queues named
    /// in `queues`, as `.queue` regions.
    public func addingQueueBlocks(_ s: FileStructure, queues: Set<String>) -> LockRegions {
        guard !queues.isEmpty else { return self }
        var more: [LockRegion] = []
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open {
            let operationQueue = Self.submittedOperationQueue(s, c)
            guard operationQueue != nil || (c.receiverStart >= 0 && Self.serialExecutorNames.contains(s, c.callee)) else { continue }
            var receiver = operationQueue ?? Self.normalized(s.text(s.span(c.receiverStart, c.callee - 1)))
            if receiver.hasPrefix("Self.") { receiver = String(receiver.dropFirst(5)) }
            // A static queue named through its type (`Cache.queue`) is the same queue.
            if !queues.contains(receiver), let dot = receiver.firstIndex(of: "."), receiver.first?.isUppercase == true,
               receiver[receiver.index(after: dot)...].firstIndex(of: ".") == nil {
                receiver = String(receiver[receiver.index(after: dot)...])
            }
            guard queues.contains(receiver) else { continue }
            more.append(LockRegion(form: .queue(method: operationQueue != nil ? "addOperation" : s.text(c.callee), closure: ci), lock: receiver, acquireToken: c.callee,
                                   releaseToken: -1, start: c.open, end: c.close, executable: c.scope))
        }
        return more.isEmpty ? self : LockRegions(self, adding: more, s)
    }

    /// The closures passed to `sync`/`async`/… on any receiver, as `.queue` regions: what
    /// `includeQueues: ["*"]` adds to the default regions.
    static func queueRegions(_ s: FileStructure, vocabulary: LockVocabulary) -> [LockRegion] {
        var out: [LockRegion] = []
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open {
            if let q = submittedOperationQueue(s, c) {
                out.append(LockRegion(form: .queue(method: "addOperation", closure: ci), lock: q, acquireToken: c.callee,
                                      releaseToken: -1, start: c.open, end: c.close, executable: c.scope))
                continue
            }
            guard c.receiverStart >= 0, serialExecutorNames.contains(s, c.callee), !vocabulary.lockScopedNames.contains(s, c.callee) else { continue }
            let receiver = normalized(s.text(s.span(c.receiverStart, c.callee - 1)))
            if Self.namesType(receiver) { continue }
            out.append(LockRegion(form: .queue(method: s.text(c.callee), closure: ci), lock: receiver, acquireToken: c.callee,
                                  releaseToken: -1, start: c.open, end: c.close, executable: c.scope))
        }
        return out
    }

    public init(_ s: FileStructure, vocabulary: LockVocabulary, includeQueues: Set<String> = [],
                extraScopedMethods: Set<String> = [], guardReceivers: Set<String> = [], heldOnEntry: Bool = false) {
        var out = Self.closureForms(s, vocabulary: vocabulary, includeQueues: includeQueues, extraScopedMethods: extraScopedMethods,
                                    guardReceivers: guardReceivers)
        let (manual, exits) = Self.manualForms(s, vocabulary: vocabulary)
        let range = out.count..<(out.count + manual.count)
        out += manual
        if heldOnEntry { Self.addHeldOnEntry(s, vocabulary: vocabulary, into: &out) }
        self.init(regions: out, manual: range, exits: exits, escapingCallees: out.isEmpty ? [] : Self.escapingClosureFunctions(s))
    }

    /// The regions of the same file for other options, from these (worked out with the same
    /// vocabulary, any options): the closures are looked at again (a walk of the file's closures),
    /// the manual forms and their paths (`LockFlow`, the costly part) are reused. The same regions,
    /// in the same order, as `LockRegions(s, vocabulary:, includeQueues:, …)`.
    public func with(_ s: FileStructure, vocabulary: LockVocabulary, includeQueues: Set<String> = [],
                     extraScopedMethods: Set<String> = [], guardReceivers: Set<String> = [], heldOnEntry: Bool = false) -> LockRegions {
        var out = Self.closureForms(s, vocabulary: vocabulary, includeQueues: includeQueues, extraScopedMethods: extraScopedMethods,
                                    guardReceivers: guardReceivers)
        let range = out.count..<(out.count + manual.count)
        out += regions[manual]
        if heldOnEntry { Self.addHeldOnEntry(s, vocabulary: vocabulary, into: &out) }
        // Named functions with an `@escaping` parameter: the same for any regions of the file.
        let escaping = out.isEmpty ? [] : regions.isEmpty ? Self.escapingClosureFunctions(s) : escapingCallees
        return LockRegions(regions: out, manual: range, exits: exits, escapingCallees: escaping)
    }

    /// The closure forms: closures passed to lock-scoped methods (the vocabulary's and
    /// `extraScopedMethods`), on `guardReceivers`, and queue blocks when `includeQueues` asks.
    public static func closureForms(_ s: FileStructure, vocabulary: LockVocabulary, includeQueues: Set<String> = [],
                                    extraScopedMethods: Set<String> = [], guardReceivers: Set<String> = []) -> [LockRegion] {
        var out: [LockRegion] = []
        let scoped = extraScopedMethods.isEmpty ? vocabulary.lockScopedMethods : vocabulary.lockScopedMethods.union(extraScopedMethods)
        let scopedNames = extraScopedMethods.isEmpty ? vocabulary.lockScopedNames : NameSet(scoped)
        let anyQueue = includeQueues.contains("*") || !includeQueues.isEmpty
        let anyReceiver = !guardReceivers.isEmpty
        // Closure forms.
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open {
            // Cheap filter before building any text: a lock-scoped method, a closure on a guarded
            // receiver, or a queue's executor method.
            if anyQueue, let q = submittedOperationQueue(s, c) {
                if includeQueues.contains("*") || includeQueues.contains(q) {
                    out.append(LockRegion(form: .queue(method: "addOperation", closure: ci), lock: q, acquireToken: c.callee,
                                          releaseToken: -1, start: c.open, end: c.close, executable: c.scope))
                }
                continue
            }
            guard scopedNames.contains(s, c.callee)
                    || (c.receiverStart >= 0 && (anyReceiver || (anyQueue && Self.serialExecutorNames.contains(s, c.callee)))) else { continue }
            let name = s.text(c.callee)
            let receiver = c.receiverStart >= 0 ? Self.normalized(s.text(s.span(c.receiverStart, c.callee - 1))) : ""
            if let label = vocabulary.lockScopedLabels[name], c.label < 0 || s.text(c.label) != label {
                // A configured method whose lock-holding closure has another label.
            } else if GuardLogExtractor.knownExtraScoped.contains(name) && !vocabulary.lockScopedMethods.contains(name)
                        && Self.bindsValue(s, c, receiver: receiver) {
                // A closure method known only by its common name that binds a value for the closure
                // (a task-local's `$value.withValue(v) { }`): no lock is taken for it. (A wrapper
                // of the run's own types may take a key besides its closure: judged by its body.)
            } else if scoped.contains(name) || (!receiver.isEmpty && guardReceivers.contains(receiver) && !Self.deferredCallees.contains(name)) {
                var r = LockRegion(form: .closure(method: name, closure: ci), lock: receiver, acquireToken: c.callee,
                                   releaseToken: -1, start: c.open, end: c.close, executable: c.scope)
                r.isAsync = c.isAsync || Self.isAwaited(s, c.receiverStart >= 0 ? c.receiverStart : c.callee)
                out.append(r)
            } else if (includeQueues.contains("*") || includeQueues.contains(receiver)) && Self.serialExecutorMethods.contains(name)
                        && !Self.namesType(receiver) {
                out.append(LockRegion(form: .queue(method: name, closure: ci), lock: receiver, acquireToken: c.callee,
                                      releaseToken: -1, start: c.open, end: c.close, executable: c.scope))
            }
        }
        return out
    }

    /// The manual forms (`X.lock()` … `X.unlock()`, deferred releases, conditional acquires), and
    /// for each judged acquire the paths to its function's exits.
    static func manualForms(_ s: FileStructure, vocabulary: LockVocabulary) -> ([LockRegion], [Int: LockPathResult]) {
        var out: [LockRegion] = []
        let acquireNames = vocabulary.acquireNames
        var byExec: [Int: [LockFlow.Acquire]] = [:]
        // The acquires whose paths to the exits are followed too (for "is the release guaranteed").
        var judgedByExec: [Int: [LockFlow.Judged]] = [:]
        // Release method → the receivers the file calls it on (built once per release name).
        var releasedReceivers: [String: Set<String>] = [:]
        // The file's functions that hand a lock over to their caller, per lock (built on first use).
        var lockCalls: LockFlow.FirstLockCalls? = nil
        var handingOver: [String: Set<String>] = [:]
        func judged(_ i: Int, _ name: String, lock: String, release: String, free: Bool, start: LockFlow.Judged.Start) -> LockFlow.Judged {
            let calls = lockCalls ?? LockFlow.firstLockCalls(s, vocabulary: vocabulary)
            lockCalls = calls
            let key = "\(free)|\(name)|\(release)|\(lock)"
            let handoffs = handingOver[key] ?? LockFlow.handingOver(calls, acquire: name, release: release, lock: lock, free: free)
            handingOver[key] = handoffs
            return LockFlow.Judged(token: i, lock: lock, release: release, freeFunction: free, start: start, handoffs: handoffs)
        }
        var i = 0
        // No acquire name anywhere in the file: skip the scan.
        let n = s.identifiers.mayContainAny(Array(vocabulary.acquireRelease.keys)) || s.identifiers.mayContain("unlock") ? s.code.count : 0
        while i < n {
            defer { i += 1 }
            let t = s.code[i]
            // `L.try()`: NSLocking's conditional take (the keyword, after a dot), released by `unlock()`.
            let isTry = t.kind == .keyword && t.word == .try && s.isChar(i - 1, UInt8(ascii: ".")) && s.isChar(i + 1, UInt8(ascii: "("))
                && s.isChar(i + 2, UInt8(ascii: ")"))
            guard isTry || (t.kind == .identifier && s.isChar(i + 1, UInt8(ascii: "(")) && acquireNames.contains(s, i)) else { continue }
            let name = s.text(i)
            guard let release = isTry ? "unlock" : vocabulary.acquireRelease[name] else { continue }
            // Not a declaration (`func lock()`), not a closure-taking call.
            if s.isKeyword(i - 1, .func) { continue }
            let close = Int(s.match[i + 1])
            guard close > i else { continue }
            var lock: String
            if vocabulary.freeFunctionAcquires.contains(name) {
                if s.isChar(i - 1, UInt8(ascii: ".")) { continue }
                lock = Self.normalized(s.text(s.span(i + 2, close)).replacingAmpersand())
            } else if s.isChar(i - 1, UInt8(ascii: ".")) {
                // `X.lock()`: X is the receiver. `lock(before:)`/`lock(whenCondition:)` also acquire.
                let r = Self.receiverStart(s, dot: i - 1)
                guard r >= 0 else { continue }
                lock = Self.normalized(s.text(s.span(r, i - 1)))
            } else {
                // A bare `lock()` is `self.lock()` only when it starts a statement.
                let p = i - 1
                let startsStatement = p < 0 || s.code[i].flags.contains(.newlineBefore) || s.isChar(p, UInt8(ascii: ";"))
                    || s.isChar(p, UInt8(ascii: "{")) || s.isChar(p, UInt8(ascii: "}"))
                guard startsStatement else { continue }
                lock = "self"
            }
            if !vocabulary.freeFunctionAcquires.contains(name) {
                // `try store.lock(value: key)`, `let sealed = box.lock(with: pin)`: a call that
                // passes what no lock API takes and can throw, or gives a value, is a domain
                // method (it encrypts, it seals), whatever the file releases.
                if close > i + 2, Self.isPayloadCall(s, i, receiverStart: lock == "self" && !s.isChar(i - 1, UInt8(ascii: ".")) ? i : Self.receiverStart(s, dot: i - 1)) {
                    continue
                }
                if releasedReceivers[release] == nil { releasedReceivers[release] = Self.receiversReleasing(s, release) }
                if !releasedReceivers[release]!.contains(lock) && Self.isDomainMethodCall(s, i, close: close, release: release, onSelf: lock == "self") {
                    continue
                }
            }
            guard let exec = s.enclosingExecutable(of: i) else { continue }
            // `if L.lock(whenCondition:) { … }` / `if L.tryLock() { … }`: held in the then-branch.
            let free = vocabulary.freeFunctionAcquires.contains(name)
            if let body = Self.conditionalBody(s, acquire: i) {
                let sc = s.scopes[body]
                out.append(LockRegion(form: .deferred(acquire: name, release: release), lock: lock, acquireToken: i,
                                      releaseToken: -1, start: sc.open, end: sc.close, executable: exec))
                judgedByExec[exec, default: []].append(judged(i, name, lock: lock, release: release, free: free, start: .thenBranch(scope: body)))
                continue
            }
            // A trailing closure (`lock { … }`) is a scoped form, not an acquire.
            if s.isChar(close + 1, UInt8(ascii: "{")) { continue }
            byExec[exec, default: []].append(LockFlow.Acquire(token: i, lock: lock, release: release, freeFunction: free, close: close))
            if let start = LockFlow.judgedStart(s, acquire: i, close: close, freeFunction: free) {
                judgedByExec[exec, default: []].append(judged(i, name, lock: lock, release: release, free: free, start: start))
            }
        }
        // Where each lock is held, and where a path leaves with it held, along each body's control flow.
        var handoffs = byExec.isEmpty && judgedByExec.isEmpty ? [:] : Self.handoffFunctions(s, vocabulary: vocabulary)
        // Locks a flag parameter decides (see `FlagLocks`): their acquires in that function are
        // not judged, and a call of the function may release them in its caller.
        let flagLocks = byExec.isEmpty && judgedByExec.isEmpty ? FlagLocks() : FlagLocks(s, vocabulary: vocabulary, handoffs: handoffs)
        if !flagLocks.isEmpty {
            handoffs.merge(flagLocks.byName) { $0.union($1) }
            for (exec, list) in judgedByExec {
                let decided = flagLocks.byBody[exec] ?? []
                judgedByExec[exec] = list.filter { !decided.contains($0.lock) }.map { j in
                    var j = j
                    for (name, locks) in flagLocks.byName where locks.contains(j.lock) { j.handoffs.insert(name) }
                    return j
                }
            }
        }
        let neverReturning = judgedByExec.isEmpty ? [] : LockFlow.neverReturning.union(LockFlow.neverReturningFunctions(s))
        var exits: [Int: LockPathResult] = [:]
        for exec in Set(byExec.keys).union(judgedByExec.keys).sorted() {
            let acquires = byExec[exec] ?? []
            let flow = LockFlow(s, exec: exec, acquires: acquires, vocabulary: vocabulary, handoffs: handoffs,
                                judged: judgedByExec[exec] ?? [], neverReturning: neverReturning)
            exits.merge(flow.exits) { a, _ in a }
            // Each acquire's form by its token (the first of a token), looked up once per
            // segment: a search of the list per segment grew with the square of a long body.
            var freeFunctionAt: [Int: Bool] = [:]
            for a in acquires where freeFunctionAt[a.token] == nil { freeFunctionAt[a.token] = a.freeFunction }
            for seg in flow.segments {
                let name = s.text(seg.acquireToken)
                let release = vocabulary.acquireRelease[name] ?? "unlock"
                let form: LockRegion.Form = seg.deferred ? .deferred(acquire: name, release: release)
                    : seg.releaseToken >= 0 ? .manual(acquire: name, release: release) : .unreleased(acquire: name)
                var region = LockRegion(form: form, lock: seg.lock, acquireToken: seg.acquireToken, releaseToken: seg.releaseToken,
                                        start: seg.start, end: seg.end, executable: exec)
                let first = (freeFunctionAt[seg.acquireToken] ?? true) || !s.isChar(seg.acquireToken - 1, UInt8(ascii: "."))
                    ? seg.acquireToken : Self.receiverStart(s, dot: seg.acquireToken - 1)
                region.isAsync = Self.isAwaited(s, first)
                region.definite = seg.definite
                region.flagDecided = flagLocks.byBody[exec]?.contains(seg.lock) == true
                // The type's own method that takes one of its locks (`_lock()`): that lock.
                if seg.lock == "self", !vocabulary.ownLockMethods.isEmpty, let type = s.enclosingTypeName(of: seg.acquireToken),
                   let own = vocabulary.ownLockMethods["\(type)|\(name)"] {
                    region.lock = own
                }
                out.append(region)
            }
        }
        return (out, exits)
    }

    /// The first release of region `r`'s lock after its acquire, in the same body (by the
    /// release's name), or nil.
    public static func firstRelease(_ s: FileStructure, _ r: LockRegion, _ vocabulary: LockVocabulary) -> Int? {
        let acquire: String
        switch r.form {
        case .manual(let a, _), .deferred(let a, _), .unreleased(let a): acquire = a
        default: return nil
        }
        guard let release = vocabulary.acquireRelease[acquire] else { return nil }
        var k = r.acquireToken + 1
        while k < r.end {
            if s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && s.is(k, text: release)
                && s.enclosingExecutable(of: k) == r.executable { return k }
            k += 1
        }
        return nil
    }

    /// Whether the call that takes closure `c` binds a value for the closure rather than running
    /// it under a lock: its receiver is a projected value (`$current`, `Context.$current`: a
    /// property wrapper's or task-local's projection), or it passes a value argument besides the
    /// closure (`withValue(v) { }`). A lock's closure method takes the closure alone.
    static func bindsValue(_ s: FileStructure, _ c: Closure, receiver: String) -> Bool {
        if let last = receiver.split(separator: ".").last, last.hasPrefix("$") { return true }
        guard s.isChar(c.callee + 1, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[c.callee + 1])
        guard close > c.callee else { return false }
        // A trailing closure: any argument in the parentheses is a value.
        if c.open > close { return close > c.callee + 2 }
        // The closure inside the parentheses: a value when something else comes first.
        return (c.label >= 0 ? c.label : c.open) != c.callee + 2
    }

    /// Whether the release of the lock taken at token `acquire` (a manual acquire of a region) is
    /// guaranteed: the exits its paths reach with the lock still held, and the releases that end
    /// its hold, from the lock-state walk of its body (`LockFlow`). Nil when the acquire's result
    /// decides whether it took the lock (`let ok = L.tryLock()`), or when the walk cannot follow
    /// its paths (a release in a closure that runs later).
    public func releasePaths(ofAcquire acquire: Int) -> LockPathResult? { exits[acquire] }

    /// Argument labels of the lock APIs whose acquire takes an argument (`lock(before:)`,
    /// `lock(whenCondition:)`).
    static let lockArgumentLabels: Set<String> = ["before", "whenCondition", "timeout"]

    /// A call named like an acquire that is a domain method, not a lock (asked only when nothing
    /// in the file releases the same receiver): nothing in the file declares the release method
    /// (`func unlock(`), and either the call passes an argument no
    /// lock API takes (`lock(with: passcode)`, `lock(label:)`), or it is on `self` and the
    /// file declares the method itself (`func lock() { isLocked = true }`).
    static func isDomainMethodCall(_ s: FileStructure, _ i: Int, close: Int, release: String, onSelf: Bool) -> Bool {
        let releaseDeclared = !s.functionDecls(named: release).isEmpty
        if close > i + 2 {
            let label = s.code[i + 2].kind == .identifier && s.isChar(i + 3, UInt8(ascii: ":")) ? s.text(i + 2) : "_"
            if lockArgumentLabels.contains(label) { return false }
            // A lock type of this file may take its own argument: `func lock(owner:)` beside
            // `func unlock(`, when that method takes a lock (`lock(value:)` that encrypts a key
            // takes none).
            let declaredHere = s.functionDecls(named: s.text(i)).contains { firstLabel(s, s.decls[$0]) == label && takesLock(s, s.decls[$0]) }
            return !(declaredHere && releaseDeclared)
        }
        return onSelf && !releaseDeclared && !s.functionDecls(named: s.text(i)).isEmpty
    }

    /// The acquire-named call at `i` (its expression starting at `receiverStart`) passes a first
    /// argument with a label no lock API takes, and is tried or gives its caller a value
    /// (assigned, returned): an operation on data, not an acquire.
    static func isPayloadCall(_ s: FileStructure, _ i: Int, receiverStart r: Int) -> Bool {
        guard r >= 0, s.code[i + 2].kind == .identifier, s.isChar(i + 3, UInt8(ascii: ":")), !lockArgumentLabels.contains(s.text(i + 2)) else { return false }
        var p = r - 1
        if p >= 0 && (s.isChar(p, UInt8(ascii: "?")) || s.isChar(p, UInt8(ascii: "!"))) && s.isKeyword(p - 1, .try) { p -= 1 }
        return s.isKeyword(p, .try) || s.isKeyword(p, .return) || (s.isChar(p, UInt8(ascii: "=")) && s.code[p].length == 1)
    }

    /// Whether function `d`'s body calls a lock API (an acquire or a lock's closure method, by
    /// the default names) or waits.
    static func takesLock(_ s: FileStructure, _ d: Decl) -> Bool {
        guard d.body >= 0 else { return false }
        return s.scopes[d.body].interior.contains { k in
            s.code[k].kind == .identifier && (s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")))
                && (LockVocabulary.default.acquireNames.contains(s, k) || LockVocabulary.default.lockScopedNames.contains(s, k)
                    || s.is(k, "wait") || s.is(k, "sync"))
        }
    }

    /// The receivers (as `lock` is written in regions) the file calls `release` on: `self` for a
    /// bare call.
    static func receiversReleasing(_ s: FileStructure, _ release: String) -> Set<String> {
        var out = Set<String>()
        guard s.identifiers.mayContain(release) else { return out }
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.is(k, text: release) && s.isChar(k + 1, UInt8(ascii: "(")) {
            if s.isKeyword(k - 1, .func) { continue }
            if s.isChar(k - 1, UInt8(ascii: ".")) {
                let r = receiverStart(s, dot: k - 1)
                if r >= 0 { out.insert(normalized(s.text(s.span(r, k - 1)))) }
            } else {
                out.insert("self")
            }
        }
        return out
    }

    /// The external label of a function declaration's first parameter (`_` when it has none).
    static func firstLabel(_ s: FileStructure, _ d: Decl) -> String? {
        let sig = d.typeAnnotation
        guard let open = sig.first(where: { s.isChar($0, UInt8(ascii: "(")) }), open + 1 < sig.upperBound else { return nil }
        if s.isChar(open + 1, UInt8(ascii: ")")) { return nil }
        return s.text(open + 1)
    }

    /// Functions of the file that release a lock they did not take (the caller locks, the
    /// function unlocks: a hand-over): function name → the locks, as written. A call to one of
    /// them releases the lock for the caller.
    public static func handoffFunctions(_ s: FileStructure, vocabulary: LockVocabulary) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        let releaseNames = vocabulary.releaseNames
        for d in s.decls where d.kind == .function && d.body >= 0 {
            let body = s.scopes[d.body]
            var acquired = Set<String>()
            var k = body.open + 1
            while k < body.close {
                defer { k += 1 }
                guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")) else { continue }
                let isRelease = releaseNames.contains(s, k)
                guard isRelease || vocabulary.acquireNames.contains(s, k) else { continue }
                // Only the function's own statements, not closures that run later.
                guard s.enclosingExecutable(of: k) == d.body else { continue }
                let name = s.text(k)
                let lock: String
                if vocabulary.freeFunctionAcquires.contains(name) || vocabulary.freeFunctionAcquires.contains(where: { vocabulary.acquireRelease[$0] == name }) {
                    let close = Int(s.match[k + 1])
                    guard close > k else { continue }
                    lock = normalized(s.text((k + 2)..<close).replacingAmpersand())
                } else if s.isChar(k - 1, UInt8(ascii: ".")) {
                    let r = receiverStart(s, dot: k - 1)
                    guard r >= 0 else { continue }
                    lock = normalized(s.text(r..<(k - 1)))
                } else {
                    continue
                }
                if vocabulary.acquireRelease[name] != nil && !isRelease {
                    acquired.insert(lock)
                } else if isRelease && !acquired.contains(lock) {
                    out[d.nameText, default: []].insert(lock)
                }
            }
        }
        return out
    }

    /// `X.unlock()` in a function with no earlier `X.lock()` in it: the lock was taken by the
    /// caller, so the code before the release runs with it held. A conditional take earlier in
    /// the body (`X.try()`, `X.tryLock()`, any `try…` method of X: the release may be the one
    /// that take needs) means the lock may have been taken here, after the code before it: that
    /// code is not known to hold it.
    static func addHeldOnEntry(_ s: FileStructure, vocabulary: LockVocabulary, into out: inout [LockRegion]) {
        let releaseNames = vocabulary.releaseNames
        // Per executable: the names it makes itself (see `madeInside`), gathered once.
        var localsByExec: [Int: Set<String>] = [:]
        var i = 0
        let n = s.identifiers.mayContainAny(Array(Set(vocabulary.acquireRelease.values))) ? s.code.count : 0
        while i < n {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, s.isChar(i + 1, UInt8(ascii: "(")), s.isChar(i - 1, UInt8(ascii: ".")),
                  releaseNames.contains(s, i) else { continue }
            let name = s.text(i)
            guard let exec = s.enclosingExecutable(of: i), !insideDefer(s, i, within: exec) else { continue }
            let r = receiverStart(s, dot: i - 1)
            guard r >= 0 else { continue }
            let lock = normalized(s.text(s.span(r, i - 1)))
            // A release that takes arguments other than a condition lock's (`unlock(withCondition:)`)
            // is some other API's (`queue.unlock(categories:)`), not a mutex's.
            let close = Int(s.match[i + 1])
            if close > i + 2 && !s.is(i + 2, "withCondition") { continue }
            // A receiver the function made itself (a local, a closure's parameter): no caller can
            // hold it on entry.
            let base = String(lock.prefix { $0 != "." })
            if localsByExec[exec] == nil { localsByExec[exec] = madeInside(s, exec: exec) }
            if localsByExec[exec]!.contains(base) { continue }
            let acquires = vocabulary.acquireRelease.filter { $0.value == name }.map(\.key)
            var taken = false
            var k = s.scopes[exec].open
            while k < i && !taken {
                if s.isChar(k - 1, UInt8(ascii: ".")) && s.isChar(k + 1, UInt8(ascii: "("))
                    && ((s.code[k].kind == .identifier && acquires.contains(where: { s.is(k, text: $0) })) || Self.isConditionalTake(s, k)) {
                    let rr = receiverStart(s, dot: k - 1)
                    if rr >= 0 && normalized(s.text(s.span(rr, k - 1))) == lock { taken = true }
                }
                k += 1
            }
            if !taken {
                out.append(LockRegion(form: .heldOnEntry(release: name), lock: lock, acquireToken: s.scopes[exec].open,
                                      releaseToken: i, start: s.scopes[exec].open, end: Int(s.match[i + 1]) > i ? Int(s.match[i + 1]) : i,
                                      executable: exec))
            }
        }
    }

    /// The names executable `exec` makes itself: the locals declared in its body (`let q = …`,
    /// `guard let q = …`, in one pass over it) and, for a closure, its parameters.
    static func madeInside(_ s: FileStructure, exec: Int) -> Set<String> {
        let scope = s.scopes[exec]
        var out = Set<String>()
        if scope.kind == .closure, scope.closure >= 0 { out.formUnion(s.closures[scope.closure].parameterNames) }
        for k in scope.interior where (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < s.code.count && s.code[k + 1].kind == .identifier {
            out.insert(s.text(k + 1))
        }
        out.remove("self")
        return out
    }

    /// `.try(` / `.tryLock(` / `.tryAcquire(`: a method whose name says it takes the lock only if
    /// it is free (`try` after a dot is lexed as the keyword).
    static func isConditionalTake(_ s: FileStructure, _ k: Int) -> Bool {
        if s.isKeyword(k, .try) { return true }
        guard s.code[k].kind == .identifier, s.code[k].length > 3 else { return false }
        let b = s.file.bytes
        let st = Int(s.code[k].start)
        guard b[st] == UInt8(ascii: "t"), b[st + 1] == UInt8(ascii: "r"), b[st + 2] == UInt8(ascii: "y") else { return false }
        let c = b[st + 3]
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }

    /// `isConditionalTake` for a method's name as a region's form or acquire records it (`try`,
    /// `tryLock`, `tryAcquire`), and the closure forms that take the lock only if it is free
    /// (`withLockIfAvailable`, `lock(before:)`): never a way to hold the lock around an access.
    public static func isConditionalTakeName(_ m: String) -> Bool {
        if m == "try" || m == "withLockIfAvailable" || m.hasPrefix("lock(before") { return true }
        guard m.hasPrefix("try"), let c = m.utf8.dropFirst(3).first else { return false }
        return c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")
    }

    /// For an acquire in an `if` condition (`if L.tryLock() {`), the scope of the then-branch.
    static func conditionalBody(_ s: FileStructure, acquire i: Int) -> Int? {
        var j = i - 1
        while j >= 0 && (s.code[j].isWord || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: "!"))) {
            if s.isKeyword(j, .if) { break }
            if s.code[j].kind == .keyword && s.code[j].word != .self { return nil }
            j -= 1
        }
        guard j >= 0, s.isKeyword(j, .if) else { return nil }
        // The then-branch is the statement scope introduced by this `if`.
        var k = i
        while k < s.code.count && !s.isChar(k, UInt8(ascii: "{")) { k += 1 }
        guard k < s.code.count else { return nil }
        let sc = Int(s.scopeOf[k])
        guard sc >= 0, s.scopes[sc].open == k, s.scopes[sc].statementKeyword == j else { return nil }
        return sc
    }

    /// `self.lock` → `lock`; whitespace removed.
    /// Whether a receiver names a type, not a value (`Hardware.sync { }`, `Store.Shared.async { }`:
    /// its last part is capitalised, as Swift spells types): the call is the project's own static
    /// method, judged by what its body does, never a queue's block (a queue is a value:
    /// `DispatchQueue.main`, `Self.queue`).
    public static func namesType(_ receiver: String) -> Bool {
        guard let last = receiver.split(separator: ".").last, let first = last.first else { return false }
        return first.isUppercase && !last.contains("(") && !last.contains("[")
    }

    public static func normalized(_ text: String) -> String {
        var t = text.filter { $0 != " " && $0 != "\t" && $0 != "\n" }
        // Optional chaining and force-unwrapping do not change which object is locked:
        // `lock?.lock()` and `lock?.unlock()` (or `lock!`) take and release `lock`.
        if t.contains(where: { $0 == "?" || $0 == "!" }) {
            var out = ""
            var previous: Character = " "
            for c in t {
                if (c == "?" || c == "!") && (previous.isLetter || previous.isNumber || previous == "_" || previous == ")" || previous == "]") {
                    continue
                }
                out.append(c)
                previous = c
            }
            t = out
        }
        if t.hasPrefix("self.") { t.removeFirst(5) }
        return t
    }

    /// The first token of the receiver expression ending just before the `.` at `dot`, or -1.
    public static func receiverStart(_ s: FileStructure, dot: Int) -> Int {
        var j = dot - 1
        var start = -1
        while j >= 0 {
            if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j -= 1; continue }
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                let o = Int(s.match[j])
                guard o >= 0 else { break }
                start = o
                j = o - 1
                if j >= 0 && s.code[j].isWord { start = j } else { break }
            } else if s.code[j].isWord {
                start = j
            } else {
                break
            }
            if j >= 1 && s.isChar(j - 1, UInt8(ascii: ".")) { j -= 2; continue }
            break
        }
        return start
    }

    static func findRelease(_ s: FileStructure, release: String, lock: String, freeFunction: Bool, in range: Range<Int>) -> Int? {
        for k in range where s.code[k].kind == .identifier && s.is(k, text: release) && s.isChar(k + 1, UInt8(ascii: "(")) {
            if releaseMatches(s, at: k, lock: lock, freeFunction: freeFunction) { return k }
        }
        return nil
    }

    static func releaseMatches(_ s: FileStructure, at k: Int, lock: String, freeFunction: Bool) -> Bool {
        if freeFunction {
            let close = Int(s.match[k + 1])
            guard close > k else { return false }
            return normalized(s.text(s.span(k + 2, close)).replacingAmpersand()) == lock
        }
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            let r = receiverStart(s, dot: k - 1)
            return r >= 0 && normalized(s.text(s.span(r, k - 1))) == lock
        }
        return lock == "self"
    }

    /// Functions whose closure argument runs at once, before the caller suspends.
    public static let immediateCallees: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation", "withTaskCancellationHandler",
    ]

    /// When the release at `k` sits in a closure passed to a continuation function (nested
    /// directly in `exec`), the `await` that suspends on that call.
    static func continuationSuspension(_ s: FileStructure, releaseAt k: Int, within exec: Int) -> Int? {
        var sc = Int(s.scopeOf[k])
        var closure: Closure? = nil
        while sc >= 0 && sc != exec {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                guard c.callee >= 0, immediateCallees.contains(s.text(c.callee)) else { return nil }
                closure = c
            } else if scope.kind == .functionBody {
                return nil
            }
            sc = scope.parent
        }
        guard sc == exec, let c = closure else { return nil }
        // `await`, possibly followed by `try`, right before the callee.
        var j = c.callee - 1
        while j >= 0 && (s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))) { j -= 1 }
        return s.isKeyword(j, .await) ? j : c.callee
    }

    /// Names of the functions declared in the file with an `@escaping` parameter.
    public static func escapingClosureFunctions(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        for di in s.decls.indices where s.decls[di].kind == .function || s.decls[di].kind == .initializer {
            if s.decls[di].typeAnnotation.contains(where: { s.code[$0].kind == .attribute && s.is($0, "@escaping") }) { out.insert(s.decls[di].nameText) }
        }
        return out
    }

    /// Whether the expression starting at token `first` is awaited (`await x`, `try await x`).
    static func isAwaited(_ s: FileStructure, _ first: Int) -> Bool {
        var j = first - 1
        while j >= 0 && (s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))) { j -= 1 }
        return s.isKeyword(j, .await)
    }

    static func insideDefer(_ s: FileStructure, _ k: Int, within exec: Int) -> Bool {
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != exec {
            let kw = s.scopes[sc].statementKeyword
            if kw >= 0 && s.isKeyword(kw, .defer) { return true }
            sc = s.scopes[sc].parent
        }
        return false
    }

    /// The regions holding token `i`. With `directOnly`, code in a closure or function nested in
    /// the region does not count (it runs at another time); otherwise only closures passed to
    /// `deferredCallees` are left out.
    /// With `limit`, at most that many of the regions that start last (the innermost) are looked
    /// at: a query costs O(limit) however many regions overlap (a function that takes a lock in
    /// each of thousands of branches and never releases it).
    public func holding(_ i: Int, in s: FileStructure, directOnly: Bool, limit: Int = .max) -> [LockRegion] {
        // The regions starting before `i`, latest first, until none of the earlier ones reaches
        // past `i`: a few steps for nested or disjoint regions, not a scan of every region.
        var lo = 0
        var hi = byStart.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if regions[byStart[mid]].start < i { lo = mid + 1 } else { hi = mid }
        }
        var around: [Int] = []
        var k = lo - 1
        while k >= 0 && maxEndUpTo[k] > i && around.count < limit {
            let r = regions[byStart[k]]
            if i < r.end { around.append(byStart[k]) }
            k -= 1
        }
        around.sort()  // in the order of `regions`, as before
        var out: [LockRegion] = []
        for index in around {
            let r = regions[index]
            if directOnly {
                if s.enclosingExecutable(of: i) == r.executable { out.append(r) }
            } else if Self.reachesWithoutDeferral(s, from: i, to: r.executable, escaping: escapingCallees) {
                out.append(r)
            }
        }
        return out
    }

    static func stabbingIndex(_ regions: [LockRegion]) -> ([Int], [Int]) {
        let order = regions.indices.sorted { (regions[$0].start, $0) < (regions[$1].start, $1) }
        var maxEnd: [Int] = []
        maxEnd.reserveCapacity(order.count)
        var m = Int.min
        for k in order {
            m = max(m, regions[k].end)
            maxEnd.append(m)
        }
        return (order, maxEnd)
    }

    /// Whether token `i` runs during the execution of scope `exec`: no closure passed to a
    /// deferred callee, and no nested function, lies between them.
    /// - Parameter inPlace: closure scopes known to run during their call (a lock region's body),
    ///   whatever they capture.
    static func reachesWithoutDeferral(_ s: FileStructure, from i: Int, to exec: Int, escaping: Set<String> = [], inPlace: Set<Int> = [],
                                       depth: Int = 0) -> Bool {
        var sc = Int(s.scopeOf[i])
        while sc >= 0 {
            if sc == exec { return true }
            let scope = s.scopes[sc]
            if scope.kind == .closure && !inPlace.contains(sc) && runsLater(s, s.closures[scope.closure], escaping: escaping) { return false }
            if scope.kind == .functionBody {
                return localFunctionRunsInPlace(s, body: sc, to: exec, escaping: escaping, depth: depth)
            }
            sc = scope.parent
        }
        return false
    }

    /// A function declared inside a closure or another function's body (a small block, not a
    /// type) runs where it is called: when it is called there at least once, never named there
    /// as a value (handed on to run later), and every call of it in that block reaches `exec`
    /// without deferral, so does its body (`queue.async { func cached() { … }; use(cached()) }`,
    /// `func update() { func compute() -> State { … }; state = compute() }`).
    static func localFunctionRunsInPlace(_ s: FileStructure, body: Int, to exec: Int, escaping: Set<String>, depth: Int) -> Bool {
        let d = s.scopes[body].decl
        guard depth < 3, d >= 0, s.decls[d].kind == .function, !s.decls[d].nameText.isEmpty else { return false }
        let outer = s.scopes[body].parent
        guard outer >= 0, s.scopes[outer].kind == .closure || s.scopes[outer].kind == .functionBody, s.scope(outer, isWithin: exec) else { return false }
        guard s.scopes[outer].interior.count <= 1_500, let calls = localCalls(s, body: body, in: outer), !calls.isEmpty else { return false }
        return calls.allSatisfy { reachesWithoutDeferral(s, from: $0, to: exec, escaping: escaping, depth: depth + 1) }
    }

    /// The calls, in block `outer`, of the function declared there whose body is `body` (not
    /// those inside its own body: recursion runs where the first call does), or nil when the
    /// block names it as a value (`queue.async(execute: compute)`: it may run anywhere, later).
    static func localCalls(_ s: FileStructure, body: Int, in outer: Int) -> [Int]? {
        let name = s.decls[s.scopes[body].decl].nameText
        var out: [Int] = []
        for k in s.scopes[outer].interior where s.code[k].kind == .identifier && s.is(k, text: name) {
            if s.isKeyword(k - 1, .func) || s.isChar(k - 1, UInt8(ascii: ".")) || s.isChar(k + 1, UInt8(ascii: ":")) { continue }
            guard s.isChar(k + 1, UInt8(ascii: "(")) else { return nil }
            if !s.scope(Int(s.scopeOf[k]), isWithin: body) { out.append(k) }
        }
        return out
    }
}

extension LockRegions {
    /// A closure that runs after the code around it: passed to a deferred callee (`Task`,
    /// `async`, …) or to a file function that takes an `@escaping` closure, assigned to a
    /// variable, or capturing something weakly.
    public static func runsLater(_ s: FileStructure, _ c: Closure, escaping: Set<String> = []) -> Bool {
        if c.callee >= 0 {
            let callee = s.text(c.callee)
            if deferredCallees.contains(callee) || escaping.contains(callee) { return true }
            // A session task's completion handler: the call makes the task and returns, and the
            // session runs the handler later, on its own delegate queue.
            if sessionTaskCallees.contains(callee) && c.receiverStart >= 0 { return true }
        }
        if c.callee < 0 && c.isTrailing == false && s.isChar(c.open - 1, UInt8(ascii: "=")) { return true }
        // Handed over with the queue to run it on (`then(on: q) { }`, `notify(queue: q) { }`).
        if c.callee >= 0 && s.isChar(c.callee + 1, UInt8(ascii: "(")) && GuardRegions.queueArgument(s, c) != nil { return true }
        // A closure that a scoped method runs before it returns (`name.withCString { [weak self]
        // p in }`, `queue.sync { [weak self] in }`) runs now, whatever it captures weakly. (Not
        // `map`/`filter`/`first`: on a future or a publisher those keep the closure for later.)
        if c.callee >= 0 && Self.scopedRunNowNames.contains(s, c.callee) { return false }
        return capturesWeakly(s, c)
    }

    /// Methods that always run their closure before they return, whatever the receiver: the
    /// scoped `with…` functions, a queue's `sync`, a sequence's `forEach`, `autoreleasepool`.
    static let scopedRunNowNames = NameSet(GuardRegions.runsNowNames.names.filter { $0.hasPrefix("with") }.union([
        "sync", "forEach", "autoreleasepool", "performAndWait", "concurrentPerform", "withoutActuallyEscaping",
    ]))

    /// A closure whose capture list holds something `weak` or `unowned` (`{ [weak self] in`) is
    /// kept to run later: a closure run on the spot has no reason to avoid a strong capture.
    static func capturesWeakly(_ s: FileStructure, _ c: Closure) -> Bool {
        guard s.isChar(c.open + 1, UInt8(ascii: "[")) else { return false }
        let end = Int(s.match[c.open + 1])
        guard end > c.open + 1, end < c.close else { return false }
        return ((c.open + 2)..<end).contains { s.is($0, "weak") || s.is($0, "unowned") }
    }
}

extension String {
    func replacingAmpersand() -> String { filter { $0 != "&" } }
}

extension LockRegions {
    /// These regions and `more` (from the same file) together.
    public func adding(_ more: [LockRegion], _ s: FileStructure) -> LockRegions {
        more.isEmpty ? self : LockRegions(self, adding: more, s)
    }

    /// `wait()` … `signal()` in one body on a semaphore this file creates with
    /// `DispatchSemaphore(value: 1)` (every declaration of that name in the file): a semaphore used
    /// as a mutex, held like a lock in between (a `defer { signal() }` holds it to the end of its
    /// block). A semaphore created with another count (a pool of slots, or 0 for waiting on other
    /// work) is not a lock, and neither is a wait released in another body, nor a semaphore some
    /// signal of the file gives without a wait of its own (see `signalledWithoutWait`).
    public static func semaphoreMutexRegions(_ s: FileStructure) -> [LockRegion] {
        guard s.identifiers.mayContain("DispatchSemaphore") && s.identifiers.mayContain("signal") else { return [] }
        var mutex: [String: Bool] = [:]
        let handedOver = signalledWithoutWait(s)
        func isMutex(_ receiver: String) -> Bool {
            let name = receiver.split(separator: ".").last.map(String.init) ?? receiver
            if let known = mutex[name] { return known }
            let decls = s.variableDecls(named: name)
            // Created with a count of one, and every signal gives back a wait of its own body.
            let answer = !decls.isEmpty && decls.allSatisfy { isMutexSemaphore(s.decls[$0], s) } && handedOver[name] == nil
            mutex[name] = answer
            return answer
        }
        var byExec: [Int: [LockFlow.Acquire]] = [:]
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.is(k, "wait") && s.isChar(k - 1, UInt8(ascii: "."))
            && s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k + 2, UInt8(ascii: ")")) {
            let r = receiverStart(s, dot: k - 1)
            guard r >= 0, let exec = s.enclosingExecutable(of: k) else { continue }
            let lock = normalized(s.text(s.span(r, k - 1)))
            guard isMutex(lock) else { continue }
            byExec[exec, default: []].append(LockFlow.Acquire(token: k, lock: lock, release: "signal", freeFunction: false, close: k + 2))
        }
        guard !byExec.isEmpty else { return [] }
        var vocab = LockVocabulary.default
        vocab.acquireRelease = ["wait": "signal"]
        vocab.acquireNames = NameSet(["wait"])
        vocab.releaseNames = NameSet(["signal"])
        var out: [LockRegion] = []
        for exec in byExec.keys.sorted() {
            let flow = LockFlow(s, exec: exec, acquires: byExec[exec]!, vocabulary: vocab)
            for seg in flow.segments where seg.releaseToken >= 0 {
                var region = LockRegion(form: seg.deferred ? .deferred(acquire: "wait", release: "signal") : .manual(acquire: "wait", release: "signal"),
                                        lock: seg.lock, acquireToken: seg.acquireToken, releaseToken: seg.releaseToken,
                                        start: seg.start, end: seg.end, executable: exec)
                region.definite = seg.definite
                out.append(region)
            }
        }
        return out
    }

    /// The semaphores (by name, the receiver's last component) that some `signal()` of the file
    /// releases without a wait on the same name before it in the same body (or around it, for a
    /// signal in a `defer`): a signal handed between threads (a callback's, a `leave()` that lets
    /// nested work through, a reply to a `wait(timeout:)` elsewhere), so the semaphore is no mutex
    /// whatever its count. Each with its first such signal. `waitNames` are the methods that take
    /// it (`wait`, or an async wrapper's name known by its deferred signal). One pass over the file.
    public static func signalledWithoutWait(_ s: FileStructure, waitNames: Set<String> = ["wait"]) -> [String: Int] {
        guard s.identifiers.mayContain("signal") else { return [:] }
        var waits: [String: [Int: Int]] = [:]  // name -> body -> first wait
        var signals: [(name: String, token: Int, body: Int)] = []
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: "."))
            && s.isChar(k + 1, UInt8(ascii: "(")) {
            let isSignal = s.is(k, "signal")
            guard isSignal || waitNames.contains(s.text(k)) else { continue }
            var r = k - 2
            if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier, let body = s.enclosingExecutable(of: k) else { continue }
            let name = s.text(r)
            if isSignal {
                signals.append((name, k, body))
            } else if waits[name]?[body] == nil {
                waits[name, default: [:]][body] = k
            }
        }
        var out: [String: Int] = [:]
        for g in signals where out[g.name] == nil {
            if let w = waits[g.name]?[g.body], w < g.token || inDefer(s, g.token, body: g.body) { continue }
            out[g.name] = g.token
        }
        return out
    }

    /// Whether token `k` sits in a `defer` block of body scope `body`.
    static func inDefer(_ s: FileStructure, _ k: Int, body: Int) -> Bool {
        for sc in s.enclosingScopes(of: k) {
            if sc == body { return false }
            let kw = s.scopes[sc].statementKeyword
            if kw >= 0 && s.isKeyword(kw, .defer) { return true }
        }
        return false
    }

    /// Whether every declaration the file has of `name` creates it with a count other than 1
    /// (`Semaphore(value: 0)`, `Semaphore(value: 4)`): a signal or a pool, not a mutex.
    static func createdWithOtherCount(_ name: String, _ s: FileStructure) -> Bool {
        let decls = s.variableDecls(named: name)
        return !decls.isEmpty && decls.allSatisfy { di in
            let d = s.decls[di]
            let j = d.initializer.lowerBound
            guard d.initializer.count >= 6, j + 5 < s.code.count, s.code[j].kind == .identifier, s.isChar(j + 1, UInt8(ascii: "(")),
                  s.is(j + 2, "value"), s.isChar(j + 3, UInt8(ascii: ":")), s.code[j + 4].kind == .integer,
                  s.isChar(j + 5, UInt8(ascii: ")")) else { return false }
            return s.text(j + 4) != "1"
        }
    }

    /// `DispatchSemaphore(value: 1)` as the declaration's initializer.
    static func isMutexSemaphore(_ d: Decl, _ s: FileStructure) -> Bool {
        let j = d.initializer.lowerBound
        guard j + 5 < s.code.count, d.initializer.count >= 6, s.is(j, "DispatchSemaphore"), s.isChar(j + 1, UInt8(ascii: "(")),
              s.is(j + 2, "value"), s.isChar(j + 3, UInt8(ascii: ":")), s.code[j + 4].kind == .integer,
              s.isChar(j + 5, UInt8(ascii: ")")) else { return false }
        return s.text(j + 4) == "1"
    }
}

extension LockRegion {
    /// A region a rule works out on its own (a closure a method of the run holds its lock around).
    public init(closure ci: Int, method: String, lock: String, in s: FileStructure) {
        let c = s.closures[ci]
        self.init(form: .closure(method: method, closure: ci), lock: lock, acquireToken: c.callee, releaseToken: -1,
                  start: c.open, end: c.close, executable: c.scope)
    }
}
