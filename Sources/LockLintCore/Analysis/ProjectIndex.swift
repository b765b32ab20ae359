/// What one type is across the whole project: collected from every file's declarations and
/// extensions in a first pass, so a rule can see an actor extended in another file, or a class
/// made `@unchecked Sendable` by an extension elsewhere.
public struct TypeFacts: Sendable, Equatable {
    public var isClass = false
    public var isActor = false
    public var isStruct = false
    public var isEnum = false
    public var isProtocol = false
    public var isFinal = false
    public var isUncheckedSendable = false
    /// Isolated to a global actor (`@MainActor class …`): its state is protected by that actor.
    public var isGlobalActorIsolated = false
    /// Declared `@MainActor` in its own declaration (not an extension's): every member of it,
    /// in any file, runs on the main actor.
    public var isDeclaredMainActor = false
    /// Made `@unchecked Sendable` by an extension (not only by a declaration of this name).
    public var uncheckedViaExtension = false
    /// Some subclass in the run restates `@unchecked Sendable` (Swift 6 requires it): the
    /// subclass's author reviewed the promise for their own state.
    public var hasRestatingSubclass = false
    /// Some subclass in the run does not restate it (it inherits the promise silently).
    public var hasSilentSubclass = false
    /// Mutable stored instance properties (`var`, not computed), sorted.
    public var storedVars: [String] = []
    /// For a struct with exactly one stored instance property (`var` or `let`): its name, else "".
    /// Setting that member of a value replaces all it holds.
    public var onlyStoredMember = ""
    /// For a protocol: the names of the properties it requires, sorted.
    public var requiredVars: [String] = []
    /// The declared types of a class's stored instance `var`s, as `name=Type` (the type's own
    /// name, without generic arguments or optionality), sorted: what a call through the var
    /// may change (see `ValueMutations`).
    public var storedVarTypes: [String] = []
    /// Stored properties that are locks, sorted.
    public var lockProperties: [String] = []
    /// Stored properties that are serial dispatch queues or event loops, sorted.
    public var queueProperties: [String] = []
    /// Stored properties that are concurrent dispatch queues (reader-writer), sorted.
    public var readerWriterQueues: [String] = []
    /// Queue properties the type does not make itself (handed in through an initializer or
    /// set from outside), sorted.
    public var handedInQueues: [String] = []
    /// Lock properties that keep their state inside (Mutex<State>, NIOLockedValueBox): they
    /// guard their own value, not the type's other properties.
    public var valueBoxes: [String] = []
    /// Queue properties that are SwiftNIO event loops.
    public var eventLoops: [String] = []
    /// Queue properties that are OperationQueues (their work goes on with addOperation, not
    /// async or sync), sorted.
    public var operationQueues: [String] = []
    /// Some declaration or extension asserts that the type runs on one thread or event loop
    /// (`assertInEventLoop`, `dispatchPrecondition`, a NIO channel handler, …).
    public var isLoopConfined = false
    /// It conforms directly to a SwiftNIO channel-handler protocol (for a protocol: refines one).
    /// With the types it inherits from or conforms to (see `RuleContext.isChannelHandler`):
    /// the channel calls each of its methods on the channel's event loop.
    public var isChannelHandler = false
    /// The type is a lock of the project's own: it implements `lock()`/`unlock()`, or owns a
    /// lock or serial queue and offers methods that run a closure (`perform {}`, `mutate {}`,
    /// `read {}`); an extension of a lock type that adds such methods counts for that type.
    public var isLockWrapper = false
    /// The closure-running methods of such a lock, sorted: their closures run with it held.
    public var lockScopedMethods: [String] = []
    /// Closure-running methods that hand their closure to a closure method of a stored property,
    /// as `method=Type.inner`, sorted (see `LockWrappers.delegations`).
    public var closureDelegates: [String] = []
    /// Methods that hand their closure parameter to a dispatch queue it stores (`queue.async {
    /// body() }`, `queue.async(execute: body)`), as `method=s` (a serial queue it makes: its
    /// blocks run one at a time), `method=c` (a concurrent or global queue: no guard) or
    /// `method=?` (a queue handed in: it cannot tell), sorted (see `QueueHandOffs`).
    public var queueHandOffs: [String] = []
    /// A closure method of the type passes one of its stored properties to its closure
    /// (`body(&value)`, `body(graph)`): a box whose closures guard that value (see
    /// `LockWrappers.handsStateToClosure`).
    public var handsStateToClosure = false
    /// Closure-running methods of such a lock that run the closure in a plain (not barrier) block
    /// of a concurrent queue: they share the lock with other readers, so a write needs another.
    public var readerMethods: [String] = []
    /// The superclass named first in the declaration ("" when none is written); for a protocol,
    /// the first protocol it refines.
    public var superclass = ""
    /// An executor or event loop: it conforms to (or, for a protocol, refines) `EventLoop`,
    /// `SerialExecutor`, … directly; its own work runs serially.
    public var isExecutor = false
    /// Its code holds a guard of its own somewhere (a lock, a serial queue, a possible guard),
    /// or it stores a lock or queue: the guard inference looks at its state.
    public var usesGuards = false
    /// Its methods that run their closure parameter under one of its locks, as
    /// `method=lock`, sorted.
    public var ownWrappers: [String] = []
    /// The types it conforms to or inherits from, as written (for protocols' implementations).
    public var conformances: [String] = []
    /// For a typealias: the type it names ("" otherwise).
    public var aliasOf = ""
    /// For a typealias: the types every declaration of it names (one per `#if` branch or
    /// file), sorted.
    public var aliasTargets: [String] = []
    /// What its `lock()` methods do: bit 1, some takes a real lock (an acquire, a withLock-style
    /// call, a queue's sync); bit 2, some takes none (it sets state: a pause, a domain action).
    public var lockImplementations: UInt8 = 0

    /// What its `lock()` methods do, as bits 1 and 2 of `lockImplementations`: a type whose
    /// `lock()` has no zero-argument `unlock()` beside it on the type (its declaration and
    /// extensions), and which inherits none from a lock it names, is not a mutex (bit 2 alone).
    public var lockBehaviour: UInt8 {
        let bits = lockImplementations & 3
        guard bits != 0, lockImplementations & 4 == 0 else { return bits }
        let vocabulary = LockVocabulary.default
        if conformances.contains(where: { $0 == "NSLocking" || $0.hasSuffix("Locking") || vocabulary.looksLikeLock($0) }) { return bits }
        if !superclass.isEmpty && vocabulary.looksLikeLock(superclass) { return bits }
        return 2
    }
    /// Its methods that assert an executor in their body, as `method=q:queue`, `method=l:loop`
    /// or `method=m` (the main actor), sorted.
    public var assertingMethods: [String] = []
    /// The queue-specific keys its code sets on a queue, as `key=queue`, sorted (see
    /// `GuardRegions.specificKeys`): `getSpecific` of that key, in any of its files, tests for it.
    public var specificKeys: [String] = []
    /// Members holding a Core Data context whose `perform { }` runs on the main queue (see
    /// `MainQueueContexts`), and members holding a context of another kind, sorted.
    public var mainQueueContexts: [String] = []
    public var otherContexts: [String] = []
    /// Its methods declared `mutating` (in the type, its extensions or a protocol), sorted: a
    /// call of one through a variable writes the variable.
    public var mutatingMethods: [String] = []
    /// Its instance methods, what each reaches before it returns, and what its stored properties
    /// hold, as encoded by `SyncCallbacks.entries` (`m`, `m!`, `m>T`, `m@x`, `@x!`, `@x=T`), sorted;
    /// kept only for types that name an inherited type, and extensions.
    public var syncCallbacks: [String] = []
    /// A protocol only classes can adopt (`: AnyObject`, `: class`, `: NSObjectProtocol`, `: Actor`).
    public var isClassBound = false
    /// The kinds of its declarations outside any `#if` (a bit per `DeclKind` raw value).
    public var unconditionalKinds: UInt16 = 0
    /// Its declarations inside `#if` branches, as `keyword:` and the conditions the branch
    /// assumes (`actor:+canImport(Synchronization)`, `class:-canImport(Synchronization)`), sorted:
    /// a question asked from code in a branch sees only the declarations compiled with it (a
    /// twin in another branch is another type).
    public var conditionalDeclarations: [String] = []

    public init() {}

    /// The type is declared more than once (not counting extensions): twins in the branches of an
    /// `#if`, which may differ in kind, conformances and state.
    public var hasTwins: Bool {
        let unconditional = (unconditionalKinds & ~(1 << UInt16(DeclKind.extension.rawValue))).nonzeroBitCount
        let conditional = conditionalDeclarations.filter { !$0.hasPrefix("extension:") }.count
        return unconditional + conditional > 1
    }

    /// Whether some declaration of kind `kind` can be compiled with code that assumes the `#if`
    /// conditions `assumes` (see `conditionalDeclarations`).
    public func declares(_ kind: DeclKind, compiledWith assumes: [String]) -> Bool {
        if unconditionalKinds & (1 << UInt16(kind.rawValue)) != 0 { return true }
        let prefix = kind.keyword + ":"
        return conditionalDeclarations.contains { entry in
            guard entry.hasPrefix(prefix) else { return false }
            return !entry.dropFirst(prefix.count).split(separator: ";").contains { c in
                assumes.contains((c.hasPrefix("+") ? "-" : "+") + c.dropFirst())
            }
        }
    }

    mutating func merge(_ o: TypeFacts) {
        isClass = isClass || o.isClass
        isActor = isActor || o.isActor
        isStruct = isStruct || o.isStruct
        isEnum = isEnum || o.isEnum
        isProtocol = isProtocol || o.isProtocol
        isFinal = isFinal || o.isFinal
        isUncheckedSendable = isUncheckedSendable || o.isUncheckedSendable
        isGlobalActorIsolated = isGlobalActorIsolated || o.isGlobalActorIsolated
        isDeclaredMainActor = isDeclaredMainActor || o.isDeclaredMainActor
        uncheckedViaExtension = uncheckedViaExtension || o.uncheckedViaExtension
        hasRestatingSubclass = hasRestatingSubclass || o.hasRestatingSubclass
        hasSilentSubclass = hasSilentSubclass || o.hasSilentSubclass
        isLoopConfined = isLoopConfined || o.isLoopConfined
        isChannelHandler = isChannelHandler || o.isChannelHandler
        isLockWrapper = isLockWrapper || o.isLockWrapper
        Self.union(&lockScopedMethods, o.lockScopedMethods)
        Self.union(&closureDelegates, o.closureDelegates)
        Self.union(&queueHandOffs, o.queueHandOffs)
        handsStateToClosure = handsStateToClosure || o.handsStateToClosure
        Self.union(&readerMethods, o.readerMethods)
        if superclass.isEmpty { superclass = o.superclass }
        isExecutor = isExecutor || o.isExecutor
        usesGuards = usesGuards || o.usesGuards
        Self.union(&ownWrappers, o.ownWrappers)
        Self.union(&conformances, o.conformances)
        lockImplementations |= o.lockImplementations
        Self.union(&assertingMethods, o.assertingMethods)
        Self.union(&specificKeys, o.specificKeys)
        Self.union(&mainQueueContexts, o.mainQueueContexts)
        Self.union(&otherContexts, o.otherContexts)
        Self.union(&mutatingMethods, o.mutatingMethods)
        Self.union(&syncCallbacks, o.syncCallbacks)
        isClassBound = isClassBound || o.isClassBound
        unconditionalKinds |= o.unconditionalKinds
        Self.union(&conditionalDeclarations, o.conditionalDeclarations)
        if aliasOf.isEmpty { aliasOf = o.aliasOf }
        Self.union(&aliasTargets, o.aliasTargets)
        if onlyStoredMember.isEmpty { onlyStoredMember = o.onlyStoredMember }
        Self.union(&storedVars, o.storedVars)
        Self.union(&requiredVars, o.requiredVars)
        Self.union(&storedVarTypes, o.storedVarTypes)
        Self.union(&lockProperties, o.lockProperties)
        Self.union(&queueProperties, o.queueProperties)
        Self.union(&readerWriterQueues, o.readerWriterQueues)
        Self.union(&handedInQueues, o.handedInQueues)
        Self.union(&valueBoxes, o.valueBoxes)
        Self.union(&eventLoops, o.eventLoops)
        Self.union(&operationQueues, o.operationQueues)
    }

    /// Sorted-set union of two sorted arrays (most merges have an empty side).
    static func union(_ a: inout [String], _ b: [String]) {
        if b.isEmpty { return }
        if a.isEmpty { a = b; return }
        a = Array(Set(a).union(b)).sorted()
    }
}

public struct ProjectIndex: Sendable {
    /// module → type name → facts.
    public internal(set) var modules: [String: [String: TypeFacts]] = [:]
    /// Type name → the modules whose facts hold that name, in the order they were filed: a
    /// question about a name across modules looks at those modules only, not at every module
    /// of the run (kept with `modules` by every change to it).
    public internal(set) var modulesNaming: [String: [String]] = [:]
    /// The order in which the run's code takes its locks.
    public internal(set) var lockGraph = LockGraph()
    /// The graph's inversions by the path where each is reported (worked out by `finish()`).
    public internal(set) var lockInversions: [String: [LockGraph.Inversion]] = [:]
    /// `outer|inner` → the first place the run takes lock `inner` while it holds `outer` (keys
    /// as the lock graph writes them), for fix-its that would add a lock.
    public internal(set) var lockOrders: [String: LockGraph.Edge] = [:]
    /// `module::Type` → properties changed through a getter and a setter that lock separately.
    public internal(set) var splitProperties: [String: [String: LockGraph.SplitAccessor]] = [:]
    /// `module::Type` → its members that take a lock on their own (see `LockGraph.LockingMember`).
    public internal(set) var lockingMembers: [String: [String: LockGraph.LockingMember]] = [:]
    /// module → the name of a member that locks, of any type → the types with a member of that
    /// name that locks (see `lockingMembers`).
    public internal(set) var lockingMemberNames: [String: [String: [String]]] = [:]
    /// The name of a member that locks → the modules of `lockingMemberNames` that hold it: a
    /// question about a name across modules looks at those modules only (kept with
    /// `lockingMemberNames`).
    public internal(set) var lockingMemberModules: [String: [String]] = [:]
    /// `module::Type` → path → what that file says about the class's state and guards.
    public internal(set) var guardLogs: [String: [String: TypeGuardLog]] = [:]
    /// The guard inference's findings by path (worked out by `finishGuards()`).
    public internal(set) var guardFindings: [String: [GuardFinding]] = [:]
    /// module → protocol → the closure methods its implementations in the run hold a lock in
    /// (worked out by `finish()`).
    public internal(set) var protocolWrappers: [String: [String: [String]]] = [:]
    /// Module → protocol → the queue hand-offs of its implementations in the run (see
    /// `TypeFacts.queueHandOffs`).
    public internal(set) var protocolHandOffs: [String: [String: [String]]] = [:]
    /// module → protocol → the methods that every implementation in the run declares and none
    /// can call back from before it returns (see `SyncCallbacks`); absent when the protocol has
    /// no implementation in the run (worked out by `finish()`).
    public internal(set) var protocolQuietMethods: [String: [String: Set<String>]] = [:]
    /// module → protocol → the kinds of its implementations in the run (worked out by
    /// `finish()`): bit 1, some is a class or actor; bit 2, some is a struct or enum.
    public internal(set) var protocolConformerKinds: [String: [String: UInt8]] = [:]
    /// module → protocol → what its conformers' `lock()` methods do (see `TypeFacts.lockImplementations`).
    public internal(set) var protocolLockImplementations: [String: [String: UInt8]] = [:]
    /// module → member names that test code calls (or touches) from concurrent closures.
    public internal(set) var testConcurrentNames: [String: [String]] = [:]
    /// Functions of the run's test code taking a closure that return after the work they start
    /// → the functions they hand closures to; and those that leave work running. Across modules:
    /// test targets share their support code.
    public internal(set) var testJoining: [String: [String]] = [:]
    public internal(set) var testNotJoining: [String] = []
    /// module → type → methods called on fresh instances before they are shared (set-up).
    public internal(set) var setupCalls: [String: [String: [String]]] = [:]
    /// module → member names its code assigns through another reference than `self`
    /// (`conn.queue = q`): a stored var of such a name may be set from outside its class (in
    /// any module: tests set what their library declares).
    public internal(set) var assignedThroughOthers: [String: [String]] = [:]
    /// module → member names its code locks through another reference than `self`
    /// (`GuardLogExtractor.throughOthers`): only a class's own module's count (by name, a
    /// common one such as `lock` would otherwise reach every package of the run).
    public internal(set) var lockedThroughOthers: [String: [String]] = [:]
    /// type name → uses of its members through references to its instances (see
    /// `GuardLogExtractor.outsideCalls`), across modules: a library's callers are in other targets.
    public internal(set) var outsideCalls: [String: [OutsideCall]] = [:]
    /// Where the run calls observers and the closures its types keep (see `ObserverDelivery`).
    public internal(set) var observerDelivery = ObserverDelivery.Table()
    /// module → serial or concurrent queues declared at file level (`let q = DispatchQueue(…)`).
    public internal(set) var globalQueues: [String: [String: GuardKind]] = [:]
    /// Module → free function → the argument label of the lock it runs its closure under
    /// (`func execute<R>(in lock: NSLock, block: () throws -> R)`: "in"; "_" for an unlabelled
    /// one), see `LockWrappers.lockArgument`.
    public internal(set) var lockArgumentFunctions: [String: [String: String]] = [:]
    /// Module → function name → whether every function of that name in the run whose last
    /// parameter is a closure types it `@MainActor` (`static func onMain(execute work: @MainActor
    /// () -> Void)`): the closure handed there runs on the main actor, as its type says.
    public internal(set) var mainActorClosureFunctions: [String: [String: Bool]] = [:]
    /// Module → function name → the run's functions of that name that take an `inout`
    /// parameter, with the guard they touch it under (see `InoutGuards`).
    public internal(set) var inoutGuardFunctions: [String: [String: [String]]] = [:]
    /// module → function name → how many files of the run call a function of that name in an
    /// `await` (or `async let`): who may be waiting for an async function to finish.
    public internal(set) var awaitedNames: [String: [String: Int]] = [:]
    /// module → lock type → how many files of the run call `withLock` on a variable of that type
    /// (`state.withLock { }` on a `Mutex<…>`): the module already uses that API.
    public internal(set) var withLockTypes: [String: [String: Int]] = [:]
    /// module → function name → how many files of the run await a call of that name other than
    /// as the last step of a `Task { }` nobody keeps (see `TaskTails.namesAwaitedBeyondUnkeptTasks`).
    public internal(set) var awaitedOtherwise: [String: [String: Int]] = [:]
    /// module → callee name → where the run awaits calls of that name (see `SerialCallSites`).
    public internal(set) var serialCallSites: [String: [String: [String]]] = [:]
    /// module → what its files write of variables other files declare (see `StateWrites`).
    public internal(set) var stateWrites: [String: StateWrites] = [:]

    /// Member name → whether the run's members of that name hold a main-queue Core Data context
    /// (true) or some holds a context of another kind (false); across modules (worked out by
    /// `finish()`, see `MainQueueContexts`).
    public internal(set) var contextMembers: [String: Bool] = [:]

    public init() {}

    /// The guard inference's findings per class (`module::Type`), kept so that a later finish
    /// works out again only the classes whose logs changed.
    var guardFindingsByType: [String: [GuardFinding]] = [:]
    /// Classes whose logs changed since the last finish (nil: all of them).
    var dirtyGuardTypes: Set<String>? = nil

    /// Runs the guard inference over every file's logs (after the last merge of them): again
    /// only for the classes whose logs changed since the last run.
    public mutating func finishGuards() {
        var types = dirtyGuardTypes.map { Array($0) } ?? Array(guardLogs.keys)
        // Across modules: a test target sets what its library declares, and the reverse.
        let assigned = Set(assignedThroughOthers.values.joined())
        let locked = lockedThroughOthers
        let referenceNames = guardReferenceNames()
        // Classes declared under `#if` conditions: every key of the type is judged again, together.
        let variants = guardVariantGroups()
        if !variants.isEmpty {
            var bases: Set<String> = []
            types = types.filter { key in
                let base = String(GuardLogExtractor.splitVariant(key).base)
                guard variants[base] != nil else { return true }
                bases.insert(base)
                return false
            }
            for base in bases.sorted() { judgeVariants(variants[base]!, assigned: assigned, locked: locked, referenceNames: referenceNames) }
        }
        // A class is judged with its superclasses' code in the run: one whose superclass changed
        // is judged again.
        let parents = guardParents()
        if dirtyGuardTypes != nil {
            var more = Set(types)
            for key in guardLogs.keys where !more.contains(key) {
                var up = parents[key]
                var steps = 0
                while let p = up, steps < Self.ancestorDepth {
                    if more.contains(p) { more.insert(key); break }
                    up = parents[p]
                    steps += 1
                }
            }
            types = Array(more)
        }
        for key in types {
            if let logs = guardLogs[key] {
                var ancestors: [(name: String, logs: [String: TypeGuardLog])] = []
                var up = parents[key]
                while let p = up, ancestors.count < Self.ancestorDepth, p != key, let l = guardLogs[p] {
                    ancestors.append((String(p.split(separator: ":").last?.split(separator: ".").last ?? ""), l))
                    up = parents[p]
                }
                let declaring = Self.declaringPaths(logs)
                guard declaring.count > 1 else {
                    guardFindingsByType[key] = GuardInference.findings(key: key, logs: logs, setupCalls: setupCalls, assigned: assigned, locked: locked, outsideCalls: outsideCalls,
                                                                       delivery: observerDelivery, testConcurrentNames: testConcurrentNames,
                                                                       testJoining: testJoining, testNotJoining: testNotJoining,
                                                                       ancestors: ancestors, referenceNames: referenceNames)
                    continue
                }
                // One name declared by more than one file of a module, outside any `#if`: the
                // compiler rejects a redeclaration, so these are two classes (of builds or targets
                // the run does not tell apart). Each is judged with its own file's code alone; the
                // code of its extensions in other files, which the tool cannot give to either, and
                // uses through references to the name are left out, and when such an extension
                // exists, the tool cannot tell what guards either class and says nothing.
                guard declaring.count == logs.count else { guardFindingsByType[key] = []; continue }
                guardFindingsByType[key] = declaring.flatMap { p in
                    // The superclass chain found for the name is this declaration's only when it
                    // names the same superclass.
                    let sup = logs[p]?.classRecord?.superclass.split(separator: ".").last.map(String.init)
                    return GuardInference.findings(key: key, logs: [p: logs[p]!], setupCalls: setupCalls, assigned: assigned, locked: locked,
                                                   delivery: observerDelivery, testConcurrentNames: testConcurrentNames, testJoining: testJoining, testNotJoining: testNotJoining,
                                                   ancestors: sup != nil && sup == ancestors.first?.name ? ancestors : [])
                }
            } else {
                guardFindingsByType[key] = nil
            }
        }
        dirtyGuardTypes = []
        var out: [String: [GuardFinding]] = [:]
        for key in guardFindingsByType.keys.sorted() {
            for f in guardFindingsByType[key]! { out[f.site.path, default: []].append(f) }
        }
        for k in out.keys { out[k]!.sort { ($0.site, $0.variable) < ($1.site, $1.variable) } }
        guardFindings = out
    }

    /// The files of `logs` that declare the class (not only extend it).
    static func declaringPaths(_ logs: [String: TypeGuardLog]) -> [String] {
        logs.keys.filter { logs[$0]!.classRecord != nil }.sorted()
    }

    /// How many classes of the run a name written for a type can mean: every dotted tail of each
    /// declared class's qualified name (`Inner`, `Outer.Inner`), counted once per class (twins in
    /// exclusive `#if` branches are one name to the code compiled with either; a name declared
    /// by two files of a module outside any `#if` counts as two). A use through a reference typed
    /// with a name that means more than one class is given to none of them
    /// (`GuardInference.findings`): the tool cannot tell whose it is.
    func guardReferenceNames() -> [String: Int] {
        var declarations: [Substring: Int] = [:]
        for (key, logs) in guardLogs {
            let n = Self.declaringPaths(logs).count
            guard n > 0 else { continue }
            let (base, conditions) = GuardLogExtractor.splitVariant(key)
            declarations[base] = max(declarations[base] ?? 0, conditions.isEmpty ? n : 1)
        }
        var out: [String: Int] = [:]
        for (base, n) in declarations {
            let type = base.range(of: "::").map { base[$0.upperBound...] } ?? base
            let parts = type.split(separator: ".")
            for k in parts.indices { out[parts[k...].joined(separator: "."), default: 0] += n }
        }
        return out
    }

    /// How many superclasses up a class's judgement follows.
    static let ancestorDepth = 4

    /// Class key → the key of its superclass, when the run has the superclass's code in the same
    /// module (plain keys only: a class under `#if` conditions is judged without it).
    func guardParents() -> [String: String] {
        var out: [String: String] = [:]
        // Classes by name, for a superclass another module of the run declares (an `open` class
        // of a library target): used when exactly one module declares the name.
        var byName: [String: [String]]? = nil
        for (key, logs) in guardLogs where GuardLogExtractor.splitVariant(key).conditions.isEmpty {
            guard let sup = logs.values.lazy.compactMap({ $0.classRecord }).first?.superclass, !sup.isEmpty,
                  let sep = key.range(of: "::") else { continue }
            let module = String(key[..<sep.lowerBound])
            var parent = Self.guardKey(module: module, type: sup)
            // Past superclasses of the module with no state of their own (no log): the first one
            // above them that has some.
            var name = sup.split(separator: ".").last.map(String.init) ?? sup
            var hops = 0
            while guardLogs[parent] == nil, hops < Self.ancestorDepth, let up = modules[module]?[name]?.superclass, !up.isEmpty {
                name = up.split(separator: ".").last.map(String.init) ?? up
                parent = Self.guardKey(module: module, type: name)
                hops += 1
            }
            if guardLogs[parent] == nil { parent = Self.guardKey(module: module, type: sup) }
            if guardLogs[parent] == nil {
                if byName == nil {
                    var names: [String: [String]] = [:]
                    for k in guardLogs.keys where GuardLogExtractor.splitVariant(k).conditions.isEmpty {
                        guard let r = k.range(of: "::"), guardLogs[k]!.values.contains(where: { $0.classRecord != nil }) else { continue }
                        names[String(k[r.upperBound...]), default: []].append(k)
                    }
                    byName = names
                }
                if let keys = byName![sup], keys.count == 1 { parent = keys[0] }
            }
            if parent != key && guardLogs[parent] != nil { out[key] = parent }
        }
        return out
    }

    /// Type key → its keys (the plain one and those marked with `#if` conditions), for the
    /// types some of whose code is compiled only under conditions.
    func guardVariantGroups() -> [String: [String]] {
        var groups: [String: [String]] = [:]
        for key in guardLogs.keys {
            let (base, conditions) = GuardLogExtractor.splitVariant(key)
            if !conditions.isEmpty { groups[String(base), default: []].append(key) }
        }
        for base in Array(groups.keys) where guardLogs[base] != nil { groups[base]!.append(base) }
        for base in Array(groups.keys) { groups[base]!.sort() }
        return groups
    }

    /// Judges a type whose code is split between `#if` branches. When all of it can be compiled
    /// together it is one class, as without conditions. Otherwise each declaration of the class
    /// is judged with the code that can be compiled with it (its own branch's extensions and the
    /// unconditional ones), so that a class in `#if os(Windows)` does not lend its lock to its
    /// twin in `#else`; a finding in code both can be compiled with is reported once.
    mutating func judgeVariants(_ keys: [String], assigned: Set<String>, locked: [String: [String]], referenceNames: [String: Int]? = nil) {
        func conditions(_ key: String) -> Substring { GuardLogExtractor.splitVariant(key).conditions }
        func judge(_ key: String, with group: [String]) -> [GuardFinding] {
            var logs: [String: TypeGuardLog] = [:]
            for k in group { for (p, log) in guardLogs[k] ?? [:] { logs[group.count == 1 ? p : p + "\u{1}" + k] = log } }
            return GuardInference.findings(key: key, logs: logs, setupCalls: setupCalls, assigned: assigned, locked: locked, outsideCalls: outsideCalls,
                                           delivery: observerDelivery, testConcurrentNames: testConcurrentNames, testJoining: testJoining, testNotJoining: testNotJoining,
                                           referenceNames: referenceNames)
        }
        let present = keys.filter { guardLogs[$0] != nil }
        for k in keys { guardFindingsByType[k] = nil }
        guard let first = present.first else { return }
        let together = present.allSatisfy { a in present.allSatisfy { GuardLogExtractor.variantsCompatible(conditions(a), conditions($0)) } }
        if together {
            guardFindingsByType[first] = judge(first, with: present)
            return
        }
        var seen: Set<String> = []
        for k in present where guardLogs[k]!.values.contains(where: { $0.classRecord != nil }) {
            let group = present.filter { GuardLogExtractor.variantsCompatible(conditions(k), conditions($0)) }
            guardFindingsByType[k] = judge(k, with: group).filter { f in
                seen.insert("\(f.site.path)\u{1}\(f.site.offset)\u{1}\(f.variable)").inserted
            }
        }
    }

    /// Files the class logs of `path` from `other` (a file's own facts), replacing what `path`
    /// said before: a file linted again with the whole run's facts may say more.
    public mutating func replaceGuardLogs(of path: String, with other: ProjectIndex) {
        for key in Array(guardLogs.keys) where guardLogs[key]?[path] != nil {
            guardLogs[key]![path] = nil
            if guardLogs[key]!.isEmpty { guardLogs[key] = nil }
            dirtyGuardTypes?.insert(key)
        }
        for (key, logs) in other.guardLogs {
            for (p, log) in logs where p == path {
                guardLogs[key, default: [:]][p] = log
                dirtyGuardTypes?.insert(key)
            }
        }
    }

    static func guardKey(module: String, type: String) -> String { module + "::" + type }

    /// A split property whose type its own file does not declare is a value type when the run
    /// declares that name as a struct or an enum of its module (and not also as a class): a
    /// change to one of its members goes through the setter all the same. A struct with one
    /// stored var is replaced whole by setting that member.
    mutating func settleValueTypes() {
        for (key, properties) in splitProperties {
            guard let sep = key.range(of: "::") else { continue }
            let module = String(key[..<sep.lowerBound])
            for (name, a) in properties where !a.isValue {
                guard let t = a.typeName, let f = facts(module: module, name: t), RuleContext.isValueType(f) else { continue }
                var settled = a
                settled.isValue = true
                settled.onlyMember = f.isStruct && !f.onlyStoredMember.isEmpty ? f.onlyStoredMember : nil
                splitProperties[key]![name] = settled
            }
        }
    }

    /// Works out what needs every file's facts at once (after the last merge).
    public mutating func finish() {
        let edges = lockGraph.allEdges()
        lockInversions = lockGraph.inversions(edges)
        lockOrders = [:]
        for e in edges where e.outer != e.inner {
            let key = e.outer + "|" + e.inner
            if let had = lockOrders[key], (had.innerSite, had.outerSite) <= (e.innerSite, e.outerSite) { continue }
            lockOrders[key] = e
        }
        splitProperties = lockGraph.splitProperties()
        settleValueTypes()
        lockGraph.resolveDerivedGetters()
        lockingMembers = lockGraph.lockingMembers
        lockingMemberNames = [:]
        for (key, members) in lockingMembers {
            guard let sep = key.range(of: "::") else { continue }
            let type = String(key[sep.upperBound...])
            for member in members.keys { lockingMemberNames[String(key[..<sep.lowerBound]), default: [:]][member, default: []].append(type) }
        }
        lockingMemberModules = [:]
        for (module, names) in lockingMemberNames {
            for name in names.keys { lockingMemberModules[name, default: []].append(module) }
        }
        contextMembers = [:]
        for (_, types) in modules {
            for (_, f) in types where !f.mainQueueContexts.isEmpty || !f.otherContexts.isEmpty {
                for name in f.mainQueueContexts where contextMembers[name] == nil { contextMembers[name] = true }
                for name in f.otherContexts { contextMembers[name] = false }
            }
        }
        protocolWrappers = [:]
        protocolHandOffs = [:]
        protocolLockImplementations = [:]
        protocolConformerKinds = [:]
        protocolQuietMethods = [:]
        for (module, types) in modules {
            for (_, f) in types where !f.conformances.isEmpty && !f.isProtocol {
                let kind: UInt8 = (f.isClass || f.isActor ? 1 : 0) | (f.isStruct || f.isEnum ? 2 : 0)
                var quiet: Set<String>? = nil
                for p in f.conformances where types[p]?.isProtocol == true {
                    protocolConformerKinds[module, default: [:]][p, default: 0] |= kind
                    if quiet == nil { quiet = SyncCallbacks.quietMethods(f, types: types) }
                    if let known = protocolQuietMethods[module]?[p] {
                        protocolQuietMethods[module]![p] = known.intersection(quiet!)
                    } else {
                        protocolQuietMethods[module, default: [:]][p] = quiet!
                    }
                }
            }
            for (_, f) in types where f.lockImplementations != 0 {
                for p in f.conformances where types[p]?.isProtocol == true {
                    protocolLockImplementations[module, default: [:]][p, default: 0] |= f.lockBehaviour
                }
            }
            for (_, f) in types where !f.queueHandOffs.isEmpty && !f.isProtocol {
                for p in f.conformances where types[p]?.isProtocol == true {
                    TypeFacts.union(&protocolHandOffs[module, default: [:]][p, default: []], f.queueHandOffs)
                }
            }
            for (_, f) in types where f.isLockWrapper && !f.lockScopedMethods.isEmpty {
                for p in f.conformances where types[p]?.isProtocol == true {
                    TypeFacts.union(&protocolWrappers[module, default: [:]][p, default: []], f.lockScopedMethods)
                }
            }
        }
    }

    /// Files one more function named `name` whose last closure parameter is (`main`) or is not
    /// `@MainActor`: the name's entry stays true only while every such function agrees.
    static func noteMainActorClosure(_ name: String, _ main: Bool, in functions: inout [String: Bool]) {
        functions[name] = main && (functions[name] ?? true)
    }

    /// Whether function `d`'s last parameter has a function type marked `@MainActor` (`_ work:
    /// @escaping @MainActor () -> Void`); nil when its last parameter is no closure.
    static func lastParameterIsMainActorClosure(_ s: FileStructure, _ d: Decl) -> Bool? {
        guard let j = s.parameterListOpen(of: d) else { return nil }
        let close = Int(s.match[j])
        guard close > j + 1 else { return nil }
        // The last parameter: after the last `,` at the list's own depth.
        var start = j + 1
        var k = j + 1
        while k < close {
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                let m = Int(s.match[k])
                if m > k { k = m + 1; continue }
            }
            if s.isChar(k, UInt8(ascii: ",")) { start = k + 1 }
            k += 1
        }
        // Its type: after the `:` that follows its names; a closure when an `->` follows a `(…)`.
        guard let colon = (start..<close).first(where: { s.isChar($0, UInt8(ascii: ":")) }) else { return nil }
        var main = false
        var arrow = false
        k = colon + 1
        while k < close {
            if s.is(k, "@MainActor") { main = true }
            if s.isChar(k, UInt8(ascii: "(")) {
                let m = Int(s.match[k])
                guard m > k else { return nil }
                // `() -> T`, `() throws -> T`, `() async throws -> T`
                arrow = (m + 1..<min(close, m + 4)).contains { s.is($0, "->") }
                break
            }
            if s.isChar(k, UInt8(ascii: "=")) { break }
            k += 1
        }
        return arrow ? main : nil
    }

    public static func moduleKey(forPath path: String) -> String {
        // The folder right under the last `Sources`/`Tests`/`Plugins`/`Benchmarks` component.
        let bytes = Array(path.utf8)
        var slashes: [Int] = []
        for (i, b) in bytes.enumerated() where b == UInt8(ascii: "/") { slashes.append(i) }
        var k = slashes.count - 2
        while k >= -1 {
            let start = k >= 0 ? slashes[k] + 1 : 0
            let end = slashes[k + 1]
            let component = bytes[start..<end]
            if component.elementsEqual("Sources".utf8) || component.elementsEqual("Tests".utf8)
                || component.elementsEqual("Plugins".utf8) || component.elementsEqual("Benchmarks".utf8) {
                if k + 2 < slashes.count { return String(decoding: bytes[0..<slashes[k + 2]], as: UTF8.self) }
                break
            }
            k -= 1
        }
        guard let last = slashes.last else { return "" }
        return String(decoding: bytes[0..<last], as: UTF8.self)
    }

    /// - Parameter outsideCalls: take `other`'s uses of members through other references too
    ///   (the run files them with `addOutsideCalls` once it knows its classes).
    public mutating func merge(_ other: ProjectIndex, outsideCalls withOutside: Bool = true) {
        for (module, types) in other.modules {
            for (name, facts) in types { add(module: module, name: name, facts) }
        }
        lockGraph.merge(other.lockGraph)
        for (module, names) in other.testConcurrentNames { TypeFacts.union(&testConcurrentNames[module, default: []], names) }
        for (name, deps) in other.testJoining { TypeFacts.union(&testJoining[name, default: []], deps) }
        TypeFacts.union(&testNotJoining, other.testNotJoining)
        for (module, names) in other.assignedThroughOthers { TypeFacts.union(&assignedThroughOthers[module, default: []], names) }
        for (module, names) in other.lockedThroughOthers { TypeFacts.union(&lockedThroughOthers[module, default: []], names) }
        if withOutside { addOutsideCalls(other.outsideCalls) }
        if !other.observerDelivery.isEmpty { observerDelivery.merge(other.observerDelivery) }
        for (module, types) in other.setupCalls {
            for (type, methods) in types { TypeFacts.union(&setupCalls[module, default: [:]][type, default: []], methods) }
        }
        for (module, queues) in other.globalQueues {
            for (name, kind) in queues where globalQueues[module]?[name] == nil { globalQueues[module, default: [:]][name] = kind }
        }
        for (module, functions) in other.lockArgumentFunctions {
            for (name, label) in functions where lockArgumentFunctions[module]?[name] == nil {
                lockArgumentFunctions[module, default: [:]][name] = label
            }
        }
        for (module, functions) in other.mainActorClosureFunctions {
            for (name, main) in functions { Self.noteMainActorClosure(name, main, in: &mainActorClosureFunctions[module, default: [:]]) }
        }
        for (module, functions) in other.inoutGuardFunctions {
            for (name, entries) in functions { TypeFacts.union(&inoutGuardFunctions[module, default: [:]][name, default: []], entries) }
        }
        for (module, names) in other.awaitedNames {
            for (name, files) in names { awaitedNames[module, default: [:]][name, default: 0] += files }
        }
        for (module, names) in other.withLockTypes {
            for (name, files) in names { withLockTypes[module, default: [:]][name, default: 0] += files }
        }
        for (module, names) in other.awaitedOtherwise {
            for (name, files) in names { awaitedOtherwise[module, default: [:]][name, default: 0] += files }
        }
        for (module, names) in other.serialCallSites {
            for (name, sites) in names { TypeFacts.union(&serialCallSites[module, default: [:]][name, default: []], sites) }
        }
        for (key, logs) in other.guardLogs {
            for (p, log) in logs { guardLogs[key, default: [:]][p] = log }
            dirtyGuardTypes?.insert(key)
        }
        for (module, writes) in other.stateWrites { stateWrites[module, default: StateWrites()].merge(writes) }
    }

    /// Files uses of members through other references (see `GuardLogExtractor.outsideCalls`),
    /// only those of types named in `names` when given: the guard inference reads only those of
    /// the run's classes, and most uses are of other types (a library's, a struct's).
    public mutating func addOutsideCalls(_ calls: [String: [OutsideCall]], of names: Set<String>? = nil) {
        guard !calls.isEmpty else { return }
        var added = false
        // A use is filed under the type name as written (`Outer.Inner`); a class's simple name is its last part.
        for (type, list) in calls where names.map({ $0.contains(type) || (type.contains(".") && $0.contains(String(type.split(separator: ".").last ?? ""))) }) ?? true {
            if outsideCalls[type] == nil { outsideCalls[type] = list } else { outsideCalls[type]!.append(contentsOf: list) }
            added = true
        }
        // Callers newly seen can change the guard a member is entered with: judge them all again.
        if added, dirtyGuardTypes != nil { dirtyGuardTypes = nil }
    }

    /// The simple names of the classes of the run: the only types the guard inference judges.
    public var classNames: Set<String> {
        var out = Set<String>()
        for (_, types) in modules {
            for (name, f) in types where f.isClass { out.insert(String(name.split(separator: ".").last ?? Substring(name))) }
        }
        for key in guardLogs.keys {
            let type = key.range(of: "::").map { key[$0.upperBound...] } ?? Substring(key)
            out.insert(String(type.split(separator: ".").last ?? ""))
        }
        return out
    }

    /// Files what one file writes of variables other files declare: under its module, and under
    /// `anyModule` for the whole run (outside a package, a module is only guessed from the
    /// folder, and an app's target spans many folders).
    public mutating func add(_ writes: StateWrites, module: String) {
        stateWrites[module, default: StateWrites()].merge(writes)
        if module != Self.anyModule { stateWrites[Self.anyModule, default: StateWrites()].merge(writes) }
    }

    /// The key of what every file of the run writes (no path gives it).
    public static let anyModule = "\u{0}run"

    public mutating func add(module: String, name: String, _ facts: TypeFacts) {
        if modules[module]?[name] == nil { modulesNaming[name, default: []].append(module) }
        modules[module, default: [:]][name, default: TypeFacts()].merge(facts)
    }

    /// Files what the guard log extraction found in one file.
    public mutating func add(_ e: GuardLogExtractor.Extraction, module: String, path: String) {
        for name in Set(e.usesGuards.keys).union(e.ownWrappers.keys).sorted() {
            var f = TypeFacts()
            f.usesGuards = e.usesGuards[name] ?? false
            f.ownWrappers = e.ownWrappers[name] ?? []
            add(module: module, name: name, f)
        }
        for (name, log) in e.logs {
            let key = Self.guardKey(module: module, type: name)
            guardLogs[key, default: [:]][path] = log
            dirtyGuardTypes?.insert(key)
        }
        for (type, methods) in e.setupCalls { TypeFacts.union(&setupCalls[module, default: [:]][type, default: []], methods) }
        if !e.assignedThroughOthers.isEmpty {
            let before = assignedThroughOthers[module]?.count ?? 0
            TypeFacts.union(&assignedThroughOthers[module, default: []], e.assignedThroughOthers)
            // A name newly set from outside can change any class's findings (an observer that
            // now runs, a queue others now set): judge them all again.
            if assignedThroughOthers[module]!.count != before, dirtyGuardTypes != nil { dirtyGuardTypes = nil }
        }
        if !e.lockedThroughOthers.isEmpty {
            let before = lockedThroughOthers[module]?.count ?? 0
            TypeFacts.union(&lockedThroughOthers[module, default: []], e.lockedThroughOthers)
            // A guard newly taken from outside its class can change any class's findings.
            if lockedThroughOthers[module]!.count != before, dirtyGuardTypes != nil { dirtyGuardTypes = nil }
        }
        addOutsideCalls(e.outsideCalls)
        if !e.observers.isEmpty {
            // Where observers are called decides where other classes' code runs: a change judges
            // them all again.
            if observerDelivery.merge(e.observers), dirtyGuardTypes != nil { dirtyGuardTypes = nil }
        }
        if !e.testConcurrentNames.isEmpty { TypeFacts.union(&testConcurrentNames[module, default: []], e.testConcurrentNames) }
        for (name, deps) in e.testJoining { TypeFacts.union(&testJoining[name, default: []], deps) }
        if !e.testNotJoining.isEmpty { TypeFacts.union(&testNotJoining, e.testNotJoining) }
    }

    public func facts(module: String, name: String) -> TypeFacts? {
        modules[module]?[name]
    }

    /// Extracts the facts one file contributes.
    public static func facts(of s: FileStructure, vocabulary: LockVocabulary, module: String? = nil, regions: LockRegions? = nil,
                             wrappers: [String: String]? = nil) -> ProjectIndex {
        var index = ProjectIndex()
        let module = module ?? moduleKey(forPath: s.file.path)
        // Collected per name first, then filed under the module once.
        var types: [String: TypeFacts] = [:]
        // A lock of the project's own runs closures under a lock: the file must name an acquire,
        // a lock-scoped method or `sync` (a cheap test on the identifier filter first).
        let mayHandToQueue = s.identifiers.mayContainAny(["async", "sync", "asyncAndWait", "perform"])
        let mayHoldLocks = s.identifiers.mayContainAny(Array(vocabulary.acquireRelease.keys) + Array(vocabulary.lockScopedMethods) + ["sync", "signal"])
        // Methods that run their closure parameter under a lock (worked out once per file).
        let wrapperMethods = wrappers ?? (mayHoldLocks ? GuardLogExtractor.ownWrappers(s, vocabulary: vocabulary, regions: regions) : [:])
        for di in s.decls.indices where s.decls[di].kind == .other && !s.decls[di].nameText.isEmpty && s.isKeyword(s.decls[di].keyword, .typealias) {
            let d = s.decls[di]
            if let target = aliasTarget(s, di) {
                var f = TypeFacts()
                f.aliasOf = target
                f.aliasTargets = [target]
                types[d.nameText, default: TypeFacts()].merge(f)
            }
        }
        // (A file that declares such a function need hold no closure itself: its body can take
        // the lock with `lock()` and a deferred `unlock()` around the call of its parameter.)
        if mayHoldLocks {
            for d in s.topLevel where s.decls[d].kind == .function && s.decls[d].body >= 0 {
                if let label = LockWrappers.lockArgument(of: d, in: s, vocabulary: vocabulary) {
                    index.lockArgumentFunctions[module, default: [:]][s.decls[d].nameText] = label
                }
            }
        }
        // Functions whose last parameter is a closure, and whether its type is `@MainActor`.
        for d in s.decls.indices where s.decls[d].kind == .function {
            if let main = lastParameterIsMainActorClosure(s, s.decls[d]) {
                noteMainActorClosure(s.decls[d].nameText, main, in: &index.mainActorClosureFunctions[module, default: [:]])
            }
        }
        // (Every file's: a function that takes no lock is recorded too, as no guard.)
        do {
            for (name, entries) in InoutGuards.entries(s, vocabulary: vocabulary, regions: regions, mayHoldLocks: mayHoldLocks) {
                TypeFacts.union(&index.inoutGuardFunctions[module, default: [:]][name, default: []], entries)
            }
        }
        for d in s.topLevel where s.decls[d].kind == .variable && s.decls[d].isLet {
            let v = s.decls[d]
            if GuardLogExtractor.isConcurrentQueue(v, s) {
                index.globalQueues[module, default: [:]][v.nameText] = .readerWriter
            } else if isMainQueue(v, in: s) {
                index.globalQueues[module, default: [:]][v.nameText] = .mainActor
            } else if isSerialQueue(v, in: s) {
                index.globalQueues[module, default: [:]][v.nameText] = .serialQueue
            }
        }
        for di in s.decls.indices where s.decls[di].kind.isType && !s.decls[di].nameText.isEmpty {
            let d = s.decls[di]
            var f = TypeFacts()
            switch d.kind {
            case .class: f.isClass = true
            case .actor: f.isActor = true
            case .struct: f.isStruct = true
            case .enum: f.isEnum = true
            case .protocol: f.isProtocol = true
            default: break
            }
            if d.kind == .class { f.isFinal = d.modifiers.contains(.final) }
            if d.kind == .protocol {
                f.requiredVars = s.children[di].filter { s.decls[$0].kind == .variable }.map { s.decls[$0].nameText }.sorted()
                f.isClassBound = s.inheritedTypes(of: di).contains { ["AnyObject", "class", "NSObjectProtocol", "Actor"].contains($0.name) }
            }
            // Only the type's own declaration isolates the type: `@MainActor extension T` (or an
            // extension adding a main-actor conformance) isolates that extension's members alone.
            f.isGlobalActorIsolated = d.kind != .extension && s.hasGlobalActor(d)
            f.isDeclaredMainActor = d.kind != .extension && d.kind != .protocol && s.attributeNames(d).contains("MainActor")
            let hasUnchecked = d.inheritance.contains { s.code[$0].kind == .attribute && s.is($0, "@unchecked") } && !s.isMarkedUnavailable(d)
            for t in hasUnchecked ? s.inheritedTypes(of: di) : [] where t.unchecked && t.name == "Sendable" {
                f.isUncheckedSendable = true
                if d.kind == .extension { f.uncheckedViaExtension = true }
            }
            if d.kind == .struct {
                let stored = s.children[di].filter { s.decls[$0].kind == .variable && !s.decls[$0].isComputed && !s.decls[$0].isStaticMember }
                if stored.count == 1 { f.onlyStoredMember = s.decls[stored[0]].nameText }
            }
            // Members and confinement matter for classes (and what extensions add to them);
            // for the other kinds the kind is all the rules ask.
            if d.kind == .class {
                let members = classifyMembers(of: di, in: s, vocabulary: vocabulary)
                f.storedVars = members.vars
                f.storedVarTypes = ValueMutations.storedVarTypes(of: di, in: s)
                f.lockProperties = members.locks
                // A queue var a method sets to its caller's queue is not one queue of the class.
                // (Asked only of the queues: most classes have none.)
                var perCall = Set<String>()
                if !members.queues.isEmpty || !members.readerWriter.isEmpty {
                    let replaced = ReplacedVars(s)
                    let queues = Set(members.queues + members.readerWriter)
                    for m in s.children[di] where s.decls[m].kind == .variable && queues.contains(s.decls[m].nameText)
                        && replaced.isSetPerCall(member: s.decls[m], of: di) {
                        perCall.insert(s.decls[m].nameText)
                    }
                }
                f.queueProperties = perCall.isEmpty ? members.queues : members.queues.filter { !perCall.contains($0) }
                f.readerWriterQueues = perCall.isEmpty ? members.readerWriter : members.readerWriter.filter { !perCall.contains($0) }
                f.handedInQueues = members.queues.filter { q in
                    s.children[di].contains { s.decls[$0].kind == .variable && s.decls[$0].nameText == q && !GuardLogExtractor.madeByOwner(s.decls[$0], s) }
                }
                f.valueBoxes = members.boxes
                f.eventLoops = members.eventLoops
                f.operationQueues = members.queues.filter { q in
                    s.children[di].contains { s.decls[$0].kind == .variable && s.decls[$0].nameText == q && GuardLogExtractor.isOperationQueue(s.decls[$0], s) }
                }
            }
            if d.kind == .class || d.kind == .protocol || d.kind == .extension {
                f.isExecutor = Confinement.isExecutor(di, s)
                f.isChannelHandler = Confinement.isChannelHandler(di, s)
            }
            if d.kind == .class || d.kind == .extension {
                f.isLoopConfined = Confinement.asserted(in: di, s) || f.isExecutor
                // A subclass of a UIKit/AppKit main-actor class (or a SwiftUI view) inherits its isolation.
                if d.kind == .class && MainActorTypes.inheritsIsolation(di, s) { f.isGlobalActorIsolated = true }
            }
            if (d.kind == .class || d.kind == .struct || d.kind == .extension) && !s.closures.isEmpty {
                f.closureDelegates = LockWrappers.delegations(of: di, in: s)
            }
            if d.kind == .class || d.kind == .struct || d.kind == .extension {
                f.handsStateToClosure = LockWrappers.handsStateToClosure(di, in: s)
            }
            if (d.kind == .class || d.kind == .struct || d.kind == .extension) && mayHandToQueue {
                f.queueHandOffs = QueueHandOffs.methods(of: di, in: s)
            }
            if mayHoldLocks && (d.kind == .class || d.kind == .struct || d.kind == .extension) {
                let scoped = LockWrappers.scopedMethods(of: di, in: s, vocabulary: vocabulary, wrappers: wrapperMethods)
                if let m = scoped {
                    f.isLockWrapper = true
                    f.lockScopedMethods = m
                    f.readerMethods = LockWrappers.readerMethods(of: di, in: s, among: m)
                }
            }
            // (For a protocol, the first one it refines: the isolation it inherits comes that way.)
            if d.kind == .class || d.kind == .protocol, let first = s.decls[di].inheritance.first, s.code[first].kind == .identifier {
                f.superclass = s.text(first)
            }
            // An unavailable conformance (`@available(*, unavailable) extension T: Sendable {}`)
            // says the type does not conform.
            if d.kind != .protocol && !d.inheritance.isEmpty && !s.isMarkedUnavailable(d) {
                f.conformances = s.inheritedTypes(of: di).map(\.name).sorted()
            }
            if d.kind != .protocol { f.lockImplementations = lockImplementations(of: di, in: s, vocabulary: vocabulary) }
            if d.kind == .class || d.kind == .extension {
                f.assertingMethods = assertingMethods(of: di, in: s)
                if d.body >= 0 && s.identifiers.mayContain("setSpecific") {
                    f.specificKeys = GuardRegions.specificKeys(s, in: s.scopes[d.body].interior).map { $0.key + "=" + $0.value }.sorted()
                }
            }
            if d.kind != .protocol { (f.mainQueueContexts, f.otherContexts) = MainQueueContexts.members(of: di, in: s) }
            if d.kind == .class || d.kind == .struct || d.kind == .enum || d.kind == .extension {
                // Only a conformer's methods are asked about: a type that names no inherited type
                // here (its conformance, if any, declared in an extension) has none recorded, and
                // a protocol it conforms to elsewhere keeps its calls as callbacks.
                if d.kind == .extension || !d.inheritance.isEmpty { f.syncCallbacks = SyncCallbacks.entries(of: di, in: s) }
            }
            if d.kind != .class && d.kind != .actor {
                f.mutatingMethods = Array(Set(s.children[di].filter { s.decls[$0].kind == .function && s.decls[$0].modifiers.contains(.mutating) }
                    .map { s.decls[$0].nameText })).sorted()
            }
            let branch = s.branch(of: d.keyword)
            if branch < 0 {
                f.unconditionalKinds = 1 << UInt16(d.kind.rawValue)
            } else {
                f.conditionalDeclarations = [d.kind.keyword + ":" + s.branches[branch].assumes.joined(separator: ";")]
            }
            types[d.nameText, default: TypeFacts()].merge(f)
            // A class's superclass learns whether its subclasses restate the conformance.
            if d.kind == .class, let superclass = s.decls[di].inheritance.first.flatMap({ s.code[$0].kind == .identifier ? s.text($0) : nil }) {
                var parent = TypeFacts()
                if f.isUncheckedSendable { parent.hasRestatingSubclass = true } else { parent.hasSilentSubclass = true }
                types[superclass, default: TypeFacts()].merge(parent)
            }
        }
        if !types.isEmpty {
            index.modules[module] = types
            // (A fresh index: each name is in this module only.)
            for name in types.keys { index.modulesNaming[name] = [module] }
        }
        let awaited = awaitedCallees(s)
        if !awaited.isEmpty { index.awaitedNames[module] = Dictionary(uniqueKeysWithValues: awaited.map { ($0, 1) }) }
        let withLock = withLockReceiverTypes(s, vocabulary: vocabulary)
        if !withLock.isEmpty { index.withLockTypes[module] = Dictionary(uniqueKeysWithValues: withLock.map { ($0, 1) }) }
        let otherwise = TaskTails.namesAwaitedBeyondUnkeptTasks(s)
        if !otherwise.isEmpty { index.awaitedOtherwise[module] = Dictionary(uniqueKeysWithValues: otherwise.map { ($0, 1) }) }
        let sites = SerialCallSites.extract(s)
        if !sites.isEmpty { index.serialCallSites[module] = sites }
        index.lockGraph = LockGraph.extract(s, vocabulary: vocabulary, module: module, regions: regions)
        index.finish()
        return index
    }

    /// The methods of type (or extension) `d` whose own body asserts an executor.
    static func assertingMethods(of d: Int, in s: FileStructure) -> [String] {
        guard s.identifiers.mayContainAny(["dispatchPrecondition", "isMainThread", "assertInEventLoop", "preconditionInEventLoop",
                                           "assertIsolated", "preconditionIsolated"]) else { return [] }
        var out: [String] = []
        var keys: [String: String]? = nil
        for m in s.children[d] where s.decls[m].kind == .function && s.decls[m].body >= 0 && !s.decls[m].isStaticMember {
            if keys == nil { keys = GuardRegions.specificKeys(s) }
            guard let first = GuardRegions.assertionPoints(s, in: s.decls[m].body, keys: keys!).first?.held else { continue }
            out.append(s.decls[m].nameText + "=" + GuardRegions.encode(first))
        }
        return out.sorted()
    }

    /// What the `lock()` methods of type (or extension) `d` do (see `TypeFacts.lockImplementations`).
    /// A `lock()` takes a real lock when its body calls a free acquire (`pthread_mutex_lock(&m)`),
    /// a withLock-style method, a queue's `sync` or a `wait`, or an acquire on a receiver the type
    /// shows to be a lock: one it also releases with a zero-argument call (`inner.unlock()`), or
    /// one declared in it with a lock type. `service.lock()` on a receiver the type never releases
    /// that way (it calls `service.unlock(password)`) is a domain call, not a lock. Bit 4: the
    /// type (or extension) declares a zero-argument `unlock()`.
    static func lockImplementations(of d: Int, in s: FileStructure, vocabulary: LockVocabulary) -> UInt8 {
        var bits: UInt8 = 0
        var typeReleases: Set<String>? = nil
        for m in s.children[d] where s.decls[m].kind == .function && s.decls[m].body >= 0 {
            let name = s.decls[m].nameText
            if name == "unlock" && LockRegions.firstLabel(s, s.decls[m]) == nil { bits |= 4 }
            guard name == "lock" else { continue }
            let body = s.scopes[s.decls[m].body]
            // An abstract `lock()` that only traps (`fatalError()`, `preconditionFailure(…)`):
            // its subclasses' overrides say what a lock of the type does, not this body.
            if let first = body.interior.first, s.is(first, "fatalError") || s.is(first, "preconditionFailure"),
               s.isChar(first + 1, UInt8(ascii: "(")), Int(s.match[first + 1]) + 1 == body.close { continue }
            let takes = body.interior.contains { k in
                guard s.code[k].kind == .identifier && (s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{"))) else { return false }
                if vocabulary.lockScopedNames.contains(s, k) || s.is(k, "sync") || s.is(k, "wait") { return true }
                guard vocabulary.acquireNames.contains(s, k) else { return false }
                let acquire = s.text(k)
                if vocabulary.freeFunctionAcquires.contains(acquire) || !s.isChar(k - 1, UInt8(ascii: ".")) { return true }
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0 else { return true }
                // `super.lock()`: the superclass's lock.
                if s.isKeyword(r, .super) { return true }
                let receiver = LockRegions.normalized(s.text(s.span(r, k - 1)))
                if typeReleases == nil { typeReleases = zeroArgumentReleases(in: d, s, vocabulary: vocabulary) }
                if typeReleases!.contains(receiver) { return true }
                let last = receiver.split(separator: ".").last.map(String.init) ?? receiver
                guard case .variable(let v) = s.lookupVariable(last, at: k) else { return false }
                return vocabulary.lockType(of: s.decls[v], in: s, strict: false) != nil
            }
            bits |= takes && !returnsReleased(s, body, vocabulary: vocabulary) ? 1 : 2
        }
        return bits
    }

    /// A `lock()` body that gives back before it returns whatever it takes, and never waits: it
    /// takes an inner lock and releases it (`inner.lock(); count += 1; inner.unlock()`), or runs
    /// its work in a lock's or a queue's closure (`inner.withLock { count += 1 }`), with no
    /// `wait` and no loop to block in until another caller is done. Its caller then holds
    /// nothing: the type counts or flags (in-flight work, a pause), it does not exclude.
    static func returnsReleased(_ s: FileStructure, _ body: Scope, vocabulary: LockVocabulary) -> Bool {
        var acquired: [String] = []
        var released = Set<String>()
        for k in s.span(body.open + 1, body.close) {
            if s.code[k].kind == .keyword, s.code[k].word == .while || s.code[k].word == .repeat || s.code[k].word == .for { return false }
            guard s.code[k].kind == .identifier else { continue }
            if s.is(k, "wait") || s.is(k, "sleep") || s.is(k, "usleep") || s.is(k, "tryLock") { return false }
            guard s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) else { continue }
            let free = !s.isChar(k - 1, UInt8(ascii: "."))
            let receiver: String
            if free {
                guard s.isChar(k + 1, UInt8(ascii: "(")) else { continue }
                let close = Int(s.match[k + 1])
                guard close > k + 1 else { continue }
                receiver = LockRegions.normalized(s.text(s.span(k + 2, close)).replacingAmpersand())
            } else {
                let r = LockRegions.receiverStart(s, dot: k - 1)
                guard r >= 0, !s.isKeyword(r, .super) else { continue }
                receiver = LockRegions.normalized(s.text(s.span(r, k - 1)))
            }
            if vocabulary.lockScopedNames.contains(s, k) || s.is(k, "sync") {
                // The work in a closure the call runs before it returns: nothing stays held.
                if free || !s.isChar(k + 1, UInt8(ascii: "{")) && !(s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(Int(s.match[k + 1]) + 1, UInt8(ascii: "{"))) {
                    return false
                }
            } else if vocabulary.acquireNames.contains(s, k) && (free == vocabulary.freeFunctionAcquires.contains(s.text(k))) {
                acquired.append(receiver)
            } else if vocabulary.releaseNames.contains(s, k) {
                released.insert(receiver)
            }
        }
        return acquired.allSatisfy(released.contains)
    }

    /// The receivers (normalized, as lock regions write them) of zero-argument release calls
    /// (`x.unlock()`) in the body of type or extension `d`.
    static func zeroArgumentReleases(in d: Int, _ s: FileStructure, vocabulary: LockVocabulary) -> Set<String> {
        var out = Set<String>()
        guard s.decls[d].body >= 0 else { return out }
        let body = s.scopes[s.decls[d].body]
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.isChar(k + 2, UInt8(ascii: ")"))
            && s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k - 1, UInt8(ascii: ".")) && vocabulary.releaseNames.contains(s, k) {
            let r = LockRegions.receiverStart(s, dot: k - 1)
            if r >= 0 { out.insert(LockRegions.normalized(s.text(s.span(r, k - 1)))) }
        }
        return out
    }

    /// The lock types (known to the vocabulary: `Mutex`, `OSAllocatedUnfairLock`, `NSLock`, …)
    /// of the variables this file calls `withLock` on (`lock.withLock { }`, `self.state.withLock { }`).
    /// None from a file that checks availability (`#available`, `@available`): its calls may be
    /// allowed only there.
    public static func withLockReceiverTypes(_ s: FileStructure, vocabulary: LockVocabulary) -> Set<String> {
        guard s.identifiers.mayContain("withLock") else { return [] }
        let checksAvailability = (1..<max(1, s.code.count)).contains { k in
            s.is(k, "#available") || s.is(k, "@available") || (s.is(k, "available") && s.isChar(k - 1, UInt8(ascii: "#")))
        }
        if checksAvailability { return [] }
        var out = Set<String>()
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: ".")) && s.is(k, "withLock") {
            let r = k - 2
            guard s.code[r].kind == .identifier, case .variable(let d) = s.lookupVariable(s.text(r), at: r),
                  let type = vocabulary.lockType(of: s.decls[d], in: s, strict: true) else { continue }
            out.insert(type)
        }
        return out
    }

    /// The names called (`name(…)`, `name { … }`) in the file's `await` expressions and `async let`
    /// initializers: the async functions whose completion some code of the file waits for. Each
    /// expression is read once, to its end, skipping closure bodies (their own awaits are read on
    /// their own); an `await` inside one already read is not read again.
    public static func awaitedCallees(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        forEachAwaitedCall(s) { out.insert(s.text($0)) }
        return out
    }

    /// Calls `visit` with the name token of each call in the file's `await` expressions and
    /// `async let` initializers (see `awaitedCallees`).
    public static func forEachAwaitedCall(_ s: FileStructure, _ visit: (Int) -> Void) {
        // An `async let` is awaited too: a file without `await` has neither.
        guard !s.awaitTokens.isEmpty else { return }
        // (Read once per file, in order: three of the file's facts ask.)
        for k in s.awaitedCallTokens { visit(Int(k)) }
    }

    /// The name tokens `forEachAwaitedCall` visits, in the order it visits them (repeats kept).
    static func awaitedCallTokens(_ s: FileStructure) -> [Int32] {
        var out: [Int32] = []
        func visit(_ k: Int) { out.append(Int32(k)) }
        var covered = Set<Int>()
        func read(from start: Int) {
            var j = start
            var depth = 0
            let n = s.code.count
            while j < n {
                if s.isChar(j, UInt8(ascii: "{")) {
                    let m = Int(s.match[j])
                    if m > j {
                        // A trailing closure: `name { … }` is a call of `name`.
                        if s.code[j - 1].kind == .identifier && !s.code[j].flags.contains(.newlineBefore) { visit(j - 1) }
                        j = m + 1
                        continue
                    }
                }
                if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) {
                    if s.code[j - 1].kind == .identifier && s.isChar(j, UInt8(ascii: "(")) { visit(j - 1) }
                    depth += 1
                } else if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                    if depth == 0 { return }
                    depth -= 1
                } else if s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) || s.code[j].kind == .pound {
                    return
                } else if depth == 0 && j > start && s.code[j].flags.contains(.newlineBefore) && s.startsStatement(j) {
                    return
                } else if s.isKeyword(j, .await) {
                    covered.insert(j)
                }
                j += 1
            }
        }
        for a32 in s.awaitTokens {
            let a = Int(a32)
            if covered.contains(a) { continue }
            read(from: a + 1)
        }
        // `async let x = f()`: the structure keeps no declaration for it; its `=` is found on the line.
        for k in 0..<s.code.count where s.code[k].kind == .keyword && s.code[k].word == .async
            && (s.isKeyword(k + 1, .let) || s.isKeyword(k + 1, .var)) {
            if let eq = s.scanForward(from: k + 2, limit: min(s.code.count, k + 64), stop: { s.isChar($0, UInt8(ascii: "=")) || s.code[$0].flags.contains(.newlineBefore) }),
               s.isChar(eq, UInt8(ascii: "=")) {
                read(from: eq + 1)
            }
        }
        return out
    }

    /// The type a `typealias` names: its first component (`NIOLock` in `typealias Lock = NIOLock`,
    /// `NSLocking` in `NSLocking & Sendable`).
    static func aliasTarget(_ s: FileStructure, _ di: Int) -> String? {
        var k = s.decls[di].keyword + 1
        let limit = min(s.code.count, k + 16)
        while k < limit && !s.isChar(k, UInt8(ascii: "=")) { k += 1 }
        k += 1
        while k < limit && (s.code[k].kind == .keyword || s.code[k].kind == .attribute) { k += 1 }
        guard k < limit, s.code[k].kind == .identifier else { return nil }
        while k + 2 < limit && s.isChar(k + 1, UInt8(ascii: ".")) && s.code[k + 2].kind == .identifier { k += 2 }
        return s.text(k)
    }

    public typealias ClassMembers = (vars: [String], locks: [String], queues: [String], boxes: [String], eventLoops: [String], readerWriter: [String])

    /// A type's stored instance properties, sorted into mutable state (`var`, not computed, not
    /// property-wrapped, not global-actor isolated), locks, and serial executors (serial dispatch
    /// queues and event loops). A property the type calls `withLock…`/`lock()` on is a lock too,
    /// whatever its type (a project's own `NIOThreadPoolWorkAvailable`).
    public static func classifyMembers(of di: Int, in s: FileStructure, vocabulary: LockVocabulary)
        -> ClassMembers {
        var vars = Set<String>()
        var readerWriter: [String] = []
        var locks = Set<String>()
        var queues = Set<String>()
        var boxes = Set<String>()
        var loops = Set<String>()
        var stored: [String: Decl] = [:]
        for m in s.children[di] {
            let v = s.decls[m]
            guard v.kind == .variable, !v.isStaticMember, !v.nameText.isEmpty else { continue }
            if let t = vocabulary.lockType(of: v, in: s, strict: false) {
                locks.insert(v.nameText)
                if vocabulary.stateHoldingLockTypes.contains(t) && holdsState(v, s) { boxes.insert(v.nameText) }
            } else if (isSerialQueue(v, in: s) && !isMainQueue(v, in: s)) || isEventLoop(v, in: s)
                        || (GuardLogExtractor.isOperationQueue(v, s) && GuardLogExtractor.serialOperationQueue(v, s)) {
                queues.insert(v.nameText)
                if isEventLoop(v, in: s) { loops.insert(v.nameText) }
            } else {
                if GuardLogExtractor.isConcurrentQueue(v, s) { readerWriter.append(v.nameText) }
                stored[v.nameText] = v
            }
        }
        // Properties used as locks in the type's body.
        if s.decls[di].body >= 0 && !stored.isEmpty {
            let body = s.scopes[s.decls[di].body]
            var i = body.open
            while i + 2 < body.close {
                if s.code[i].kind == .identifier && s.isChar(i + 1, UInt8(ascii: ".")) && s.code[i + 2].kind == .identifier {
                    if s.hasPrefix(i + 2, "withLock") || s.is(i + 2, "lock") || s.is(i + 2, "unlock") {
                        let name = s.text(i)
                        if let v = stored[name], v.isLet || v.isComputed == false { locks.insert(name); stored[name] = nil }
                    }
                }
                i += 1
            }
        }
        for (name, v) in stored where !v.isLet && !v.isComputed && !s.hasPropertyWrapper(v) && !s.hasGlobalActor(v) {
            vars.insert(name)
        }
        return (vars.sorted(), locks.sorted(), queues.sorted(), boxes.sorted(), loops.sorted(), readerWriter.sorted())
    }

    /// A lock that can keep state inside (`Mutex`, `OSAllocatedUnfairLock`) holds some: not
    /// `OSAllocatedUnfairLock()` with no initial state, not `Mutex<Void>` / `Mutex(())`.
    static func holdsState(_ v: Decl, _ s: FileStructure) -> Bool {
        let all = Array(v.typeAnnotation) + Array(v.initializer)
        if all.contains(where: { s.is($0, "initialState") || s.is($0, "uncheckedState") }) { return true }
        // A generic argument that is not Void.
        for k in all where s.is(k, "<") || (s.code[k].kind == .operator && s.file.bytes[Int(s.code[k].start)] == UInt8(ascii: "<")) {
            return !(s.is(k + 1, "Void") || (s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k + 2, UInt8(ascii: ")"))))
        }
        // `Mutex(0)`: an argument is the state; `OSAllocatedUnfairLock()` has none.
        if let open = v.initializer.first(where: { s.isChar($0, UInt8(ascii: "(")) }) {
            let close = Int(s.match[open])
            if close == open + 1 { return false }
            if close == open + 3 && s.isChar(open + 1, UInt8(ascii: "(")) && s.isChar(open + 2, UInt8(ascii: ")")) { return false }
            return true
        }
        return true
    }

    /// A stored SwiftNIO event loop (`let eventLoop: EventLoop`): work submitted to it runs serially.
    public static func isEventLoop(_ v: Decl, in s: FileStructure) -> Bool {
        guard v.isLet else { return false }
        for i in v.typeAnnotation where s.code[i].kind == .identifier {
            let t = s.text(i)
            if t == "EventLoop" || t == "SelectableEventLoop" || t == "EmbeddedEventLoop" { return true }
        }
        return false
    }

    /// Declarations whose parent is type declaration `d`.
    public static func members(of d: Int, in s: FileStructure) -> [Int] { s.children[d] }

    /// A `DispatchQueue` created without `.concurrent` and not a global queue: by its annotation or
    /// initializer, and, for one declared without a value (`let queue: DispatchQueue`), by what its
    /// type's (or function's) body assigns to it (`queue = DispatchQueue(label: …)` in `init`).
    public static func isSerialQueue(_ v: Decl, in s: FileStructure) -> Bool {
        var named = false
        for i in v.typeAnnotation where s.code[i].kind == .identifier && s.is(i, "DispatchQueue") { named = true }
        for r in queueValues(v, in: s) {
            var i = r.lowerBound
            while i < r.upperBound {
                if s.is(i, "DispatchQueue") && (s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "."))) { named = true }
                // `target: .global()` makes a serial queue that runs on a global one: still serial.
                if s.is(i, "target") && s.isChar(i + 1, UInt8(ascii: ":")) {
                    i = s.scanForward(from: i + 2, limit: r.upperBound) { s.isChar($0, UInt8(ascii: ",")) || s.isChar($0, UInt8(ascii: ")")) } ?? r.upperBound
                    continue
                }
                if s.is(i, "concurrent") || s.is(i, "global") { return false }
                i += 1
            }
        }
        return named
    }

    /// A stored queue whose value is the main queue (`let queue = DispatchQueue.main`,
    /// `let queue: DispatchQueue = .main`, `OperationQueue.main`): work put on it runs on the
    /// main thread, the same executor as `DispatchQueue.main.async { }` written out. It is serial,
    /// but it is not a queue the type owns to guard its state.
    public static func isMainQueue(_ v: Decl, in s: FileStructure) -> Bool {
        let values = queueValues(v, in: s)
        guard !values.isEmpty else { return false }
        return values.allSatisfy { r in
            let code = Array(r)
            switch code.count {
            case 2: return s.isChar(code[0], UInt8(ascii: ".")) && s.is(code[1], "main")
            case 3: return (s.is(code[0], "DispatchQueue") || s.is(code[0], "OperationQueue")) && s.isChar(code[1], UInt8(ascii: "."))
                && s.is(code[2], "main")
            default: return false
            }
        }
    }

    /// The code that gives a `DispatchQueue` property its value: its initializer, and for one
    /// declared without a value (`let queue: DispatchQueue`), each assignment of it in its type's
    /// body (`queue = DispatchQueue(label: …)` in `init`).
    public static func queueValues(_ v: Decl, in s: FileStructure) -> [Range<Int>] {
        guard v.initializer.isEmpty, v.parent >= 0, s.decls[v.parent].body >= 0,
              v.typeAnnotation.contains(where: { s.code[$0].kind == .identifier && s.is($0, "DispatchQueue") }) else { return [v.initializer] }
        let body = s.scopes[s.decls[v.parent].body]
        var ranges: [Range<Int>] = []
        for k in s.assignments(of: v.nameText, in: s.span(body.open, body.close))
        where !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) {
            ranges.append(s.span(k + 2, s.statementEnd(from: k + 1, limit: body.close)))
        }
        return ranges
    }
}

/// Types of the run that act as locks, found from their code rather than their names.
public enum LockWrappers {
    /// The closure-running methods of type (or extension) `d` when it is a lock: it implements
    /// an acquire/release pair, or owns a lock or serial queue; nil when it is not a lock.
    /// Only closures that run during the call count (an `@escaping` parameter runs later).
    public static func scopedMethods(of d: Int, in s: FileStructure, vocabulary: LockVocabulary, wrappers: [String: String]? = nil) -> [String]? {
        // Cheap tests first: most types have no method that takes a closure and no lock()/unlock().
        var functions: [Int] = []
        var names = Set<String>()
        for m in s.children[d] where s.decls[m].kind == .function && !s.decls[m].isStaticMember {
            functions.append(m)
            names.insert(s.decls[m].nameText)
        }
        guard !functions.isEmpty else { return nil }
        let candidates = functions.filter { takesImmediateClosure($0, s) }
        // An extension that adds closure methods to a type of the file implementing the pair
        // (`lockWrite()`/`unlock()` in the class, `withWriterLock { }` in the extension).
        if s.decls[d].kind == .extension && !candidates.isEmpty {
            for t in s.typeDecls(named: s.decls[d].nameText) where t != d {
                for m in s.children[t] where s.decls[m].kind == .function && !s.decls[m].isStaticMember { names.insert(s.decls[m].nameText) }
            }
        }
        let acquireRelease = vocabulary.acquireRelease.contains { names.contains($0.key) && names.contains($0.value) }
        guard acquireRelease || !candidates.isEmpty else { return nil }
        // An extension of a known lock type that adds closure methods.
        let extendsLock = s.decls[d].kind == .extension && vocabulary.lockTypes.contains(s.decls[d].nameText)
        // The closure must run while the lock is held (not a method that takes the lock and
        // calls its closure outside it).
        let held = wrappers ?? GuardLogExtractor.ownWrappers(s, vocabulary: vocabulary)
        var ownsLock = false
        if !acquireRelease && !extendsLock {
            var stored = Set<String>()
            for m in s.children[d] {
                let c = s.decls[m]
                guard c.kind == .variable && !c.isStaticMember && !c.isComputed else { continue }
                if vocabulary.lockType(of: c, in: s, strict: false) != nil || (ProjectIndex.isSerialQueue(c, in: s) && !ProjectIndex.isMainQueue(c, in: s)) {
                    ownsLock = true
                    break
                }
                stored.insert(c.nameText)
            }
            // Whatever its declared type (a typealias, `any NSLocking & Sendable`, a concurrent
            // queue): a stored property the type locks and unlocks, or runs a block on with `sync`,
            // around a closure parameter is the type's lock.
            if !ownsLock {
                ownsLock = candidates.contains { f in
                    held[s.decls[f].nameText].map { stored.contains(LockRegions.normalized($0)) } ?? false
                }
            }
            guard ownsLock else { return nil }
        }
        var scoped: [String] = []
        for f in candidates where runsUnderLock(s.decls[f], s, vocabulary: vocabulary) && held[s.decls[f].nameText] != nil {
            scoped.append(s.decls[f].nameText)
        }
        // A method that hands its closure on to one of those (`func withWriterLockVoid(_ body: …)
        // { try self.withWriterLock(body) }`) runs it under the lock too.
        if !scoped.isEmpty {
            let known = Set(scoped)
            for f in candidates where !known.contains(s.decls[f].nameText) && s.decls[f].body >= 0 {
                let params = Set(GuardLogExtractor.closureParameters(s, f))
                let body = s.scopes[s.decls[f].body]
                let forwards = s.span(body.open + 1, body.close).contains { k in
                    guard s.code[k].kind == .identifier, known.contains(s.text(k)), s.isChar(k + 1, UInt8(ascii: "(")) else { return false }
                    guard !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) else { return false }
                    let close = Int(s.match[k + 1])
                    return close == k + 3 && s.code[k + 2].kind == .identifier && params.contains(s.text(k + 2))
                }
                if forwards { scoped.append(s.decls[f].nameText) }
            }
        }
        // A lock that only locks and unlocks is still a lock.
        guard acquireRelease || !scoped.isEmpty else { return nil }
        return Array(Set(scoped)).sorted()
    }

    /// The argument label of the lock a free function `d` runs its closure parameter under: a
    /// parameter it acquires (`lock.lock()`, any acquire of the vocabulary) before calling the
    /// closure and releases (`defer { lock.unlock() }`), or whose closure method (`withLock`)
    /// the closure is called in. "_" for an unlabelled parameter; nil when it is no such wrapper.
    public static func lockArgument(of d: Int, in s: FileStructure, vocabulary: LockVocabulary) -> String? {
        let closures = Set(GuardLogExtractor.closureParameters(s, d))
        guard !closures.isEmpty, s.decls[d].body >= 0 else { return nil }
        let body = s.scopes[s.decls[d].body]
        let labels = StateAccess.declaredLabels(s, s.decls[d]).split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let names = s.decls[d].parameterNames
        for (i, lock) in names.enumerated() where !closures.contains(lock) {
            var acquiredAt = -1
            var released = false
            var lastRelease = -1
            var calledUnder = false
            for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: lock) && s.isChar(k + 1, UInt8(ascii: ".")) {
                guard k + 3 < body.close, !s.isChar(k - 1, UInt8(ascii: ".")) else { continue }
                let m = k + 2
                if vocabulary.acquireNames.contains(s, m) && acquiredAt < 0 { acquiredAt = m }
                if vocabulary.releaseNames.contains(s, m) {
                    // A deferred release holds to the end; another one, up to where it is.
                    if LockRegions.insideDefer(s, m, within: s.decls[d].body) { released = true } else { lastRelease = max(lastRelease, m) }
                }
                // `lock.withLock { body() }`.
                if vocabulary.lockScopedNames.contains(s, m), let c = s.closures.first(where: { $0.callee == m }) {
                    calledUnder = calledUnder || s.span(c.open + 1, c.close).contains { j in
                        s.code[j].kind == .identifier && closures.contains(s.text(j)) && s.isChar(j + 1, UInt8(ascii: "("))
                    }
                }
            }
            if acquiredAt >= 0 && (released || lastRelease > acquiredAt) {
                calledUnder = calledUnder || s.span(acquiredAt, released ? body.close : lastRelease).contains { j in
                    s.code[j].kind == .identifier && closures.contains(s.text(j)) && s.isChar(j + 1, UInt8(ascii: "(")) && !s.isChar(j - 1, UInt8(ascii: "."))
                }
            }
            guard calledUnder else { continue }
            // The argument label (`in` for `in lock:`, `_`, or the name itself).
            let written = i < labels.count ? labels[i] : ""
            return written.isEmpty ? lock : written
        }
        return nil
    }

    /// Whether a method of type (or extension) `d` calls its closure parameter with a stored
    /// property of the type as an argument (`body(&value)`, `try body(self.graph)`): the
    /// closures it runs work on that value, so what they guard is the value, not the caller's state
    /// (whenever the closure runs: an `@escaping` one is handed the value all the same).
    public static func handsStateToClosure(_ d: Int, in s: FileStructure) -> Bool {
        var stored = Set<String>()
        var types = [d]
        if s.decls[d].kind == .extension { types += s.typeDecls(named: s.decls[d].nameText).filter { $0 != d } }
        for t in types {
            for m in s.children[t] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
                stored.insert(s.decls[m].nameText)
            }
        }
        guard !stored.isEmpty else { return false }
        for m in s.children[d] where s.decls[m].kind == .function && s.decls[m].body >= 0 && !s.decls[m].isStaticMember {
            let params = Set(GuardLogExtractor.closureParameters(s, m, escaping: true))
            guard !params.isEmpty else { continue }
            let body = s.scopes[s.decls[m].body]
            for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "("))
                && !s.isChar(k - 1, UInt8(ascii: ".")) && params.contains(s.text(k)) {
                let close = Int(s.match[k + 1])
                guard close > k + 1 else { continue }
                var j = k + 2
                while j < close {
                    if s.isChar(j, UInt8(ascii: "&")) { j += 1 }
                    if s.isKeyword(j, .self) && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
                    if j < close, s.code[j].kind == .identifier, s.isChar(j + 1, UInt8(ascii: ",")) || j + 1 == close {
                        // A stored property, or the value an inner box hands its own closure
                        // (`graph.withLock { body($0) }`, `{ g in body(g) }`).
                        let name = s.text(j)
                        if stored.contains(name) { return true }
                        for sc in s.enclosingScopes(of: j) where s.scopes[sc].kind == .closure && s.scopes[sc].closure >= 0 {
                            let c = s.closures[s.scopes[sc].closure]
                            if c.receiverStart >= 0 && (name.hasPrefix("$") || c.parameterNames.contains(name)) { return true }
                        }
                    }
                    // The next argument.
                    while j < close && !s.isChar(j, UInt8(ascii: ",")) {
                        if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "[")) { j = max(j, Int(s.match[j])) }
                        j += 1
                    }
                    j += 1
                }
            }
        }
        return false
    }

    /// Among the closure-running methods `methods` of type `d`, those that run their closure in a
    /// plain `sync` block (no barrier) when the type keeps a concurrent queue: a reader's hold.
    public static func readerMethods(of d: Int, in s: FileStructure, among methods: [String]) -> [String] {
        guard !methods.isEmpty, s.decls[d].body >= 0 else { return [] }
        let body = s.scopes[s.decls[d].body]
        guard s.span(body.open, body.close).contains(where: { s.is($0, "concurrent") }) else { return [] }
        var out: [String] = []
        for m in s.children[d] where s.decls[m].kind == .function && s.decls[m].body >= 0 && methods.contains(s.decls[m].nameText) {
            let inner = s.scopes[s.decls[m].body].interior
            if inner.contains(where: { s.is($0, "sync") }) && !inner.contains(where: { s.is($0, "barrier") }) { out.append(s.decls[m].nameText) }
        }
        return Array(Set(out)).sorted()
    }

    /// The closure-running methods of type (or extension) `d` that hand their closure on to a
    /// closure method of one of its stored properties (`func modify(_ body: …) { lock.perform {
    /// body(&value) } }`), as `method=Type.inner` (`Type` empty when the property's type is not
    /// written): a lock when `Type.inner` is one, followed through the run's types at query time.
    public static func delegations(of d: Int, in s: FileStructure) -> [String] {
        var stored: [String: Decl] = [:]
        for m in s.children[d] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isComputed {
            stored[s.decls[m].nameText] = s.decls[m]
        }
        guard !stored.isEmpty else { return [] }
        var out = Set<String>()
        for m in s.children[d] {
            let f = s.decls[m]
            guard f.kind == .function, f.body >= 0, !f.isStaticMember, takesImmediateClosure(m, s) else { continue }
            let params = GuardLogExtractor.closureParameters(s, m)
            guard !params.isEmpty else { continue }
            var target: (receiver: String, method: String)? = nil
            var outside = false
            for k in s.scopes[f.body].interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: "."))
                && params.contains(s.text(k)) {
                // The closure (or the call) the parameter is run in or handed to.
                var here: (String, String)? = nil
                if !s.isChar(k + 1, UInt8(ascii: "(")), let h = handedOn(s, k) {
                    here = h
                } else {
                    var sc = Int(s.scopeOf[k])
                    while sc >= 0 && sc != f.body {
                        let scope = s.scopes[sc]
                        if scope.kind == .closure {
                            let c = s.closures[scope.closure]
                            if c.callee >= 0 && c.receiverStart >= 0 && s.isChar(c.callee - 1, UInt8(ascii: ".")) {
                                here = (LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1))), s.text(c.callee))
                            }
                            break
                        }
                        sc = scope.parent
                    }
                }
                guard let h = here, target == nil || target! == h, !GuardRegions.plainClosureMethods.contains(h.1) else { outside = true; break }
                target = h
            }
            guard !outside, let t = target, let v = stored[t.receiver] else { continue }
            out.insert("\(f.nameText)=\(GuardLogExtractor.declaredTypeName(v, s) ?? "").\(t.method)")
        }
        return out.sorted()
    }

    /// For a closure parameter passed on as the only argument of `receiver.method(p)` or
    /// `receiver.method(label: p)`: the receiver and the method.
    static func handedOn(_ s: FileStructure, _ k: Int) -> (String, String)? {
        var open = k - 1
        if s.isChar(open, UInt8(ascii: ":")) { open -= 2 }
        guard open > 2, s.isChar(open, UInt8(ascii: "(")), s.isChar(k + 1, UInt8(ascii: ")")) else { return nil }
        let callee = open - 1
        guard s.code[callee].kind == .identifier, s.isChar(callee - 1, UInt8(ascii: ".")) else { return nil }
        let r = LockRegions.receiverStart(s, dot: callee - 1)
        guard r >= 0 else { return nil }
        return (LockRegions.normalized(s.text(s.span(r, callee - 1))), s.text(callee))
    }

    /// A parameter of function type that is not `@escaping`: the closure runs during the call.
    public static func takesImmediateClosure(_ di: Int, _ s: FileStructure) -> Bool {
        let f = s.decls[di]
        var sawArrow = false
        for k in f.typeAnnotation {
            // An `@escaping` closure the body only calls in place runs during the call too.
            if s.code[k].kind == .attribute && s.is(k, "@escaping") { return !GuardLogExtractor.closureParameters(s, di).isEmpty }
            if s.is(k, "->") {
                // The function's own return arrow is at depth 0 of the signature; a parameter's
                // arrow is inside the parameter list's parentheses.
                if insideParameterList(k, f, s) { sawArrow = true }
            }
        }
        return sawArrow
    }

    static func insideParameterList(_ k: Int, _ f: Decl, _ s: FileStructure) -> Bool {
        guard let j = s.parameterListOpen(of: f) else { return false }
        let close = Int(s.match[j])
        return close > j && k > j && k < close
    }

    /// The body takes a lock (an acquire call, a withLock-style call, or sync on a queue) or
    /// the type is itself the lock (`lock(); defer { unlock() }` on self).
    static func runsUnderLock(_ f: Decl, _ s: FileStructure, vocabulary: LockVocabulary) -> Bool {
        guard f.body >= 0 else { return false }
        let b = s.scopes[f.body]
        var k = b.open
        while k < b.close {
            if s.code[k].kind == .identifier && (s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{"))) {
                if vocabulary.acquireNames.contains(s, k) || vocabulary.lockScopedNames.contains(s, k) || s.is(k, "sync") || s.is(k, "signal") {
                    return true
                }
            }
            k += 1
        }
        return false
    }
}

/// Types whose subclasses (or conformers) the compiler isolates to the main actor.
public enum MainActorTypes {
    /// UIKit and AppKit classes are `@MainActor`; so are SwiftUI's `View`, `App` and `Scene`.
    static let exact: Set<String> = [
        "View", "App", "Scene", "UIResponder", "NSResponder", "UIApplicationDelegate", "NSApplicationDelegate",
        "UIWindowSceneDelegate", "UIHostingController", "NSHostingController", "NSHostingView", "UIViewRepresentable",
        "UIViewControllerRepresentable", "NSViewRepresentable", "NSViewControllerRepresentable",
        // GLKit's view and view controller subclass UIKit's.
        "GLKView", "GLKViewController",
    ]
    static let uiSuffixes = ["View", "ViewController", "Controller", "Cell", "Window", "Control", "Button", "Label",
                             "Responder", "TextField", "Bar", "Application",
                             // The controls and windows AppKit and UIKit name otherwise (`NSSearchField`,
                             // `NSComboBox`, `UISlider`, `NSProgressIndicator`, `NSOpenPanel`).
                             "Field", "Box", "Slider", "Switch", "Stepper", "Picker", "Indicator", "Panel"]

    /// Whether declaration `d` names a main-actor UI type among the types it inherits.
    public static func inheritsIsolation(_ d: Int, _ s: FileStructure) -> Bool {
        for t in s.inheritedTypes(of: d) where isMainActorType(t.name) { return true }
        return false
    }

    public static func isMainActorType(_ name: String) -> Bool {
        if exact.contains(name) { return true }
        guard name.hasPrefix("UI") || name.hasPrefix("NS") || name.hasPrefix("WK") else { return false }
        guard let third = name.dropFirst(2).first, third.isUppercase else { return false }
        // NSLock, NSObject, NSCondition and the like are not UI types.
        return uiSuffixes.contains { name.hasSuffix($0) } && !name.hasSuffix("Lock")
    }
}

/// Run-time assertions that code runs on one thread, queue or event loop.
public enum Confinement {
    public static let checks: Set<String> = [
        "assertInEventLoop", "preconditionInEventLoop", "inEventLoop", "assertOnEventLoop", "checkCorrectThread",
        "dispatchPrecondition", "assertIsolated", "preconditionIsolated", "isMainThread",
    ]

    /// A type that is itself an executor or event loop runs its own work serially.
    public static let executorProtocols: Set<String> = ["EventLoop", "SerialExecutor", "TaskExecutor", "Executor"]

    public static func isExecutor(_ d: Int, _ s: FileStructure) -> Bool {
        s.decls[d].inheritance.contains { s.code[$0].kind == .identifier && executorProtocols.contains(s.text($0)) }
    }

    /// SwiftNIO calls a channel handler only on its channel's event loop.
    public static let eventLoopProtocols: Set<String> = [
        "ChannelInboundHandler", "ChannelOutboundHandler", "ChannelDuplexHandler", "ChannelHandler", "RemovableChannelHandler",
    ]

    /// Whether type or extension `d` conforms to a SwiftNIO channel-handler protocol: all its
    /// methods run on its channel's event loop.
    public static func isChannelHandler(_ d: Int, _ s: FileStructure) -> Bool {
        s.decls[d].inheritance.contains { s.code[$0].kind == .identifier && handlerNames.contains(s, $0) }
    }

    static let checkNames = NameSet(checks)
    static let checkList = Array(checks)
    static let handlerNames = NameSet(eventLoopProtocols)

    /// Whether the type or extension `d` conforms to a channel-handler protocol or asserts
    /// confinement in its body.
    public static func asserted(in d: Int, _ s: FileStructure) -> Bool {
        if s.decls[d].inheritance.contains(where: { s.code[$0].kind == .identifier && handlerNames.contains(s, $0) }) { return true }
        guard s.decls[d].body >= 0, s.identifiers.mayContainAny(checkList) else { return false }
        let body = s.scopes[s.decls[d].body]
        for i in s.span(body.open, body.close) where s.code[i].kind == .identifier && checkNames.contains(s, i) { return true }
        return false
    }
}
