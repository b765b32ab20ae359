/// One inconsistency the guard inference found, as plain data: the rules that report it
/// (`unchecked_sendable_unguarded` for `@unchecked Sendable` classes, `inconsistent_locking`
/// for the others) turn it into words.
public struct GuardFinding: Sendable, Equatable {
    public enum Kind: Sendable, Equatable {
        /// The var is accessed with its guard elsewhere and with no guard here.
        case unguarded
        /// Accessed here only under other guards than its usual one.
        case otherGuard
        /// Written in a plain block of a concurrent queue whose barrier blocks guard it.
        case plainBlockWrite
        /// A var of an `@unchecked Sendable` class that has guards, never accessed under one.
        case neverGuarded
        /// An `@unchecked Sendable` class with mutable state and nothing that is or may be a guard.
        case unprotectedClass
        /// A public var the class guards inside: code outside the module reaches it without the guard.
        case publicVar
    }

    /// Why a var is listed in an `unprotectedClass` finding.
    public enum VarState: Sendable, Equatable {
        case written(CodeSite)
        case settableOutsideModule
        /// Public and settable, yet nothing in the run writes it after construction.
        case settableUnwritten
        case writtenThroughOthers
        case settableBox
        case neverAssigned
    }

    public struct VarNote: Sendable, Equatable {
        public var name: String
        public var site: CodeSite
        public var state: VarState
    }

    public var kind: Kind
    public var unchecked: Bool
    public var typeName: String
    public var variable: String
    public var site: CodeSite
    public var write = false
    /// The var is `lazy` and the access a read: the first such read stores its value.
    public var lazyRead = false
    /// No code of the run assigns the var (a lazy var's reads are all its stores): made in
    /// init, it would never change once the object is shared.
    public var neverAssigned = false
    public var inAsync = false
    /// The var's usual guard (held at most of its guarded accesses).
    public var primary: HeldGuard? = nil
    /// The guards held here (for `otherGuard`).
    public var here: [HeldGuard] = []
    /// For `unguarded`: the locks held here on some path (some callers of its member hold them):
    /// a fix-it that takes the var's guard here must not take it inside one of them against the
    /// order the run takes the two.
    public var mayHold: [HeldGuard] = []
    /// For `unguarded` under a lock: no write of the var holds the lock, which is held at no
    /// more than half of its accesses (reads inside a critical section taken for other state):
    /// the message says so rather than call the lock the var's guard.
    public var noWriteHolds = false
    /// A guarded access, for the note.
    public var guardedAt: CodeSite? = nil
    public var guardedCount = 0
    /// For `unguarded`: the other accesses (not at the finding's own site) that some paths
    /// reach with the guard and others without it (not in `guardedCount`).
    public var partlyGuardedCount = 0
    /// The var's accesses after construction in the run's code (the finding's own included).
    public var accessCount = 0
    /// The var's accesses left out of `accessCount`: made during construction (or in a helper
    /// only it calls), or in a test before it starts concurrent work or after it joined it. A
    /// message that counts accesses says these were not counted.
    public var uncountedCount = 0
    /// Where those are.
    public var uncountedPlaces: StateAccess.ConstructionPlaces = []
    /// The var's accesses in a setter that nothing in the run (and nothing outside the module)
    /// can call: left out of every count, like the writes they make.
    public var unreachedCount = 0
    /// The var's accesses other types' code makes through a reference to the class (product
    /// code): judged apart and left out of every count of the class's own accesses, so a
    /// message that counts says so.
    public var throughOtherReferences = 0
    /// The byte offset of the `{` of the body or closure that runs the access (one cause, one
    /// finding: the accesses of one var on one unguarded path are reported once).
    public var body = -1
    /// For an access in a member that some call reaches without the guard: the member, that
    /// call, and whether other calls hold the guard (then locking inside would deadlock them).
    public var helper: String? = nil
    public var helperCall: CodeSite? = nil
    /// For `otherGuard` in a member every call of which runs on an executor, but not the same one:
    /// a call that runs it under `here`, and one that runs it under `primary`.
    public var splitCalls: [CodeSite] = []
    /// That call is itself reached holding the guard on some paths into its member (and without
    /// it on others): taking the guard at the call would take it again on those paths.
    public var helperCallPartlyHeld = false
    /// The calls of `helper` (outside construction) that hold the guard, and those that hold
    /// nothing that may be it: what "its other callers hold it" may claim.
    public var helperGuardedCalls = 0
    public var helperUnguardedCalls = 0
    public var helperHasGuardedCaller: Bool { helperGuardedCalls > 0 }
    /// When `helper` is a caller further up (the unguarded path enters there), the member that
    /// holds the access, which `helper` reaches through its own calls.
    public var helperVia: String? = nil
    /// Some of `groupedAccesses` lie in members that `helper` reaches, not in `helper` itself.
    public var groupedBeyondHelper = false
    /// The class's own method that runs a closure under `primary`, if any.
    public var wrapper: String? = nil
    /// The declared type of the `primary` lock property.
    public var lockType: String? = nil
    /// The `primary` lock property is optional: code reaches it as `lock?.withLock { }`.
    public var optionalLock = false
    /// The class's guards (for `neverGuarded`).
    public var classGuards: [HeldGuard] = []
    /// Locks of the type itself (`Self.lock`) the class's code holds: not an instance var's guard
    /// (for `neverGuarded`, worded apart when the class holds no other).
    public var typeLocks: [HeldGuard] = []
    /// The unguarded accesses beyond the reported one (for `neverGuarded`).
    public var otherAccesses: [CodeSite] = []
    /// For `unprotectedClass`.
    public var vars: [VarNote] = []
    public var valueBoxes: [String] = []
    public var isSubclass = false
    /// What the class stores that serializes work (for `unprotectedClass`), as said in a message.
    public var holds: [String] = []
    /// The plain block that writes, for a `plainBlockWrite`.
    public var plainBlock: PlainBlock? = nil
    /// How the class holds `primary` when it is a lock (`withLock`, `lock`, `perform`, `wait`).
    public var form: String? = nil
    /// For `publicVar`: whether outside code can also set it.
    public var settable = false
    /// Other accesses of the same helper that the same call reaches without the guard (one
    /// cause, one finding): the var, and where.
    public var groupedAccesses: [VarNote] = []
    /// In test code that does not touch the var from concurrent code (or a class declared in
    /// test code): a rule that narrows what it reports in tests leaves it out.
    public var quietInTests = false
    /// One half of a check-then-act in its member: for a write, the member reads the var (the
    /// property itself, not a parameter or local of that name, nor another value's member)
    /// before it; for a read, the member writes the var after it.
    public var checkThenAct = false
    /// For a read with `checkThenAct`: its member reads the var again, holding the guard, before
    /// that write (double-checked: the write is decided on a fresh read, this read still races).
    public var rechecked = false
    /// For a write: sending it to run later (`queue.async`) could reorder it against code the
    /// tool sees or cannot see: a caller of its member (or of a member that calls that one) goes
    /// on after the call, or code outside the module can call the member.
    public var orderMatters = false
    /// Such a call, with code after it, when the tool saw one.
    public var continuingCall: CodeSite? = nil
    /// The member whose callers go on after it (called at `continuingCall`, or callable from
    /// outside the module when that is nil), as said in a message ("stop()"); nil when the tool
    /// cannot tell (a member met again while its callers are followed).
    public var continuingCallee: String? = nil
    /// The call at `helperCall` is made by another type's code (or through another instance):
    /// it cannot use the class's own guard.
    public var helperCallOutside = false
    /// The site at `helperCall` hands `self` to another type's code, which calls `helper` back.
    public var helperCallHandsOut = false
    /// The site at `helperCall` names `helper` as a value (a method reference handed to other
    /// code, which calls it later), not a call.
    public var helperCallIsReference = false
    /// Nothing runs after the call at `helperCall`, nor after any call of the member it is in.
    public var helperCallDeferrable = false
    /// `helper` is also called from the class's deinit, which runs on whatever thread drops the
    /// last reference (a block on the class's own queue among them): an entry for it that hops
    /// onto that queue with `sync` could deadlock there.
    public var helperCalledFromDeinit = false
    /// When `helper` takes the lock itself on some path (in its own body, or in a member of the
    /// class it calls, at any depth): the member that takes it. Holding the lock around a call of
    /// `helper`, or calling it from an entry that holds the lock, would then deadlock.
    public var helperTakesGuardIn: String? = nil
    /// `helper` is a property's accessor, not a method: "set" or "read" at `helperCall`.
    public var helperProperty: String? = nil
    /// Made by another type's code through a reference to the class: the class's guard is
    /// not that code's to take.
    public var fromOutside = false
}

/// The whole-run guard inference, in the lockset tradition (Eraser; golintmu and RacerD for
/// inference without annotations): every use of a class's stored state is recorded with the
/// guards held there, a member holds the guards every call of it holds (worked out to a fixed
/// point over the class's calls to its own members, in any file), and a var is reported where
/// it is used without the guard it has elsewhere. Construction (init, deinit, helpers only they
/// call, copy-on-write after a uniqueness check) is exempt; code the tool cannot resolve is
/// neither guarded nor unguarded.
public enum GuardInference {
    /// Implicitly unwrapped vars (`var api: Client!`) set by one member of the class that does
    /// nothing else with them: it assigns two or more of them, straight in its body and holding
    /// no lock or queue there (on the main actor at most), reads none of them there (only, maybe,
    /// in work it starts after), and no other code assigns them. That is how a class takes its
    /// dependencies after init (a container's injection hook, a `configure(with:)` before use):
    /// the later reads find them set, and the tool cannot see when that member runs; it says
    /// nothing of them.
    static func injectedDependencies(vars: [StoredVarRecord], accesses: [StateAccessRecord], throughOthers: Set<String>) -> Set<String> {
        let late = Set(vars.filter { $0.type.hasSuffix("!") && !$0.settableOutsideModule && !$0.observed && !throughOthers.contains($0.name) }.map(\.name))
        guard late.count >= 2 else { return [] }
        var writers: [String: Set<String>] = [:]
        var readersOf: [String: Set<String>] = [:]
        var disqualified: Set<String> = []
        for a in accesses where late.contains(a.variable) && !a.construction {
            if a.write {
                // (Not one made under a lock or on a queue: that is a once-section's set-up,
                // which readers may race with.)
                if a.runsLater || a.member.isEmpty || a.guards.contains(where: { $0.kind != .mainActor }) || a.possible {
                    disqualified.insert(a.variable)
                } else {
                    writers[a.variable, default: []].insert(a.member)
                }
            } else if !a.runsLater {
                // (A read in work the member starts, a `Task { }`, runs after its assignments.)
                readersOf[a.member, default: []].insert(a.variable)
            }
        }
        // Per member, the late vars it alone assigns.
        var byMember: [String: Set<String>] = [:]
        for (v, ms) in writers where ms.count == 1 && !disqualified.contains(v) { byMember[ms.first!, default: []].insert(v) }
        var out: Set<String> = []
        for (m, vs) in byMember where vs.count >= 2 && (readersOf[m] ?? []).isDisjoint(with: vs) { out.formUnion(vs) }
        return out
    }

    /// Findings by path.
    public static func run(_ logs: [String: [String: TypeGuardLog]], setupCalls: [String: [String: [String]]] = [:]) -> [String: [GuardFinding]] {
        var out: [String: [GuardFinding]] = [:]
        for key in logs.keys.sorted() {
            for f in findings(key: key, logs: logs[key]!, setupCalls: setupCalls, testConcurrentNames: [:]) { out[f.site.path, default: []].append(f) }
        }
        for k in out.keys { out[k]!.sort { ($0.site, $0.variable) < ($1.site, $1.variable) } }
        return out
    }

    /// The findings for class `key` (`module::Outer.Inner`) from its files' logs.
    static func findings(key: String, logs byPath: [String: TypeGuardLog], setupCalls: [String: [String: [String]]], assigned: Set<String> = [],
                         locked: [String: [String]] = [:],
                         outsideCalls: [String: [OutsideCall]] = [:],
                         delivery: ObserverDelivery.Table = .init(),
                         testConcurrentNames: [String: [String]], testJoining: [String: [String]] = [:],
                         testNotJoining: [String] = [], ancestors: [(name: String, logs: [String: TypeGuardLog])] = [],
                         referenceNames: [String: Int]? = nil) -> [GuardFinding] {
        let list = byPath.keys.sorted().map { byPath[$0]! }
        // The set-up calls made on `Inner` in the module.
        let base = GuardLogExtractor.splitVariant(key).base
        let sep = base.range(of: "::")
        let module = sep.map { String(base[..<$0.lowerBound]) } ?? ""
        let simple = String((sep.map { base[$0.upperBound...] } ?? base).split(separator: ".").last ?? "")
        let inherited = ancestors.map { a in a.logs.keys.sorted().map { a.logs[$0]! } }
        let outside: [OutsideCall]
        if let counts = referenceNames {
            // Uses through references typed with any dotted tail of the class's qualified name
            // (`Inner`, `Outer.Inner`) that means this class alone in the run (see
            // `ProjectIndex.guardReferenceNames`).
            let type = sep.map { base[$0.upperBound...] } ?? base
            let parts = type.split(separator: ".")
            var own: [OutsideCall] = []
            for k in parts.indices {
                let name = parts[k...].joined(separator: ".")
                if (counts[name] ?? 0) <= 1 { own += outsideCalls[name] ?? [] }
            }
            outside = own + ancestors.flatMap { (counts[$0.name] ?? 0) <= 1 ? outsideCalls[$0.name] ?? [] : [] }
        } else {
            outside = (outsideCalls[simple] ?? []) + ancestors.flatMap { outsideCalls[$0.name] ?? [] }
        }
        // Set-up calls on a fresh instance made by other modules of the run (a test module's,
        // through `@testable import`): they count for members that no other code runs.
        // (Not one this module calls on a fresh local once it may be shared: that call is not
        // set-up, and the run records it nowhere else.)
        let mark = GuardLogExtractor.laterCallMark
        let own = setupCalls[module]?[simple] ?? []
        let laterHere = Set(own.filter { $0.hasPrefix(mark) }.map { String($0.dropFirst(mark.count)) })
        var setupElsewhere = Set<String>()
        for (m, types) in setupCalls where m != module { setupElsewhere.formUnion((types[simple] ?? []).filter { !$0.hasPrefix(mark) }) }
        setupElsewhere.subtract(laterHere)
        return analyze(list, setup: Set(own.filter { !$0.hasPrefix(mark) }), setupElsewhere: setupElsewhere, assignedElsewhere: assigned, lockedElsewhere: Set(locked[module] ?? []), outside: outside,
                       delivery: delivery,
                       testConcurrent: Set(testConcurrentNames[module] ?? []),
                       joining: testJoining, notJoining: Set(testNotJoining), ancestors: inherited)
    }

    struct Entry: Equatable {
        var top = false
        var construction = false
        /// Held on every call.
        var guards: Set<HeldGuard> = []
        /// Held on some call (a helper called both with and without the lock).
        var some: Set<HeldGuard> = []
        var possible = false
    }

    struct Effective {
        var guards: Set<HeldGuard>
        var some: Set<HeldGuard>
        var possible: Bool
        var construction: Bool
    }

    /// The findings for one class, from every file's log of it.
    static func analyze(_ logs: [TypeGuardLog], setup: Set<String> = [], setupElsewhere: Set<String> = [], assignedElsewhere: Set<String> = [], lockedElsewhere: Set<String> = [],
                        outside: [OutsideCall] = [],
                        delivery: ObserverDelivery.Table = .init(),
                        testConcurrent: Set<String> = [],
                        joining: [String: [String]] = [:], notJoining: Set<String> = [],
                        ancestors: [[TypeGuardLog]] = []) -> [GuardFinding] {
        guard let cls = logs.lazy.compactMap({ $0.classRecord }).first else { return [] }
        // Code in a closure handed to a type of the run that calls it only on the main queue runs
        // there (see `ObserverDelivery`).
        var logs = logs
        // Only when no code of the class is delivered off the main queue where the tool can see
        // it (a kept closure or observer method also called elsewhere): then it stays as it was.
        // A closure that takes the main actor's isolation from the code that makes it runs there
        // whatever else the class's code does (see `ObserverDelivery.inheritedKey`).
        let mainDelivered = !delivery.isEmpty && ObserverDelivery.allOnMain(logs, delivery)
        if !delivery.isEmpty {
            func onMain(_ key: String?) -> Bool {
                guard let key, mainDelivered || ObserverDelivery.inheritingFunction(key) != nil else { return false }
                return delivery.callbackOnMain(key)
            }
            for i in logs.indices {
                for j in logs[i].accesses.indices where onMain(logs[i].accesses[j].callback) { logs[i].accesses[j].guards.append(.mainActor) }
                for j in logs[i].calls.indices where onMain(logs[i].calls[j].callback) { logs[i].calls[j].guards.append(.mainActor) }
            }
        }
        // A main-actor class whose code also runs off the main actor (see `ClassRecord.runsOffMain`)
        // and takes a lock: the lock is there for that code, and its state is judged.
        let offMainLocked = cls.exemption == "main-actor superclass" && cls.runsOffMain
            && logs.contains { $0.accesses.contains { $0.guards.contains { $0.kind == .lock } } }
        if (cls.exemption != nil && !offMainLocked) || logs.contains(where: { $0.exemption != nil }) { return [] }
        let unchecked = cls.unchecked || logs.contains { $0.uncheckedHere }
        var members: [String: MemberRecord] = [:]
        var byBase: [String: [String]] = [:]
        // Full names two declarations of the class share (overloads told apart only by their
        // parameter types, `item(for: Int)` and `item(for: Message)`): the tool cannot tell
        // which of them a call reaches.
        var overloaded = Set<String>()
        for l in logs {
            for m in l.members {
                if let known = members[m.key] {
                    if known.site != m.site && m.key.hasSuffix(")") { overloaded.insert(m.key) }
                    continue
                }
                members[m.key] = m
                byBase[m.baseName, default: []].append(m.key)
            }
        }
        // The superclasses' code in the run (nearest first) runs on this class's instances too:
        // their members, and their calls of them and of this class's overrides, are this class's
        // (their state is theirs: their accesses are judged with them). An override of a member
        // a superclass in the run declares, and does not itself get from outside, is entered
        // only through the calls the run makes of it.
        // Overrides of a member a superclass in the run declares: hooks the superclass calls.
        var hooks = Set<String>()
        for level in ancestors {
            for l in level {
                for m in l.members {
                    if var mine = members[m.key] {
                        if m.key.hasSuffix(")") && mine.site != m.site { hooks.insert(m.key) }
                        // An override keeps the contract its superclass's declaration states
                        // ("called with the lock held").
                        if m.saysCallerHolds && !mine.saysCallerHolds && mine.site != m.site {
                            mine.saysCallerHolds = true
                            members[m.key] = mine
                        }
                        guard mine.overrideOnly && mine.enteredFromOutside else { continue }
                        mine.enteredFromOutside = m.enteredFromOutside
                        mine.overrideOnly = m.overrideOnly
                        mine.access = max(mine.access, m.access)
                        members[m.key] = mine
                    } else {
                        members[m.key] = m
                        byBase[m.baseName, default: []].append(m.key)
                    }
                }
            }
        }
        let boxes = Set(cls.valueBoxes)
        // Calls resolved to members: member key → its call sites.
        var sites: [String: [MemberCallRecord]] = [:]
        var referenced = Set<String>()
        func functionKeys(_ base: String) -> [String] {
            (byBase[base] ?? []).filter { $0.hasSuffix(")") }
        }
        // The member a call whose labels name none exactly reaches: the only function of its
        // name, or the only one it can call with arguments that have defaults left out.
        func member(called c: String, base: String) -> String? {
            let keys = functionKeys(base)
            if keys.count == 1 { return keys[0] }
            let fits = keys.filter { k in members[k].map { !$0.labels.isEmpty && SelfCalls.callMatches(c, $0.labels) } ?? false }
            return fits.count == 1 ? fits[0] : nil
        }
        for l in logs + ancestors.joined() {
            for c in l.calls {
                if c.callee.hasSuffix(")") {
                    if members[c.callee] != nil {
                        sites[c.callee, default: []].append(c)
                    } else if let k = member(called: c.callee, base: c.baseName) {
                        sites[k, default: []].append(c)
                    }
                } else if c.callee.hasSuffix("=") {
                    let base = String(c.callee.dropLast())
                    if members[base + ".set"] != nil { sites[base + ".set", default: []].append(c) }
                } else {
                    if members[c.callee + ".get"] != nil { sites[c.callee + ".get", default: []].append(c) }
                    for k in functionKeys(c.callee) { referenced.insert(k) }
                }
            }
            // Writes of a stored var run its observers.
            for a in l.accesses where a.write && !a.outside {
                for obs in ["didSet", "willSet"] where members[a.variable + "." + obs] != nil {
                    sites[a.variable + "." + obs, default: []].append(
                        MemberCallRecord(callee: a.variable + "." + obs, baseName: a.variable, member: a.member, site: a.site, guards: a.guards,
                                         construction: a.construction, runsLater: a.runsLater, possible: a.possible,
                                         registration: a.registration, registrationGuards: a.registrationGuards,
                                         releasedEntry: a.releasedEntry))
                }
            }
        }
        // Uses of the members by other types' code, or through another instance: they hold none
        // of this instance's guards.
        var outsideSites: [String: [MemberCallRecord]] = [:]
        // Per member, for each of its outside uses: the type whose function makes it through a
        // parameter (`OutsideCall.parameterOf`), or "".
        var outsideFrom: [String: [String]] = [:]
        // Members other types' code calls through a reference other than in an initializer's
        // own body (a fresh local being set up is no such reference: see `outsideCalls`): on an
        // instance that may be shared already.
        var calledAfterSetUp = Set<String>()
        // Per member: whether every one of its outside uses is made on the main actor.
        var outsideOnMain: [String: Bool] = [:]
        for c in outside.sorted(by: { ($0.path, $0.offset) < ($1.path, $1.offset) }) {
            var k: String? = nil
            if c.callee.hasSuffix(")") {
                k = members[c.callee] != nil ? c.callee : member(called: c.callee, base: c.baseName)
            } else if c.callee.hasSuffix("=") {
                k = members[c.baseName + ".set"] != nil ? c.baseName + ".set" : nil
            } else if members[c.callee + ".get"] != nil {
                k = c.callee + ".get"
            }
            if let k {
                outsideSites[k, default: []].append(c.record)
                outsideFrom[k, default: []].append(c.parameterOf)
                if !c.inInitializer { calledAfterSetUp.insert(k) }
                outsideOnMain[k] = (outsideOnMain[k] ?? true) && c.onMain
            }
        }
        // A member the class's own code never calls, which another type calls only through a
        // parameter that the class handed `self` in as (`parser.parse(data, self)`, then
        // `terminal.csiHandler()` in the parser): it runs inside one of those hand-outs, holding
        // what the hand-out holds, so the hand-outs are its call sites.
        var handOutsTo: [String: [MemberCallRecord]] = [:]
        for l in logs {
            for a in l.accesses where !a.outside {
                guard let type = OutsideAccesses.handOutReceiver(a.variable).map(String.init), !type.isEmpty else { continue }
                var rec = MemberCallRecord(callee: "", baseName: "", member: a.member, site: a.site, guards: a.guards,
                                           construction: a.construction, runsLater: a.runsLater, possible: a.possible,
                                           releasedEntry: a.releasedEntry)
                rec.codeAfter = true
                rec.handOut = true
                handOutsTo[type, default: []].append(rec)
            }
        }
        let handingOut = Set(handOutsTo.values.joined().map(\.member))
        if !handOutsTo.isEmpty {
            for (k, from) in outsideFrom.sorted(by: { $0.key < $1.key }) where (sites[k] ?? []).isEmpty && !referenced.contains(k) {
                guard let m = members[k], m.access != .world, !m.enteredFromOutside,
                      from.allSatisfy({ !$0.isEmpty && handOutsTo[$0] != nil }) else { continue }
                var virtual: [MemberCallRecord] = []
                for type in Set(from).sorted() {
                    for h in handOutsTo[type]! {
                        var rec = h
                        rec.callee = k
                        rec.baseName = m.baseName
                        virtual.append(rec)
                    }
                }
                sites[k] = virtual
                outsideSites[k] = nil
            }
        }
        let guardTakenOutside = cls.exposedGuards.contains { lockedElsewhere.contains($0) }
        let publicGuardTakenOutside = cls.publicGuards.contains { lockedElsewhere.contains($0) }
        // Entry guards per member, to a fixed point.
        var entry: [String: Entry] = [:]
        var open: [String] = []
        var hookFallback: [String: Entry] = [:]
        let constructionOnly = Set(cls.constructionOnly)
        // Vars that code outside the class may set: through another reference anywhere in the
        // module, or from outside the module.
        let setOutside = assignedElsewhere.union(logs.flatMap { $0.writtenThroughOthers })
            .union(logs.flatMap { $0.vars.filter(\.settableOutsideModule).map(\.name) })
        // A queue other code sets (`conn.queue = q`) is the one that code calls the class on.
        // (Not when every hand-out shows the callbacks it gets: those are followed like other calls.)
        let handsOutQueue = (cls.handsOutQueue && !cls.callbacksInSight) || cls.settableQueues.contains { assignedElsewhere.contains($0) }
        // Setters nothing can run: no call in the run (its own code's, another reference's
        // `x.name = v`), not visible outside the module, not an override or protocol entry the
        // tool cannot follow. Their writes happen in no run of the code.
        var neverRun = Set<String>()
        for (k, m) in members where k.hasSuffix(".set") && (sites[k] ?? []).isEmpty && (outsideSites[k] ?? []).isEmpty
            && !setOutside.contains(m.baseName) && m.access != .world && !m.enteredFromOutside && !referenced.contains(k) {
            neverRun.insert(k)
        }
        // A method declared private (its mentions counted), not an override, `@objc` or witness
        // the runtime calls, not construction, that no other code of the run calls or names
        // under any of its labels.
        func privateUncalledElsewhere(_ k: String, _ m: MemberRecord) -> Bool {
            k.hasSuffix(")") && m.mentions >= 0 && m.access == .file && !m.enteredFromOutside && !m.construction && !hooks.contains(k)
                && (byBase[m.baseName] ?? [k]).allSatisfy { (outsideSites[$0] ?? []).isEmpty && !referenced.contains($0) }
        }
        // Private methods nothing calls: no call or reference of their name in the run. Their
        // accesses run in no run of the code.
        for (k, m) in members where m.mentions == 0 && privateUncalledElsewhere(k, m)
            && (byBase[m.baseName] ?? [k]).allSatisfy({ (sites[$0] ?? []).isEmpty }) {
            neverRun.insert(k)
        }
        // The accessors of a private computed property its file never names but in its
        // declaration (no read, write or key path): they run in no run of the code.
        for (k, m) in members where m.mentions == 0 && m.access == .file && !m.enteredFromOutside && !m.construction
            && (k.hasSuffix(".get") || k.hasSuffix(".set")) && (sites[k] ?? []).isEmpty && (outsideSites[k] ?? []).isEmpty && !referenced.contains(k) {
            neverRun.insert(k)
        }
        // And those called only from such methods, straight from their bodies.
        var grew = !neverRun.isEmpty
        while grew {
            grew = false
            for (k, m) in members where !neverRun.contains(k) && m.mentions > 0 && privateUncalledElsewhere(k, m) {
                // Every mention of its name in its file is one of those calls.
                let calls = (byBase[m.baseName] ?? [k]).flatMap { sites[$0] ?? [] }
                guard !calls.isEmpty, calls.count == m.mentions, calls.allSatisfy({ neverRun.contains($0.member) && !$0.runsLater }) else { continue }
                neverRun.insert(k)
                grew = true
            }
        }
        // The locks the class's own code holds at its accesses, and the ones each member takes
        // in its own body (not in a closure that runs later). Known only when every guard held
        // is a lock of a type the tool knows and none is recursive.
        var classGuards = Set<HeldGuard>()
        var takenIn: [String: Set<HeldGuard>] = [:]
        // Members that read a var with nothing held, then read it again and write it holding a
        // lock (double-checked): "member|var" → offsets of the first bare read, the guarded read,
        // the guarded write.
        var steps: [String: (bare: Int, read: Int, write: Int)] = [:]
        for l in logs {
            for a in l.accesses where !a.outside {
                classGuards.formUnion(a.guards)
                guard !a.runsLater && !a.member.isEmpty else { continue }
                takenIn[a.member, default: []].formUnion(a.guards)
                let key = a.member + "|" + a.site.path + "|" + a.variable
                var st = steps[key] ?? (Int.max, -1, -1)
                if a.guards.isEmpty && !a.write && !a.possible { st.bare = min(st.bare, a.site.offset) }
                if !a.guards.isEmpty && !a.write && st.bare < a.site.offset && st.read < 0 { st.read = a.site.offset }
                if !a.guards.isEmpty && a.write && st.read >= 0 && st.read < a.site.offset { st.write = a.site.offset }
                steps[key] = st
            }
        }
        let doubleChecked = Set(steps.filter { $0.value.write >= 0 }.keys.map { String($0.prefix { $0 != "|" }) })
        let plainLocks = !classGuards.isEmpty && classGuards.allSatisfy { g in
            g.kind == .lock && (cls.lockTypes[g.name.hasPrefix("self.") ? String(g.name.dropFirst(5)) : g.name]).map { !$0.contains("Recursive") } ?? false
        }
        /// Whether member `k` takes every lock the class holds at its accesses itself: a reference
        /// to it, called from code the tool cannot see, runs with none of them held.
        func takesEveryLock(_ k: String) -> Bool {
            plainLocks && doubleChecked.contains(k) && (takenIn[k].map { classGuards.isSubset(of: $0) } ?? false)
        }
        /// The guard of the class that member `m`'s comment asks its callers to hold, as the
        /// class's code holds it (a lock, a queue), or nil.
        func documented(_ m: MemberRecord) -> HeldGuard? {
            guard let name = m.documentedGuard else { return nil }
            return classGuards.filter { $0.name == name || $0.name == "self." + name }.sorted().first
        }
        for (k, m) in members {
            if m.construction || constructionOnly.contains(m.baseName)
                || (setup.contains(m.baseName) && (sites[k] ?? []).allSatisfy { $0.construction } && !calledAfterSetUp.contains(k))
                || (setupElsewhere.contains(m.baseName) && m.access != .world && !m.enteredFromOutside && (sites[k] ?? []).isEmpty
                    && (outsideSites[k] ?? []).isEmpty && !referenced.contains(k)) {
                // Initializers, and members called only while the instance is set up (from init,
                // or on a fresh instance before it is shared; a member also called on a held
                // instance elsewhere is not set-up). Also a member that no code of the run calls
                // but other modules' set-up (a test module's): outside code cannot reach it, and
                // its own module never runs it. (A public member's callers beyond the run may
                // share the instance: not so.)
                entry[k] = Entry(construction: true)
            } else if (k.hasSuffix(".didSet") || k.hasSuffix(".willSet")) && (sites[k] ?? []).isEmpty && !setOutside.contains(m.baseName) {
                // An observer runs only when its var is set: nothing in the run sets it after
                // construction, and nothing outside the module can.
                entry[k] = Entry(construction: true)
            } else if m.access != .world && !m.enteredFromOutside && !referenced.contains(k) && (sites[k] ?? []).isEmpty
                        && mainDelivered && delivery.onMain(k) {
                // An observer method the class never calls itself, and every call the run makes of
                // its name and labels is on the main queue (see `ObserverDelivery`).
                entry[k] = Entry(guards: [.mainActor])
            } else if m.access != .world && !m.enteredFromOutside && !referenced.contains(k) && (sites[k] ?? []).isEmpty
                        && !handingOut.contains(k)
                        && outsideOnMain[k] == true && k.hasSuffix(")") {
                // A member the class never calls itself, and every call of it by other types'
                // code in the run is made on the main actor (an `@IBAction`, a view controller's
                // method, a main-queue block; see `OutsideCall.onMain`): it runs on the main thread.
                // (Not one that hands `self` to other code: what that code calls back may run
                // on a queue of its own, and the tool does not follow it there. Nor a getter:
                // reading on main a value a queue writes is the race itself, not a confinement.)
                entry[k] = Entry(guards: [.mainActor])
            } else if m.access == .world || m.enteredFromOutside || referenced.contains(k) || (sites[k] ?? []).isEmpty {
                // A class that gives its queue to other code may be called back on it there: an
                // overriding or @objc member, or one of its own that nothing in the run calls
                // (a delegate method), may run on that queue.
                // A member isolated to the main actor runs on the main thread, not on that queue.
                // (When every hand-out gives the queue to an object made with `delegate: self`,
                // only a delegate method can be called there: one that takes the calling object as
                // its first parameter; those the queue's object calls are judged on the queue.)
                let calledBack = handsOutQueue && !m.mainActorIsolated && (m.enteredFromOutside || (m.access != .world && (sites[k] ?? []).isEmpty))
                    && (!cls.queueToDelegatesOnly || (m.delegateShaped && !m.onDelegateQueue))
                // Called only by other types' code, each call where the tool cannot tell what
                // it holds (in a closure, such as `r.lock.withLock { r.m() }`).
                // Or the class's guard is one other files can name and some code there takes it
                // through a reference (`t.lock.withLock { t.feed(d) }`): a member the class's own
                // code never calls may be called with it held.
                // (For a member code outside the module can call, the guard must be public: that
                // code can take no other.)
                let othersMayHold = !m.enteredFromOutside
                    && ((m.access != .world && (sites[k] ?? []).isEmpty && outsideSites[k].map { !$0.isEmpty && $0.allSatisfy(\.possible) } ?? false)
                        || (m.access == .world ? publicGuardTakenOutside : guardTakenOutside))
                // A reference to it (`#selector(m)`, `f(handler: m)`) may be called from anywhere,
                // but a member isolated to the main actor runs on the main thread wherever that is.
                // (Not one that takes, in its own body, every lock the class guards state with:
                // none of them is recursive, so a caller holding one would deadlock there.)
                // A private method its file names only in closures, each a call on a reference
                // (`service.flush()` through a closure's parameter), none of which the tool
                // resolves as a call on this instance: called from code whose guard it cannot
                // tell. (One named in a plain method of another type is called with what that
                // method holds.)
                let unresolvedCalls = m.access == .file && m.mentions > 0 && m.closureMentions == m.mentions && !m.enteredFromOutside
                    && (byBase[m.baseName] ?? [k]).allSatisfy { (sites[$0] ?? []).isEmpty && (outsideSites[$0] ?? []).isEmpty && !referenced.contains($0) }
                // An `@objc` or `dynamic` member only its own module can name, whose every call in
                // the run holds a guard of the class (a timer's handler on the class's queue, a
                // block on it): the Swift code keeps it on that guard, and the Objective-C code
                // that may call it too is out of sight. The tool cannot tell what those calls hold.
                let guardedSwiftCalls = m.enteredFromOutside && !m.overrideOnly && m.access != .world && !referenced.contains(k)
                    && (sites[k].map { !$0.isEmpty && $0.allSatisfy { c in !c.construction && !c.possible && !c.reference && c.guards.contains(where: isOwn) } } ?? false)
                var fallback = Entry(possible: m.saysCallerHolds || (referenced.contains(k) && !m.mainActorIsolated && !takesEveryLock(k))
                                     || calledBack || othersMayHold || unresolvedCalls || guardedSwiftCalls)
                // Its comment names the guard its callers hold: held, as the contract says.
                if let g = documented(m) { fallback = Entry(guards: [g]) }
                if hooks.contains(k) && !referenced.contains(k) && !(sites[k] ?? []).isEmpty && !m.saysCallerHolds {
                    // A hook the superclass calls: entered only through those calls when every
                    // one of them runs on a serial queue of the class (checked after the fixed
                    // point below).
                    hookFallback[k] = fallback
                    entry[k] = Entry(top: true)
                    open.append(k)
                } else {
                    entry[k] = fallback
                }
            } else {
                entry[k] = Entry(top: true)
                open.append(k)
            }
        }
        open.sort()
        // A member the class calls with its guard held is entered without it from another type's
        // code: its guard is what every caller in the run holds, theirs included.
        let ownSites = sites
        for k in open {
            guard var more = outsideSites[k] else { continue }
            if guardTakenOutside { for i in more.indices { more[i].possible = true } }
            sites[k]!.append(contentsOf: more)
        }
        var openSet = Set(open)
        // Whether deferring a write in member `k` could reorder it: a caller (or a caller of a
        // caller) goes on after the call, or code outside the module can call `k`; with such a
        // call when one is seen. Worked out once per member.
        // The call named is one whose caller goes on after it (never a call that is the last
        // thing its caller does, when the code that goes on is further up).
        var orderMemo: [String: (matters: Bool, at: CodeSite?, callee: String?)] = [:]
        func said(_ k: String) -> String? { members[k].map { k.hasSuffix(")") ? $0.baseName + "()" : $0.baseName } }
        func order(_ k: String) -> (matters: Bool, at: CodeSite?, callee: String?) {
            if let known = orderMemo[k] { return known }
            // A member met again while its callers are followed: the tool cannot tell.
            orderMemo[k] = (true, nil, nil)
            var result: (matters: Bool, at: CodeSite?, callee: String?) = (false, nil, nil)
            if let m = members[k], m.access == .world || m.enteredFromOutside || referenced.contains(k) {
                result = (true, nil, m.access == .world || m.enteredFromOutside ? said(k) : nil)
            } else {
                let calls = (sites[k] ?? []) + (openSet.contains(k) ? [] : outsideSites[k] ?? [])
                for c in calls where !c.construction {
                    if c.codeAfter { result = (true, c.site, said(k)); break }
                    if c.runsLater || c.member.isEmpty { continue }
                    let up = order(c.member)
                    if up.matters { result = up; break }
                }
            }
            orderMemo[k] = result
            return result
        }
        var changed = true
        var rounds = 0
        var hooksSettled = hookFallback.isEmpty
        while !hooksSettled || (changed && rounds < 32) {
            if !(changed && rounds < 32) {
                // The hooks not entered on one serial queue of the class on every call keep the
                // entry of any member code outside can call; the rest is worked out again.
                hooksSettled = true
                let failed = hookFallback.keys.filter { k in
                    !(entry[k]?.guards.contains { $0.kind == .serialQueue && isOwn($0) } ?? false)
                }
                guard !failed.isEmpty else { break }
                for k in failed {
                    entry[k] = hookFallback[k]
                    sites[k] = ownSites[k]
                    openSet.remove(k)
                }
                open.removeAll { !openSet.contains($0) }
                for k in open { entry[k] = Entry(top: true) }
                changed = true
                rounds = 0
            }
            changed = false
            rounds += 1
            for k in open {
                var meet: Entry? = nil
                var sawConstruction = false
                for c in sites[k]! {
                    if c.construction { sawConstruction = true; continue }
                    var caller = c.runsLater || c.member.isEmpty ? Entry() : (entry[c.member] ?? Entry())
                    // (An initializer's call after it handed the instance on holds what the
                    // call itself holds.)
                    if caller.construction && c.afterHandOff { caller = Entry() }
                    if caller.construction { sawConstruction = true; continue }
                    if caller.top { continue }
                    caller.guards = caller.guards.filter { !c.releasedEntry.contains($0.name) }
                    let g = Set(c.guards).union(caller.guards).subtracting(boxGuards(boxes, c.guards))
                    let some = g.union(caller.some).subtracting(boxGuards(boxes, Array(caller.some)))
                    let p = c.possible || caller.possible
                    if var m = meet {
                        m.guards.formIntersection(g)
                        m.some.formUnion(some)
                        m.possible = m.possible && (p || !g.isEmpty)
                        meet = m
                    } else {
                        meet = Entry(guards: g, some: some, possible: p || !g.isEmpty)
                    }
                }
                var value: Entry
                if var m = meet {
                    // "possible" means: every call is guarded somehow, but no one guard is common.
                    if !m.guards.isEmpty { m.possible = false }
                    if let g = documented(members[k]!) {
                        // Its comment names the guard its callers hold: what they are seen to
                        // hold, or else that guard.
                        if m.guards.isEmpty { m.guards = [g] }
                        m.possible = false
                    } else {
                        m.possible = m.possible || members[k]!.saysCallerHolds
                    }
                    // A hook: a lock the superclass holds around some of its calls is the
                    // superclass's, not one this class's state relies on.
                    if hookFallback[k] != nil { m.some = m.guards }
                    value = m
                } else if sawConstruction {
                    value = Entry(construction: true)
                } else {
                    value = Entry(top: true)
                }
                if entry[k] != value {
                    entry[k] = value
                    changed = true
                }
            }
        }
        func effective(_ member: String, _ guards: [HeldGuard], possible: Bool, construction: Bool, runsLater: Bool,
                       released: [String] = []) -> Effective {
            if construction { return Effective(guards: [], some: [], possible: false, construction: true) }
            var g = Set(guards)
            var some = Set<HeldGuard>()
            var p = possible
            if !runsLater && !member.isEmpty, let e = entry[member] {
                if e.construction { return Effective(guards: [], some: [], possible: false, construction: true) }
                g.formUnion(e.guards.filter { !released.contains($0.name) })
                some = e.some.filter { !released.contains($0.name) }
                p = p || e.possible || e.top
            }
            g.subtract(boxGuards(boxes, Array(g)))
            some.formUnion(g)
            return Effective(guards: g, some: some, possible: p, construction: false)
        }
        // What holds at call `c` of a member: its own guards, with its caller's entry unless the
        // call runs later or after the initializer handed the instance on.
        func effective(at c: MemberCallRecord) -> Effective {
            effective(c.afterHandOff ? "" : c.member, c.guards, possible: c.possible, construction: c.construction, runsLater: c.runsLater,
                      released: c.releasedEntry)
        }
        // A member's calls seen for guard `g`: the first that holds neither it nor an unresolved
        // guard, how many hold it, and how many hold nothing that may be it (worked out once per
        // member and guard).
        var callerMemo: [String: (bad: MemberCallRecord?, held: Int, bare: Int)] = [:]
        func callers(_ member: String, _ g: HeldGuard) -> (bad: MemberCallRecord?, held: Int, bare: Int)? {
            guard let calls = sites[member] else { return nil }
            let memoKey = member + "|" + g.name + "|\(g.kind)"
            if let known = callerMemo[memoKey] { return known }
            var bad: MemberCallRecord? = nil
            var held = 0, bare = 0
            for c in calls {
                let e = effective(at: c)
                if e.construction { continue }
                if e.guards.contains(g) { held += 1 } else if !e.possible { bare += 1; if bad == nil { bad = c } }
            }
            callerMemo[memoKey] = (bad, held, bare)
            return (bad, held, bare)
        }
        // A write in a member that code outside the class cannot call, every call of which runs
        // on an executor (a serial queue, the main actor) and holds nothing else that may guard
        // it, but not the same one: a block on the class's queue calls it, and so does a
        // main-queue block. Its writes run on either, and the two do not exclude each other.
        // (Not when some access of the var holds a lock: then the lock is what to judge by.)
        func splitExecutorWrite(_ variable: String, _ list: [(record: StateAccessRecord, eff: Effective, testCode: Bool)]) -> GuardFinding? {
            // (Its entry is "possible": every call holds something, no one guard in common. Each
            // call is judged here on its own.)
            guard !list.contains(where: { $0.eff.some.contains { $0.kind == .lock || $0.kind == .readerWriter } || $0.record.possible }) else { return nil }
            for a in list where a.record.write && a.eff.guards.isEmpty && !a.record.runsLater && !a.record.construction && !a.record.member.isEmpty {
                let m = a.record.member
                guard let member = members[m], member.access != .world, !member.enteredFromOutside, !overloaded.contains(m),
                      let calls = sites[m], calls.count >= 2 else { continue }
                var on: [(site: CodeSite, executor: HeldGuard)] = []
                for c in calls {
                    let e = effective(at: c)
                    if e.construction { continue }
                    guard !e.possible, e.guards.count == 1, let g = e.guards.first, g.kind == .serialQueue || g.kind == .mainActor,
                          !cls.mainDefaultQueues.contains(g.name) else { return nil }
                    on.append((c.site, g))
                }
                guard let first = on.first, let other = on.first(where: { $0.executor != first.executor }) else { continue }
                var f = GuardFinding(kind: .otherGuard, unchecked: unchecked, typeName: cls.name, variable: variable, site: a.record.site)
                f.write = true
                f.here = [first.executor]
                f.primary = other.executor
                f.helper = member.baseName
                f.splitCalls = [first.site, other.site]
                f.body = a.record.exec
                f.quietInTests = a.testCode
                return f
            }
            return nil
        }
        // Whether a member takes guard `g` itself on some path: in its own body (an access or a
        // call made holding it there), or in a member of the class it calls, at any depth. The
        // member that takes it, or nil. Worked out on first use (only for a fix-it that would
        // hold the guard around a call of the member).
        var calleeEdges: [String: [String]]? = nil
        var takersMemo: [String: Set<String>] = [:]
        func takesGuard(_ member: String, _ g: HeldGuard) -> String? {
            if calleeEdges == nil {
                var edges: [String: [String]] = [:]
                for (callee, calls) in sites { for c in calls where !c.member.isEmpty { edges[c.member, default: []].append(callee) } }
                calleeEdges = edges
            }
            let memoKey = g.name + "|\(g.kind)"
            if takersMemo[memoKey] == nil {
                var takers = Set<String>()
                for l in logs {
                    for a in l.accesses where !a.member.isEmpty && a.guards.contains(g) { takers.insert(a.member) }
                    for c in l.calls where !c.member.isEmpty && c.guards.contains(g) { takers.insert(c.member) }
                }
                takersMemo[memoKey] = takers
            }
            let takers = takersMemo[memoKey] ?? []
            var seen: Set<String> = [member]
            var queue = [member]
            var i = 0
            while i < queue.count {
                let m = queue[i]
                i += 1
                if takers.contains(m) { return members[m]?.baseName ?? m }
                for next in calleeEdges?[m] ?? [] where seen.insert(next).inserted { queue.append(next) }
            }
            return nil
        }
        // Every access with what holds there.
        var accesses: [(record: StateAccessRecord, eff: Effective, testCode: Bool)] = []
        // Accesses of a test after it drained a queue (`q.sync {}`): ordered against the writes
        // that run on that queue.
        var drained: [CodeSite: String] = [:]
        // Reads in product code after their function joined the work it started.
        var afterJoin = Set<CodeSite>()
        var ownGuards = Set<HeldGuard>()
        var anyPossible = false
        // Accesses other types' code makes through a reference to the class: judged apart, once
        // the class's own accesses show the var's guard.
        var outsideByVar: [String: [StateAccessRecord]] = [:]
        // Vars other types' code reads (or calls) through a reference, test code included.
        var outsideReads = Set<String>()
        // Where the class hands itself to other code, with what holds there.
        var handOuts: [Effective] = []
        // Per var: its accesses that no count includes (construction, a test's ordered set-up).
        var uncounted: [String: Int] = [:]
        var uncountedPlaces: [String: StateAccess.ConstructionPlaces] = [:]
        var unreached: [String: Int] = [:]
        for l in logs {
            for a in l.accesses {
                if a.outside {
                    // (A call through another reference shows only that the var's closure runs there.)
                    if !a.write { outsideReads.insert(a.variable) }
                    if !l.testCode && !a.testOnly && !a.callOnly { outsideByVar[a.variable, default: []].append(a) }
                    continue
                }
                if OutsideAccesses.handOutReceiver(a.variable) != nil {
                    let e = effective(a.member, a.guards, possible: a.possible, construction: false, runsLater: a.runsLater,
                                      released: a.releasedEntry)
                    handOuts.append(e)
                    continue
                }
                if !a.runsLater && neverRun.contains(a.member) { unreached[a.variable, default: 0] += 1; continue }
                let e = effective(a.member, a.guards, possible: a.possible, construction: a.construction, runsLater: a.runsLater,
                                  released: a.releasedEntry)
                if e.construction {
                    uncounted[a.variable, default: 0] += 1
                    uncountedPlaces[a.variable, default: []].formUnion(a.construction && !a.lifecycle.isEmpty ? a.lifecycle : .elsewhere)
                    continue
                }
                // In a test: before the work it starts, or after it has joined that work.
                var drainedOn: String? = nil
                if l.testCode, let o = a.testOrder, o.holds(joining: joining, notJoining: notJoining) {
                    guard case .drained(let q, _) = o else { uncounted[a.variable, default: 0] += 1; uncountedPlaces[a.variable, default: []].insert(.elsewhere); continue }
                    drainedOn = q
                }
                if let q = drainedOn { drained[a.site] = q }
                if a.afterJoin && !l.testCode { afterJoin.insert(a.site) }
                accesses.append((a, e, l.testCode || a.testOnly))
                for g in e.some where isOwn(g) { ownGuards.insert(g) }
                // (An access that holds a guard of its own is guarded whatever else may be held.)
                if e.possible && e.guards.isEmpty { anyPossible = true }
            }
            // The guards the class's code holds around calls of its own members count too.
            for c in l.calls where !c.construction {
                for g in c.guards where isOwn(g) && !boxes.contains(g.name) { ownGuards.insert(g) }
            }
        }
        accesses.sort { $0.record.site < $1.record.site }
        // A concurrent queue excludes writers only where the class writes in its barrier blocks:
        // one it never writes under holds nothing for the others, and is no guard to name.
        let barrierQueues = Set(accesses.lazy.filter { $0.record.write }.flatMap { $0.eff.some.filter { $0.kind == .readerWriter } })
        // Whether the closures stored in var `p` run holding `g`: the class's own code reads `p`
        // only to call it, at least once, each time holding `g`, and no other type's code reads
        // or calls it (the closure runs nowhere else the run shows).
        func invokedOnlyHolding(_ p: String, _ g: HeldGuard) -> Bool {
            guard !outsideReads.contains(p), logs.contains(where: { $0.vars.contains { $0.name == p } }) else { return false }
            var any = false
            for a in accesses where a.record.variable == p && !a.record.write {
                guard a.record.invoked, a.eff.guards.contains(g) else { return false }
                any = true
            }
            return any
        }
        // Vars set up once under a guard, and the members that run that set-up first: a read
        // there after it is ordered after the write (worked out once per class).
        let onceFirst = OnceSections.firstRuns(logs, sites: sites)
        let writes = accesses.filter { $0.record.write }.map(\.record)
        let setUpOnce = onceFirst.isEmpty ? [:] : OnceSections.setUpOnce(writes, setOutside: setOutside)
        // Of those, the ones published to the code the set-up hands the instance to: a read in
        // what that code calls back is ordered after the write.
        let published = setUpOnce.isEmpty ? [] : OnceSections.publishedToCallbacks(setUpOnce, writes: writes, sections: logs.flatMap(\.onceSections))
        // Vars no write can follow once a member has closed their flag, and where each member
        // closes it first.
        let frozen = OnceSections.frozenByFlag(writes, setOutside: setOutside)
        var closedAt: [String: [String: CodeSite]] = [:]
        if !frozen.isEmpty {
            for a in accesses where a.record.closesLeading && !a.record.member.isEmpty {
                let r = a.record
                if let known = closedAt[r.variable]?[r.member], known < r.site { continue }
                closedAt[r.variable, default: [:]][r.member] = r.site
            }
        }
        let vars = logs.flatMap { $0.vars }
        // Queues handed in that the class's code (in every file) only delivers work to.
        let deliveryQueues = Set(logs.flatMap(\.deliveryQueues)).subtracting(logs.flatMap(\.otherQueueUses))
        let throughOthers = Set(logs.flatMap { $0.writtenThroughOthers })
        let setUpByOthers = Set(logs.flatMap { $0.setUpThroughOthers })
        // Tests: only state that the test code itself touches (or reaches through a member)
        // from concurrent code.
        let memberNames = Set(members.values.map(\.baseName))
        // The members the tests' concurrent code calls, and those they call in turn: only the
        // vars these touch can race with the test (a var only the test's own thread touches,
        // before or after the work, cannot).
        var reached = Set<String>()
        var pending = logs.filter(\.testCode).flatMap { $0.concurrentUses.filter { memberNames.contains($0) } }.flatMap { byBase[$0] ?? [] }
        pending += testConcurrent.intersection(memberNames).flatMap { byBase[$0] ?? [] }
        var callees: [String: [String]] = [:]
        for (callee, calls) in sites { for c in calls { callees[c.member, default: []].append(callee) } }
        while let k = pending.popLast() {
            guard reached.insert(k).inserted else { continue }
            pending += callees[k] ?? []
        }
        let declaredInTests = logs.contains { $0.classRecord != nil && $0.testCode }
        let injected = Self.injectedDependencies(vars: vars, accesses: accesses.map(\.record), throughOthers: throughOthers)
        let varsInConcurrentMembers = Set(accesses.lazy.filter { reached.contains($0.record.member) }.map(\.record.variable))
        var out: [GuardFinding] = []
        var unprotected: [GuardFinding.VarNote] = []
        for v in vars {
            // A var the class uses as a guard (a `var` queue or loop) is not its state.
            if ownGuards.contains(where: { $0.name == v.name }) { continue }
            if injected.contains(v.name) { continue }
            var list = accesses.filter { $0.record.variable == v.name }
            // `_ = self.x` cannot act on a stale value; of a lazy var it stores the initial value
            // (a write), which it can.
            if !v.lazy { list.removeAll { $0.record.discarded } }
            // A lazy var no code assigns, read in a closure made after a read of it: the closure
            // runs after the first read stored the value, and reads what no code changes.
            if v.lazy && !list.contains(where: { $0.record.write }) && !throughOthers.contains(v.name) && !v.settableOutsideModule {
                list.removeAll { $0.record.afterOwnRead }
            }
            if !drained.isEmpty {
                // After a drain of the queue on which every write that can run meanwhile runs:
                // ordered, not an access. Another test's own statements run on another instance,
                // one test after another: only this test's and the non-test code's writes count.
                var outside: Set<String>? = nil
                var byTest: [Int: Set<String>] = [:]
                for a in list where a.record.write && drained[a.record.site] == nil {
                    let on = Set(a.eff.guards.filter(\.kind.isExecutor).map(\.name))
                    if a.record.testOrder != nil {
                        byTest[a.record.exec] = byTest[a.record.exec].map { $0.intersection(on) } ?? on
                    } else {
                        outside = outside.map { $0.intersection(on) } ?? on
                    }
                }
                list.removeAll { a in
                    guard let q = drained[a.record.site] else { return false }
                    return (outside?.contains(q) ?? true) && (byTest[a.record.exec]?.contains(q) ?? true)
                }
            }
            if !afterJoin.isEmpty && !throughOthers.contains(v.name) && !v.settableOutsideModule
                && !(outsideByVar[v.name]?.contains { $0.write } ?? false) {
                // A read after its function joined its work, of a var that only that function
                // writes, before the read (in the work it joined): ordered after every write.
                let writes = list.filter { $0.record.write }.map(\.record)
                list.removeAll { a in
                    let r = a.record
                    return afterJoin.contains(r.site) && writes.allSatisfy { $0.member == r.member && $0.site.path == r.site.path && $0.site < r.site }
                }
            }
            if !throughOthers.contains(v.name) && !v.settableOutsideModule && !(outsideByVar[v.name]?.contains { $0.write } ?? false),
               list.contains(where: { $0.record.threadBody >= 0 && !$0.record.write }) {
                // A read in the body a thread started once per instance runs (see `ThreadBodies`),
                // of a var whose every write after construction is in that same body: the thread's
                // own statements, one after another; no other code writes it beside them.
                let writes = list.filter { $0.record.write }.map(\.record)
                list.removeAll { a in
                    let r = a.record
                    return !r.write && r.threadBody >= 0
                        && writes.allSatisfy { $0.threadBody == r.threadBody && $0.site.path == r.site.path }
                }
            }
            // Every access after construction in the one body a thread or task started once per
            // instance runs (a token stored there to keep an observation alive, then left alone):
            // that body's statements run one after another, and nothing else touches the var.
            if let body = list.first?.record.threadBody, body >= 0, !throughOthers.contains(v.name), !v.settableOutsideModule,
               outsideByVar[v.name]?.isEmpty ?? true,
               list.allSatisfy({ $0.record.threadBody == body && $0.record.site.path == list[0].record.site.path }) { continue }
            // Written after construction by the run's own code (a public setter in an app target
            // writes nothing; one a library's users call is judged at the declaration).
            // A test helper's public var is set by the tests of the run, which the tool reads.
            // (A lazy var is written by whichever read comes first: judged so in a class that
            // claims to be Sendable, which says its members run from any thread.)
            // (Not one its construction already touches: a read there stores the initial value, an
            // assignment there sets it, before the object is shared; later reads only read.)
            let lazyStore = v.lazy && (uncounted[v.name] ?? 0) == 0
            let written = list.contains { $0.record.write } || throughOthers.contains(v.name)
                || (v.settableOutsideModule && cls.inPackage && !declaredInTests) || (lazyStore && unchecked && !list.isEmpty)
            if v.documentedExternal { continue }
            // Tests: only state that the test itself touches from concurrent code.
            let testConcurrent = varsInConcurrentMembers.contains(v.name) || list.contains { $0.testCode && ($0.record.concurrent) }
                || logs.contains { $0.testCode && $0.concurrentUses.contains(v.name) }
            let reportable = list
            let writeSpan = WriteSpan(list)
            let guarded = list.filter { !$0.eff.some.isEmpty }
            // A class confined to its event loop or queue keeps loop-local state: only a var
            // it also shares under a lock is judged.
            if cls.confined && !guarded.contains(where: { $0.eff.some.contains { $0.kind == .lock } }) { continue }
            if guarded.isEmpty {
                // Never under any guard.
                let bare = reportable.filter { !$0.eff.possible && !handedOver($0.record, writeSpan, primary: nil, sites: sites) }
                // An instance var's guard is never a lock of the type (`Self.lock`, `Store.lock`):
                // one shared by every instance guards the type's shared state, and this var is
                // never accessed under it.
                let instanceGuards = ownGuards.filter { g in !(g.name.hasPrefix("Self.") || g.name.hasPrefix(cls.name + ".")) }
                if ownGuards.contains(where: { $0.kind != .mainActor }) {
                    guard written, unchecked, !v.weak, let first = bare.first(where: { $0.record.write }) ?? bare.first else { continue }
                    var f = GuardFinding(kind: .neverGuarded, unchecked: true, typeName: cls.name, variable: v.name, site: first.record.site)
                    f.write = first.record.write
                    f.lazyRead = lazyStore && !first.record.write
                    f.inAsync = first.record.inAsync
                    f.classGuards = instanceGuards.filter { $0.kind != .readerWriter || barrierQueues.contains($0) }.sorted()
                    f.typeLocks = ownGuards.subtracting(instanceGuards).sorted()
                    f.otherAccesses = bare.map(\.record.site).filter { $0 != first.record.site }
                    f.quietInTests = first.testCode && !testConcurrent
                    out.append(f)
                } else if !anyPossible && unchecked {
                    unprotected.append(contentsOf: unprotectedNote(v, list: list, cls: cls, throughOthers: throughOthers, setUp: setUpByOthers,
                                                                  assignedElsewhere: assignedElsewhere))
                }
                continue
            }
            guard written else { continue }
            if let f = splitExecutorWrite(v.name, list) {
                out.append(f)
                continue
            }
            // In a class that does not claim to be Sendable, the guard is what shows the var is
            // shared, and an access shows it only where every path to it holds the guard: in a
            // member, when every call of it in the run holds it and code outside the module
            // cannot call it. A member some callers reach with the guard and others without it
            // (an error path that stops the object from inside a block on the queue, while the
            // public start and stop run off it) shows only where those callers were, not that
            // the guard is the var's. (An @unchecked Sendable class says itself that its members
            // run on any thread: a path without the guard races whatever the evidence.)
            if !unchecked && !guarded.contains(where: { !$0.eff.guards.isEmpty }) { continue }
            var counts: [HeldGuard: Int] = [:]
            var firstSeen: [HeldGuard: CodeSite] = [:]
            for a in guarded {
                for g in a.eff.some {
                    counts[g, default: 0] += 1
                    if firstSeen[g] == nil { firstSeen[g] = a.record.site }
                }
            }
            // Which guard is the var's: a lock if the code takes one around it anywhere (a lock
            // is there to exclude other threads; an executor may only be where the work runs);
            // among those, the one held at most of its writes, then the one held on every path at
            // most accesses, then the one held most often, then the first seen. A queue that only
            // reads the var to do its work does not guard it when another executor writes it.
            let writes = list.filter { $0.record.write }
            var writeCounts: [HeldGuard: Int] = [:]
            // Held at the write on every path to it, not only from some callers.
            var definiteWrites: [HeldGuard: Int] = [:]
            for a in writes {
                for g in a.eff.some { writeCounts[g, default: 0] += 1 }
                for g in a.eff.guards { definiteWrites[g, default: 0] += 1 }
            }
            // A guard held at every access on every path (Eraser's lockset: the intersection over
            // the accesses) is the var's guard, whatever else some accesses hold: a lock taken
            // only next to some of them (after the access, around a later statement) does not
            // make them unguarded. Then nothing in the class is reported.
            let heldEverywhere = list.dropFirst().reduce(Set(list.first?.eff.guards ?? [])) { acc, a in
                acc.isEmpty ? acc : acc.intersection(a.eff.guards)
            }
            // Held on every path at an access (not only on some paths to it, through a caller).
            var definite: [HeldGuard: Int] = [:]
            for a in guarded { for g in a.eff.guards { definite[g, default: 0] += 1 } }
            let locksHeld = counts.keys.contains { $0.kind == .lock }
            var primary = counts.keys.filter { !locksHeld || $0.kind == .lock || heldEverywhere.contains($0) }.max { a, b in
                let (ea, eb) = (heldEverywhere.contains(a), heldEverywhere.contains(b))
                if ea != eb { return eb }
                let (da, db) = (definiteWrites[a] ?? 0, definiteWrites[b] ?? 0)
                if da != db { return da < db }
                let (wa, wb) = (writeCounts[a] ?? 0, writeCounts[b] ?? 0)
                if wa != wb { return wa < wb }
                let (xa, xb) = (definite[a] ?? 0, definite[b] ?? 0)
                if xa != xb { return xa < xb }
                let (ca, cb) = (counts[a]!, counts[b]!)
                if ca != cb { return ca < cb }
                return (firstSeen[a]!, a) > (firstSeen[b]!, b)
            }!
            // Written by the run's code, and never under a guard where it is written: the writes
            // are the unguarded accesses (one cause); the reads made under a guard are not
            // reported apart, and neither are the bare reads, which that cause explains.
            let onlyWritesReported = !writes.isEmpty && writeCounts.isEmpty
            // A class that does not claim to be Sendable shows that a guard is the var's only by
            // holding it where the var is written: a read under a lock that guards other state
            // shows only that the lock was held there.
            if onlyWritesReported && !unchecked { continue }
            // A guard is the var's only when the code shows it means it: the class's own writes
            // after construction hold it, or (when only other code writes it) most of its
            // accesses do. One read that happens to sit in a block on the queue (a log call, a
            // public setting read once while connecting) does not make the queue the var's guard.
            if writeCounts.isEmpty && !unchecked && ((counts[primary] ?? 0) < 2 || (counts[primary] ?? 0) * 2 <= list.count) { continue }
            // Nor when the class's own writes exist and none holds it, while it is held at no more
            // than half of the accesses: a lock taken in one callback that happens to touch a few
            // of the vars (often another object's, reached through a reference) shows only that
            // it was held there. In an @unchecked Sendable class, so with a lock the class does not
            // own: its own locks it may have meant for any access; another object's, only by that evidence.
            if !writes.isEmpty && (writeCounts[primary] ?? 0) == 0 && (!unchecked || !isOwn(primary))
                && (counts[primary] ?? 0) * 2 <= list.count { continue }
            // Nor does a queue handed in to deliver on: the class runs its user's callbacks (or
            // reads settings) there because its user chose that queue, not to exclude anyone;
            // unless some write of the var holds it.
            if writeCounts.isEmpty && !unchecked && primary.kind.isExecutor && deliveryQueues.contains(primary.name) { continue }
            // A weak reference is loaded and stored atomically by the runtime: unless its writes
            // hold the guard, its reads race with nothing they could tear.
            if v.weak && (writeCounts[primary] ?? 0) == 0 { continue }
            // Executors on which every write of the var runs: a read there needs no lock (only
            // that thread writes), though other threads must still take the lock to read.
            // What every access that holds the var's guard also holds on every path.
            let coHeld = list.lazy.filter { $0.eff.guards.contains(primary) || $0.eff.some.contains(primary) }
                .reduce(nil as Set<HeldGuard>?) { acc, a in acc.map { $0.intersection(a.eff.guards) } ?? a.eff.guards }?
                .subtracting([primary]) ?? []
            // What every write holds: a read under any of it is ordered against every write (two
            // reads need not exclude each other), whichever guard the var's other accesses use.
            let writeExecutors = list.filter { $0.record.write }.map { Set($0.eff.guards) }
                .reduce(nil as Set<HeldGuard>?) { acc, g in acc.map { $0.intersection(g) } ?? g } ?? []
            if let doc = v.documentedGuard, let g = counts.keys.first(where: { $0.name == doc }), heldEverywhere.isEmpty || heldEverywhere.contains(g) { primary = g }
            // Another type's code reaches the var through a reference, holding none of the
            // class's guards, while the class's own writes hold the var's guard: unless the
            // class has a guard the tool cannot resolve, the var is hidden from other types, or
            // the guard is the main actor (where that code runs the tool cannot tell).
            // Nor when the class hands itself to other code while it holds (or may hold) the guard:
            // that code may read the var under it, and the tool cannot see which of its code runs so.
            // Nor when one other file's code drives the var: the members that write it run only
            // when that code calls them (the class's own code never does, nothing outside the
            // module can), and that code makes every outside read. Its own order of calls and
            // reads decides (an owner that opens its helper, then reads what opening set).
            func drivenFromOneFile(_ reads: [StateAccessRecord]) -> Bool {
                var files = Set(reads.map(\.site.path))
                var any = false
                for a in list where a.record.write {
                    let m = a.record.member
                    guard !m.isEmpty, !a.record.runsLater, (sites[m] ?? []).isEmpty, let member = members[m], member.access != .world,
                          !member.enteredFromOutside, let calls = outsideSites[m], !calls.isEmpty else { return false }
                    for c in calls { files.insert(c.site.path) }
                    any = true
                }
                return any && files.count == 1
            }
            if let outside = outsideByVar[v.name], (writeCounts[primary] ?? 0) > 0, !anyPossible, !v.hidden, !v.weak,
               primary.kind != .mainActor, !handOuts.contains(where: { ($0.possible && $0.some.isEmpty) || $0.some.contains(primary) }),
               !drivenFromOneFile(outside) {
                let example = (guarded.first { $0.record.write && $0.eff.guards.contains(primary) }
                    ?? guarded.first { $0.eff.some.contains(primary) })!.record.site
                for r in outside {
                    // In a closure stored in a closure var of the class that the class invokes only
                    // holding the guard: it runs holding it.
                    if let p = r.storedIn, invokedOnlyHolding(p, primary) { continue }
                    var f = GuardFinding(kind: .unguarded, unchecked: unchecked, typeName: cls.name, variable: v.name, site: r.site)
                    f.write = r.write
                    f.primary = primary
                    f.guardedAt = example
                    f.guardedCount = counts[primary] ?? 0
                    f.accessCount = list.count + 1
                    f.body = r.exec
                    f.lockType = cls.lockTypes[primary.name]
                    f.optionalLock = cls.optionalLocks.contains(primary.name)
                    f.form = cls.guardForms[primary.name]
                    f.fromOutside = true
                    f.wrapper = members.values.filter { $0.wrapsLock == primary.name }.map(\.baseName).min()
                    out.append(f)
                }
            }
            // The note's example of a guarded access (never the reported access itself).
            func example(besides r: StateAccessRecord) -> CodeSite? {
                (guarded.first { $0.record.site != r.site && $0.eff.guards.contains(primary) }
                    ?? guarded.first { $0.record.site != r.site && $0.eff.some.contains(primary) })?.record.site
            }
            let anyExample = (guarded.first { $0.eff.guards.contains(primary) } ?? guarded.first { $0.eff.some.contains(primary) })!.record.site
            // A public var: code outside the module reads it without the guard the class takes.
            var publicCause = false
            if v.readableOutsideModule && cls.inPackage && primary.kind != .mainActor && !cls.confined
                && !cls.publicGuards.contains(primary.name) {
                // Written only by outside code (its public setter): the reads inside race with
                // those writes alone, and this finding is their cause.
                publicCause = writes.isEmpty && v.settableOutsideModule && !throughOthers.contains(v.name)
                var f = GuardFinding(kind: .publicVar, unchecked: unchecked, typeName: cls.name, variable: v.name, site: v.site)
                f.primary = primary
                f.guardedAt = anyExample
                f.settable = v.settableOutsideModule
                // Held on every path at some accesses, only on some paths (through some callers)
                // at others: counted apart, the message says which.
                f.guardedCount = definite[primary] ?? 0
                f.partlyGuardedCount = (counts[primary] ?? 0) - f.guardedCount
                f.accessCount = list.count
                f.uncountedCount = uncounted[v.name] ?? 0
                f.uncountedPlaces = uncountedPlaces[v.name] ?? []
                f.unreachedCount = unreached[v.name] ?? 0
                f.throughOtherReferences = outsideByVar[v.name]?.count ?? 0
                f.lockType = cls.lockTypes[primary.name]
                f.optionalLock = cls.optionalLocks.contains(primary.name)
                f.form = cls.guardForms[primary.name]
                // A test double's public state: what its tests do with it, like any other state.
                f.quietInTests = !testConcurrent
                out.append(f)
            }
            // Written only by code outside the module (a public setting the run never sets): its
            // reads in the class are all reads, and which guard that code writes it under (if any)
            // the tool cannot see; a guard some reads hold is not evidence of the var's.
            if writes.isEmpty && v.settableOutsideModule && !v.lazy && !throughOthers.contains(v.name)
                && !(outsideByVar[v.name]?.contains { $0.write } ?? false) && !publicCause {
                continue
            }
            // Per member: where its first read and its last write of the var are (check-then-act).
            var firstRead: [String: Int] = [:]
            var lastWrite: [String: Int] = [:]
            var guardedReads: [String: [Int]] = [:]
            for a in list where !a.record.member.isEmpty {
                let k = a.record.site.path + "|" + a.record.member
                if a.record.write {
                    lastWrite[k] = max(lastWrite[k] ?? -1, a.record.site.offset)
                } else {
                    firstRead[k] = min(firstRead[k] ?? Int.max, a.record.site.offset)
                    if a.eff.guards.contains(primary) { guardedReads[k, default: []].append(a.record.site.offset) }
                }
            }
            let onceRuns = setUpOnce[v.name].flatMap { onceFirst[$0] }
            // The accesses that hold the guard on every path and on some, per site: a finding
            // counts only the others, never its own site (reached on the guard by another path).
            var held = (all: 0, some: 0)
            var heldAt: [CodeSite: (all: Int, some: Int, n: Int)] = [:]
            for a in list {
                let all = a.eff.guards.contains(primary)
                let some = !all && a.eff.some.contains(primary)
                if all { held.all += 1 } else if some { held.some += 1 }
                let h = heldAt[a.record.site] ?? (0, 0, 0)
                heldAt[a.record.site] = (h.all + (all ? 1 : 0), h.some + (some ? 1 : 0), h.n + 1)
            }
            for a in reportable {
                let r = a.record
                if (onlyWritesReported || publicCause) && !r.write { continue }
                // A read after a call that runs the var's once-section, on every path to it.
                if !r.write, let runs = onceRuns, !r.member.isEmpty, let first = runs[r.member],
                   first.path == r.site.path, first.offset < r.site.offset {
                    continue
                }
                if !r.write && published.contains(v.name) { continue }
                // A read after its member closed the flag that every write of the var checks.
                if !r.write, let flag = frozen[v.name], !r.member.isEmpty, let closed = closedAt[flag]?[r.member],
                   closed.path == r.site.path, closed.offset < r.site.offset {
                    continue
                }
                var f = GuardFinding(kind: .unguarded, unchecked: unchecked, typeName: cls.name, variable: v.name, site: r.site)
                f.write = r.write
                f.lazyRead = lazyStore && !r.write
                f.neverAssigned = !writes.contains { !$0.record.construction } && !throughOthers.contains(v.name) && !v.settableOutsideModule
                f.inAsync = r.inAsync
                f.primary = primary
                f.noWriteHolds = primary.kind == .lock && !writes.isEmpty && (writeCounts[primary] ?? 0) == 0 && (counts[primary] ?? 0) * 2 <= list.count
                f.guardedAt = example(besides: r)
                let own = heldAt[r.site] ?? (0, 0, 1)
                f.guardedCount = held.all - own.all
                f.partlyGuardedCount = held.some - own.some
                // (Nor when some access holds it on some paths: a write may be among them.)
                if f.partlyGuardedCount > 0 || own.some > 0 { f.noWriteHolds = false }
                f.accessCount = list.count - own.n + 1
                f.uncountedCount = uncounted[v.name] ?? 0
                f.uncountedPlaces = uncountedPlaces[v.name] ?? []
                f.unreachedCount = unreached[v.name] ?? 0
                f.throughOtherReferences = outsideByVar[v.name]?.count ?? 0
                f.body = r.exec
                f.lockType = cls.lockTypes[primary.name]
                f.optionalLock = cls.optionalLocks.contains(primary.name)
                f.form = cls.guardForms[primary.name]
                f.quietInTests = a.testCode && !testConcurrent
                f.wrapper = members.values.filter { $0.wrapsLock == primary.name }.map(\.baseName).min()
                if !r.member.isEmpty {
                    let k = r.site.path + "|" + r.member
                    f.checkThenAct = r.write ? (firstRead[k] ?? Int.max) < r.site.offset : (lastWrite[k] ?? -1) > r.site.offset
                    if f.checkThenAct && !r.write, let w = lastWrite[k] {
                        f.rechecked = guardedReads[k]?.contains { $0 > r.site.offset && $0 < w } ?? false
                    }
                }
                if r.write && !r.runsLater && !r.member.isEmpty {
                    (f.orderMatters, f.continuingCall, f.continuingCallee) = order(r.member)
                }
                f.mayHold = a.eff.some.filter { $0.kind == .lock && $0 != primary }.sorted()
                if a.eff.guards.isEmpty {
                    if a.eff.possible || handedOver(r, writeSpan, primary: primary, sites: sites) { continue }
                    // Code with no sign of where it runs may well be on the main actor (a UIKit
                    // callback): the tool cannot tell, and says nothing. (Not async code that no
                    // actor isolates, which runs on the cooperative pool, nor a block on a global
                    // queue or a thread of its own: never on the main actor; reported when the
                    // var's writes run on the main actor and most of its accesses do.)
                    if primary.kind == .mainActor
                        && !((r.inAsync || r.offMain) && (writeCounts[primary] ?? 0) > 0 && (counts[primary] ?? 0) * 2 > list.count) { continue }
                    if let b = r.plainBlockWrite {
                        f.kind = .plainBlockWrite
                        f.plainBlock = b
                    }
                } else if !a.eff.guards.contains(primary) && !a.eff.some.contains(primary) {
                    if !r.write && !writeExecutors.isDisjoint(with: a.eff.guards) { continue }
                    // Under a guard the tool cannot resolve as well: it cannot tell.
                    if a.eff.possible { continue }
                    // The main actor against a queue that may be the main queue itself (set from
                    // an initializer's parameter that defaults to it): the tool cannot tell.
                    let mayBeMain = { (g: HeldGuard) in g.kind == .serialQueue && cls.mainDefaultQueues.contains(g.name) }
                    if primary.kind == .mainActor && a.eff.guards.contains(where: mayBeMain)
                        || mayBeMain(primary) && a.eff.guards.contains(where: { $0.kind == .mainActor }) { continue }
                    // Under a guard that every access holding the var's guard holds as well (a
                    // lock taken only in main-actor code, and this access on the main actor): it
                    // is ordered against each of them.
                    if !coHeld.isDisjoint(with: a.eff.guards) { continue }
                    f.kind = .otherGuard
                    f.here = a.eff.guards.sorted()
                } else if a.eff.guards.contains(primary) {
                    continue
                }
                // In a member some call reaches without the guard: point at that call. When that
                // call is itself in a member reached without the guard (and holds nothing of its
                // own), the path enters further up: point at where it enters, so the accesses
                // one unguarded call reaches are one finding. Not past a member that other calls
                // reach with the guard held (the fix is then that member's call: hopping inside
                // it would deadlock or reorder those callers), nor past one that code outside the
                // module can call (outside callers are a path of their own).
                // (Not through an overload that shares its full name with another: its calls may
                // be the other's, and a path through them would describe the other's code.)
                if !r.runsLater && !r.member.isEmpty && !overloaded.contains(r.member), let m = members[r.member], let here = callers(r.member, primary) {
                    f.helper = m.baseName
                    f.helperProperty = r.member.hasSuffix(")") ? nil : r.member.hasSuffix(".set") ? "set" : "read"
                    (f.helperGuardedCalls, f.helperUnguardedCalls) = (here.held, here.bare)
                    var helperKey = r.member
                    if var bad = here.bad {
                        var seen: Set<String> = [r.member]
                        var current = m
                        while !f.helperHasGuardedCaller && current.access != .world && !current.enteredFromOutside
                                && !bad.runsLater && !bad.member.isEmpty && !overloaded.contains(bad.member) && bad.guards.isEmpty
                                && !bad.releasedEntry.contains(primary.name),
                              seen.insert(bad.member).inserted, let up = callers(bad.member, primary), let upBad = up.bad,
                              let upMember = members[bad.member] {
                            f.helper = upMember.baseName
                            f.helperProperty = bad.member.hasSuffix(")") ? nil : bad.member.hasSuffix(".set") ? "set" : "read"
                            (f.helperGuardedCalls, f.helperUnguardedCalls) = (up.held, up.bare)
                            f.helperVia = m.baseName
                            helperKey = bad.member
                            bad = upBad
                            current = upMember
                        }
                        f.helperCall = bad.site
                        // The call itself is reached holding the guard on some paths into its member.
                        f.helperCallPartlyHeld = !bad.member.isEmpty && !bad.runsLater && effective(bad.member, bad.guards, possible: bad.possible,
                            construction: bad.construction, runsLater: bad.runsLater, released: bad.releasedEntry).some.contains(primary)
                        // A method named as a value (`upload(onEvent: handleEvent)`): handed on, not called.
                        f.helperCallIsReference = f.helperProperty == nil && !bad.handOut && bad.reference
                        f.helperCallOutside = bad.member.isEmpty
                        f.helperCallHandsOut = bad.handOut
                        f.helperCallDeferrable = !bad.codeAfter && (bad.runsLater || (!bad.member.isEmpty && !order(bad.member).matters))
                    } else if !f.helperHasGuardedCaller {
                        f.helper = nil
                    }
                    f.helperCalledFromDeinit = f.helper != nil && (sites[helperKey] ?? []).contains { $0.member.hasPrefix("deinit(") }
                    if f.helper != nil && primary.kind == .lock { f.helperTakesGuardIn = takesGuard(helperKey, primary) }
                }
                out.append(f)
            }
        }
        // One cause, one finding: the accesses of a helper that one call reaches without the
        // guard are reported once, at the first, with a note at each of the others.
        var grouped: [GuardFinding] = []
        var byCause: [String: Int] = [:]
        for f in out.sorted(by: { $0.site < $1.site }) {
            let cause: String
            if f.kind == .otherGuard {
                // A var used under the wrong guard: one finding per var and guard held there.
                cause = "\(f.variable) under \(f.here.map(\.name).sorted())"
            } else if f.kind == .unguarded, let helper = f.helper, let call = f.helperCall {
                // (Per guard: a var another guard protects needs its own fix.)
                cause = "\(helper)@\(call.path):\(call.offset) \(f.primary?.name ?? "")"
            } else if f.kind == .unguarded || f.kind == .plainBlockWrite, f.body >= 0 {
                // The reads (or the writes) of one var on one path of one body (a closure is a
                // path of its own) that holds no guard: the body is the one cause. A read and a
                // write stay apart: each half of a check-then-act has its own fix.
                cause = "\(f.variable) in \(f.site.path):\(f.body) \(f.kind == .plainBlockWrite) \(f.write)"
            } else {
                grouped.append(f)
                continue
            }
            if let k = byCause[cause] {
                grouped[k].groupedAccesses.append(.init(name: f.variable, site: f.site, state: f.write ? .written(f.site) : .neverAssigned))
                if f.helperVia != grouped[k].helperVia || f.helperVia != nil { grouped[k].groupedBeyondHelper = true }
            } else {
                byCause[cause] = grouped.count
                grouped.append(f)
            }
        }
        out = grouped
        // A holder of state with no behaviour of its own whose lock the code that fills it takes
        // through a reference (`core.lock.withLock { core.data = d }`): the tool cannot tell
        // which of those accesses hold it.
        let filledUnderItsLock = !cls.hasBehaviour && unprotected.allSatisfy { $0.state == .writtenThroughOthers }
            && cls.ownLocks.contains { lockedElsewhere.contains($0) }
        if !unprotected.isEmpty && !cls.ownedByHolder && !cls.superclassGuarded && !filledUnderItsLock {
            var f = GuardFinding(kind: .unprotectedClass, unchecked: true, typeName: cls.name, variable: "", site: cls.site)
            f.quietInTests = logs.contains { $0.classRecord != nil && $0.testCode }
            f.vars = unprotected
            f.valueBoxes = cls.valueBoxes
            f.isSubclass = cls.isSubclass
            f.holds = cls.holds
            out.append(f)
        }
        return out
    }

    /// A guard the class owns: a lock or queue it names itself (not another object's).
    static func isOwn(_ g: HeldGuard) -> Bool {
        if g.kind == .mainActor { return true }
        let n = g.name.hasPrefix("Self.") ? String(g.name.dropFirst(5)) : g.name
        return !n.contains(".") && !n.contains("(")
    }

    /// Guards that keep their own state inside (Mutex<State>): other state touched in their
    /// closures is not protected by them.
    static func boxGuards(_ boxes: Set<String>, _ guards: [HeldGuard]) -> [HeldGuard] {
        boxes.isEmpty ? [] : guards.filter { boxes.contains($0.name) }
    }

    /// Where a var's writes are, for `handedOver`: worked out once per var (asking every write
    /// again for every read grew with reads × writes in one long function).
    struct WriteSpan {
        /// The one file and body every write is in, and the last write's offset there; nil when
        /// there are none or they are in more than one.
        var place: (path: String, exec: Int, last: Int)?

        init(_ list: [(record: StateAccessRecord, eff: Effective, testCode: Bool)]) {
            var place: (path: String, exec: Int, last: Int)? = nil
            for e in list where e.record.write {
                let w = e.record
                if let p = place {
                    guard p.path == w.site.path && p.exec == w.exec else { self.place = nil; return }
                    place = (p.path, p.exec, max(p.last, w.site.offset))
                } else {
                    place = (w.site.path, w.exec, w.site.offset)
                }
            }
            self.place = place
        }

        /// Every write is in `path`, in body `exec`, before `offset`.
        func allBefore(_ path: String, _ offset: Int, exec: Int) -> Bool {
            guard let p = place else { return false }
            return p.path == path && p.exec == exec && p.last < offset
        }
    }

    /// A read in a callback registered, under the var's guard, after every write of the var in
    /// the code that registers it (directly, or in a member every call of which is such a
    /// callback): the registration hands the value over.
    static func handedOver(_ r: StateAccessRecord, _ writes: WriteSpan, primary: HeldGuard?, sites: [String: [MemberCallRecord]]) -> Bool {
        guard !r.write, writes.place != nil else { return false }
        func registeredAfterWrites(_ reg: CodeSite?, _ guards: [HeldGuard], exec: Int) -> Bool {
            guard let reg else { return false }
            if let p = primary { guard guards.contains(p) else { return false } } else if guards.isEmpty { return false }
            return writes.allBefore(reg.path, reg.offset, exec: exec)
        }
        if r.registration != nil { return registeredAfterWrites(r.registration, r.registrationGuards, exec: r.registrationExec) }
        guard !r.runsLater, !r.member.isEmpty, let calls = sites[r.member], !calls.isEmpty else { return false }
        return calls.allSatisfy { c in c.construction || registeredAfterWrites(c.registration, c.registrationGuards, exec: c.registrationExec) }
    }

    /// The note for var `v` of a class with no guard at all, or none when it cannot race.
    static func unprotectedNote(_ v: StoredVarRecord, list: [(record: StateAccessRecord, eff: Effective, testCode: Bool)], cls: ClassRecord,
                                throughOthers: Set<String>, setUp: Set<String>, assignedElsewhere: Set<String> = []) -> [GuardFinding.VarNote] {
        if cls.varsGuardedByOwner.contains(v.name) { return [] }
        // A weak reference is loaded and stored atomically by the runtime: writing it from any
        // thread races with nothing (whatever the object it names does is that object's affair).
        if v.weak { return [] }
        let writes = list.filter { $0.record.write && $0.eff.guards.isEmpty && !$0.eff.possible }
        if let w = writes.first { return [.init(name: v.name, site: v.site, state: .written(w.record.site))] }
        if v.settableOutsideModule {
            // (Nothing in the run assigns a member of that name through another reference.)
            // One with observers is there to be set after init: never told it could be a let.
            let unwritten = !throughOthers.contains(v.name) && !assignedElsewhere.contains(v.name) && !setUp.contains(v.name)
                && !list.contains { $0.record.write } && !v.observed
            return [.init(name: v.name, site: v.site, state: unwritten ? .settableUnwritten : .settableOutsideModule)]
        }
        if throughOthers.contains(v.name) { return [.init(name: v.name, site: v.site, state: .writtenThroughOthers)] }
        // Written only during construction: in effect a `let` (a weak reference is loaded and
        // stored atomically by the runtime), unless the class is a box others fill.
        if cls.hasBehaviour || v.weak || setUp.contains(v.name) { return [] }
        if list.contains(where: { $0.record.write }) { return [] }
        if v.settableOutsideFile { return [.init(name: v.name, site: v.site, state: .settableBox)] }
        // Observers on a var nothing in the run assigns after init: meant to be set by code the
        // tool does not see, or left over; it cannot tell which, and says nothing. Nor is one an
        // initializer changes as a `let` may not (`&x`, `x += 1`) told it could be one: it is
        // built during construction and left alone after, which cannot race.
        return v.observed || v.mutatedInInit ? [] : [.init(name: v.name, site: v.site, state: .neverAssigned)]
    }
}
