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
            whose name ends in UnfairLock without Recursive. Other types (a project's own `Lock`, whose definition \
            may wrap a recursive lock; read-write locks; NSRecursiveLock, LockIsolated, objc_sync_enter, recursive \
            by design) are not reported. Acquisitions are withLock, withLockedValue, withLockUnchecked, withCriticalRegion (and \
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
            the release or handed to async/Task are not. Nor is a callback the lock exists for, where copying it out \
            would undo the lock: the held region holds nothing but the call (the lock serialises it), the call's \
            result is written to a stored property in the same hold (a value created once under the lock that \
            publishes it), or every acquisition of that lock in the file calls the same callback and none writes the \
            type's stored properties (the lock guards nothing else). A stored closure \
            that only ever holds the type's own code is no callback: every value assigned to it in the file (its \
            initial value included) is one of the type's methods or a closure written there that calls no parameter \
            handed in, and no other file can assign it.
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

    /// Callees whose closure argument runs at once, while the caller's lock is still held.
    static let onTheSpot: Set<String> = [
        "forEach", "filter", "reduce", "contains", "first", "firstIndex", "last",
        "lastIndex", "allSatisfy", "sorted", "sort", "min", "max", "removeAll", "partition", "drop", "prefix",
        "withExtendedLifetime", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withoutActuallyEscaping",
        "withLock", "withLockedValue", "withLockUnchecked", "withCriticalRegion", "withLockIfAvailable", "sync",
        "mapValues",
    ]

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
                guard r.start < t && t < r.end, runsDuring(s, t, r.executable), !exclusive(s, r.acquireToken, t),
                      !handedOver(s, from: r.acquireToken, to: t, lock: r.lock) else { continue }
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

    /// What a stored property holds that can run code this type does not control.
    enum CallbackKind {
        /// A closure (`var onChange: ((Int) -> Void)?`).
        case closure
        /// An existential of a protocol (`weak var delegate: Delegate?`).
        case observer(String)
        /// A collection of closures or of protocol existentials.
        case closures
        case observers(String)
    }

    /// Suffixes of protocol names of other modules that are call-back interfaces by convention.
    static let callbackSuffixes = ["Delegate", "Observer", "Listener", "DataSource", "Subscriber"]

    /// Calls made while a non-recursive lock is held into code that can call back: a stored
    /// closure property, a method of a delegate or observer of protocol type, or each element of
    /// a stored collection of them.
    func callbacks(_ acquisitions: [Acquisition], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var kinds: [Int: CallbackKind?] = [:]
        // The names of stored properties that hold callbacks: only those tokens are looked up.
        var names = Set<String>()
        for (di, d) in s.decls.enumerated() where d.kind == .variable && !d.isComputed && !d.typeAnnotation.isEmpty && d.parent >= 0 {
            let kind = callbackKind(d, context)
            kinds[di] = kind
            if kind != nil { names.insert(d.nameText) }
        }
        guard !names.isEmpty else { return [] }
        let nameSet = NameSet(names)
        var ownCode: [Int: Bool] = [:]
        var servesByLock: [String: Bool] = [:]
        var statementsByRegion: [Int: HeldCode] = [:]
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
                guard runsDuring(s, k, r.executable), !isShadowed(s, k, s.text(k)) else { continue }
                guard let d = memberProperty(s, named: s.text(k), at: k), let cached = kinds[d] else { continue }
                let kind = cached
                guard let kind, let call = callbackCall(s, at: k, after: after, kind: kind, isCall: isCall, isLoop: isLoop) else { continue }
                // `x.take()` on an optional property calls a method of Optional, not of the protocol.
                if case .observer = kind, !optional, s.decls[d].typeAnnotation.last.map({ s.isChar($0, UInt8(ascii: "?")) }) ?? false { continue }
                // A stored closure that holds only the type's own code cannot call back from outside.
                if case .closure = kind {
                    if ownCode[d] == nil { ownCode[d] = holdsOwnCode(s, d) }
                    if ownCode[d]! { continue }
                }
                // The lock exists for the call: copying the callback out would undo what it is for.
                if lockServesCall(s, a, property: k, call: call, acquisitions: acquisitions, cache: &servesByLock,
                                  statements: &statementsByRegion) { continue }
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
    /// publishes it); or every acquisition of that lock in the file calls the same callback and
    /// none writes the type's state (the lock's only job).
    func lockServesCall(_ s: FileStructure, _ a: Acquisition, property k: Int, call: Int, acquisitions: [Acquisition],
                        cache: inout [String: Bool], statements byRegion: inout [Int: HeldCode]) -> Bool {
        let r = a.region
        if byRegion[r.acquireToken] == nil { byRegion[r.acquireToken] = heldCode(s, r) }
        let held = byRegion[r.acquireToken]!
        guard let callStatement = held.statements.first(where: { $0.contains(call) }) else { return false }
        if held.statements.count == 1 && isCallOnly(s, callStatement, property: k) { return true }
        if resultBecomesState(s, callStatement, call: call, assignedFrom: held.assignedFrom) { return true }
        // The lock's only job: every acquisition of it calls this callback, and none writes the
        // type's stored state (the lock guards no state of its own).
        let name = s.text(k)
        let key = "\(a.decl) \(name)"
        if let known = cache[key] { return known }
        var only = true
        for other in acquisitions where other.decl == a.decl && other.holds(s) && only {
            var calls = false
            for q in s.span(other.region.start + 1, other.region.end) where s.code[q].kind == .identifier
                && (!s.isChar(q - 1, UInt8(ascii: ".")) || s.isKeyword(q - 2, .self)) {
                if s.is(q, text: name) {
                    calls = calls || s.isChar(q + 1, UInt8(ascii: "(")) || s.isChar(q + 2, UInt8(ascii: "(")) || s.isChar(q + 1, UInt8(ascii: "."))
                        || s.isKeyword(q - 1, .in)
                } else if StateWrites.isDefiniteWrite(s, q) && memberProperty(s, named: s.text(q), at: q) != nil {
                    only = false
                    break
                }
            }
            only = only && calls
        }
        cache[key] = only
        return only
    }

    /// What runs with a region's lock held: its statements, and the names read by the
    /// statements that assign a stored property (`x = v`, `self.x = v + 1`).
    struct HeldCode {
        var statements: [Range<Int>]
        var assignedFrom: Set<String>
    }

    func heldCode(_ s: FileStructure, _ r: LockRegion) -> HeldCode {
        let statements = heldStatements(s, r)
        var names = Set<String>()
        for st in statements {
            var q = st.lowerBound
            if s.isKeyword(q, .self) && s.isChar(q + 1, UInt8(ascii: ".")) { q += 2 }
            guard s.code[q].kind == .identifier, s.isChar(q + 1, UInt8(ascii: "=")), memberProperty(s, named: s.text(q), at: q) != nil else { continue }
            for t in s.span(q + 2, st.upperBound) where s.code[t].kind == .identifier { names.insert(s.text(t)) }
        }
        return HeldCode(statements: statements, assignedFrom: names)
    }

    /// The statements run with the region's lock held, leaving out the lock's own acquire and
    /// release and a `defer` that releases it; statements nested in blocks are part of theirs.
    func heldStatements(_ s: FileStructure, _ r: LockRegion) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var j = r.start + 1
        // A manual acquire may sit inside the region's first tokens: start after its call.
        if r.acquireToken > r.start && r.acquireToken < r.end, s.isChar(r.acquireToken + 1, UInt8(ascii: "(")) {
            j = max(j, Int(s.match[r.acquireToken + 1]) + 1)
        }
        var steps = 0
        while j < r.end && steps < 10_000 {
            steps += 1
            if s.isChar(j, UInt8(ascii: ";")) { j += 1; continue }
            if s.isKeyword(j, .defer), s.isChar(j + 1, UInt8(ascii: "{")), Int(s.match[j + 1]) > j + 1 {
                let close = Int(s.match[j + 1])
                if s.span(j + 2, close).contains(where: { s.code[$0].kind == .identifier && releases(s, $0, lock: r.lock) }) {
                    j = close + 1
                    continue
                }
            }
            let end = max(j + 1, min(s.statementEnd(from: j, limit: r.end), r.end))
            // The release itself (`lock.unlock()`, `pthread_mutex_unlock(&m)`).
            let isRelease = s.span(j, end).contains { s.code[$0].kind == .identifier && s.isChar($0 + 1, UInt8(ascii: "(")) && releases(s, $0, lock: r.lock) }
                && end - j <= 8
            if !isRelease { out.append(j..<end) }
            j = end
        }
        return out
    }

    /// Whether a statement is only the callback call: `callback(x)`, `return self.callback?(x)`,
    /// `try callback(x)`, `_ = callback(x)`, `delegate?.didChange()`, `observers.forEach { … }`,
    /// or a `for … in observers` loop that only calls each element.
    func isCallOnly(_ s: FileStructure, _ statement: Range<Int>, property k: Int) -> Bool {
        var j = statement.lowerBound
        while j < k && (s.isKeyword(j, .return) || s.isKeyword(j, .try) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!"))
                        || s.is(j, "_") || s.isChar(j, UInt8(ascii: "=")) || s.isKeyword(j, .self) || s.isChar(j, UInt8(ascii: "."))) { j += 1 }
        if j == k { return true }
        // `for x in observers { x.notify() }`: the loop is the call.
        if s.isKeyword(statement.lowerBound, .for), s.isKeyword(k - 1, .in), s.isChar(k + 1, UInt8(ascii: "{")) {
            let close = Int(s.match[k + 1])
            return close > k + 1 && !s.span(k + 2, close).contains { StateWrites.isDefiniteWrite(s, $0) && s.code[$0].kind == .identifier }
        }
        return false
    }

    /// Whether the call's result is written to a stored property in the same hold: `x = f()`,
    /// `self.x = f()`, or `let v = f()` with `x = v` / `self.x = v` in the hold (`assignedFrom`).
    func resultBecomesState(_ s: FileStructure, _ statement: Range<Int>, call: Int, assignedFrom: Set<String>) -> Bool {
        var j = statement.lowerBound
        if s.isKeyword(j, .self) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        guard j < call else { return false }
        if s.code[j].kind == .identifier {
            // `x = f()`: a stored property of the type.
            return s.isChar(j + 1, UInt8(ascii: "=")) && memberProperty(s, named: s.text(j), at: j) != nil
        }
        // `let v = f()`, and a stored property assigned from `v` in the hold.
        guard s.isKeyword(j, .let) || s.isKeyword(j, .var), s.code[j + 1].kind == .identifier,
              s.isChar(j + 2, UInt8(ascii: "=")) || s.isChar(j + 2, UInt8(ascii: ":")) else { return false }
        return assignedFrom.contains(s.text(j + 1))
    }

    // MARK: A stored closure that holds the type's own code

    /// Whether stored closure property `d` only ever holds code of its own type: every value
    /// assigned to it in this file (its initial value included) is one of the type's methods
    /// (`self.refresh`, `Self.log`) or a closure written here that calls nothing handed in from
    /// outside (no parameter of the function that builds it, no other callback property), and
    /// no code outside this file can assign it.
    func holdsOwnCode(_ s: FileStructure, _ d: Int) -> Bool {
        let v = s.decls[d]
        guard v.parent >= 0, !(!v.isLet && s.isSettableOutsideFile(v)) else { return false }
        var sources: [Range<Int>] = []
        if !v.initializer.isEmpty { sources.append(v.initializer) }
        for k in s.assignments(of: v.nameText, in: 0..<s.count) where s.compatible(d, with: k) {
            // `name = …` or `self.name = …`, not another value's member.
            if s.isChar(k - 1, UInt8(ascii: ".")) && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
            if !s.isChar(k - 1, UInt8(ascii: ".")), case .variable(let found) = s.lookupVariable(v.nameText, at: k), found != d { continue }
            // From the `=` on, so a closure literal right after it is skipped whole.
            sources.append((k + 2)..<max(k + 2, s.statementEnd(from: k + 1, limit: s.count)))
        }
        guard !sources.isEmpty else { return false }
        let typeName = s.decls[v.parent].nameText
        for r in sources where !isOwnCode(s, r, typeName: typeName) { return false }
        return true
    }

    /// Whether expression `r` is a method of type `typeName` or a closure that calls nothing
    /// handed in from outside.
    func isOwnCode(_ s: FileStructure, _ r: Range<Int>, typeName: String) -> Bool {
        guard let first = r.first else { return false }
        var j = first
        // `self.method`, `Self.method`, `Type.method`, `method`.
        if (s.isKeyword(j, .self) || s.isKeyword(j, .Self) || s.is(j, text: typeName)) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        if j + 1 == r.upperBound, s.code[j].kind == .identifier {
            return s.callableMembers(ofTypeNamed: typeName).contains { s.decls[$0].kind == .function && s.decls[$0].nameText == s.text(j) && s.compatible($0, with: j) }
        }
        // A closure literal (maybe with a capture list).
        guard s.isChar(first, UInt8(ascii: "{")), Int(s.match[first]) == r.upperBound - 1 else { return false }
        let parameters = Set(s.enclosingFunction(of: first).map { s.decls[$0].parameterNames } ?? [])
        for q in s.span(first + 1, r.upperBound - 1) where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) {
            let name = s.text(q)
            let called = s.isChar(q + 1, UInt8(ascii: "(")) || (s.isChar(q + 1, UInt8(ascii: "?")) && s.isChar(q + 2, UInt8(ascii: "(")))
                || (s.isChar(q + 1, UInt8(ascii: ".")) && s.isChar(q + 3, UInt8(ascii: "(")))
            // A closure or object handed in by the caller, called from here.
            if called && parameters.contains(name) { return false }
        }
        return true
    }

    /// The stored property `name` of the type around token `k` (its declaration or an extension of
    /// it in this file), found through the by-name index.
    func memberProperty(_ s: FileStructure, named name: String, at k: Int) -> Int? {
        guard let t = s.enclosingType(of: k) else { return nil }
        let typeName = s.decls[t].nameText
        return s.variableDecls(named: name).first { d in
            let p = s.decls[d].parent
            return p >= 0 && s.decls[p].kind.isType && s.decls[p].kind != .protocol && s.decls[p].nameText == typeName && s.compatible(d, with: k)
        }
    }

    /// What stored property `d` holds, when it can call back (see `CallbackKind`).
    func callbackKind(_ d: Decl, _ context: RuleContext) -> CallbackKind? {
        let s = context.structure
        guard d.kind == .variable, !d.isComputed, d.parent >= 0, s.decls[d.parent].kind.isType, !d.typeAnnotation.isEmpty else { return nil }
        // `let f: (Int) -> Int = { … }`: a closure written in the type itself, its own code.
        if d.isLet && !d.initializer.isEmpty && s.isChar(d.initializer.lowerBound, UInt8(ascii: "{")) { return nil }
        var j = d.typeAnnotation.lowerBound
        let end = d.typeAnnotation.upperBound
        while j < end && s.code[j].kind == .attribute { j += 1 }
        guard j < end else { return nil }
        if s.isChar(j, UInt8(ascii: "[")) {
            let m = Int(s.match[j])
            guard m > j, m < end else { return nil }
            // `[T]` or `[K: T]`: the element (the value of a dictionary).
            var e = j + 1
            var q = j + 1
            while q < m {
                if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) {
                    let mm = Int(s.match[q])
                    if mm > q { q = mm }
                } else if s.isChar(q, UInt8(ascii: ":")) {
                    e = q + 1
                }
                q += 1
            }
            switch elementKind(s, e..<m, context) {
            case .closure?: return .closures
            case .observer(let n)?: return .observers(n)
            default: return nil
            }
        }
        return elementKind(s, j..<end, context)
    }

    /// A closure type (`(T) -> U`, optional) or an existential of a call-back protocol.
    func elementKind(_ s: FileStructure, _ range: Range<Int>, _ context: RuleContext) -> CallbackKind? {
        var j = range.lowerBound
        let end = range.upperBound
        while j < end && s.code[j].kind == .attribute { j += 1 }
        guard j < end else { return nil }
        if s.isChar(j, UInt8(ascii: "(")) {
            // `(T) -> U`, `((T) -> U)?`, `(@Sendable (T) -> U)?`, or `(any P)?`.
            if s.span(j, end).contains(where: { s.is($0, "->") }) { return .closure }
            let m = Int(s.match[j])
            guard m > j else { return nil }
            for q in s.span(m + 1, end) where !(s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { return nil }
            return elementKind(s, (j + 1)..<m, context)
        }
        if s.is(j, "any") { j += 1 }
        guard j < end, s.code[j].kind == .identifier else { return nil }
        for q in s.span(j + 1, end) where !(s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { return nil }
        let name = s.text(j)
        let local = s.typeDecls(named: name, compatibleWith: j).map { s.decls[$0].kind }
        if local.contains(where: { $0 != .protocol && $0 != .extension }) { return nil }
        if local.contains(.protocol) || context.isProtocol(name) { return .observer(name) }
        // A protocol of another module, named as a call-back interface, and no type of the run.
        if Self.callbackSuffixes.contains(where: { name.hasSuffix($0) }) && !context.isKnownType(name) { return .observer(name) }
        return nil
    }

    /// The token to report for a use of callback property at `k`, when it calls into it now.
    func callbackCall(_ s: FileStructure, at k: Int, after: Int, kind: CallbackKind, isCall: Bool, isLoop: Bool) -> Int? {
        switch kind {
        case .closure:
            return isCall ? k : nil
        case .observer:
            // `delegate?.didChange(…)`: a method call, not a property read.
            guard s.isChar(after, UInt8(ascii: ".")), after + 1 < s.count, s.code[after + 1].kind == .identifier,
                  s.isChar(after + 2, UInt8(ascii: "(")) else { return nil }
            return after + 1
        case .closures, .observers:
            if isLoop {
                // `for o in observers { o.notify() }`: the loop body calls each element.
                guard let body = Optional(Int(s.scopeOf[after])), body >= 0, s.scopes[body].open == after else { return nil }
                var f = k - 2
                while f > 0 && !s.isKeyword(f, .for) && k - f < 6 { f -= 1 }
                guard s.isKeyword(f, .for), s.code[f + 1].kind == .identifier, s.isKeyword(f + 2, .in) else { return nil }
                return callsElement(s, body: body, names: [s.text(f + 1)]) ? k : nil
            }
            // `observers.forEach { $0.notify() }` / `handlers.values.forEach { $0(x) }`.
            var m = after
            if s.isChar(m, UInt8(ascii: ".")) && s.is(m + 1, "values") && s.isChar(m + 2, UInt8(ascii: ".")) { m += 2 }
            guard s.isChar(m, UInt8(ascii: ".")), s.is(m + 1, "forEach") else { return nil }
            var open = m + 2
            if s.isChar(open, UInt8(ascii: "(")) && s.isChar(open + 1, UInt8(ascii: "{")) { open += 1 }
            guard s.isChar(open, UInt8(ascii: "{")) else { return nil }
            let sc = Int(s.scopeOf[open])
            guard sc >= 0, s.scopes[sc].open == open, s.scopes[sc].kind == .closure else { return nil }
            let c = s.closures[s.scopes[sc].closure]
            return callsElement(s, body: sc, names: Set(c.parameterNames + ["$0", "$1"])) ? m + 1 : nil
        }
    }

    /// Whether the body calls an element bound to one of `names`: `x(…)`, `x?.m(…)`, `x.m(…)`,
    /// `x.value.m(…)` (a dictionary entry).
    func callsElement(_ s: FileStructure, body: Int, names: Set<String>) -> Bool {
        let sc = s.scopes[body]
        for q in s.span(sc.open + 1, sc.close) where s.code[q].isWord && !s.isChar(q - 1, UInt8(ascii: ".")) && names.contains(s.text(q)) {
            var n = q + 1
            if s.isChar(n, UInt8(ascii: ".")) && (s.is(n + 1, "value") || s.is(n + 1, "1")) { n += 2 }
            if s.isChar(n, UInt8(ascii: "?")) || s.isChar(n, UInt8(ascii: "!")) { n += 1 }
            if s.isChar(n, UInt8(ascii: "(")) && s.code[n].start == s.code[n - 1].end { return true }
            if s.isChar(n, UInt8(ascii: ".")) && s.isChar(n + 2, UInt8(ascii: "(")) { return true }
        }
        return false
    }

    func callbackDiagnostic(_ a: Acquisition, property: String, kind: CallbackKind, call: Int, context: RuleContext) -> Diagnostic {
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

    /// Whether token `t` runs while scope `exec` runs: every closure between them is run on the spot.
    func runsDuring(_ s: FileStructure, _ t: Int, _ exec: Int) -> Bool {
        var sc = Int(s.scopeOf[t])
        while sc >= 0 {
            if sc == exec { return true }
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                guard c.callee >= 0, Self.onTheSpot.contains(s.text(c.callee)) else { return false }
            case .functionBody, .typeBody, .accessorBlock:
                return false
            default:
                break
            }
            sc = scope.parent
        }
        return false
    }

    /// Whether tokens `a` and `b` lie in different cases of one switch or different branches of
    /// one if/else chain (never both on one path).
    func exclusive(_ s: FileStructure, _ a: Int, _ b: Int) -> Bool {
        let chainA = Array(s.enclosingScopes(of: a))
        let chainB = Array(s.enclosingScopes(of: b))
        let setA = Set(chainA)
        guard let lca = chainB.first(where: { setA.contains($0) }) else { return false }
        // The children of the common scope on each side (nil: directly in it).
        let childA = chainA.firstIndex(of: lca).flatMap { $0 > 0 ? chainA[$0 - 1] : nil }
        let childB = chainB.firstIndex(of: lca).flatMap { $0 > 0 ? chainB[$0 - 1] : nil }
        let scope = s.scopes[lca]
        if scope.kind == .statement, scope.statementKeyword >= 0, s.isKeyword(scope.statementKeyword, .switch) {
            return caseLabel(s, before: childA.map { s.scopes[$0].open } ?? a, in: lca)
                != caseLabel(s, before: childB.map { s.scopes[$0].open } ?? b, in: lca)
        }
        guard let ca = childA, let cb = childB, ca != cb else { return false }
        let (first, second) = s.scopes[ca].open < s.scopes[cb].open ? (ca, cb) : (cb, ca)
        guard s.scopes[first].kind == .statement, s.scopes[second].kind == .statement else { return false }
        var j = s.scopes[first].close
        var steps = 0
        while s.isKeyword(j + 1, .else) && steps < 1000 {
            steps += 1
            var next = -1
            if s.isKeyword(j + 2, .if), let body = s.statementBody(of: j + 2) {
                next = body
            } else if s.isChar(j + 2, UInt8(ascii: "{")) {
                next = Int(s.scopeOf[j + 2])
            }
            guard next >= 0 else { return false }
            if next == second { return true }
            j = s.scopes[next].close
        }
        return false
    }

    func caseLabel(_ s: FileStructure, before i: Int, in sw: Int) -> Int {
        var j = i
        while j > s.scopes[sw].open {
            if Int(s.scopeOf[j]) == sw && s.isCaseLabel(j, inSwitch: sw) { return j }
            j -= 1
        }
        return -1
    }

    /// Whether, between a manual acquire at `from` and token `to`, the function calls a method of
    /// this file that releases `lock` before taking it (the lock is handed over).
    func handedOver(_ s: FileStructure, from: Int, to: Int, lock: String) -> Bool {
        var k = from + 1
        while k < to {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")),
                  !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) else { continue }
            let name = s.text(k)
            for f in s.functionDecls(named: name) where s.decls[f].body >= 0 && s.compatible(f, with: k) {
                let body = s.scopes[s.decls[f].body]
                var q = body.open + 1
                while q < body.close {
                    if s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "(")) {
                        if releases(s, q, lock: lock) { return true }
                        if (s.is(q, "lock") || s.is(q, "withLock")) && s.isChar(q - 1, UInt8(ascii: ".")) { break }
                    }
                    q += 1
                }
            }
        }
        return false
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

    struct Member {
        var decl: Int
        var name: String
        /// Body scope (function body or accessor block).
        var body: Int
        var isProperty: Bool
        var labels: [(label: String, hasDefault: Bool)]
    }

    struct Step {
        var call: Int
        var member: Int
    }

    func viaCalls(_ acquisitions: [Acquisition], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        // Lock properties of a type: acquisitions of a member lock.
        let memberLocks = acquisitions.filter { a in
            let p = s.decls[a.decl].parent
            return p >= 0 && s.decls[p].kind.isType
        }
        guard !memberLocks.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var membersByType: [String: [Member]] = [:]
        var namesByType: [String: [String: [Int]]] = [:]
        let blockingByDecl = Dictionary(grouping: acquisitions.filter(\.blocking), by: \.decl)
            .mapValues { $0.sorted { $0.region.acquireToken < $1.region.acquireToken } }
        var chains: [String: [Int: (steps: [Step], acquire: Int)?]] = [:]
        for outer in memberLocks where outer.holds(s) {
            let r = outer.region
            guard let typeDecl = enclosingTypeDecl(s, r.acquireToken) else { continue }
            let typeName = s.decls[typeDecl].nameText
            let ownerName = s.decls[s.decls[outer.decl].parent].nameText
            guard typeName == ownerName else { continue }
            let members = membersByType[typeName] ?? collectMembers(typeName, s)
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
                guard let callees = calledMembers(s, k, members, byName) ?? keyPathMembers(s, k, members),
                      runsDuring(s, k, r.executable) else { continue }
                var found: (steps: [Step], acquire: Int)? = nil
                for m in callees {
                    let key = "\(lockDecl)"
                    if let cached = chains[key]?[m] {
                        found = cached.map { ([Step(call: k, member: m)] + $0.steps, $0.acquire) }
                    } else {
                        var visiting = Set<Int>()
                        let chain = acquiresTransitively(m, members: members, byName: byName, acquisitions: mine, s: s, depth: 0, visiting: &visiting)
                        chains[key, default: [:]][m] = chain
                        found = chain.map { ([Step(call: k, member: m)] + $0.steps, $0.acquire) }
                    }
                    if found != nil { break }
                }
                guard let chain = found, reported.insert(k).inserted else { continue }
                out.append(callDiagnostic(outer: outer, chain: chain, members: members, context: context))
            }
        }
        return out
    }

    /// For `self[keyPath: kp]` at the `keyPath` label `k`: the computed properties the key path
    /// may read (the one named by a literal `\.name`, else every computed property of the type).
    func keyPathMembers(_ s: FileStructure, _ k: Int, _ members: [Member]) -> [Int]? {
        guard s.is(k, "keyPath"), s.isChar(k + 1, UInt8(ascii: ":")), s.isChar(k - 1, UInt8(ascii: "[")),
              s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { return nil }
        let close = Int(s.match[k - 1])
        guard close > k + 2 else { return nil }
        // `\.name` or `\Type.name`: that property only.
        var named: String? = nil
        if s.is(k + 2, "\\") {
            var j = k + 3
            if s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) { j += 1 }
            if s.isChar(j, UInt8(ascii: ".")) && s.code[j + 1].kind == .identifier { named = s.text(j + 1) }
            guard named != nil else { return nil }
        }
        let out = members.indices.filter { members[$0].isProperty && (named == nil || members[$0].name == named) }
        return out.isEmpty ? nil : out
    }

    func enclosingTypeDecl(_ s: FileStructure, _ i: Int) -> Int? {
        s.enclosingType(of: i)
    }

    /// Methods and computed properties of type `name` (its declaration and extensions in this file).
    func collectMembers(_ name: String, _ s: FileStructure) -> [Member] {
        s.callableMembers(ofTypeNamed: name).map { c in
            let m = s.decls[c]
            let isProperty = m.kind == .variable
            // A property with explicit accessors: reading it (and `x += 1`) runs its getter.
            var body = m.body
            if isProperty, let get = s.children[c].first(where: { s.decls[$0].kind == .accessor && s.decls[$0].nameText == "get" }),
               s.decls[get].body >= 0 {
                body = s.decls[get].body
            }
            return Member(decl: c, name: m.nameText, body: body, isProperty: isProperty, labels: isProperty ? [] : parameterLabels(s, m))
        }
    }

    /// The argument labels of a function's parameters, and whether each has a default.
    func parameterLabels(_ s: FileStructure, _ d: Decl) -> [(label: String, hasDefault: Bool)] {
        var j = d.typeAnnotation.lowerBound
        while j < d.typeAnnotation.upperBound && !s.isChar(j, UInt8(ascii: "(")) {
            if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: "<") {
                // Generic parameters: skip to the closing `>`.
                var depth = 0
                while j < d.typeAnnotation.upperBound {
                    if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: "<") { depth += 1 }
                    if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: ">") { depth -= s.code[j].length; if depth <= 0 { break } }
                    j += 1
                }
            }
            j += 1
        }
        guard s.isChar(j, UInt8(ascii: "(")) else { return [] }
        let close = Int(s.match[j])
        guard close > j else { return [] }
        var out: [(label: String, hasDefault: Bool)] = []
        var segStart = j + 1
        var k = j + 1
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                if k > segStart {
                    var colon = segStart
                    while colon < k && !s.isChar(colon, UInt8(ascii: ":")) { colon += 1 }
                    var hasDefault = false
                    var q = colon
                    while q < k {
                        if s.isChar(q, UInt8(ascii: "=")) { hasDefault = true }
                        if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) {
                            let m = Int(s.match[q])
                            if m > q { q = m }
                        }
                        q += 1
                    }
                    var first = segStart
                    while first < colon && s.code[first].kind == .attribute { first += 1 }
                    let label = colon > first ? s.text(first) : "_"
                    out.append((label, hasDefault))
                }
                segStart = k + 1
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return out
    }

    /// The call's argument labels (`_` for an unlabelled one, `{` for a trailing closure).
    func argumentLabels(_ s: FileStructure, _ k: Int) -> [String] {
        var out: [String] = []
        var j = k + 1
        if s.isChar(j, UInt8(ascii: "(")) {
            let close = Int(s.match[j])
            guard close > j else { return out }
            var segStart = j + 1
            var q = j + 1
            while q <= close {
                if q == close || s.isChar(q, UInt8(ascii: ",")) {
                    if q > segStart {
                        out.append(s.code[segStart].isWord && s.isChar(segStart + 1, UInt8(ascii: ":")) ? s.text(segStart) : "_")
                    }
                    segStart = q + 1
                } else if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) || s.isChar(q, UInt8(ascii: "{")) {
                    let m = Int(s.match[q])
                    if m > q { q = m }
                }
                q += 1
            }
            j = close + 1
        }
        while s.isChar(j, UInt8(ascii: "{")) && !s.code[j].flags.contains(.newlineBefore) {
            out.append("{")
            let m = Int(s.match[j])
            guard m > j else { break }
            j = m + 1
            if j < s.code.count && s.code[j].isWord && s.isChar(j + 1, UInt8(ascii: ":")) && s.isChar(j + 2, UInt8(ascii: "{")) { j += 2 }
        }
        return out
    }

    func labelsMatch(_ call: [String], _ params: [(label: String, hasDefault: Bool)]) -> Bool {
        var i = 0
        for p in params {
            if i < call.count && (call[i] == p.label || call[i] == "{") {
                i += 1
            } else if !p.hasDefault {
                return false
            }
        }
        return i == call.count
    }

    /// The members of the type that token `k` calls on `self` (`name(…)`, `self.name(…)`, a
    /// computed property read `name` / `self.name`).
    func calledMembers(_ s: FileStructure, _ k: Int, _ members: [Member], _ byName: [String: [Int]]) -> [Int]? {
        let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
        guard onSelf, !s.isKeyword(k - 1, .func), !s.isKeyword(k - 1, .var), !s.isKeyword(k - 1, .let) else { return nil }
        var out: [Int] = []
        let isCall = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "{")) && !s.code[k + 1].flags.contains(.newlineBefore))
        var labels: [String]? = nil
        // Only the members of this name (found through the index, not by comparing with every member).
        guard let candidates = byName[s.text(k)] else { return nil }
        for n in candidates {
            let m = members[n]
            // A member of a twin type in another branch of an `#if` is not this type's.
            if !s.compatible(m.decl, with: k) { continue }
            // A parameter, local or closure parameter of that name hides the member.
            if isShadowed(s, k, m.name) { continue }
            if m.isProperty {
                // A read, not a call, not an assignment target, not a label.
                if isCall || s.isChar(k + 1, UInt8(ascii: ":")) { continue }
                out.append(n)
            } else {
                guard isCall else { continue }
                if labels == nil { labels = argumentLabels(s, k) }
                if labelsMatch(labels!, m.labels) { out.append(n) }
            }
        }
        return out.isEmpty ? nil : out
    }

    /// Whether a local binding, parameter or closure parameter named `name` is visible at `k`.
    func isShadowed(_ s: FileStructure, _ k: Int, _ name: String) -> Bool {
        guard !s.isChar(k - 1, UInt8(ascii: ".")) else { return false }
        guard let f = s.enclosingFunction(of: k) else { return false }
        if s.decls[f].parameterNames.contains(name) { return true }
        let body = s.decls[f].body
        guard body >= 0 else { return false }
        return s.binds(name, in: s.span(s.scopes[body].open, k))
    }

    /// A chain of calls from member `m` to an acquisition of the lock, or nil.
    func acquiresTransitively(_ m: Int, members: [Member], byName: [String: [Int]], acquisitions: [Acquisition], s: FileStructure, depth: Int,
                              visiting: inout Set<Int>) -> (steps: [Step], acquire: Int)? {
        guard depth < 8, visiting.insert(m).inserted else { return nil }
        let body = s.scopes[members[m].body]
        var firstAcquire = -1
        // The acquisitions are in token order (see `viaCalls`): the first one in the body that runs
        // with it, found by binary search rather than by looking at every acquisition.
        var lo = 0
        var hi = acquisitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if acquisitions[mid].region.acquireToken <= body.open { lo = mid + 1 } else { hi = mid }
        }
        while lo < acquisitions.count && acquisitions[lo].region.acquireToken < body.close {
            if runsDuring(s, acquisitions[lo].region.acquireToken, members[m].body) {
                firstAcquire = acquisitions[lo].region.acquireToken
                break
            }
            lo += 1
        }
        // A member that gives the lock back first (`releaseLockThenNotify()`) is called with it
        // held on purpose.
        let lock = acquisitions.first?.region.lock ?? ""
        var k0 = body.open + 1
        let limit = firstAcquire >= 0 ? firstAcquire : body.close
        while k0 < limit {
            if s.code[k0].kind == .identifier && s.isChar(k0 + 1, UInt8(ascii: "(")) && releases(s, k0, lock: lock) { return nil }
            k0 += 1
        }
        if firstAcquire >= 0 { return ([], firstAcquire) }
        var k = body.open + 1
        while k < body.close {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, let callees = calledMembers(s, k, members, byName), runsDuring(s, k, members[m].body) else { continue }
            for c in callees where c != m {
                if let chain = acquiresTransitively(c, members: members, byName: byName, acquisitions: acquisitions, s: s, depth: depth + 1, visiting: &visiting) {
                    return ([Step(call: k, member: c)] + chain.steps, chain.acquire)
                }
            }
        }
        return nil
    }

    /// Whether the call named at `k` releases `lock` (`lock.unlock()`, `pthread_mutex_unlock(&lock)`).
    func releases(_ s: FileStructure, _ k: Int, lock: String) -> Bool {
        let name = s.text(k)
        guard name == "unlock" || name.hasSuffix("_unlock") || name == "objc_sync_exit" else { return false }
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            var q = k - 2
            while q >= 0 && (s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { q -= 1 }
            let last = lock.split(separator: ".").last.map(String.init) ?? lock
            return q >= 0 && s.text(q) == last
        }
        let close = Int(s.match[k + 1])
        return close > k && LockRegions.normalized(s.text(s.span(k + 2, close)).filter { $0 != "&" }) == lock
    }

    func callDiagnostic(outer: Acquisition, chain: (steps: [Step], acquire: Int), members: [Member], context: RuleContext) -> Diagnostic {
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

/// Whether a manual acquire blocks until it has the lock: not `tryLock()`, not a timed
/// `lock(before:)` / `lock(whenValue:timeoutSeconds:)`, not an `if`/`guard`/`while` condition.
enum BlockingAcquire {
    static func check(_ s: FileStructure, _ a: Int) -> Bool {
        if s.is(a, "tryLock") || s.is(a, "try") { return false }
        let close = Int(s.match[a + 1])
        if close > a {
            for k in s.span(a + 2, close) where (s.is(k, "before") || s.is(k, "timeoutSeconds")) && s.isChar(k + 1, UInt8(ascii: ":")) { return false }
        }
        var j = a - 1
        while j >= 0 && (s.code[j].isWord || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: "!"))) {
            if s.isKeyword(j, .if) || s.isKeyword(j, .guard) || s.isKeyword(j, .while) { return false }
            if s.code[j].kind == .keyword && s.code[j].word != .self { break }
            j -= 1
        }
        return true
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
