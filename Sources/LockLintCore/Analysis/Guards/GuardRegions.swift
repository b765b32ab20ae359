/// What serializes code that holds it.
public enum GuardKind: UInt8, Sendable, Hashable, Comparable {
    /// Something locked and unlocked, or a closure run under it: `lock()`/`unlock()`,
    /// `withLock { }`, the project's own wrapper, a semaphore used as a mutex, `objc_sync_enter`.
    case lock
    /// A serial queue: blocks submitted to it, and code that asserts it runs on it.
    case serialQueue
    /// A concurrent queue used as a reader-writer lock: plain `sync` blocks read, barrier blocks write.
    case readerWriter
    /// The main actor (main queue, main thread).
    case mainActor
    /// An event loop: blocks submitted to it, and code that asserts it runs on it.
    case eventLoop

    public static func < (a: GuardKind, b: GuardKind) -> Bool { a.rawValue < b.rawValue }

    /// Executors serialize whatever runs on them; locks exclude only their other holders.
    public var isExecutor: Bool { self != .lock }
}

/// A guard held at some point of the code: its name as the code writes it (`lock`, `queue`,
/// `Self.lock`, `state.lock`; `<main>` for the main actor) and its kind.
public struct HeldGuard: Sendable, Hashable, Comparable {
    public var name: String
    public var kind: GuardKind
    public init(_ name: String, _ kind: GuardKind) {
        self.name = name
        self.kind = kind
    }
    public static let mainActor = HeldGuard("<main>", .mainActor)
    /// Running on executor `name` of `kind`: the main actor by its one name, however it is written.
    public static func executor(_ name: String, _ kind: GuardKind) -> HeldGuard {
        HeldGuard(kind == .mainActor ? mainActor.name : name, kind)
    }
    public static func < (a: HeldGuard, b: HeldGuard) -> Bool { (a.name, a.kind) < (b.name, b.kind) }
}

/// Where each guard is held in one file, recognised by what the code does: a receiver it locks
/// and unlocks (or waits on and signals, as a mutex), a closure it runs under a lock-scoped
/// method (known by name, or a method of the run's own types whose body runs the closure under a
/// lock), a block it submits to a serial queue or event loop, a barrier block on a concurrent
/// queue, and code on the main actor or asserted to run on a queue or loop. A closure method of
/// a receiver the tool cannot resolve, around code that touches state, is a *possible* guard:
/// code under it is neither guarded nor unguarded ("cannot tell").
public struct GuardRegions {
    public struct Region: Sendable {
        public var start: Int
        public var end: Int
        /// The scope that runs with the guard held (see `LockRegion.executable`).
        public var executable: Int
        /// Nil for a possible guard.
        public var held: HeldGuard?
        /// The receiver as written (for a possible guard's name).
        public var receiver: String
        /// A block on a reader-writer queue that may write (a barrier block).
        public var writes: Bool
        public var definite: Bool
        /// How the code holds it: the closure method (`withLock`, `perform`, `sync`), or the
        /// acquire (`lock`, `wait`, `pthread_mutex_lock`).
        public var form = ""
        /// A closure handed to a method that submits it to a queue (`relay.run { }`): the
        /// executor is reached through that method, not the queue's own `sync`/`async`.
        public var handOff = false
    }

    public let regions: [Region]
    /// The tokens of the queues handed out whose callbacks are all among the regions.
    public let callbackHandOuts: Set<Int>
    /// Locks a member's callers hold on entry and the member releases: (lock, body, release).
    let heldOnEntryRegions: [(lock: String, exec: Int, end: Int)]
    let escaping: Set<String>
    /// Closure methods whose closure runs under a lock, so before the call returns (the
    /// vocabulary's and the file's own wrappers).
    private let lockNames: Set<String>
    /// Per closure index: whether it runs before the call that takes it returns (see `runsDuring`).
    private var duringCache: [Int: Bool] = [:]
    /// Per function body nested in another's: the calls of it, when it runs in place there.
    private var localCalls: [Int: [Int]?] = [:]
    private var localVisiting: Set<Int> = []
    private let byStart: [Int]
    private let maxEndUpTo: [Int]
    /// Per executable scope: the tokens from which an assertion puts the code on an executor.
    private var assertionCache: [Int: [(token: Int, held: HeldGuard)]] = [:]
    /// Methods (of the file's classes and their superclasses) that assert an executor: a call of
    /// one puts the code after it on that executor (`assertOnQueue()` in a base class).
    public var assertingCalls: [String: HeldGuard] = [:]
    /// Queue-specific keys and the queue each marks (worked out on first use).
    private var specificKeys: [String: String]? = nil
    /// Keys the file's types set on their queues in other files (`key=queue`); the file's own
    /// `setSpecific` calls win.
    public var typeSpecificKeys: [String] = []
    /// What the file starts on the main thread without saying so (see `MainThreadEntries`).
    private var mainEntries: MainThreadEntries? = nil
    /// The closures that are the bodies of lock regions: they run during their call, whatever
    /// they capture weakly.
    private let lockClosureScopes: Set<Int>
    /// The file's objects made with `delegate: self` and a queue (see `delegateQueueBindings`).
    public let delegateBindings: [(queue: (text: String, token: Int), methods: [Int], call: Range<Int>)]
    let s: FileStructure

    /// Methods that run their closure on the spot and take no lock (the closure is not a guard).
    public static let plainClosureMethods: Set<String> = [
        "forEach", "map", "compactMap", "flatMap", "filter", "reduce", "contains", "first", "last", "firstIndex", "lastIndex",
        "allSatisfy", "sorted", "sort", "min", "max", "removeAll", "drop", "prefix", "partition", "split", "count",
        "enumerated", "lazy", "mapValues", "compactMapValues", "merge", "merging", "reserveCapacity", "joined", "zip",
        "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withUnsafeBytes", "withUnsafeMutableBytes",
        "withUnsafePointer", "withUnsafeMutablePointer", "withExtendedLifetime", "withMemoryRebound", "withCString",
        "withTaskGroup", "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup",
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation",
        "withUnsafeThrowingContinuation", "withTaskCancellationHandler", "autoreleasepool", "measure", "sink",
        "assign", "receive", "handleEvents", "subscribe", "observe", "addObserver", "publisher", "trySink",
        "dataTask", "uploadTask", "downloadTask", "dropFirst", "dropLast", "starts", "elementsEqual",
        "lexicographicallyPrecedes", "reversed", "chunked", "uniqued", "whenComplete", "whenSuccess", "whenFailure",
        "flatMapThrowing", "flatMapError", "flatMapErrorThrowing", "mapError", "flatMapResult", "foldWithEventLoop",
    ]
    static let plainClosureNames = NameSet(plainClosureMethods)

    /// Methods whose closure runs later on no executor of the receiver's own: a new task, a
    /// timer's or stream's callback.
    static let unownedLaterMethods: Set<String> = [
        "Task", "detached", "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "sink", "scheduledTimer", "makeStream",
    ]

    /// The functions of the file that call a closure parameter inside a possible guard's region.
    static func possibleWrappers(_ s: FileStructure, _ regions: [Region]) -> Set<String> {
        var out = Set<String>()
        for r in regions where r.held == nil {
            guard let f = s.enclosingFunction(of: r.start), s.decls[f].kind == .function, !s.decls[f].parameterNames.isEmpty,
                  !out.contains(s.decls[f].nameText) else { continue }
            let params = s.decls[f].parameterNames
            for k in r.start..<min(r.end, s.code.count - 1) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "("))
                && !s.isChar(k - 1, UInt8(ascii: ".")) && params.contains(s.text(k)) {
                out.insert(s.decls[f].nameText)
                break
            }
        }
        return out
    }

    /// Whether every function of the file named `method` calls each of its closure parameters
    /// only back from a closure it hands to other code (a completion handler), with no region of
    /// the file (held or possible, `regions` or `base`) around the call, and uses them no other
    /// way (never stores, returns or hands them on, never calls them directly).
    static func callsBackUnguarded(_ s: FileStructure, method: String, regions: [Region], base: LockRegions) -> Bool {
        let decls = s.functionDecls(named: method)
        guard !decls.isEmpty else { return false }
        for di in decls {
            let d = s.decls[di]
            guard d.body >= 0 else { return false }
            let params = Set(GuardLogExtractor.closureParameters(s, di, escaping: true))
            guard !params.isEmpty else { return false }
            var calls = 0
            for k in s.scopes[d.body].interior where s.code[k].kind == .identifier && params.contains(s.text(k)) {
                if s.isChar(k - 1, UInt8(ascii: ".")) { continue }
                if s.isChar(k + 1, UInt8(ascii: ":")) { continue }
                let called = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "?")) && s.isChar(k + 2, UInt8(ascii: "(")))
                guard called else { return false }
                // In a closure of the body handed to another object's method (not one of self's).
                guard let exec = s.enclosingExecutable(of: k), exec != d.body, s.scopes[exec].kind == .closure else { return false }
                let c = s.closures[s.scopes[exec].closure]
                guard c.callee >= 0, c.receiverStart >= 0, !(s.isKeyword(c.receiverStart, .self) && c.receiverStart == c.callee - 2) else { return false }
                if regions.contains(where: { $0.start < k && k < $0.end }) { return false }
                if base.regions.contains(where: { $0.start < k && k < $0.end }) { return false }
                calls += 1
            }
            guard calls > 0 else { return false }
        }
        return true
    }

    /// Whether a closure kept to run later, passed to `receiver.method`, may run on the
    /// receiver's own serial executor: the receiver is a stored property of this file's types
    /// (of `self` or of another instance: not a local, a parameter or a longer chain), and the
    /// method is not one that starts unowned work.
    static func mayBeExecutorMember(_ c: Closure, receiver: String, method: String, resolution: Resolution) -> Bool {
        guard !unownedLaterMethods.contains(method), !receiver.contains("("), !receiver.contains("["), receiver != "self" else { return false }
        // `context.perform { }`, or another instance's (`target.context.perform { }`).
        let parts = receiver.split(separator: ".")
        guard parts.count <= 2, let last = parts.last, last.first.map({ $0.isLetter || $0 == "_" }) == true else { return false }
        return resolution.isStoredMember(String(last), c.callee)
    }

    /// What a block submitted to a receiver runs on.
    public enum Executor {
        case guarded(GuardKind)
        /// Not a guard: a global queue, a queue made for one call, a parameter.
        case none
        /// The tool cannot tell (declared where it cannot see).
        case unknown
    }

    /// What the file's receivers are, for guards named by a closure method or a block.
    public struct Resolution {
        /// (receiver, callee token) → what its blocks run on.
        public var executor: (String, Int) -> Executor
        /// Whether (receiver, method) is a lock-scoped closure method: true (a lock), false (not a
        /// guard), nil (cannot tell).
        public var closureMethod: (String, String, Int) -> Bool?
        /// Whether a receiver is a local or a parameter (a lock made for one call guards no state).
        public var isLocal: (String, Int) -> Bool
        /// Whether a receiver is a parameter: a lock passed in may be the shared one (a possible guard).
        public var isParameter: (String, Int) -> Bool
        /// Whether a receiver is a lock (by its declaration): its `sync { }` is a lock's, not a queue's.
        public var isLock: (String, Int) -> Bool
        /// Whether the file declares a method of this name (one that is not recognised as a wrapper
        /// is not a lock of `self` because of its name).
        public var ownsMethod: (String) -> Bool
        /// Whether a receiver is a stored property of a type in this file (not a local, a
        /// parameter, or something declared where the tool cannot see).
        public var isStoredMember: (String, Int) -> Bool
        /// Whether (receiver, method) holds the receiver's lock only as a reader (a plain block of
        /// a concurrent queue): the region does not show how to hold it for a write.
        public var readerMethod: (String, String, Int) -> Bool = { _, _, _ in false }
        /// For (receiver, method) where the receiver's type hands the method's closure to a
        /// dispatch queue it stores: what that queue's blocks run on (nil: not such a method).
        public var queueHandOff: (String, String, Int) -> Executor? = { _, _, _ in nil }
        /// Whether the lock `receiver` names may be another object, or none, from one access to
        /// the next (a stored `var` the code assigns after construction): holding it excludes
        /// nothing the tool can rely on.
        public var isReplaceable: (String, Int) -> Bool = { _, _ in false }
        /// Whether the queue `receiver` names is a stored `var` a method sets to a queue its caller
        /// passed (`self.queue = queue`): not one queue for the instance, so no guard the tool can name.
        public var isSetPerCall: (String, Int) -> Bool = { _, _ in false }
        /// Whether the receiver of a manual `lock()` is a value whose `lock()` holds nothing once
        /// it returns (a counter, a pause flag: see `LockReceivers.isDomainLock`): no guard.
        public var isDomainLock: (String, Int) -> Bool = { _, _ in false }

        /// What a block on executor `receiver` of `kind` holds: nothing the tool can name when the
        /// receiver is a queue var set per call (`isSetPerCall`).
        func executorGuard(_ receiver: String, at: Int, _ kind: GuardKind) -> HeldGuard? {
            kind != .mainActor && isSetPerCall(receiver, at) ? nil : .executor(receiver, kind)
        }

        public init(executor: @escaping (String, Int) -> Executor, closureMethod: @escaping (String, String, Int) -> Bool?,
                    isLocal: @escaping (String, Int) -> Bool = { _, _ in false },
                    isParameter: @escaping (String, Int) -> Bool = { _, _ in false }, isLock: @escaping (String, Int) -> Bool = { _, _ in false },
                    ownsMethod: @escaping (String) -> Bool = { _ in false }, isStoredMember: @escaping (String, Int) -> Bool = { _, _ in false }) {
            self.executor = executor
            self.closureMethod = closureMethod
            self.isLocal = isLocal
            self.isParameter = isParameter
            self.isLock = isLock
            self.ownsMethod = ownsMethod
            self.isStoredMember = isStoredMember
        }
    }

    /// - Parameters:
    ///   - extraScopedMethods: the file's own wrapper methods on `self` and other known closure
    ///     methods whose closure holds a lock.
    ///   - selfWrappers: wrapper method → the lock it takes, for closures passed to a method of
    ///     the enclosing type (`withStateLock { }`).
    /// - Parameter within: only closures in these token ranges are resolved (the code whose
    ///   state is recorded); the others are left out.
    /// - Parameter lockRegions: the file's lock regions (any options, this vocabulary) when
    ///   already worked out: their manual forms are reused.
    /// - Parameter argumentLocks: closures passed to a free function of the run that runs them
    ///   under a lock it is given (`execute(in: lock) { }`): closure index → the lock as written.
    /// - Parameter callbackRegions: closures another object runs as its callbacks on a serial
    ///   queue the code handed it (`QueueHandOuts.callbackRegions`): they hold that queue.
    public init(_ s: FileStructure, vocabulary: LockVocabulary, extraScopedMethods: Set<String>, selfWrappers: [String: String],
                resolution: Resolution, within ranges: [Range<Int>]? = nil, lockRegions: LockRegions? = nil,
                argumentLocks: [Int: String] = [:], inoutLocks: [GuardLogExtractor.InoutLock] = [], callbackRegions: (regions: [Region], handOuts: Set<Int>) = ([], [])) {
        // One range per recorded class: a scan of them for every closure grew with classes × closures.
        let merged = TokenRanges(ranges ?? [])
        func inside(_ k: Int) -> Bool { ranges == nil || merged.contains(k) }
        self.s = s
        let base = lockRegions?.with(s, vocabulary: vocabulary, includeQueues: ["*"], extraScopedMethods: extraScopedMethods, heldOnEntry: true)
            ?? LockRegions(s, vocabulary: vocabulary, includeQueues: ["*"], extraScopedMethods: extraScopedMethods, heldOnEntry: true)
        var out: [Region] = []
        var heldOnEntry: [(lock: String, exec: Int, end: Int)] = []
        // Closure methods of other receivers (`lock.perform { }`, `box.access { }`): a lock when
        // the receiver's type runs the closure under one, possibly one when the tool cannot
        // resolve it (unless the method's name says the closure runs later).
        let scopedNames = NameSet(extraScopedMethods)
        let aliases = Self.selfAliases(s)
        var ownCallbacks: [Region] = []
        var ranInPlace: [Int: Bool] = [:]
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.receiverStart >= 0 && c.close > c.open && inside(c.open) {
            if Self.plainClosureNames.contains(s, c.callee) || LockRegions.serialExecutorNames.contains(s, c.callee)
                || vocabulary.lockScopedNames.contains(s, c.callee) || scopedNames.contains(s, c.callee) { continue }
            let method = s.text(c.callee)
            let receiver = Self.canonical(LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1))), aliases)
            guard !receiver.isEmpty else { continue }
            var region = Region(start: c.open, end: c.close, executable: c.scope, held: nil, receiver: receiver, writes: true, definite: true,
                                form: method)
            // A method that submits its closure to the receiver's own queue: the closure is one of
            // the queue's blocks (a serial queue's, whether submitted with sync or async).
            if let executor = resolution.queueHandOff(receiver, method, c.callee) {
                switch executor {
                case .guarded(let kind):
                    region.held = HeldGuard(receiver, kind)
                    region.handOff = true
                case .unknown: region.held = nil
                case .none: continue
                }
                out.append(region)
                continue
            }
            switch resolution.closureMethod(receiver, method, c.callee) {
            case true?:
                // Run under the lock before the call returns: whatever the caller holds (the
                // block of a queue it runs on) is held inside too.
                ranInPlace[ci] = true
                region.held = HeldGuard(receiver, .lock)
                region.writes = !resolution.readerMethod(receiver, method, c.callee)
            case false?: continue
            case nil:
                // A closure kept to run later is under no lock; but one handed to a stored
                // property's own method (`context.perform { }`, `worker.enqueue { }`) may run on
                // that object's serial executor: the tool cannot tell, so it is a possible guard.
                if LockRegions.deferredCallees.contains(method) || LockRegions.runsLater(s, c) {
                    guard Self.mayBeExecutorMember(c, receiver: receiver, method: method, resolution: resolution) else { continue }
                }
                // The class's own method that keeps its closure for code outside the file to call
                // back: decided below, once every other receiver's closures are known.
                if receiver == "self" && base.escapingCallees.contains(method) {
                    ownCallbacks.append(region)
                    continue
                }
            }
            out.append(region)
        }
        duringCache = ranInPlace
        // A closure handed to the class's own method that calls it back only from completion
        // handlers of other code, where nothing of the file holds or may hold a guard (`func
        // send(done: @escaping …) { api.post { r in done(r) } }`): it runs on that code's thread,
        // not under a guard the tool cannot resolve, and not under the caller's.
        if !ownCallbacks.isEmpty {
            var memo: [String: Bool] = [:]
            for r in ownCallbacks {
                if memo[r.form] == nil { memo[r.form] = Self.callsBackUnguarded(s, method: r.form, regions: out, base: base) }
                if memo[r.form] == false { out.append(r) }
            }
        }
        // A method of this file that runs its closure parameter inside such a possible guard's
        // block (`func perform(_ body: …) { context.perform { body() } }`) may hold it around the
        // closures handed to it.
        let possibleWrappers = Self.possibleWrappers(s, out)
        if !possibleWrappers.isEmpty {
            for c in s.closures where c.callee >= 0 && c.close > c.open && inside(c.open) && possibleWrappers.contains(s.text(c.callee)) {
                guard c.receiverStart < 0 || (c.receiverStart == c.callee - 2 && s.isKeyword(c.receiverStart, .self)) else { continue }
                out.append(Region(start: c.open, end: c.close, executable: c.scope, held: nil, receiver: "self", writes: true, definite: true,
                                  form: s.text(c.callee)))
            }
        }
        for var r in base.regions where inside(r.start) || inside(max(r.start, r.end - 1)) {
            // A lock taken here and released nowhere in the same body (only in another function
            // or a closure) is a token handed on (a busy flag), not a guard of the data touched
            // meanwhile. (A segment cut by a `return` before a deferred release is still released.)
            if case .unreleased(let acquire) = r.form, !Self.releasedInBody(s, r, release: vocabulary.acquireRelease[acquire] ?? "unlock",
                                                                               free: vocabulary.freeFunctionAcquires.contains(acquire)) {
                continue
            }
            r.lock = Self.canonical(r.lock, aliases)
            // `let lock = self.lock`: a local copy of the stored lock is that lock.
            // (Its name is looked up where the copy is made, before the local hides the property.)
            var aliasAt: Int? = nil
            if let stored = Self.storedLockAlias(s, r.lock, at: r.acquireToken) { r.lock = stored.name; aliasAt = stored.token }
            // A lock or queue made for one call (a local, a parameter) guards no shared state.
            if !r.lock.isEmpty && r.lock != "self" && resolution.isLocal(r.lock, aliasAt ?? r.acquireToken) { continue }
            var region = Region(start: r.start, end: r.end, executable: r.executable, held: nil, receiver: r.lock, writes: true,
                                definite: r.definite || r.flagDecided && FlagLocks.callersHold(s, r, regions: base.regions))
            switch r.form {
            case .closure(let m, _), .queue(let m, _): region.form = m
            case .manual(let a, _), .deferred(let a, _), .unreleased(let a): region.form = a
            case .heldOnEntry: region.form = ""
            }
            if case .heldOnEntry = r.form { heldOnEntry.append((r.lock, r.executable, r.end)) }
            switch r.form {
            case .closure(let method, let ci):
                if r.lock.isEmpty || r.lock == "self" {
                    // A closure passed to a wrapper method of the type itself; a method of the file
                    // named like one that is not recognised as a wrapper may still be one.
                    if let lock = selfWrappers[method] {
                        // The wrapper's guard as its own blocks hold it: a queue's blocks run on the
                        // queue (a block on a reader-writer queue counts as one that may write: the
                        // tool does not tell the wrapper's plain blocks from its barrier ones here).
                        if case .guarded(let kind) = resolution.executor(lock, s.closures[ci].callee) {
                            region.held = resolution.executorGuard(lock, at: s.closures[ci].callee, kind)
                        } else {
                            region.held = HeldGuard(lock, .lock)
                        }
                    } else if resolution.ownsMethod(method) {
                        region.held = nil
                    } else if vocabulary.lockScopedMethods.contains(method) {
                        region.held = HeldGuard("self", .lock)
                    } else {
                        continue
                    }
                } else if vocabulary.lockScopedMethods.contains(method) || (extraScopedMethods.contains(method) && selfWrappers[method] == nil) {
                    region.held = HeldGuard(r.lock, .lock)
                } else if Self.plainClosureMethods.contains(method) {
                    continue
                } else {
                    // The name of a wrapper of this file's own types, on another receiver.
                    switch resolution.closureMethod(r.lock, method, aliasAt ?? s.closures[ci].callee) {
                    case true?:
                        region.held = HeldGuard(r.lock, .lock)
                        region.writes = !resolution.readerMethod(r.lock, method, aliasAt ?? s.closures[ci].callee)
                    case false?: continue
                    case nil:
                        if LockRegions.deferredCallees.contains(method) || LockRegions.runsLater(s, s.closures[ci]) { continue }
                        region.held = nil  // possible
                    }
                }
            case .queue(let method, let ci):
                // `sync { }` on a lock (a project's extension of NSLock): a lock's closure.
                if resolution.isLock(r.lock, s.closures[ci].callee) {
                    region.held = HeldGuard(r.lock, .lock)
                    out.append(region)
                    continue
                }
                let kind: GuardKind
                switch resolution.executor(r.lock, s.closures[ci].callee) {
                case .guarded(let k):
                    kind = k
                case .none:
                    continue
                case .unknown:
                    // An unresolved receiver's block: it may run on a serial queue (so may an
                    // operation added to a URLSession's delegate queue the tool cannot resolve:
                    // URLSession makes a serial one when given none).
                    if method == "sync" || method == "async" || method == "asyncAndWait" || method == "execute" || method == "submit"
                        || (method == "addOperation" && r.lock.hasSuffix(".delegateQueue")) {
                        region.held = nil
                        out.append(region)
                    }
                    continue
                }
                // (Nothing nameable for a queue in a var that holds whichever queue the last caller
                // passed: the tool cannot tell which queue a block runs on, a possible guard.)
                region.held = resolution.executorGuard(r.lock, at: s.closures[ci].callee, kind)
                if kind == .readerWriter { region.writes = Self.isBarrier(s, s.closures[ci]) }
            case .manual, .deferred, .unreleased, .heldOnEntry:
                if r.lock != "self", resolution.isDomainLock(r.lock, r.acquireToken) { continue }
                region.held = resolution.isParameter(r.lock, r.acquireToken) ? nil : HeldGuard(r.lock, .lock)
            }
            // A lock in a var the code sets after construction (made later, swapped, or nil for a
            // while): two threads may hold different ones, or none. The tool cannot tell what it
            // guards, so the region is only a possible guard.
            if let h = region.held, h.kind == .lock, h.name != "self", resolution.isReplaceable(r.lock, aliasAt ?? r.acquireToken) { region.held = nil }
            // The lock of a value handed in or made for one call (`entry.lock` of a parameter
            // `entry`): another object's, maybe another one at each call. It guards that
            // object's state; the tool cannot tell that it is one lock for the class's own, so
            // it is only a possible guard of it.
            if let h = region.held, h.kind == .lock, let dot = h.name.firstIndex(of: "."), !h.name.hasPrefix("Self."),
               resolution.isParameter(String(h.name[..<dot]), r.acquireToken) || resolution.isLocal(String(h.name[..<dot]), r.acquireToken) {
                region.held = nil
            }
            out.append(region)
        }
        // A closure handed over with the queue it runs on (`then(on: q) { }`, `notify(queue: q) { }`,
        // `response(queue: q) { }`): it runs on that queue.
        if s.identifiers.mayContainAny(["on", "queue", "callbackQueue", "completionQueue", "delegateQueue", "notifyQueue", "deliveryQueue"]) {
            for c in s.closures where c.callee >= 0 && c.close > c.open && inside(c.open) {
                if LockRegions.serialExecutorNames.contains(s, c.callee) && c.receiverStart >= 0 { continue }
                guard let q = Self.queueArgument(s, c) else { continue }
                switch resolution.executor(q.text, q.token) {
                case .guarded(let kind):
                    guard let held = resolution.executorGuard(q.text, at: q.token, kind) else { continue }
                    out.append(Region(start: c.open, end: c.close, executable: c.scope,
                                      held: held,
                                      receiver: q.text, writes: kind != .readerWriter, definite: true, form: ""))
                case .none, .unknown:
                    continue
                }
            }
        }
        // A future's callbacks run on its event loop (see `FutureCallbacks`): a possible guard.
        // (Not the loop's guard, even where the file says which loop: counted as held, they would
        // make every other access of the class's public vars a finding, which the tool cannot
        // judge without knowing who calls them.)
        for ci in FutureCallbacks.callbacks(s) where inside(s.closures[ci].open) {
            let c = s.closures[ci]
            out.append(Region(start: c.open, end: c.close, executable: c.scope, held: nil, receiver: "", writes: true,
                              definite: true, form: s.text(c.callee)))
        }
        // Delegate methods bound to a queue: an object made with `delegate: self` and the queue
        // to call it on (`CBCentralManager(delegate: self, queue: q)`) calls the class's methods
        // that take it as their first parameter (`centralManager(_ central: CBCentralManager, …)`)
        // on that queue, unless the file calls them itself.
        delegateBindings = s.identifiers.mayContain("delegate") && s.identifiers.mayContainAny(Array(Self.queueLabels)) ? Self.delegateQueueBindings(s) : []
        for b in delegateBindings where b.queue.text != "nil" && !b.methods.isEmpty {
            guard case .guarded(let kind) = resolution.executor(b.queue.text, b.queue.token),
                  let held = resolution.executorGuard(b.queue.text, at: b.queue.token, kind) else { continue }
            for m in b.methods where inside(s.scopes[s.decls[m].body].open) {
                let body = s.scopes[s.decls[m].body]
                out.append(Region(start: body.open, end: body.close, executable: s.decls[m].body, held: held, receiver: b.queue.text,
                                  writes: kind != .readerWriter, definite: true, form: ""))
            }
        }
        for (ci, written) in argumentLocks.sorted(by: { $0.key < $1.key }) where inside(s.closures[ci].open) {
            let c = s.closures[ci]
            let lock = Self.canonical(LockRegions.normalized(written), aliases)
            // A lock made for one call (a local, a parameter) guards no shared state.
            if resolution.isLocal(lock, c.callee) || resolution.isParameter(lock, c.callee) { continue }
            // The form is the call as written (`synchronized(lock)`, `execute(in: lock)`): the
            // function is not a method of the lock, and a fix-it names it as the code calls it.
            let close = s.isChar(c.callee + 1, UInt8(ascii: "(")) ? Int(s.match[c.callee + 1]) : -1
            let asCalled = close > c.callee + 1 && !(c.callee + 1..<close).contains { s.isChar($0, UInt8(ascii: "{")) }
                ? s.text(s.span(c.callee, close + 1)) : s.text(c.callee) + "(" + written + ")"
            var r = Region(start: c.open, end: c.close, executable: c.scope, held: HeldGuard(lock, .lock), receiver: lock, writes: true,
                           definite: true, form: asCalled)
            if resolution.isReplaceable(lock, c.callee) { r.held = nil }
            out.append(r)
        }
        // Storage passed `&x` to a function that touches it only under a guard it takes: held
        // for the argument (the guard as the call writes it).
        for a in inoutLocks where inside(a.start) {
            let lock = Self.canonical(LockRegions.normalized(a.lock), aliases)
            guard !lock.isEmpty, !resolution.isLocal(lock, a.callee), !resolution.isParameter(lock, a.callee),
                  let exec = s.enclosingExecutable(of: a.start) else { continue }
            var held = HeldGuard(lock, .lock)
            if a.queue {
                guard case .guarded(let kind) = resolution.executor(lock, a.callee), kind != .readerWriter else { continue }
                guard let onQueue = resolution.executorGuard(lock, at: a.callee, kind) else { continue }
                held = onQueue
            } else if resolution.isReplaceable(lock, a.callee) {
                continue
            }
            out.append(Region(start: a.start, end: a.end, executable: exec, held: held, receiver: lock, writes: true, definite: true, form: ""))
        }
        out.append(contentsOf: callbackRegions.regions.filter { inside($0.start) })
        callbackHandOuts = callbackRegions.handOuts
        let alternatives = QueueAlternatives.regions(s, out)
        let alternativesStart = out.count
        out.append(contentsOf: alternatives)
        out.append(contentsOf: Self.semaphoreMutexRegions(s, vocabulary: vocabulary, aliases: aliases))
        out.append(contentsOf: Self.mainActorClosures(s))
        out.append(contentsOf: Self.suspendedQueueRegions(s, queues: Set(out.compactMap { $0.held?.kind == .serialQueue ? $0.held!.name : nil })))
        // (Not a direct call taken to run on a queue because its alternative is sent there: a
        // closure parameter so called in a method of the type may be run off the queue on
        // purpose, as `ownWrappers` judges by the branch's condition.)
        out.append(contentsOf: Self.closureValueRegions(s, out, skipping: alternativesStart..<(alternativesStart + alternatives.count),
                                                        inside: inside, resolution: resolution, escaping: base.escapingCallees))
        // Branches taken only by the thread that holds a lock (see `OwnerChecks`).
        out.append(contentsOf: OwnerChecks.regions(s, out).filter { inside($0.start) })
        // Code only the caller that won a test-and-set runs (see `OnceWinners`): a possible guard.
        out.append(contentsOf: OnceWinners.regions(s, out).filter { inside($0.start) })
        regions = out
        lockClosureScopes = Set(out.lazy.filter { $0.held?.kind == .lock }.map(\.executable))
        heldOnEntryRegions = heldOnEntry
        escaping = base.escapingCallees
        lockNames = vocabulary.lockScopedMethods.union(extraScopedMethods)
        let order = out.indices.sorted { (out[$0].start, $0) < (out[$1].start, $1) }
        var maxEnd: [Int] = []
        maxEnd.reserveCapacity(order.count)
        var m = Int.min
        for k in order {
            m = max(m, out[k].end)
            maxEnd.append(m)
        }
        byStart = order
        maxEndUpTo = maxEnd
    }

    /// A closure kept as a value runs where it is called (see `ClosureValues`): its body holds
    /// the guards held at every place it runs, as these regions (and those found so far) show.
    /// A value run inside another value's body is judged after that one (two rounds).
    /// `skipping`: the regions of direct calls taken to run on a queue because their alternative
    /// is sent there (`QueueAlternatives`), which do not show where a closure parameter runs.
    static func closureValueRegions(_ s: FileStructure, _ known: [Region], skipping: Range<Int>, inside: (Int) -> Bool, resolution: Resolution,
                                    escaping: Set<String>) -> [Region] {
        let values = ClosureValues.values(s, inside: inside)
        guard !values.isEmpty else { return [] }
        var all = known
        all.removeSubrange(skipping)
        var added: [Region] = []
        var done = Set<Int>()
        typealias Held = (guard: HeldGuard, receiver: String, form: String, writes: Bool)
        var keys: [String: String]? = nil
        func held(_ site: ClosureValues.Site, _ value: Closure) -> [Held] {
            switch site {
            case .submitted(let callee, let receiver):
                guard case .guarded(let kind) = resolution.executor(receiver, callee) else { return [] }
                // On a reader-writer queue: a barrier block (the call's flag or the work item's)
                // may write; a plain one only reads.
                let writes = kind != .readerWriter || Self.isBarrierItem(s, value)
                    || (s.isChar(callee + 1, UInt8(ascii: "(")) && Self.argumentsName(s, open: callee + 1, "barrier"))
                return [(HeldGuard.executor(receiver, kind), receiver, s.text(callee), writes)]
            case .call(let t):
                var out: [Held] = []
                for r in all where r.start < t && t < r.end && r.definite {
                    guard let h = r.held, !(h.kind == .readerWriter && !r.writes), !out.contains(where: { $0.guard == h }),
                          LockRegions.reachesWithoutDeferral(s, from: t, to: r.executable, escaping: escaping) else { continue }
                    out.append((h, r.receiver, r.form, true))
                }
                // Called in the branch the code takes when it already runs on a queue
                // (`if DispatchQueue.getSpecific(key: k) != nil { body() }`, the key set on that
                // queue): that queue's guard, as the caller's block holds it (the tool cannot
                // tell a reader's block from a barrier there).
                if out.isEmpty, let body = s.enclosingFunction(of: t).map({ s.decls[$0].body }), body >= 0,
                   let queue = GuardLogExtractor.onQueueBranch(s, t, within: body, keys: &keys),
                   case .guarded(let kind) = resolution.executor(queue, t) {
                    out.append((HeldGuard.executor(queue, kind), queue, "", true))
                }
                return out
            }
        }
        for _ in 0..<2 {
            var round: [Region] = []
            for v in values where !done.contains(v.closure) {
                var common: [Held]? = nil
                let c = s.closures[v.closure]
                for site in v.sites {
                    let here = held(site, c)
                    common = common.map { c in
                        c.compactMap { g in here.first { $0.guard == g.guard }.map { (g.guard, g.receiver, g.form.isEmpty ? $0.form : g.form, g.writes && $0.writes) } }
                    } ?? here
                    if common!.isEmpty { break }
                }
                guard let common, !common.isEmpty else { continue }
                done.insert(v.closure)
                for g in common {
                    round.append(Region(start: c.open, end: c.close, executable: c.scope, held: g.guard, receiver: g.receiver, writes: g.writes,
                                        definite: true, form: g.form))
                }
            }
            guard !round.isEmpty else { break }
            all.append(contentsOf: round)
            added.append(contentsOf: round)
        }
        return added
    }

    /// The guards held at token `i` on every path that reaches it (a write in a plain block of a
    /// reader-writer queue does not hold it), and whether a possible guard is around it.
    public mutating func held(at i: Int, write: Bool) -> (guards: [HeldGuard], possible: Bool) {
        var lo = 0
        var hi = byStart.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if regions[byStart[mid]].start < i { lo = mid + 1 } else { hi = mid }
        }
        var guards: [HeldGuard] = []
        var possible = false
        var k = lo - 1
        var looked = 0
        // In a function nested in another's body and run in place there: the guards outside it
        // are those held at every call of it, not those around its declaration.
        let local = localFunction(around: i)
        if let local {
            // (Functions that call each other: the tool cannot tell.)
            guard localVisiting.insert(local.body).inserted else { return ([], true) }
            var common: [HeldGuard]? = nil
            for c in local.calls {
                // A call from a function being judged (recursion) runs under what that one's calls hold.
                if let caller = localFunction(around: c), localVisiting.contains(caller.body) { continue }
                let h = held(at: c, write: write)
                common = common.map { $0.filter(h.guards.contains) } ?? h.guards
                possible = possible || h.possible
            }
            localVisiting.remove(local.body)
            guards = common ?? []
        }
        while k >= 0 && maxEndUpTo[k] > i && looked < 64 {
            let r = regions[byStart[k]]
            k -= 1
            guard i < r.end, r.definite else { continue }
            if let local, !s.scope(r.executable, isWithin: local.body) { continue }
            looked += 1
            guard LockRegions.reachesWithoutDeferral(s, from: i, to: r.executable, escaping: escaping, inPlace: lockClosureScopes) else { continue }
            if let h = r.held {
                if h.kind == .readerWriter && write && !r.writes { continue }
                // In a closure handed to code that may keep it and call it later, anywhere: the
                // tool cannot tell whether it runs while the guard is held.
                if !runsDuring(i, r.executable) {
                    possible = true
                    continue
                }
                if !guards.contains(h) { guards.append(h) }
            } else {
                possible = true
            }
        }
        for a in assertions(around: i) where !guards.contains(a) { guards.append(a) }
        guards.sort()
        return (guards, possible)
    }

    /// The innermost function around token `i` when it is declared in another function's body
    /// (or a closure's) and only called there, never named as a value: its body scope and the
    /// calls of it. Its body runs where each call stands, whatever the call sits in (a barrier
    /// block, a wrapper's closure, a `Task`): the guards held at the calls are those held in it.
    mutating func localFunction(around i: Int) -> (body: Int, calls: [Int])? {
        var sc = Int(s.scopeOf[i])
        while sc >= 0 && s.scopes[sc].kind != .functionBody { sc = s.scopes[sc].parent }
        guard sc >= 0 else { return nil }
        if let known = localCalls[sc] { return known.map { (sc, $0) } }
        var found: [Int]? = nil
        let outer = s.scopes[sc].parent
        let d = s.scopes[sc].decl
        if outer >= 0, s.scopes[outer].kind == .functionBody || s.scopes[outer].kind == .closure, d >= 0, s.decls[d].kind == .function,
           !s.decls[d].nameText.isEmpty, s.scopes[outer].interior.count <= 1_500,
           let calls = LockRegions.localCalls(s, body: sc, in: outer), !calls.isEmpty {
            found = calls
        }
        localCalls[sc] = .some(found)
        return found.map { (sc, $0) }
    }

    /// Whether token `i` runs while executable scope `exec` runs: every closure between them is
    /// one the call that takes it runs before returning (see `closureRunsDuringCall`). A local
    /// function between them is judged where it is called (`reachesWithoutDeferral`).
    mutating func runsDuring(_ i: Int, _ exec: Int) -> Bool {
        var sc = Int(s.scopeOf[i])
        while sc >= 0 && sc != exec {
            let scope = s.scopes[sc]
            if scope.kind == .functionBody { return true }
            if scope.kind == .closure {
                if duringCache[scope.closure] == nil {
                    // A closure that a lock or lock wrapper runs (a lock region's body) runs during the call.
                    duringCache[scope.closure] = closureRunsDuringCall(s.closures[scope.closure]) || lockClosureScopes.contains(sc)
                }
                if duringCache[scope.closure] == false { return false }
            }
            sc = scope.parent
        }
        return true
    }

    /// Whether closure `c` runs before the call it is passed to returns: a closure not passed to
    /// a call (called where it stands, or judged by `LockRegions.runsLater`), one passed to a
    /// method that runs it on the spot (a sequence's `forEach`/`map`, `withLock`, `sync`), or to a
    /// function of this file whose closure parameters are not escaping (none `@escaping`, none
    /// optional). A closure passed to anything else (an API the tool cannot see, a method of
    /// another file) runs wherever that code calls it: the tool cannot tell.
    func closureRunsDuringCall(_ c: Closure) -> Bool {
        Self.closureRunsDuringCall(s, c, lockNames: lockNames, escaping: escaping)
    }

    /// `closureRunsDuringCall` for file `s`, given the closure methods that run their closure
    /// under a lock and the file's functions that take an `@escaping` closure.
    public static func closureRunsDuringCall(_ s: FileStructure, _ c: Closure, lockNames: Set<String>, escaping: Set<String>) -> Bool {
        guard c.callee >= 0 else { return true }
        if Self.runsNowNames.contains(s, c.callee) { return true }
        let name = s.text(c.callee)
        if lockNames.contains(name) { return true }
        if escaping.contains(name) { return false }
        let decls = s.functionDecls(named: name)
        guard !decls.isEmpty else { return false }
        return decls.allSatisfy { di in
            var functions = 0
            for p in s.decls[di].parameterNames {
                guard let range = s.parameterType(p, of: di), !range.isEmpty, range.contains(where: { s.is($0, "->") }) else { continue }
                // `(() -> Void)?` is escaping, though not marked so.
                if s.isChar(range.upperBound - 1, UInt8(ascii: "?")) || s.isChar(range.upperBound - 1, UInt8(ascii: "!")) { return false }
                functions += 1
            }
            return functions > 0
        }
    }

    /// Methods that run their closure argument before they return: a sequence's or collection's
    /// own (`forEach`, `map`, `sorted(by:)`), the scoped pointer and continuation functions, a
    /// queue's `sync`. (Not those that keep it for later, though they take no lock: `sink`,
    /// `observe`, `addObserver`, `subscribe`.)
    static let runsNowNames = NameSet(LockGraph.runNowCallees.union(plainClosureMethods).union([
        "sync", "performAndWait", "concurrentPerform", "withoutActuallyEscaping", "index",
    ]).subtracting([
        "sink", "assign", "receive", "handleEvents", "subscribe", "observe", "addObserver", "publisher", "trySink",
        "dataTask", "uploadTask", "downloadTask", "whenComplete", "whenSuccess", "whenFailure",
    ]))

    /// The locks the body around token `i` releases before `i` without having taken them (its
    /// callers' locks, handed back: their guard no longer holds here).
    public func releasedOnEntry(before i: Int) -> [String] {
        guard !heldOnEntryRegions.isEmpty, let exec = s.enclosingExecutable(of: i) else { return [] }
        var out: [String] = []
        for r in heldOnEntryRegions where r.exec == exec && r.end <= i && !out.contains(r.lock) { out.append(r.lock) }
        return out
    }

    // MARK: Executors asserted in code

    /// The executors the code around token `i` asserts it runs on: `dispatchPrecondition(condition:
    /// .onQueue(q))`, `assert(Thread.isMainThread)`, `loop.assertInEventLoop()`, an
    /// `if loop.inEventLoop` / `if Thread.isMainThread` branch, and what follows
    /// `guard Thread.isMainThread else { … }` or `if !Thread.isMainThread { …; return }`; an
    /// `@MainActor` function or closure. Closures that run later do not inherit them.
    mutating func assertions(around i: Int) -> [HeldGuard] {
        var out: [HeldGuard] = []
        var sc = i >= 0 && i < s.scopeOf.count ? Int(s.scopeOf[i]) : -1
        var steps = 0
        while sc >= 0 && steps < 256 {
            steps += 1
            let scope = s.scopes[sc]
            switch scope.kind {
            case .statement:
                let kw = scope.statementKeyword
                if kw >= 0 && s.isKeyword(kw, .if), let h = branchExecutor(condition: s.span(kw + 1, scope.open)), !out.contains(h) {
                    out.append(h)
                }
            case .closure:
                let c = s.closures[scope.closure]
                if Self.closureIsMainActor(s, c) { if !out.contains(.mainActor) { out.append(.mainActor) } }
                for a in asserted(in: sc, before: i) where !out.contains(a) { out.append(a) }
                // The block of a timer on the main run loop or a dispatch timer on the main queue;
                // of `Timer.scheduledTimer { }`, when the code scheduling it runs on main.
                if mainEntries == nil { mainEntries = MainThreadEntries(s) }
                if !out.contains(.mainActor) && (mainEntries!.closureRunsOnMain(s, c)
                    || MainThreadEntries.scheduledOnCurrentLoop(s, c) && assertions(around: c.callee).contains(.mainActor)) {
                    out.append(.mainActor)
                }
                // A closure that runs later does not inherit what holds around it; a `Task { }`
                // (not a detached one) takes the main actor's isolation from the code around it.
                // (A closure that a lock or a lock wrapper runs is run during the call, whatever
                // it captures weakly: `lock.write { [weak self] in … }`.)
                if LockRegions.runsLater(s, c, escaping: escaping) && !lockClosureScopes.contains(sc) {
                    if c.callee >= 0 && s.is(c.callee, "Task") && !s.isChar(c.callee - 1, UInt8(ascii: ".")) && !out.contains(.mainActor)
                        && AsyncContext.closureActorAttribute(s, c) == nil && assertions(around: c.callee).contains(.mainActor) {
                        out.append(.mainActor)
                    }
                    return out
                }
            case .functionBody, .accessorBlock:
                for a in asserted(in: sc, before: i) where !out.contains(a) { out.append(a) }
                let d = scope.decl
                if d >= 0 && s.decls[d].kind.isFunctionLike || d >= 0 && s.decls[d].kind == .variable {
                    if s.hasMainActorAttribute(s.decls[d]) && !out.contains(.mainActor) { out.append(.mainActor) }
                    // An `@IBAction`, or a method the main run loop or a lifecycle notification calls.
                    if s.decls[d].kind == .function && !out.contains(.mainActor) {
                        if mainEntries == nil { mainEntries = MainThreadEntries(s) }
                        if MainThreadEntries.isInterfaceAction(s, s.decls[d]) || mainEntries!.selectorTargets.contains(s.decls[d].nameText)
                            || MainThreadEntries.isInterfaceOverride(s, d) {
                            out.append(.mainActor)
                        }
                    }
                    // An accessor of a `@MainActor var`.
                    if s.decls[d].kind == .accessor, s.decls[d].parent >= 0, s.hasMainActorAttribute(s.decls[s.decls[d].parent]),
                       !out.contains(.mainActor) {
                        out.append(.mainActor)
                    }
                    if s.decls[d].kind.isFunctionLike || s.decls[d].isComputed {
                        // A member of an `@MainActor extension`.
                        if let t = s.owningType(of: StateAccess.outermostMember(s, d)), s.decls[t].kind == .extension, s.hasMainActorAttribute(s.decls[t]),
                           !s.decls[d].modifiers.contains(.nonisolated), !out.contains(.mainActor) {
                            out.append(.mainActor)
                        }
                        return out
                    }
                }
            default:
                break
            }
            sc = scope.parent
        }
        return out
    }

    /// The executors asserted in executable scope `sc` (its own statements, not nested closures)
    /// before token `i`.
    private mutating func asserted(in sc: Int, before i: Int) -> [HeldGuard] {
        if specificKeys == nil { specificKeys = allSpecificKeys() }
        if assertionCache[sc] == nil { assertionCache[sc] = Self.assertionPoints(s, in: sc, calls: assertingCalls, keys: specificKeys!) }
        var out: [HeldGuard] = []
        for a in assertionCache[sc]! where a.token < i && !out.contains(a.held) { out.append(a.held) }
        return out
    }

    static let assertionNames = NameSet([
        "dispatchPrecondition", "isMainThread", "assertInEventLoop", "preconditionInEventLoop", "assertIsolated",
        "preconditionIsolated", "assumeIsolated", "getSpecific",
    ])

    /// The file's queue-specific keys and those its types set in other files.
    private func allSpecificKeys() -> [String: String] {
        var out = Self.specificKeys(s)
        for entry in typeSpecificKeys {
            let parts = entry.split(separator: "=", maxSplits: 1)
            if parts.count == 2, out[String(parts[0])] == nil { out[String(parts[0])] = String(parts[1]) }
        }
        return out
    }

    /// `q.setSpecific(key: k, value: …)` in the file: key → the queue it marks, so that
    /// `assert(DispatchQueue.getSpecific(key: k) …)` asserts code runs on `q`.
    static func specificKeys(_ s: FileStructure, in range: Range<Int>? = nil) -> [String: String] {
        guard s.identifiers.mayContain("setSpecific") else { return [:] }
        var out: [String: String] = [:]
        let tokens = range.map { max(2, $0.lowerBound)..<max(2, $0.upperBound) } ?? 2..<max(2, s.code.count)
        for k in tokens where s.code[k].kind == .identifier && s.is(k, "setSpecific") && s.isChar(k - 1, UInt8(ascii: "."))
            && s.is(k + 2, "key") && s.isChar(k + 3, UInt8(ascii: ":")) {
            let r = LockRegions.receiverStart(s, dot: k - 1)
            guard r >= 0, k + 4 < s.code.count else { continue }
            let queue = LockRegions.normalized(s.text(s.span(r, k - 1)))
            let key = keyText(s, k + 4)
            if out[key] == nil { out[key] = queue }
        }
        return out
    }

    /// The key expression starting at `first` (`Self.key`, `queueKey`), up to the `,` or `)`
    /// that ends the argument.
    static func keyText(_ s: FileStructure, _ first: Int) -> String {
        var end = first
        while end < s.code.count && end - first < 8 && !s.isChar(end, UInt8(ascii: ",")) && !s.isChar(end, UInt8(ascii: ")"))
            && !s.isChar(end, UInt8(ascii: "(")) { end += 1 }
        return end > first ? LockRegions.normalized(s.text(s.span(first, end))) : ""
    }

    /// The points of scope `sc` from which its code runs on an executor.
    public static func assertionPoints(_ s: FileStructure, in sc: Int, calls: [String: HeldGuard] = [:],
                                       keys: [String: String] = [:]) -> [(token: Int, held: HeldGuard)] {
        var out: [(Int, HeldGuard)] = []
        let body = s.scopes[sc]
        if !calls.isEmpty {
            let names = NameSet(calls.keys)
            for k in body.interior where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && names.contains(s, k)
                && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) || s.isKeyword(k - 2, .super))
                && (Int(s.scopeOf[k]) == sc || s.enclosingExecutable(of: k) == sc) {
                out.append((max(k, Int(s.match[k + 1])), calls[s.text(k)]!))
            }
        }
        guard s.identifiers.mayContainAny(["dispatchPrecondition", "isMainThread", "assertInEventLoop", "preconditionInEventLoop",
                                           "assertIsolated", "preconditionIsolated", "getSpecific"]) else { return out.sorted { $0.0 < $1.0 } }
        for k in body.interior where s.code[k].kind == .identifier && assertionNames.contains(s, k) {
            guard Int(s.scopeOf[k]) == sc || s.enclosingExecutable(of: k) == sc else { continue }
            if s.is(k, "dispatchPrecondition") {
                // dispatchPrecondition(condition: .onQueue(q)) / .onQueueAsBarrier(q)
                var j = k + 1
                let close = s.isChar(j, UInt8(ascii: "(")) ? Int(s.match[j]) : -1
                guard close > j else { continue }
                while j < close && !(s.is(j, "onQueue") || s.is(j, "onQueueAsBarrier")) { j += 1 }
                guard j < close, s.isChar(j + 1, UInt8(ascii: "(")) else { continue }
                let inner = Int(s.match[j + 1])
                guard inner > j + 1 else { continue }
                let q = LockRegions.normalized(s.text(s.span(j + 2, inner)))
                let held = q == ".main" || q == "DispatchQueue.main" ? HeldGuard.mainActor : HeldGuard(q, .serialQueue)
                out.append((close, held))
            } else if s.is(k, "getSpecific") {
                // assert(DispatchQueue.getSpecific(key: k) == true) / precondition(… != nil)
                guard s.is(k + 2, "key"), s.isChar(k + 3, UInt8(ascii: ":")), k + 4 < s.code.count,
                      let queue = keys[keyText(s, k + 4)] else { continue }
                var j = k - 1
                while j > body.open && k - j < 6 && !s.isChar(j, UInt8(ascii: "(")) { j -= 1 }
                guard s.isChar(j, UInt8(ascii: "(")), s.is(j - 1, "assert") || s.is(j - 1, "precondition") || s.is(j - 1, "dispatchPrecondition") else { continue }
                out.append((k, HeldGuard(queue, .serialQueue)))
            } else if s.is(k, "isMainThread") {
                // assert(Thread.isMainThread) / precondition(…) / guard Thread.isMainThread else
                guard s.isChar(k - 1, UInt8(ascii: ".")), s.is(k - 2, "Thread") else { continue }
                if let g = enclosingGuard(s, k, within: sc) {
                    guard !negated(s, k - 2), let e = s.guardElse(of: g), let b = s.statementBody(of: e) else { continue }
                    out.append((s.scopes[b].close, .mainActor))
                } else if s.isChar(k - 3, UInt8(ascii: "(")), s.code[k - 4].kind == .identifier,
                          s.is(k - 4, "assert") || s.is(k - 4, "precondition") || s.is(k - 4, "dispatchPrecondition") {
                    out.append((k, .mainActor))
                } else if negated(s, k - 2), let ifBlock = earlyReturnIf(s, k, within: sc) {
                    // `if !Thread.isMainThread { DispatchQueue.main.async { … }; return }`
                    out.append((ifBlock, .mainActor))
                }
            } else if s.is(k, "assertInEventLoop") || s.is(k, "preconditionInEventLoop") {
                guard s.isChar(k - 1, UInt8(ascii: ".")) else { continue }
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0 else { continue }
                out.append((k, HeldGuard(LockRegions.normalized(s.text(s.span(r, k - 1))), .eventLoop)))
            } else if s.is(k, "assertIsolated") || s.is(k, "preconditionIsolated") || s.is(k, "assumeIsolated") {
                if s.isChar(k - 1, UInt8(ascii: ".")) && s.is(k - 2, "MainActor") { out.append((k, .mainActor)) }
            }
        }
        return out.sorted { $0.0 < $1.0 }
    }

    static func negated(_ s: FileStructure, _ first: Int) -> Bool {
        s.isChar(first - 1, UInt8(ascii: "!")) || (s.is(first + 3, "==") && s.isKeyword(first + 4, .false))
    }

    /// The `guard` statement whose condition holds token `k` (directly in scope `sc`).
    static func enclosingGuard(_ s: FileStructure, _ k: Int, within sc: Int) -> Int? {
        var j = k - 1
        var steps = 0
        while j > s.scopes[sc].open && steps < 32 {
            if s.isKeyword(j, .guard) { return j }
            if s.code[j].flags.contains(.newlineBefore) && !s.isKeyword(j, .guard) && steps > 0 {
                // The guard keyword starts the line; anything else on an earlier line is another statement.
                return nil
            }
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) { return nil }
            j -= 1
            steps += 1
        }
        return nil
    }

    /// For `if !Thread.isMainThread { …; return }` holding token `k` in its condition: the
    /// block's closing brace (after which the code is on the main thread).
    static func earlyReturnIf(_ s: FileStructure, _ k: Int, within sc: Int) -> Int? {
        var j = k - 1
        while j > s.scopes[sc].open && k - j < 8 && !s.isKeyword(j, .if) { j -= 1 }
        guard s.isKeyword(j, .if), let body = s.statementBody(of: j) else { return nil }
        let b = s.scopes[body]
        for t in b.interior where s.isKeyword(t, .return) && Int(s.scopeOf[t]) == body { return b.close }
        return nil
    }

    /// `branchExecutor(_:condition:)`, or the queue whose specific key the condition finds set
    /// (`if DispatchQueue.getSpecific(key: k) != nil`, the key set on that queue in this file):
    /// the branch runs in a block on it, held as the file's blocks on it hold it.
    private mutating func branchExecutor(condition: Range<Int>) -> HeldGuard? {
        if let h = Self.branchExecutor(s, condition: condition) { return h }
        guard s.identifiers.mayContain("getSpecific") else { return nil }
        if specificKeys == nil { specificKeys = allSpecificKeys() }
        guard let queue = GuardLogExtractor.specificKeyQueue(s, condition: condition, keys: specificKeys!) else { return nil }
        let kind = regions.first { $0.held?.name == queue && $0.held?.kind != .lock }?.held?.kind ?? .serialQueue
        return HeldGuard.executor(queue, kind)
    }

    /// The executor an `if` condition puts its then-branch on: `loop.inEventLoop`,
    /// `Thread.isMainThread` (not negated).
    static func branchExecutor(_ s: FileStructure, condition: Range<Int>) -> HeldGuard? {
        for k in condition where s.code[k].kind == .identifier {
            if s.is(k, "inEventLoop"), s.isChar(k - 1, UInt8(ascii: ".")) {
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0, !s.isChar(r - 1, UInt8(ascii: "!")) else { return nil }
                return HeldGuard(LockRegions.normalized(s.text(s.span(r, k - 1))), .eventLoop)
            }
            if s.is(k, "isMainThread"), s.is(k - 2, "Thread"), !negated(s, k - 2) { return .mainActor }
        }
        return currentQueueComparison(s, condition: condition)
    }

    /// `if X == q` (or `q == X`), the comparison the whole condition, where `X` is the underlying
    /// queue of the operation queue running the code (`OperationQueue.current?.underlyingQueue`,
    /// directly or through locals of the function) and `q` a plain name: the branch runs on `q`.
    static func currentQueueComparison(_ s: FileStructure, condition: Range<Int>) -> HeldGuard? {
        guard condition.count >= 3, s.identifiers.mayContain("underlyingQueue") else { return nil }
        guard let eq = condition.first(where: { s.is($0, "==") || s.is($0, "===") }) else { return nil }
        if condition.contains(where: { s.is($0, "&&") || s.is($0, "||") || s.isChar($0, UInt8(ascii: ",")) || s.isChar($0, UInt8(ascii: "!")) }) { return nil }
        let sides = [condition.lowerBound..<eq, (eq + 1)..<condition.upperBound]
        func plainName(_ r: Range<Int>) -> String? {
            if r.count == 1, s.code[r.lowerBound].kind == .identifier { return s.text(r.lowerBound) }
            if r.count == 3, s.isKeyword(r.lowerBound, .self), s.isChar(r.lowerBound + 1, UInt8(ascii: ".")),
               s.code[r.lowerBound + 2].kind == .identifier { return s.text(r.lowerBound + 2) }
            return nil
        }
        for (i, side) in sides.enumerated() {
            guard let q = plainName(sides[1 - i]), runsCurrentQueue(s, side, depth: 0) else { continue }
            return HeldGuard(q, .serialQueue)
        }
        return nil
    }

    /// Whether expression `r` is `OperationQueue.current…underlyingQueue`, directly or through a
    /// `let` of the function set to such an expression (or to `OperationQueue.current`).
    static func runsCurrentQueue(_ s: FileStructure, _ r: Range<Int>, depth: Int, needsUnderlying: Bool = true) -> Bool {
        guard !r.isEmpty, depth < 3 else { return false }
        var current = false
        var underlying = false
        for k in r where s.code[k].kind == .identifier {
            if s.is(k, "current"), s.isChar(k - 1, UInt8(ascii: ".")), s.is(k - 2, "OperationQueue") { current = true }
            if s.is(k, "underlyingQueue"), s.isChar(k - 1, UInt8(ascii: ".")) || s.isChar(k - 1, UInt8(ascii: "?")) {
                underlying = true
                // `name?.underlyingQueue` / `name.underlyingQueue`: the name may be a local set to `OperationQueue.current`.
                var j = k - 1
                if s.isChar(j, UInt8(ascii: "?")) { j -= 1 }
                if s.isChar(j, UInt8(ascii: ".")) { j -= 1 }
                if s.isChar(j, UInt8(ascii: "?")) { j -= 1 }
                if j >= r.lowerBound, j == r.lowerBound, s.code[j].kind == .identifier,
                   let initial = localInitializer(s, name: j), runsCurrentQueue(s, initial, depth: depth + 1, needsUnderlying: false) {
                    current = true
                }
            }
        }
        if current && (underlying || !needsUnderlying) { return true }
        if r.count == 1, s.code[r.lowerBound].kind == .identifier, let initial = localInitializer(s, name: r.lowerBound) {
            return runsCurrentQueue(s, initial, depth: depth + 1, needsUnderlying: needsUnderlying)
        }
        return false
    }

    /// The initializer of `let <name> =` in the same executable scope as token `k`, before it
    /// (the tokens up to the end of its line).
    static func localInitializer(_ s: FileStructure, name k: Int) -> Range<Int>? {
        guard let exec = s.enclosingExecutable(of: k) else { return nil }
        let open = s.scopes[exec].open
        var j = k - 1
        while j > open + 1 && k - j < 64 {
            if s.isKeyword(j - 1, .let), s.code[j].kind == .identifier, s.text(j) == s.text(k), s.isChar(j + 1, UInt8(ascii: "=")),
               s.enclosingExecutable(of: j) == exec {
                var e = j + 2
                while e < k && e - j < 24 && !s.code[e].flags.contains(.newlineBefore) { e += 1 }
                return e > j + 2 ? (j + 2)..<e : nil
            }
            j -= 1
        }
        return nil
    }

    /// A closure that ends the suspension of a serial queue (`q.resume()` in it) its function
    /// suspended before it (`q.suspend()`, then a request whose completion handler writes and
    /// resumes): no block of `q` starts between the two, so the closure's code up to the resume
    /// is ordered with them, as if it ran on `q`. Only queues whose blocks the file guards with.
    static func suspendedQueueRegions(_ s: FileStructure, queues: Set<String>) -> [Region] {
        guard !queues.isEmpty, s.identifiers.mayContain("suspend"), s.identifiers.mayContain("resume") else { return [] }
        func receiver(_ k: Int) -> String? {
            guard s.isChar(k - 1, UInt8(ascii: ".")), s.isChar(k + 1, UInt8(ascii: "(")), s.isChar(k + 2, UInt8(ascii: ")")) else { return nil }
            let r = LockRegions.receiverStart(s, dot: k - 1)
            guard r >= 0 else { return nil }
            let q = LockRegions.normalized(s.text(s.span(r, k - 1)))
            return queues.contains(q) ? q : nil
        }
        var out: [Region] = []
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.is(k, "suspend") {
            guard let q = receiver(k), let exec = s.enclosingExecutable(of: k) else { continue }
            let end = s.scopes[exec].close
            // The closures the function hands over after the suspend that resume the queue.
            // (Closures are in source order: from the first opening after the suspend.)
            for c in s.closures[s.firstClosure(openingAfter: k)...] {
                guard c.open < end else { break }
                guard c.open > k, c.close > c.open, s.enclosingExecutable(of: c.open - 1) == exec else { continue }
                var resume = -1
                for j in c.interior where s.code[j].kind == .identifier && s.is(j, "resume") && s.enclosingExecutable(of: j) == c.scope
                    && receiver(j) == q {
                    resume = j
                    break
                }
                guard resume > 0 else { continue }
                out.append(Region(start: c.open, end: resume, executable: c.scope, held: HeldGuard(q, .serialQueue), receiver: q,
                                  writes: true, definite: true, form: "suspend"))
            }
        }
        return out
    }

    /// `{ @MainActor in … }`, `MainActor.run { }`, `Task { @MainActor in }`.
    static func closureIsMainActor(_ s: FileStructure, _ c: Closure) -> Bool {
        if c.callee >= 0 && s.is(c.callee, "run") && s.isChar(c.callee - 1, UInt8(ascii: ".")) && s.is(c.callee - 2, "MainActor") { return true }
        guard c.inKeyword > c.open else { return false }
        for k in s.span(c.open + 1, c.inKeyword) where s.code[k].kind == .attribute && s.is(k, "@MainActor") { return true }
        return false
    }

    /// Closures on the main actor that no queue region covers (`MainActor.run { }`,
    /// `{ @MainActor in }`) are handled by `assertions(around:)`; nothing to add as regions.
    static func mainActorClosures(_ s: FileStructure) -> [Region] { [] }

    /// `wait()` … `signal()` on one receiver in one body, the wait first: a semaphore used as a
    /// mutex (a semaphore signalled from a callback, or anywhere without a wait of its own body, is
    /// a completion wait or a handshake, not a guard: see `LockRegions.signalledWithoutWait`). The wait
    /// may have another name, known by the deferred signal that follows it somewhere in the file
    /// (`try await gate.waitUnlessCancelled(); defer { gate.signal() }`). A receiver the file
    /// creates with a count other than 1 (`Semaphore(value: 0)`: a signal between tasks, or a
    /// pool of slots) is no mutex. A receiver reached through a name bound to `self`
    /// (`guard let strongSelf = self`) is the class's own semaphore, as for the other locks.
    static func semaphoreMutexRegions(_ s: FileStructure, vocabulary: LockVocabulary, aliases: Set<String> = []) -> [Region] {
        guard s.identifiers.mayContain("signal") else { return [] }
        var waits: Set<String> = ["wait"]
        for k in 0..<s.code.count where s.code[k].kind == .keyword && s.isKeyword(k, .defer) {
            if let m = acquireBeforeDeferredSignal(s, defer: k) { waits.insert(m) }
        }
        guard waits.count > 1 || s.identifiers.mayContain("wait") else { return [] }
        var counted: [String: Bool] = [:]
        // A semaphore some signal gives without a wait of its own body is a signal between
        // threads, not a mutex, whatever its count.
        let handedOver = LockRegions.signalledWithoutWait(s, waitNames: waits)
        var byExec: [Int: [LockFlow.Acquire]] = [:]
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: "."))
            && s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k + 2, UInt8(ascii: ")")) && (s.is(k, "wait") || (waits.count > 1 && waits.contains(s.text(k)))) {
            let r = LockRegions.receiverStart(s, dot: k - 1)
            guard r >= 0, let exec = s.enclosingExecutable(of: k) else { continue }
            let lock = LockRegions.normalized(s.text(s.span(r, k - 1)))
            let name = lock.split(separator: ".").last.map(String.init) ?? lock
            if counted[name] == nil { counted[name] = LockRegions.createdWithOtherCount(name, s) || handedOver[name] != nil }
            guard counted[name] == false else { continue }
            byExec[exec, default: []].append(LockFlow.Acquire(token: k, lock: lock, release: "signal", freeFunction: false, close: k + 2))
        }
        guard !byExec.isEmpty else { return [] }
        var vocab = vocabulary
        vocab.acquireRelease = [:]
        for w in waits { vocab.acquireRelease[w] = "signal" }
        var out: [Region] = []
        for exec in byExec.keys.sorted() {
            let flow = LockFlow(s, exec: exec, acquires: byExec[exec]!, vocabulary: vocab)
            // Only a wait released in the same body (or a defer of it) is a mutex.
            for seg in flow.segments where seg.releaseToken >= 0 {
                let lock = Self.canonical(seg.lock, aliases)
                out.append(Region(start: seg.start, end: seg.end, executable: exec, held: HeldGuard(lock, .lock), receiver: lock,
                                  writes: true, definite: seg.definite, form: acquireForm(s, seg.acquireToken)))
            }
        }
        return out
    }

    /// How the code takes a semaphore at acquire token `k`: `wait`, or the call as written when it
    /// is awaited or has another name (`try await waitUnlessCancelled()`), for the fix-it.
    static func acquireForm(_ s: FileStructure, _ k: Int) -> String {
        guard k >= 2 else { return "wait" }
        var r = LockRegions.receiverStart(s, dot: k - 1)
        var prefix = ""
        if r >= 1 && s.isKeyword(r - 1, .await) {
            prefix = r >= 2 && s.isKeyword(r - 2, .try) ? "try await " : "await "
            r -= 1
        }
        return prefix.isEmpty && s.is(k, "wait") ? "wait" : prefix + s.text(k) + "()"
    }

    /// `r.m()` as the statement right before `defer { r.signal() }` (the `defer` at `k`), awaited
    /// or not: the method takes what the deferred signal gives back. Its name, or nil.
    static func acquireBeforeDeferredSignal(_ s: FileStructure, defer k: Int) -> String? {
        guard s.isChar(k + 1, UInt8(ascii: "{")) else { return nil }
        let close = Int(s.match[k + 1])
        guard close > k + 5, s.isChar(close - 1, UInt8(ascii: ")")), s.isChar(close - 2, UInt8(ascii: "(")) else { return nil }
        let rel = close - 3
        guard s.is(rel, "signal"), s.isChar(rel - 1, UInt8(ascii: ".")), LockRegions.receiverStart(s, dot: rel - 1) == k + 2,
              s.isChar(k - 1, UInt8(ascii: ")")), s.isChar(k - 2, UInt8(ascii: "(")) else { return nil }
        let m = k - 3
        guard m >= 2, s.code[m].kind == .identifier, s.isChar(m - 1, UInt8(ascii: ".")), !s.is(m, "signal") else { return nil }
        let r = LockRegions.receiverStart(s, dot: m - 1)
        guard r >= 0, s.text(s.span(r, m - 1)) == s.text(s.span(k + 2, rel - 1)) else { return nil }
        return s.text(m)
    }

    /// `q:name`, `l:name`, `m`: an executor as a string (for the project index).
    public static func encode(_ g: HeldGuard) -> String {
        switch g.kind {
        case .mainActor: "m"
        case .eventLoop: "l:" + g.name
        default: "q:" + g.name
        }
    }

    public static func decode(_ text: Substring) -> HeldGuard? {
        if text == "m" { return .mainActor }
        if text.hasPrefix("l:") { return HeldGuard(String(text.dropFirst(2)), .eventLoop) }
        if text.hasPrefix("q:") { return HeldGuard(String(text.dropFirst(2)), .serialQueue) }
        return nil
    }

    /// The file's objects made with `delegate: self` and a queue argument (`T(delegate: self,
    /// queue: q)`, `URLSession(configuration: c, delegate: self, delegateQueue: q)`), each with
    /// the queue and the methods of the class making it (in this file) whose first parameter is
    /// typed `T` and that the file never calls by name.
    static func delegateQueueBindings(_ s: FileStructure) -> [(queue: (text: String, token: Int), methods: [Int], call: Range<Int>)] {
        var out: [(queue: (text: String, token: Int), methods: [Int], call: Range<Int>)] = []
        for k in 1..<max(1, s.code.count - 3) where s.is(k, "delegate") && s.isChar(k + 1, UInt8(ascii: ":")) && s.isKeyword(k + 2, .self) {
            guard let open = s.openingParen(around: k), open >= 1, s.code[open - 1].kind == .identifier,
                  let first = s.text(open - 1).first, first.isUppercase, let type = s.enclosingType(of: k) else { continue }
            let made = s.text(open - 1)
            let close = Int(s.match[open])
            // The queue argument of the same call.
            var queue: (text: String, token: Int)? = nil
            var j = open + 1
            while j < close {
                if s.code[j].isWord && s.isChar(j + 1, UInt8(ascii: ":")) && queueLabels.contains(s.text(j)) && (s.isChar(j - 1, UInt8(ascii: "(")) || s.isChar(j - 1, UInt8(ascii: ","))) {
                    queue = argumentValue(s, from: j + 2, close: close)
                    break
                }
                if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: "{")) {
                    let m = Int(s.match[j])
                    if m > j { j = m }
                }
                j += 1
            }
            guard let queue else { continue }
            let typeName = s.decls[type].nameText
            let roles = delegateRoles(made)
            var methods: [Int] = []
            for (di, d) in s.decls.enumerated() where d.kind == .function && d.body >= 0 && d.parent >= 0
                && s.decls[d.parent].kind.isType && s.decls[d.parent].nameText == typeName {
                guard let firstType = firstParameterType(s, d), s.is(firstType, text: made) else { continue }
                // Named for the object that calls it, as delegate methods are (`centralManager(_:…)`
                // for a CBCentralManager, `urlSession(_:…)` for a URLSession).
                let name = d.nameText
                guard roles.contains(where: { name.hasPrefix($0) }) else { continue }
                let key = StateAccess.memberKey(s, di)
                // Called with its labels in the file (not as its declaration): it may run
                // wherever that call runs.
                let called = s.code.indices.contains { c in
                    !s.isKeyword(c - 1, .func) && s.code[c].kind == .identifier && s.isChar(c + 1, UInt8(ascii: "(")) && s.is(c, text: name)
                        && StateAccess.callKey(s, c) == key
                }
                if !called { methods.append(di) }
            }
            out.append((queue, methods, open..<close))
        }
        // An object made more than once with different queues (or none) calls the same methods
        // on each: they are bound to none of them.
        var queues: [String: Set<String>] = [:]
        for b in out { queues[b.methods.map(String.init).joined(separator: ","), default: []].insert(b.queue.text) }
        return out.map { b in (queues[b.methods.map(String.init).joined(separator: ",")]?.count ?? 0) > 1 ? (b.queue, [], b.call) : b }
    }

    /// The names a delegate method of type `t`'s object starts with: the type's name from each of
    /// its capitals on, its leading capitals lowercased (`CBCentralManager`: `cbCentralManager`,
    /// `centralManager`, `manager`; `URLSession`: `urlSession`, `session`).
    static func delegateRoles(_ t: String) -> [String] {
        let chars = Array(t)
        var out: [String] = []
        for p in chars.indices where chars[p].isUppercase && (p == 0 || !chars[p - 1].isUppercase || (p + 1 < chars.count && chars[p + 1].isLowercase)) {
            var rest = Array(chars[p...])
            // The leading run of capitals, but the last one when a lowercase letter follows it.
            var q = 0
            while q < rest.count && rest[q].isUppercase { q += 1 }
            let run = q < rest.count && q > 1 ? q - 1 : q
            for k in 0..<max(run, 1) { rest[k] = Character(rest[k].lowercased()) }
            out.append(String(rest))
        }
        return out
    }

    /// The token of the type of a function's first parameter when it is one plain name
    /// (`_ central: CBCentralManager`); nil otherwise.
    static func firstParameterType(_ s: FileStructure, _ d: Decl) -> Int? {
        guard let j = s.parameterListOpen(of: d) else { return nil }
        let close = Int(s.match[j])
        var k = j + 1
        while k < close && !s.isChar(k, UInt8(ascii: ":")) { k += 1 }
        guard k + 1 < close, s.code[k + 1].kind == .identifier,
              s.isChar(k + 2, UInt8(ascii: ",")) || s.isChar(k + 2, UInt8(ascii: ")")) else { return nil }
        return k + 1
    }

    static let queueLabels: Set<String> = ["on", "queue", "callbackQueue", "completionQueue", "delegateQueue", "notifyQueue", "deliveryQueue"]

    /// The queue a closure's call names for it to run on: an argument labelled `on:`, `queue:`,
    /// `callbackQueue:`, … of the same call (the closure trailing it, or another argument).
    static func queueArgument(_ s: FileStructure, _ c: Closure) -> (text: String, token: Int)? {
        if let delivered = deliveryQueue(s, c) { return delivered }
        // The call's parenthesised arguments: right after the callee.
        guard s.isChar(c.callee + 1, UInt8(ascii: "(")) else { return nil }
        let close = Int(s.match[c.callee + 1])
        guard close > c.callee + 1 else { return nil }
        var k = c.callee + 2
        var segmentStart = true
        while k < close {
            if segmentStart, s.code[k].isWord, s.isChar(k + 1, UInt8(ascii: ":")), queueLabels.contains(s.text(k)) {
                return argumentValue(s, from: k + 2, close: close)
            }
            segmentStart = s.isChar(k, UInt8(ascii: ","))
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return nil
    }

    /// The value of the argument that starts at token `start` (up to its `,` or the list's `)` at
    /// `close`, nested brackets skipped), as a queue's name (`.main` is the main queue); nil when
    /// it is empty.
    static func argumentValue(_ s: FileStructure, from start: Int, close: Int) -> (text: String, token: Int)? {
        var e = start
        while e < close && !s.isChar(e, UInt8(ascii: ",")) {
            if s.isChar(e, UInt8(ascii: "(")) || s.isChar(e, UInt8(ascii: "[")) || s.isChar(e, UInt8(ascii: "{")) {
                let m = Int(s.match[e])
                if m > e { e = m }
            }
            e += 1
        }
        let text = LockRegions.normalized(s.text(s.span(start, e)))
        return text.isEmpty ? nil : (text == ".main" ? "DispatchQueue.main" : text, start)
    }

    /// The queue a publisher chain delivers to the closure of a subscriber or operator chained
    /// after it (`publisher.receive(on: q).sink { }`, also with operators and their closures in
    /// between): the last `receive(on:)` of the chain before the closure's call, unless an operator
    /// after it names a scheduler of its own (`debounce(for:scheduler:)`). Walks the chain back
    /// from the call (a bounded walk over `.name`, `(…)`, `{…}` and `[…]` links).
    static func deliveryQueue(_ s: FileStructure, _ c: Closure) -> (text: String, token: Int)? {
        guard s.isChar(c.callee - 1, UInt8(ascii: ".")), Self.sameThreadOperators.contains(s.text(c.callee)) else { return nil }
        var k = c.callee - 2
        var rescheduled = false
        var steps = 0
        while k >= 0 && steps < 256 {
            steps += 1
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: "]")) {
                let open = Int(s.match[k])
                guard open >= 0, open < k else { return nil }
                if s.isChar(k, UInt8(ascii: ")")) {
                    if s.is(open - 1, "receive") && s.is(open + 1, "on") && s.isChar(open + 2, UInt8(ascii: ":")) {
                        // The scheduler alone (`receive(on: q, options: …)` keeps the first argument).
                        return rescheduled ? nil : argumentValue(s, from: open + 3, close: k)
                    }
                    if s.span(open + 1, k).contains(where: { s.is($0, "scheduler") && s.isChar($0 + 1, UInt8(ascii: ":")) }) { rescheduled = true }
                }
                k = open - 1
                continue
            }
            guard s.code[k].kind == .identifier || s.isKeyword(k, .self) else { return nil }
            // A link of the chain: `.name` (or `?.name`), or the chain's first value. An operator
            // between the delivery and the closure must be one that calls on the thread it is
            // delivered on (a project's own operator may hop: wrap its closure in a Task).
            var d = k - 1
            if s.isChar(d, UInt8(ascii: "?")) || s.isChar(d, UInt8(ascii: "!")) { d -= 1 }
            guard s.isChar(d, UInt8(ascii: ".")), Self.sameThreadOperators.contains(s.text(k)) else { return nil }
            k = d - 1
        }
        return nil
    }

    /// Combine's subscribers and operators that run their closures, and pass values on, on the
    /// thread the upstream delivers on (not those that merge other publishers or take a
    /// scheduler).
    static let sameThreadOperators: Set<String> = [
        "sink", "handleEvents", "map", "compactMap", "filter", "tryMap", "tryCompactMap", "tryFilter", "removeDuplicates",
        "scan", "tryScan", "reduce", "tryReduce", "eraseToAnyPublisher", "first", "last", "prefix", "dropFirst", "drop",
        "collect", "replaceNil", "replaceError", "replaceEmpty", "ignoreOutput", "share", "print", "breakpoint",
        "assertNoFailure", "setFailureType", "mapError", "contains", "allSatisfy", "count", "min", "max", "output",
    ]

    /// Whether the body that takes region `r`'s lock releases it itself (directly or in a
    /// `defer`), not only in a closure that runs later.
    static func releasedInBody(_ s: FileStructure, _ r: LockRegion, release: String, free: Bool) -> Bool {
        guard r.executable >= 0 && r.executable < s.scopes.count else { return false }
        for k in s.scopes[r.executable].interior where s.code[k].kind == .identifier && s.is(k, text: release) && s.isChar(k + 1, UInt8(ascii: "(")) {
            // In the body itself, or in a closure it runs on the spot (`withExtendedLifetime`).
            guard s.enclosingExecutable(of: k) == r.executable || immediatelyRun(s, k, in: r.executable),
                  LockRegions.releaseMatches(s, at: k, lock: r.lock, freeFunction: free) else { continue }
            return true
        }
        return false
    }

    /// Token `k` sits in closures, nested in body `exec`, that all run before their call returns.
    static func immediatelyRun(_ s: FileStructure, _ k: Int, in exec: Int) -> Bool {
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != exec {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                guard c.callee >= 0, LockFlow.immediateClosureCallees.contains(s.text(c.callee)) else { return false }
            } else if scope.kind != .statement {
                return false
            }
            sc = scope.parent
        }
        return sc == exec
    }

    /// Names bound to `self` in the file (`guard let strongSelf = self`, `let this = self`):
    /// `strongSelf.lock` is `lock`.
    public static func selfAliases(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        for k in 0..<max(0, s.code.count - 3) where s.code[k].kind == .keyword && (s.code[k].word == .let || s.code[k].word == .var) {
            guard s.code[k + 1].kind == .identifier, s.isChar(k + 2, UInt8(ascii: "=")), s.isKeyword(k + 3, .self) else { continue }
            let after = k + 4
            if after >= s.code.count || s.code[after].flags.contains(.newlineBefore) || s.isKeyword(after, .else)
                || s.isChar(after, UInt8(ascii: ",")) || s.isChar(after, UInt8(ascii: "{")) || s.isChar(after, UInt8(ascii: ";")) {
                out.insert(s.text(k + 1))
            }
        }
        return out
    }

    /// For a local `let` that copies a stored property (`let lock = self.lock`, `let l = stateLock`):
    /// that property's name. The copy is the same lock (a class instance, or a lock value that
    /// shares its storage), so taking it holds the property's lock.
    static func storedLockAlias(_ s: FileStructure, _ name: String, at: Int) -> (name: String, token: Int)? {
        guard !name.isEmpty, !name.contains("."), !name.contains("("), case .variable(let d) = s.lookupVariable(name, at: at) else { return nil }
        let v = s.decls[d]
        guard v.isLet, v.parent >= 0, s.decls[v.parent].kind.isFunctionLike else { return nil }
        let ini = v.initializer
        var k = ini.lowerBound
        if ini.count == 3, s.isKeyword(k, .self), s.isChar(k + 1, UInt8(ascii: ".")) { k += 2 } else if ini.count != 1 { return nil }
        guard s.code[k].kind == .identifier else { return nil }
        let member = s.text(k)
        switch s.lookupVariable(member, at: v.keyword, memberOnly: true) {
        case .variable(let m):
            guard s.decls[m].parent >= 0, s.decls[s.decls[m].parent].kind.isType || s.decls[s.decls[m].parent].kind == .extension,
                  !s.decls[m].isComputed else { return nil }
        case .unknown:
            // A member declared in another file, read in a method of an extension.
            guard s.enclosingType(of: v.keyword) != nil else { return nil }
        case .parameter:
            return nil
        }
        return (member, v.keyword - 1)
    }

    /// A receiver with a leading alias of `self` dropped (`strongSelf.lock` → `lock`).
    public static func canonical(_ receiver: String, _ aliases: Set<String>) -> String {
        guard !aliases.isEmpty, let dot = receiver.firstIndex(of: ".") else { return receiver }
        var head = receiver[..<dot]
        if head.hasSuffix("?") || head.hasSuffix("!") { head = head.dropLast() }
        return aliases.contains(String(head)) ? String(receiver[receiver.index(after: dot)...]) : receiver
    }

    /// A block submitted with `flags: .barrier`, or the block of a work item made with that flag
    /// (`DispatchWorkItem(flags: .barrier) { … }` handed on as `execute:`: GCD keeps the flag).
    public static func isBarrier(_ s: FileStructure, _ c: Closure) -> Bool {
        if isBarrierItem(s, c) { return true }
        guard c.callee >= 0, s.isChar(c.callee + 1, UInt8(ascii: "(")) else { return false }
        return argumentsName(s, open: c.callee + 1, "barrier")
    }

    /// The closure is the block of `DispatchWorkItem(…flags: .barrier…) { … }` (or its `block:`
    /// argument), wherever the item is submitted.
    public static func isBarrierItem(_ s: FileStructure, _ c: Closure) -> Bool {
        guard let item = workItem(s, c), s.isChar(item + 1, UInt8(ascii: "(")) else { return false }
        return argumentsName(s, open: item + 1, "barrier")
    }

    /// The `DispatchWorkItem` token of `DispatchWorkItem { … }`, `DispatchWorkItem(flags: …) { … }`
    /// or `DispatchWorkItem(block: { … })` whose block is closure `c`.
    public static func workItem(_ s: FileStructure, _ c: Closure) -> Int? {
        guard s.identifiers.mayContain("DispatchWorkItem") else { return nil }
        var open = -1
        if s.isChar(c.open - 1, UInt8(ascii: ")")) {
            open = Int(s.match[c.open - 1])
        } else if s.isChar(c.open - 1, UInt8(ascii: ":")), let o = s.argumentListOpen(holding: c.open) {
            open = o
        } else if s.is(c.open - 1, "DispatchWorkItem") {
            return c.open - 1
        }
        guard open >= 1, open < c.open, s.is(open - 1, "DispatchWorkItem") else { return nil }
        return open - 1
    }

    /// The argument list opened at `open` names `word` outside any closure (`flags: .barrier`).
    static func argumentsName(_ s: FileStructure, open: Int, _ word: String) -> Bool {
        let close = Int(s.match[open])
        guard close > open else { return false }
        var k = open + 1
        while k < close {
            if s.isChar(k, UInt8(ascii: "{")), Int(s.match[k]) > k { k = Int(s.match[k]) + 1; continue }
            if s.is(k, text: word) { return true }
            k += 1
        }
        return false
    }
}

extension FileStructure {
    /// `@MainActor` written on a declaration.
    public func hasMainActorAttribute(_ d: Decl) -> Bool {
        guard d.hasAttributes else { return false }
        return span(d.start, d.keyword).contains { code[$0].kind == .attribute && self.is($0, "@MainActor") }
    }
}
