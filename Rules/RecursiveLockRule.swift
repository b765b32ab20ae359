import LockLintCore

/// `recursive_lock`: a non-recursive lock taken again while it is held, lexically or through a
/// call to a method of the same type that takes it.
public struct RecursiveLockRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "recursive_lock",
        name: "Recursive use of a non-recursive lock",
        summary: "A non-recursive lock taken again while it is already held, directly or through a method of the same type, or held while calling a stored closure, delegate or observer that can call back",
        rationale: """
            Mutex, NSLock, OSAllocatedUnfairLock, os_unfair_lock, pthread mutexes and NIOLock are not recursive: a \
            thread that already holds one and asks for it again waits for itself. Depending on the primitive that is \
            a deadlock (NSLock, pthread), a crash (os_unfair_lock, OSAllocatedUnfairLock) or undefined behaviour \
            (Mutex). The second acquisition is often far from the first: a public method that locks calls another \
            public method that locks too, perhaps through a computed property. Or it is in code the type does not \
            control: a stored closure, a delegate or an observer called with the lock held can call back into the \
            type (to read its state, to unsubscribe) and take the lock again.
            """,
        fix: """
            Split each operation into a public method that takes the lock and a private helper that expects it to \
            be held, and call the helpers while holding the lock. Inside a withLock closure, use the state the \
            closure receives instead of locking again. For callbacks: copy the closure, delegate or observer list \
            into locals while the lock is held, release it, then call them (a lock whose job is to serialise the \
            call is not reported: there the copy would undo it).
            """,
        knownLimits: """
            The lock must be a stored property, local or global whose type is known from its declaration: Mutex, \
            NSLock, NSCondition, NSConditionLock, OSAllocatedUnfairLock, os_unfair_lock, pthread_mutex_t (unless the \
            file asks for PTHREAD_MUTEX_RECURSIVE), NIOLock, NIOLockedValueBox, ManagedCriticalState, NIO's \
            ConditionLock, LockedValueBox (the copies of NIOLockedValueBox in Apple's server packages), a configured \
            lock type (`lockTypes` in the configuration: the way to have a project's own lock judged), or a type \
            whose name ends in UnfairLock without Recursive (unless its declaration in the file wraps NSRecursiveLock, a \
            PTHREAD_MUTEX_RECURSIVE mutex or objc_sync_enter). Other types (a project's own `Lock`, whose definition \
            may wrap a recursive lock; read-write locks; NSRecursiveLock, LockIsolated, objc_sync_enter, recursive \
            by design) are not reported. A project's own type with a standard lock's name (its own `Mutex`) is what its \
            declaration makes it: judged only when that declaration is in the same file and wraps no recursive lock. \
            Acquisitions are withLock, withLockedValue, withLockUnchecked, withCriticalRegion (and \
            configured methods), lock(), pthread_mutex_lock and os_unfair_lock_lock; tryLock and withLockIfAvailable \
            never block and are ignored. Code runs while the lock is held when it is in the held region itself or \
            in a closure run on the spot (forEach, filter, reduce, withExtendedLifetime, another withLock …); closures \
            handed to anything else may run later and are not followed (map and flatMap included: on a future or a \
            publisher they run later). Calls are followed through methods and \
            computed properties of the same type declared in the same file, on `self` only, up to eight calls deep (a \
            twin declared in another branch of an `#if` than the call is another type's; a typealias per branch \
            names the locks of the branches compiled with the lock, judged only when all are non-recursive); \
            a lock declared in another file (seen from an extension) has no known type here and is not judged. \
            A key path read `self[keyPath: kp]` counts as reading the computed property a literal `\\.name` names, \
            or, for any other key path, any computed property of the type. Callbacks: with the lock held, a call of a \
            stored property of `self` whose declared type is a closure (`onChange?(x)`), a method call on a stored \
            property whose type is a protocol of the run or an `…Delegate`/`…Observer`/`…Listener`/`…DataSource`/\
            `…Subscriber` type of another module (`delegate?.didChange()`), and `forEach` or `for … in` over a stored \
            array or dictionary of either are reported. Calls on classes, structs and enums, free functions, \
            standard-library methods (including a method of Optional such as `x.take()`), and callbacks called after \
            the release or handed to async/Task are not. Nor is a dependency the type holds strongly (not `weak` or \
            `unowned`: a store, a clock, a poller) whose every implementation in the run of the method called \
            returns before any code handed to it runs: it calls no closure or protocol value it was given (it may \
            store it), no stored closure, delegate, or object of a class, actor or protocol of the run, posts no \
            notification and calls no superclass method (an implementation whose superclass is a class of the run is \
            not known), except in closures it hands on to run later (a timer's handler, a queue's `async`), followed \
            through its own methods; a protocol with no implementation in the run, or one implementation that may call \
            back, is still a callback. Nor is a callback the lock exists for, where copying it out \
            would undo the lock: the held region holds nothing but the call (the lock serialises it), the call's \
            result is written to a stored property in the same hold, directly or through a local that is stored or \
            passed to a method of the type that stores it (a value created once under the lock that publishes it), \
            a comment above the call or the acquisition, or the doc comment of the lock (naming the callback or callbacks) or of \
            the callback (naming the lock), says the call is under the lock on purpose (serialised, ordered, atomic, \
            closing a race, or must not call back), or every acquisition of that lock in the file calls the same \
            callback and none writes the type's stored properties with only that lock held (state written inside a \
            nested region of another lock is that lock's: the outer one only orders the calls). A stored closure \
            that only ever holds the type's own code is no callback: every value assigned to it in the file (its \
            initial value included) is one of the type's methods or a closure written there that calls no parameter \
            handed in, and no other file can assign it. Such a closure is reported only when that code takes the lock again: an acquisition written in a \
            closure assigned to it, or a method of the type it stores or calls (`self?.m()` included) that takes it, through others of \
            the type's members.
            """,
        inTests: .narrowed("only a lock taken again by the test's own code; a test double that calls a stored closure or delegate with its lock held is not reported, since the test decides what the callback does"),
        triggeringExamples: [
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var value = 0
                func increment() {
                    lock.lock()
                    defer { lock.unlock() }
                    value += 1
                    lock.↓lock()
                    lock.unlock()
                }
            }
            """,
            """
            @available(macOS 15, *)
            final class Store: Sendable {
                private let state = Mutex<[String: Int]>([:])
                var count: Int { state.withLock { $0.count } }
                func add(_ key: String) {
                    state.withLock { s in
                        s[key] = ↓count
                    }
                }
            }
            """,
            """
            final class Registry {
                private let lock = NIOLock()
                private var names: [String] = []
                func register(_ name: String) {
                    lock.withLock {
                        names.append(name)
                        ↓notify()
                    }
                }
                private func notify() { log() }
                private func log() { lock.withLock { print(names) } }
            }
            """,
            """
            protocol Listener: AnyObject { func valueChanged(_ value: Int) }
            final class Box {
                private let lock = NSLock()
                private var value = 0
                var onChange: ((Int) -> Void)?
                private var listeners: [Listener] = []
                func set(_ v: Int) {
                    lock.lock()
                    defer { lock.unlock() }
                    value = v
                    ↓onChange?(v)
                    listeners.↓forEach { $0.valueChanged(v) }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Counter {
                private let lock = NSRecursiveLock()
                func a() { lock.lock(); defer { lock.unlock() }; b() }
                func b() { lock.lock(); defer { lock.unlock() } }
            }
            """,
            """
            final class Counter {
                private let lock = NSLock()
                private var value = 0
                func increment() { lock.withLock { incrementLocked() } }
                private func incrementLocked() { value += 1 }
            }
            """,
            """
            final class Two {
                private let a = NSLock()
                private let b = NSLock()
                func f() { a.withLock { b.withLock { } } }
            }
            """,
            """
            final class Later {
                private let lock = NSLock()
                func f() { lock.withLock { Task { self.g() } } }
                func g() { lock.withLock { } }
            }
            """,
            """
            func sync(_ o: AnyObject) {
                objc_sync_enter(o)
                objc_sync_enter(o)
                objc_sync_exit(o)
                objc_sync_exit(o)
            }
            """,
            """
            final class Box {
                private let lock = NSLock()
                private var value = 0
                var onChange: ((Int) -> Void)?
                func set(_ v: Int) {
                    lock.lock()
                    value = v
                    let callback = onChange
                    lock.unlock()
                    callback?(v)
                }
            }
            """,
            """
            final class SerialHandler {
                private let lock = NSLock()
                private let handle: (String) -> Void
                init(handle: @escaping (String) -> Void) { self.handle = handle }
                func send(_ message: String) { lock.withLock { handle(message) } }
            }
            """,
        ]
    )

    /// Lock types that are not recursive (besides configured ones).
    static let nonRecursiveTypes: Set<String> = [
        "Mutex", "NSLock", "NSCondition", "NSConditionLock", "OSAllocatedUnfairLock", "os_unfair_lock", "os_unfair_lock_s",
        "pthread_mutex_t", "NIOLock", "NIOLockedValueBox", "ManagedCriticalState", "ConditionLock",
        // The copies of NIOLockedValueBox that Apple's server packages carry under this name.
        "LockedValueBox",
    ]

    static let nonRecursiveNames = NameSet(nonRecursiveTypes)

    /// An acquisition of a lock.
    struct Acquisition {
        var region: LockRegion
        var decl: Int
        var typeName: String
        /// Blocks when the lock is held (not tryLock / withLockIfAvailable).
        var blocking: Bool

        /// The lock is certainly held in the region (a blocking acquire, a withLock-style
        /// closure, or the then-branch of `if L.tryLock()`).
        func holds(_ s: FileStructure) -> Bool {
            if blocking { return true }
            if case .closure = region.form { return true }
            if case .deferred = region.form, region.releaseToken < 0, s.isChar(region.start, UInt8(ascii: "{")) { return true }
            return false
        }
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        let vocabulary = context.vocabulary
        let nonRecursive = Self.nonRecursiveTypes.union(vocabulary.lockTypes.subtracting(LockVocabulary.defaultLockTypes))
        // Cheap exit: no lock is acquired anywhere in the file (no held region at all).
        guard !context.lockRegions.regions.isEmpty else { return [] }
        // … or the file names no lock type at all.
        var mentions = s.identifiers.mayContainAny(Array(vocabulary.lockTypes) + Array(Self.nonRecursiveNames.names))
        if !mentions {
            // A project's own `…UnfairLock` type, named in a declaration.
            mentions = s.decls.contains { d in
                d.kind == .variable && (d.typeAnnotation.contains { s.hasSuffixUnfairLock($0) } || d.initializer.contains { s.hasSuffixUnfairLock($0) })
            }
        }
        guard mentions else { return [] }
        let recursivePthread = s.identifiers.mayContain("PTHREAD_MUTEX_RECURSIVE")
            && s.code.indices.contains { s.code[$0].kind == .identifier && s.is($0, "PTHREAD_MUTEX_RECURSIVE") }
        let regions = context.lockRegions
        guard !regions.regions.isEmpty else { return [] }
        var acquisitions: [Acquisition] = []
        // `typealias _Mutex = OSAllocatedUnfairLock` (one per `#if` branch: each alias with its declaration).
        var aliases: [String: [(decl: Int, target: String)]] = [:]
        for (di, d) in s.decls.enumerated() where d.kind == .other && s.isKeyword(d.keyword, .typealias) && s.isChar(d.keyword + 2, UInt8(ascii: "=")) {
            var j = d.keyword + 3
            guard j < s.count else { continue }  // `typealias X =` at the end of an unfinished file
            while j + 2 < s.count && s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].kind == .identifier { j += 2 }
            if s.code[j].kind == .identifier { aliases[d.nameText, default: []].append((di, s.text(j))) }
        }
        var typeCache: [String: (Int, String)?] = [:]
        for r in regions.regions {
            guard !r.lock.isEmpty, r.lock != "self" else { continue }
            let blocking: Bool
            switch r.form {
            case .closure(let method, _):
                blocking = method != "withLockIfAvailable"
            case .manual(let a, _), .deferred(let a, _), .unreleased(let a):
                if a == "objc_sync_enter" || a.hasPrefix("pthread_rwlock") { continue }
                blocking = BlockingAcquire.check(s, r.acquireToken)
            default:
                continue
            }
            // `self.x.withLock`: a member, whatever locals are called `x`.
            let a = r.acquireToken
            let explicitSelf = s.isChar(a - 1, UInt8(ascii: ".")) && s.isChar(a - 3, UInt8(ascii: ".")) && s.isKeyword(a - 4, .self)
            let key = "\(r.lock)@\(s.enclosingExecutable(of: a) ?? -1)@\(explicitSelf)"
            let resolved: (Int, String)?
            if let cached = typeCache[key] { resolved = cached } else {
                resolved = resolve(r.lock, at: a, memberOnly: explicitSelf, s, vocabulary)
                typeCache[key] = resolved
            }
            guard let (decl, written) = resolved else { continue }
            // Through an alias: the ones that can be compiled with the lock's declaration, which
            // must agree (a recursive lock in one branch and not in another is not judged).
            var type = written
            if let candidates = aliases[written] {
                let targets = Set(candidates.filter { s.compatible($0.decl, with: s.decls[decl].keyword) }.map(\.target)).sorted()
                guard let first = targets.first,
                      targets.allSatisfy({ nonRecursive.contains($0) || ($0.hasSuffix("UnfairLock") && !$0.contains("Recursive")) }) else { continue }
                type = targets.count == 1 ? first : "\(written) (\(targets.joined(separator: " or ")))"
            }
            guard aliases[written] != nil || nonRecursive.contains(type) || (type.hasSuffix("UnfairLock") && !type.contains("Recursive")) else { continue }
            if recursivePthread && type == "pthread_mutex_t" { continue }
            // A project's own lock type that wraps a recursive lock (its declaration in this file).
            if !Self.nonRecursiveTypes.contains(written), LockVocabulary.wrapsRecursiveLock(written, in: s) { continue }
            // A project's own type that has a standard lock's name is what its declaration makes
            // it, not what the name says: judged only when that declaration is in view here and
            // wraps no recursive lock.
            if aliases[written] == nil, Self.nonRecursiveTypes.contains(written), context.declaresType(written) {
                if !s.typeDecls(named: written).contains(where: { s.decls[$0].body >= 0 }) || LockVocabulary.wrapsRecursiveLock(written, in: s) { continue }
                type = "this project's \(written), which wraps a lock that"
            }
            acquisitions.append(Acquisition(region: r, decl: decl, typeName: type, blocking: blocking))
        }
        guard !acquisitions.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var reported = Set<Int>()
        // Acquisitions by lock declaration, each list ordered by region start with the largest
        // end so far: the regions of a lock around a token are found walking back from it until
        // no earlier region reaches past it (a few steps), not by comparing with every one.
        var byDecl: [Int: (order: [Int], maxEnd: [Int])] = [:]
        for (k, a) in acquisitions.enumerated() { byDecl[a.decl, default: ([], [])].order.append(k) }
        for (d, entry) in byDecl {
            let order = entry.order.sorted { (acquisitions[$0].region.start, $0) < (acquisitions[$1].region.start, $1) }
            var maxEnd: [Int] = []
            for k in order { maxEnd.append(max(maxEnd.last ?? Int.min, acquisitions[k].region.end)) }
            byDecl[d] = (order, maxEnd)
        }
        // Nested lexically: an acquisition inside a held region of the same lock.
        for inner in acquisitions where inner.blocking {
            let t = inner.region.acquireToken
            var best: Acquisition? = nil
            let entry = byDecl[inner.decl] ?? ([], [])
            var lo = 0
            var hi = entry.order.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if acquisitions[entry.order[mid]].region.start < t { lo = mid + 1 } else { hi = mid }
            }
            var around: [Int] = []
            var j = lo - 1
            while j >= 0 && entry.maxEnd[j] > t {
                if t < acquisitions[entry.order[j]].region.end { around.append(entry.order[j]) }
                j -= 1
            }
            around.sort()  // in the order of `acquisitions`, as the choice below expects
            for outer in around.map({ acquisitions[$0] }) where outer.region.acquireToken != t && outer.holds(s) {
                let r = outer.region
                guard r.start < t && t < r.end, HeldReach.runsDuring(s, t, r.executable), !HeldReach.exclusive(s, r.acquireToken, t),
                      !HeldReach.handedOver(s, from: r.acquireToken, to: t, lock: r.lock) else { continue }
                if best == nil || r.start > best!.region.start { best = outer }
            }
            guard let outer = best, reported.insert(t).inserted else { continue }
            out.append(lexical(inner: inner, outer: outer, context: context))
        }
        // Through calls to methods of the same type.
        out += viaCalls(acquisitions, reported: &reported, context: context)
        // Into code that can call back: stored closures, delegates and observers.
        if !context.isTestCode { out += callbacks(acquisitions, reported: &reported, context: context) }
        return out
    }

    // MARK: Callbacks

    /// Calls made while a non-recursive lock is held into code that can call back: a stored
    /// closure property, a method of a delegate or observer of protocol type, or each element of
    /// a stored collection of them.
    func callbacks(_ acquisitions: [Acquisition], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var kinds: [Int: CallbackReach.CallbackKind?] = [:]
        // The names of stored properties that hold callbacks: only those tokens are looked up.
        var names = Set<String>()
        for (di, d) in s.decls.enumerated() where d.kind == .variable && !d.isComputed && !d.typeAnnotation.isEmpty && d.parent >= 0 {
            let kind = CallbackReach.callbackKind(d, context)
            kinds[di] = kind
            if kind != nil { names.insert(d.nameText) }
        }
        guard !names.isEmpty else { return [] }
        let nameSet = NameSet(names)
        var ownCode: [Int: [Range<Int>]] = [:]
        var membersOf: [Int: (list: [SelfCalls.Member], byName: [String: [Int]])] = [:]
        var purposes = Purposes(allRegions: context.lockRegions.regions)
        for a in acquisitions where a.holds(s) {
            let r = a.region
            var k = r.start + 1
            while k < r.end {
                defer { k += 1 }
                guard s.code[k].kind == .identifier, nameSet.contains(s, k), !reported.contains(k) else { continue }
                // A member of `self`: bare, or `self.name` (not `other.self.name`).
                let explicitSelf = s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
                guard explicitSelf || !s.isChar(k - 1, UInt8(ascii: ".")) else { continue }
                guard !s.isKeyword(k - 1, .func), !s.isKeyword(k - 1, .var), !s.isKeyword(k - 1, .let), !s.isChar(k + 1, UInt8(ascii: ":")) else { continue }
                // Cheap shape test before any lookup: a call, a member call, a `for … in name`.
                let next = k + 1
                let optional = s.isChar(next, UInt8(ascii: "?")) || s.isChar(next, UInt8(ascii: "!"))
                let after = optional ? next + 1 : next
                let isCall = s.isChar(after, UInt8(ascii: "(")) && s.code[after].start == s.code[after - 1].end
                let isMember = s.isChar(after, UInt8(ascii: ".")) && after + 1 < s.count && s.code[after + 1].kind == .identifier
                let isLoop = s.isKeyword(k - 1, .in) && s.isChar(after, UInt8(ascii: "{"))
                guard isCall || isMember || isLoop else { continue }
                guard HeldReach.runsDuring(s, k, r.executable), !SelfCalls.isShadowed(s, k, s.text(k)) else { continue }
                guard let d = CallbackReach.memberProperty(s, named: s.text(k), at: k), let cached = kinds[d] else { continue }
                let kind = cached
                guard let kind, let call = CallbackReach.callbackCall(s, at: k, after: after, kind: kind, isCall: isCall, isLoop: isLoop) else { continue }
                // `x.take()` on an optional property calls a method of Optional, not of the protocol.
                if case .observer = kind, !optional, s.decls[d].typeAnnotation.last.map({ s.isChar($0, UInt8(ascii: "?")) }) ?? false { continue }
                // A dependency the type holds strongly (a store, a clock, a poller) whose every
                // implementation in the run returns from the method called before any code it was
                // given runs cannot call back: the lock is held for the call.
                if case .observer(let p) = kind, !s.decls[d].modifiers.contains(.weak), !s.decls[d].modifiers.contains(.unowned),
                   context.implementationsNeverCallBack(p, method: s.text(call)) { continue }
                // A stored closure that holds only the type's own code cannot call back from outside.
                // … unless that code takes the lock again.
                if case .closure = kind, let sources = ownCode[d] ?? CallbackReach.ownCodeSources(s, d) {
                    ownCode[d] = sources
                    guard let t = s.enclosingType(of: k) else { continue }
                    let members = membersOf[t] ?? {
                        let list = SelfCalls.collectMembers(s.decls[t].nameText, s)
                        return (list, Dictionary(grouping: list.indices, by: { list[$0].name }))
                    }()
                    membersOf[t] = members
                    let mine = acquisitions.filter { $0.decl == a.decl && $0.blocking }.map(\.region).sorted { $0.acquireToken < $1.acquireToken }
                    guard let hit = CallbackReach.ownCodeReentry(s, sources: sources, members: members.list,
                                                                 byName: members.byName, acquisitions: mine),
                          reported.insert(call).inserted else { continue }
                    out.append(ownCodeDiagnostic(a, property: s.text(k), call: call, member: hit.member.map { members.list[$0].name }, acquire: hit.acquire, context: context))
                    continue
                }
                // The lock exists for the call: copying the callback out would undo what it is for.
                if lockServesCall(s, a, property: k, call: call, acquisitions: acquisitions, cache: &purposes) { continue }
                guard reported.insert(call).inserted else { continue }
                out.append(callbackDiagnostic(a, property: s.text(k), kind: kind, call: call, context: context))
            }
        }
        return out
    }

    // MARK: A lock that serialises the call

    /// Whether the held region of `a` exists for the callback call at `call` (on the property
    /// named at `property`), so that calling it after the release would undo what the lock is
    /// for: the region holds nothing but that call (the lock serialises it); the call's result
    /// becomes state written in the same hold (creating a value once, under the lock that
    /// publishes it), directly or through a local stored or passed to a method that stores it;
    /// a comment next to the call, the acquisition, the callback or the lock says the call is
    /// under the lock on purpose; or every acquisition of that lock in the file calls the same
    /// callback and none writes the type's state outside a nested region of another lock (the
    /// lock's only job).
    func lockServesCall(_ s: FileStructure, _ a: Acquisition, property k: Int, call: Int, acquisitions: [Acquisition],
                        cache: inout Purposes) -> Bool {
        let r = a.region
        if cache.held[r.acquireToken] == nil { cache.held[r.acquireToken] = CallbackReach.heldCode(s, r) }
        let held = cache.held[r.acquireToken]!
        guard let callStatement = held.statements.first(where: { $0.contains(call) }) else { return false }
        if held.statements.count == 1 && CallbackReach.isCallOnly(s, callStatement, property: k) { return true }
        // The innermost statement of the call: its result stored, or the author's word.
        let inner = HeldPurpose.innermostStatement(s, call, from: r.start + 1) ?? callStatement
        if cache.becoming[r.acquireToken] == nil { cache.becoming[r.acquireToken] = HeldPurpose.namesBecomingState(s, r, writers: &cache.writers) }
        if HeldPurpose.resultBecomesState(s, inner, call: call, becomingState: cache.becoming[r.acquireToken]!) { return true }
        if case .variable(let d) = s.lookupVariable(s.text(k), at: k, memberOnly: true),
           HeldPurpose.documentedHold(s, statement: inner.lowerBound, acquire: r.acquireToken, callback: d, lock: a.decl) { return true }
        // The lock's only job: every acquisition of it calls this callback, and none writes the
        // type's stored state (the lock guards no state of its own).
        let name = s.text(k)
        let key = "\(a.decl) \(name)"
        if let known = cache.only[key] { return known }
        // Regions of other locks nested in this one's: what they write is theirs to guard.
        let nested = Dictionary(cache.allRegions.filter { $0.lock != r.lock }.map { ($0.acquireToken, $0.end) }) { x, _ in x }
        let mine = acquisitions.filter { $0.decl == a.decl && $0.holds(s) }.map(\.region)
        let only = HeldPurpose.onlySerialisesCall(s, regions: mine, name: name, nested: nested)
        cache.only[key] = only
        return only
    }

    /// What `lockServesCall` works out once per region or lock.
    struct Purposes {
        var allRegions: [LockRegion]
        var held: [Int: CallbackReach.HeldCode] = [:]
        var becoming: [Int: Set<String>] = [:]
        var writers: [Int: Bool] = [:]
        var only: [String: Bool] = [:]
    }

    // MARK: Messages for callbacks

    func callbackDiagnostic(_ a: Acquisition, property: String, kind: CallbackReach.CallbackKind, call: Int, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = a.region.lock
        let line = s.line(ofToken: a.region.acquireToken)
        let what: String
        let fix: String
        let release: String
        switch a.region.form {
        case .closure(let method, _): release = "let the \(method) closure return it"
        default: release = "release '\(lock)'"
        }
        switch kind {
        case .closure:
            what = "calling the stored closure '\(property)'"
            fix = "copy '\(property)' into a local while '\(lock)' is held, \(release), then call the copy"
        case .observer(let p):
            what = "calling '\(s.text(call))' on '\(property)' (a \(p))"
            fix = "read '\(property)' into a local while '\(lock)' is held, \(release), then call '\(s.text(call))' on the local"
        case .closures:
            what = "calling each stored closure of '\(property)'"
            fix = "copy '\(property)' into a local while '\(lock)' is held, \(release), then call each closure of the copy"
        case .observers(let p):
            what = "calling each \(p) of '\(property)'"
            fix = "copy '\(property)' into a local while '\(lock)' is held, \(release), then notify each element of the copy"
        }
        let message = "\(what) while '\(lock)' is held (taken at line \(line)): that code is not this type's own and can call back "
            + "into it and take '\(lock)' again; \(Self.consequence(a.typeName))"
        let notes = [context.note(at: a.region.acquireToken, "'\(lock)' is taken here and held during the call")]
        return context.diagnostic(description, at: call, message: message, notes: notes, fixIt: FixIt(fix))
    }

    /// A stored closure that holds only the type's own code, which takes the lock again.
    func ownCodeDiagnostic(_ a: Acquisition, property: String, call: Int, member: String?, acquire: Int, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = a.region.lock
        let via = member.map { " (through '\($0)')" } ?? ""
        let message = "calling the stored closure '\(property)' while '\(lock)' is held (taken at line \(s.line(ofToken: a.region.acquireToken))) runs "
            + "this type's own code, which takes '\(lock)' again at line \(s.line(ofToken: acquire))\(via); \(Self.consequence(a.typeName))"
        let notes = [context.note(at: a.region.acquireToken, "'\(lock)' is taken here and held during the call"),
                     context.note(at: acquire, "'\(lock)' is taken again here")]
        let fix = member.map { "split '\($0)' into a method that takes '\(lock)' and a private helper that expects it held, and have the code '\(property)' holds call the helper when '\(lock)' is held" }
            ?? "have the closure stored in '\(property)' work without taking '\(lock)' when it is called with '\(lock)' held (a helper that expects the lock held)"
        return context.diagnostic(description, at: call, message: message, notes: notes, fixIt: FixIt(fix))
    }

    // MARK: Resolving a lock's declaration

    /// The declaration of lock `name` as seen from token `at` (a local, a member of an enclosing
    /// type, `Self.x`, or a global) and the lock type it holds.
    func resolve(_ name: String, at i: Int, memberOnly: Bool, _ s: FileStructure, _ v: LockVocabulary) -> (Int, String)? {
        var base = name
        var memberOnly = memberOnly
        if base.hasPrefix("Self.") {
            base.removeFirst(5)
            memberOnly = true
        }
        guard !base.isEmpty, !base.contains("."), !base.contains("("), !base.contains("[") else { return nil }
        guard case .variable(let d) = s.lookupVariable(base, at: i, memberOnly: memberOnly),
              let type = v.lockType(of: s.decls[d], in: s, strict: false) else { return nil }
        return (d, type)
    }

    // MARK: Messages

    /// What taking the lock a second time on the same thread does.
    static func consequence(_ type: String) -> String {
        switch type {
        case "os_unfair_lock", "os_unfair_lock_s", "OSAllocatedUnfairLock":
            return "\(type) is not recursive and traps when its owner locks it again"
        case "Mutex":
            return "Mutex is not recursive: locking it again on the same thread is undefined behaviour (a deadlock or a trap)"
        default:
            // An alias naming one lock per `#if` branch: what each of them does, when they agree.
            if let open = type.firstIndex(of: "("), type.contains(" or ") {
                let targets = type[type.index(after: open)...].dropLast().components(separatedBy: " or ")
                let outcomes = Set(targets.map(outcome))
                let what = outcomes.count == 1 ? outcomes.first! : "deadlocks or traps"
                return "\(type) is not recursive: locking it again on the same thread \(what)"
            }
            if type.hasSuffix("UnfairLock") { return "\(type) is not recursive: an unfair lock traps when its owner locks it again" }
            return "\(type) is not recursive, so the thread deadlocks waiting for itself"
        }
    }

    /// What locking `type` again on the same thread does, in a few words.
    static func outcome(_ type: String) -> String {
        if type == "Mutex" { return "is undefined behaviour" }
        if type.hasPrefix("os_unfair_lock") || type.hasSuffix("UnfairLock") { return "traps" }
        return "deadlocks"
    }

    func describe(_ a: Acquisition, _ s: FileStructure) -> String {
        switch a.region.form {
        case .closure(let method, _): return "\(method)"
        case .manual(let n, _), .deferred(let n, _), .unreleased(let n): return "\(n)()"
        default: return "the lock"
        }
    }

    func lexical(inner: Acquisition, outer: Acquisition, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = inner.region.lock
        let outerLine = s.line(ofToken: outer.region.acquireToken)
        let what = describe(inner, s)
        let message = "\(what) on '\(lock)' while '\(lock)' is already held (taken at line \(outerLine)): \(Self.consequence(inner.typeName))"
        let notes = [context.note(at: outer.region.acquireToken, "'\(lock)' is taken here by \(describe(outer, s)) and still held")]
        let fix: String
        if case .closure = outer.region.form {
            fix = "do this work in the outer \(describe(outer, s)) closure without taking '\(lock)' again"
        } else {
            fix = "drop this inner acquisition: '\(lock)' is already held here; if the code is shared, move it into a helper that expects the lock held"
        }
        return context.diagnostic(description, at: inner.region.acquireToken, message: message, notes: notes, fixIt: FixIt(fix))
    }

    // MARK: Through calls

    func viaCalls(_ acquisitions: [Acquisition], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        // Lock properties of a type: acquisitions of a member lock.
        let memberLocks = acquisitions.filter { a in
            let p = s.decls[a.decl].parent
            return p >= 0 && s.decls[p].kind.isType
        }
        guard !memberLocks.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var membersByType: [String: [SelfCalls.Member]] = [:]
        var namesByType: [String: [String: [Int]]] = [:]
        // An acquire a flag parameter decides is not one the caller's hold runs into; nor is the
        // body of the type's own acquire method (`func _lock() { l.lock() }`): each call of it is
        // an acquire of its own, judged where it is made.
        let blockingByDecl = Dictionary(grouping: acquisitions.filter { $0.blocking && !$0.region.flagDecided && !context.vocabulary.isOwnLockMethodBody(s, $0.region.executable) }, by: \.decl)
            .mapValues { $0.sorted { $0.region.acquireToken < $1.region.acquireToken }.map(\.region) }
        var chains: [String: [Int: (steps: [SelfCalls.Step], acquire: Int)?]] = [:]
        for outer in memberLocks where outer.holds(s) {
            var r = outer.region
            // A lock a flag parameter decides is released under the same flag: the walk, which
            // does not follow the flag, holds it past that release; the calls after it do not.
            if r.flagDecided, let release = LockRegions.firstRelease(s, r, context.vocabulary) { r.end = min(r.end, release) }
            guard let typeDecl = s.enclosingType(of: r.acquireToken) else { continue }
            let typeName = s.decls[typeDecl].nameText
            let ownerName = s.decls[s.decls[outer.decl].parent].nameText
            guard typeName == ownerName else { continue }
            let members = membersByType[typeName] ?? SelfCalls.collectMembers(typeName, s)
            membersByType[typeName] = members
            guard !members.isEmpty else { continue }
            let byName = namesByType[typeName] ?? Dictionary(grouping: members.indices, by: { members[$0].name })
            namesByType[typeName] = byName
            // Acquisitions of this lock per member body.
            let lockDecl = outer.decl
            let mine = blockingByDecl[lockDecl] ?? []
            var k = r.start + 1
            while k < r.end {
                defer { k += 1 }
                guard s.code[k].kind == .identifier, !reported.contains(k) else { continue }
                guard let callees = SelfCalls.calledMembers(s, k, members, byName) ?? SelfCalls.keyPathMembers(s, k, members),
                      HeldReach.runsDuring(s, k, r.executable) else { continue }
                var found: (steps: [SelfCalls.Step], acquire: Int)? = nil
                for m in callees {
                    let key = "\(lockDecl)"
                    if let cached = chains[key]?[m] {
                        found = cached.map { ([SelfCalls.Step(call: k, member: m)] + $0.steps, $0.acquire) }
                    } else {
                        var visiting = Set<Int>()
                        let chain = SelfCalls.acquiresTransitively(m, members: members, byName: byName, acquisitions: mine, s: s, depth: 0, visiting: &visiting)
                        chains[key, default: [:]][m] = chain
                        found = chain.map { ([SelfCalls.Step(call: k, member: m)] + $0.steps, $0.acquire) }
                    }
                    if found != nil { break }
                }
                guard let chain = found, !SelfCalls.firstStepRuledOut(s, chain, members), reported.insert(k).inserted else { continue }
                out.append(callDiagnostic(outer: outer, chain: chain, members: members, context: context))
            }
        }
        return out
    }

    func callDiagnostic(outer: Acquisition, chain: (steps: [SelfCalls.Step], acquire: Int), members: [SelfCalls.Member], context: RuleContext) -> Diagnostic {
        let s = context.structure
        let lock = outer.region.lock
        let first = members[chain.steps[0].member]
        let throughKeyPath = s.is(chain.steps[0].call, "keyPath")
        let anyPath = throughKeyPath && !s.is(chain.steps[0].call + 2, "\\")
        let callText = anyPath ? "reading through a key path, which can name '\(first.name)',"
            : throughKeyPath ? "reading '\(first.name)' through a key path" : first.isProperty ? "reading '\(first.name)'" : "calling '\(first.name)'"
        let acquireLine = s.line(ofToken: chain.acquire)
        let via = chain.steps.count > 1 ? " (through \(chain.steps.dropFirst().map { "'\(members[$0.member].name)'" }.joined(separator: ", ")))" : ""
        let message = "\(callText) while '\(lock)' is held \(anyPath ? "may take" : "takes") '\(lock)' again at line \(acquireLine)\(via): \(Self.consequence(outer.typeName))"
        var notes = [context.note(at: outer.region.acquireToken, "'\(lock)' is taken here and held during the call")]
        for step in chain.steps.dropFirst() {
            notes.append(context.note(at: step.call, "which calls '\(members[step.member].name)' here"))
        }
        let last = members[chain.steps[chain.steps.count - 1].member]
        notes.append(context.note(at: chain.acquire, "'\(last.name)' takes '\(lock)' here"))
        let fix = anyPath
            ? "read through the key path after releasing '\(lock)', or have '\(last.name)' call a private helper that expects '\(lock)' held instead of taking it"
            : "split '\(last.name)' into a method that takes '\(lock)' and a private helper that expects it held (e.g. '\(last.name)Locked'), and call the helper here"
        return context.diagnostic(description, at: chain.steps[0].call, message: message, notes: notes, fixIt: FixIt(fix))
    }
}


extension FileStructure {
    /// Whether identifier token `i` ends in `UnfairLock` (a project's os_unfair_lock wrapper).
    func hasSuffixUnfairLock(_ i: Int) -> Bool {
        let t = code[i]
        guard t.length >= 10 else { return false }
        let suffix = Array("UnfairLock".utf8)
        let start = Int(t.end) - 10
        return file.bytes.withUnsafeBufferPointer { p in
            for k in 0..<10 where p[start + k] != suffix[k] { return false }
            return true
        }
    }
}
