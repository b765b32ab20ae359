/// The order in which the run takes its locks: one graph per run, whose edges say "lock B is
/// taken while lock A is held". Two edges in opposite directions between the same two locks are
/// a lock-order inversion: two threads, each holding one, wait for each other forever.
///
/// Locks are named by where they live, not by instance: `Cache.lock` is the `lock` property of
/// any `Cache`, `Cache.queue` a serial queue property, `::DispatchQueue.main` the main queue. A
/// lock held in a local or a parameter has no name here and is left out. Each file contributes
/// (in pass 1, with its other facts):
/// - edges between nested acquisitions in one body (a `withLock` inside another, `lock()` after
///   `lock()`, `queue.sync` inside a lock, a lock taken in a block running on a serial queue);
/// - the blocking acquisitions each function makes when it runs, and the calls it makes;
/// - the calls made while a lock is held.
///
/// After the merge, each call made while A is held is resolved to what the callee (and its own
/// callees, a few levels deep) acquires: B taken there is an edge A → B through the call. The
/// work is linear in the size of the run: each function's reachable acquisitions are computed
/// once (memoised), and inversions are found by looking up the reverse of each edge.
public struct LockSite: Sendable, Hashable, Comparable {
    public var path: String
    public var token: Int
    public var location: SourceLocation

    public static func < (a: LockSite, b: LockSite) -> Bool { (a.path, a.token) < (b.path, b.token) }
}

public struct LockGraph: Sendable {
    /// What kind of thing a lock of the graph is, for messages.
    public enum Kind: UInt8, Sendable, Hashable {
        /// A lock: taken, held, released.
        case lock
        /// A serial queue: `sync` waits for it; a block running on it holds it.
        case queue
        /// A semaphore or group: `wait()` waits for it.
        case semaphore
        /// Code that a semaphore's or group's waiter waits for: a closure before its `signal()` or
        /// `leave()`. While it runs, the waiter cannot go on: it "holds" the semaphore.
        case signaller
        /// A task's internal lock: a cancellation handler (`onCancel:`) runs holding it, and resuming
        /// a continuation takes it (Swift's documentation of `withTaskCancellationHandler`).
        case task
    }

    /// Lock B taken while lock A is held.
    public struct Edge: Sendable, Hashable {
        public var outer: String
        public var inner: String
        public var outerKind: Kind
        public var innerKind: Kind
        /// Where A was taken.
        public var outerSite: LockSite
        /// Where B is taken (in a callee when `call` is set).
        public var innerSite: LockSite
        /// The call made while A is held that reaches B's acquisition, and the callee's name.
        public var call: LockSite?
        public var callee: String
        /// Other locks held at the same time: a lock held around both orders serializes them.
        public var alsoHeld: [String]
        /// B is taken in a closure passed at `call`, which the callee runs while holding A.
        public var viaClosure = false
    }

    struct Acquisition: Sendable {
        var lock: String
        var kind: Kind
        var site: LockSite
    }

    struct Call: Sendable, Hashable {
        /// The callee's key (`module::Type.name`), and the free function it may be instead.
        var callee: String
        var fallback: String
    }

    struct HeldCall: Sendable {
        var outer: String
        var outerKind: Kind
        var outerSite: LockSite
        var call: Call
        var site: LockSite
        var alsoHeld: [String]
    }

    /// A property whose getter and setter each take the same lock on their own: `x += 1` through
    /// it reads under one acquisition and writes under another.
    public struct SplitAccessor: Sendable, Equatable {
        public var lock: String
        public var getter: LockSite
        public var setter: LockSite
        /// The property's type is a value type (a collection, number, string, or a struct or enum
        /// of the file): a change through a member or a mutating method goes through the setter.
        public var isValue = false
        /// For a wrapped property, the wrapper whose `wrappedValue` this is.
        public var wrapper: String? = nil
        /// The one stored property of the property's type, when it is a struct of the file with
        /// exactly one: setting that member replaces the whole value, and loses nothing.
        public var onlyMember: String? = nil
        /// The name the property's type is declared with, when its own file does not tell
        /// whether that is a value type (a struct of another file): settled once the run is known.
        public var typeName: String? = nil
        /// The property's type is a generic parameter of its owner (`var value: T` in
        /// `Atomic<T>`), at this index: whether it is a value type is what a holder's declaration
        /// (`Atomic<[String: Bool]>`) says.
        public var genericParameter: Int? = nil
        /// The "lock" is a serial queue the accessors run their blocks on (`queue.sync { }`):
        /// a message says "on" it, not "holding" it.
        public var isQueue = false
    }

    /// A member of a type that takes a lock on its own and reads or writes the type's state under
    /// it: a getter (`var count: Int { lock.withLock { _count } }`) or a method
    /// (`func setCount(_ n: Int) { lock.withLock { _count = n } }`). Two calls of such members are
    /// two acquisitions of the lock.
    public struct LockingMember: Sendable, Equatable {
        public var isGetter: Bool
        /// The lock as written in the member (without `self.`, `Self.` or the type's name).
        public var lock: String
        /// The type's state read and assigned (`=`) under the lock.
        public var reads: [String]
        public var writes: [String]
        /// Some write stores a value made from the member's parameters (the caller's argument).
        public var writesArgument: Bool
        /// The member runs a closure parameter with the lock held (`withValue { }`): the closure's
        /// code is the critical section.
        public var runsClosure: Bool
        /// Where it takes the lock (nil for a known library type's member).
        public var site: LockSite?
        /// What the member returns comes out of its critical section (a getter; `return
        /// lock.withLock { … }`; a `return` inside a lock()/unlock() stretch): its result can carry
        /// what was read. A method that only reads under the lock on the way (a header, a check)
        /// returns something else.
        public var returnsRead: Bool
        /// The state it both reads and sets to a fixed value under the lock (`if busy { return
        /// false }; busy = true`): it claims or consumes that state for its caller.
        public var claims: [String] = []
        /// The stored state of its type the member reads and writes in its whole body and the
        /// members it calls (see `MemberState`); nil when the tool cannot see all of it.
        public var touches: MemberState.Touches? = nil

        /// The key of a property's setter among its type's members (`count=`): assigning the
        /// property (`count = v`) calls it, writing `newValue` under the lock.
        public static func setterName(_ property: String) -> String { property + "=" }

        public init(isGetter: Bool, lock: String, reads: [String], writes: [String], writesArgument: Bool, runsClosure: Bool, site: LockSite?,
                    returnsRead: Bool = true, touches: MemberState.Touches? = nil) {
            self.returnsRead = returnsRead
            self.touches = touches
            self.isGetter = isGetter
            self.lock = lock
            self.reads = reads
            self.writes = writes
            self.writesArgument = writesArgument
            self.runsClosure = runsClosure
            self.site = site
        }
    }

    /// The members of library lock boxes the run cannot read: ConcurrencyExtras' `LockIsolated`
    /// reads its value under its lock (`value`), sets it (`setValue(_:)`) and runs a closure on it
    /// (`withValue { }`), each in one acquisition.
    public static let libraryLockingMembers: [String: [String: LockingMember]] = [
        "LockIsolated": [
            "value": LockingMember(isGetter: true, lock: "lock", reads: [CriticalSectionState.wholeValue], writes: [], writesArgument: false,
                                   runsClosure: false, site: nil, touches: MemberState.Touches(reads: ["value"], writes: [])),
            "setValue": LockingMember(isGetter: false, lock: "lock", reads: [], writes: [CriticalSectionState.wholeValue], writesArgument: true,
                                      runsClosure: false, site: nil, touches: MemberState.Touches(reads: [], writes: ["value"])),
            "withValue": LockingMember(isGetter: false, lock: "lock", reads: [], writes: [], writesArgument: false, runsClosure: true, site: nil,
                                       touches: MemberState.Touches(reads: ["value"], writes: ["value"])),
        ],
    ]

    /// A property declared with a wrapper attribute (`@Atomic var x`).
    struct WrappedProperty: Sendable {
        var wrapper: String
        var isValue: Bool
        var onlyMember: String?
        var typeName: String? = nil
    }

    /// One accessor of a property, as far as its own file tells: the lock it takes directly, or
    /// the calls it makes (a helper method that takes the lock, resolved once the run is merged).
    struct AccessorSide: Sendable {
        /// The graph's name of the lock taken directly, and as written.
        var key: String?
        var written: String = ""
        var site: LockSite?
        var calls: [Call] = []
        /// The lock taken directly is a queue run on (`queue.sync { }`).
        var isQueue = false
    }

    /// A computed property's getter and setter, to be paired once every file's acquisitions are known.
    struct AccessorPair: Sendable {
        var getter: AccessorSide
        var setter: AccessorSide
        var isValue: Bool
        var onlyMember: String?
        var typeName: String? = nil
        var genericParameter: Int? = nil
    }

    /// A closure passed to a call, and what it acquires when it runs (directly, and through the
    /// calls it makes): if the callee runs it while holding a lock, that lock is held around them.
    struct ClosureArgument: Sendable {
        var call: Call
        var site: LockSite
        /// The closure's argument label (`""` for an unlabelled one) and whether it trails the call.
        var label: String
        var trailing: Bool
        var inner: [Acquisition] = []
        var calls: [Call] = []
    }

    /// A lock a function holds while it calls one of its closure parameters.
    struct ClosureHold: Sendable {
        var held: Acquisition
        /// The parameter's argument label (`""` for `_`), and whether it is the last closure parameter.
        var label: String
        var isLast: Bool
    }

    var edges: [Edge] = []
    var heldCalls: [HeldCall] = []
    var closureArguments: [ClosureArgument] = []
    /// `module::Type` → its members that lock (see `LockingMember`).
    public internal(set) var lockingMembers: [String: [String: LockingMember]] = [:]
    /// `module::Type` → its computed getters that take no lock themselves, each with the members
    /// of the type its one expression names (`isOpen { state == .open }` → `state`): one that
    /// names exactly one locking getter of the type is that getter's acquisition (`finish`).
    var derivedGetters: [String: [String: [String]]] = [:]
    /// Function key → the locks it holds while calling a closure parameter.
    var closureHolds: [String: [ClosureHold]] = [:]
    /// `module::Type.property` → its getter and setter (a property wrapper's is `Wrapper.wrappedValue`).
    var accessorPairs: [String: AccessorPair] = [:]
    /// `module::Type.property` → the wrapper of a wrapped property.
    var wrappedProperties: [String: WrappedProperty] = [:]
    /// Function key → the blocking acquisitions its body makes when it runs.
    var acquisitions: [String: [Acquisition]] = [:]
    /// Function key → the calls its body makes when it runs (not in closures run later), each once.
    var calls: [String: Set<Call>] = [:]

    public init() {}

    public var isEmpty: Bool {
        edges.isEmpty && heldCalls.isEmpty && acquisitions.isEmpty && accessorPairs.isEmpty && wrappedProperties.isEmpty
            && closureArguments.isEmpty && closureHolds.isEmpty && lockingMembers.isEmpty && derivedGetters.isEmpty
    }

    mutating func merge(_ o: LockGraph) {
        if o.isEmpty { return }
        accessorPairs.merge(o.accessorPairs) { a, _ in a }
        wrappedProperties.merge(o.wrappedProperties) { a, _ in a }
        edges.append(contentsOf: o.edges)
        heldCalls.append(contentsOf: o.heldCalls)
        closureArguments.append(contentsOf: o.closureArguments)
        for (k, v) in o.lockingMembers { lockingMembers[k, default: [:]].merge(v) { a, _ in a } }
        for (k, v) in o.derivedGetters { derivedGetters[k, default: [:]].merge(v) { a, _ in a } }
        for (k, v) in o.closureHolds { closureHolds[k, default: []].append(contentsOf: v) }
        for (k, v) in o.acquisitions { acquisitions[k, default: []].append(contentsOf: v) }
        for (k, v) in o.calls { calls[k, default: []].formUnion(v) }
    }

    /// A lock's name for messages: `Cache.lock` (the module is left out).
    public static func display(_ key: String) -> String {
        var name = key
        if let r = name.range(of: "::") { name = String(name[r.upperBound...]) }
        // A local: `name@L<declaration>`.
        if let r = name.range(of: "@L") { name = String(name[..<r.lowerBound]) }
        return name
    }

    /// Properties changed through a getter and a setter that lock separately, by type
    /// (`module::Type` → property → its accessors): the type's own, and those whose wrapper's
    /// `wrappedValue` is such a property.
    public func splitProperties() -> [String: [String: SplitAccessor]] {
        var out: [String: [String: SplitAccessor]] = [:]
        func add(_ key: String, _ a: SplitAccessor) {
            guard let dot = key.lastIndex(of: ".") else { return }
            out[String(key[..<dot]), default: [:]][String(key[key.index(after: dot)...])] = a
        }
        var split: [String: SplitAccessor] = [:]
        for (key, pair) in accessorPairs {
            if let a = splitAccessor(pair) { split[key] = a }
        }
        for (key, a) in split where !key.hasSuffix(".wrappedValue") { add(key, a) }
        for (key, w) in wrappedProperties {
            let module = key.range(of: "::").map { String(key[..<$0.lowerBound]) } ?? ""
            guard var a = split["\(module)::\(w.wrapper).wrappedValue"] else { continue }
            a.isValue = w.isValue
            a.wrapper = w.wrapper
            a.onlyMember = w.onlyMember
            a.typeName = w.typeName
            add(key, a)
        }
        return out
    }

    /// A getter and a setter that each take the same lock on their own: directly, or in a method
    /// of the run they call (`set { store(newValue) }`, `set { mutate { $0 = newValue } }`).
    func splitAccessor(_ pair: AccessorPair) -> SplitAccessor? {
        func resolved(_ side: AccessorSide, wanting key: String?) -> (key: String, written: String, site: LockSite, isQueue: Bool)? {
            if let k = side.key, let site = side.site { return (k, side.written, site, side.isQueue) }
            for c in side.calls {
                let callee = acquisitionsKnown(c.callee) ? c.callee : c.fallback
                for a in acquisitions[callee] ?? [] where a.kind == .lock || a.kind == .queue {
                    if key == nil || a.lock == key {
                        let name = Self.display(a.lock)
                        return (a.lock, String(name[(name.lastIndex(of: ".").map { name.index(after: $0) } ?? name.startIndex)...]), a.site, a.kind == .queue)
                    }
                }
            }
            return nil
        }
        guard pair.getter.key != nil || pair.setter.key != nil,
              let g = resolved(pair.getter, wanting: pair.setter.key), let st = resolved(pair.setter, wanting: g.key), g.key == st.key else { return nil }
        var a = SplitAccessor(lock: pair.getter.key != nil ? g.written : st.written, getter: g.site, setter: st.site,
                              isValue: pair.isValue, onlyMember: pair.onlyMember, typeName: pair.typeName, isQueue: g.isQueue && st.isQueue)
        a.genericParameter = pair.genericParameter
        return a
    }

    // MARK: The run's inversions

    /// One order of an inverted pair: where it is reported, and the other order for its notes.
    public struct Inversion: Sendable, Equatable {
        /// This order: `inner` taken while `outer` is held.
        public var edge: Edge
        /// The opposite order (the first of its edges).
        public var reverse: Edge
        /// How many other places take the two locks in this same order.
        public var sameOrderElsewhere: [LockSite]
    }

    /// The short name lock keys carry for module `module` (`module::Type.lock`).
    public static func moduleShortName(_ module: String) -> String { LockNamer.shortName(module) }

    /// Every inverted pair, reported at the inner acquisition of each order: path → inversions there.
    public func inversions() -> [String: [Inversion]] {
        inversions(allEdges())
    }

    /// Every order the run takes two locks in: the direct edges, those through a call made while
    /// a lock is held, and those of a closure its callee runs under a lock.
    public func allEdges() -> [Edge] {
        guard !edges.isEmpty || !heldCalls.isEmpty || !closureArguments.isEmpty else { return [] }
        var all = edges
        var memo: [String: [Acquisition]] = [:]
        for h in heldCalls {
            for a in reachableAcquisitions(h.call, memo: &memo) where a.lock != h.outer {
                let callee = acquisitionsKnown(h.call.callee) ? h.call.callee : h.call.fallback
                all.append(Edge(outer: h.outer, inner: a.lock, outerKind: h.outerKind, innerKind: a.kind, outerSite: h.outerSite, innerSite: a.site, call: h.site,
                                callee: Self.display(callee), alsoHeld: h.alsoHeld))
            }
        }
        // A closure run by its callee while the callee holds a lock: what the closure takes is
        // taken while that lock is held.
        if !closureHolds.isEmpty {
            for c in closureArguments {
                let callee = closureHolds[c.call.callee] != nil ? c.call.callee : c.call.fallback
                guard let holds = closureHolds[callee] else { continue }
                let matching = holds.filter { c.trailing ? $0.isLast : $0.label == c.label }
                guard !matching.isEmpty else { continue }
                var inner = c.inner
                var seen = Set(inner.map(\.lock))
                for call in c.calls {
                    for a in reachableAcquisitions(call, memo: &memo) where seen.insert(a.lock).inserted { inner.append(a) }
                }
                for h in matching {
                    for a in inner where a.lock != h.held.lock {
                        all.append(Edge(outer: h.held.lock, inner: a.lock, outerKind: h.held.kind, innerKind: a.kind, outerSite: h.held.site,
                                        innerSite: a.site, call: c.site, callee: Self.display(callee), alsoHeld: [], viaClosure: true))
                    }
                }
            }
        }
        return all
    }

    /// The inverted pairs among `all` (see `allEdges`), by the path of the inner acquisition.
    public func inversions(_ all: [Edge]) -> [String: [Inversion]] {
        guard !all.isEmpty else { return [:] }
        var byPair: [Pair: [Edge]] = [:]
        for e in all where e.outer != e.inner {
            byPair[Pair(outer: e.outer, inner: e.inner), default: []].append(e)
        }
        var out: [String: [Inversion]] = [:]
        for (pair, forward) in byPair where pair.outer < pair.inner {
            guard let backward = byPair[Pair(outer: pair.inner, inner: pair.outer)] else { continue }
            // A lock held around every acquisition in both orders serializes them.
            let gate = Self.commonHeld(forward).intersection(Self.commonHeld(backward))
            if !gate.isEmpty { continue }
            let f = forward.sorted { ($0.innerSite, $0.outerSite) < ($1.innerSite, $1.outerSite) }
            let b = backward.sorted { ($0.innerSite, $0.outerSite) < ($1.innerSite, $1.outerSite) }
            for (this, other) in [(f, b), (b, f)] {
                let first = this[0]
                let others = Array(Set(this.dropFirst().map(\.innerSite)).subtracting([first.innerSite])).sorted()
                out[first.innerSite.path, default: []].append(Inversion(edge: first, reverse: other[0], sameOrderElsewhere: others))
            }
        }
        for k in out.keys { out[k]?.sort { $0.edge.innerSite < $1.edge.innerSite } }
        return out
    }

    private struct Pair: Hashable {
        var outer: String
        var inner: String
    }

    private static func commonHeld(_ edges: [Edge]) -> Set<String> {
        guard var common = edges.first.map({ Set($0.alsoHeld) }) else { return [] }
        for e in edges.dropFirst() where !common.isEmpty { common.formIntersection(e.alsoHeld) }
        return common
    }

    private func acquisitionsKnown(_ key: String) -> Bool { acquisitions[key] != nil || calls[key] != nil }

    /// What calling `call` acquires: the callee's own acquisitions, and its callees', up to a
    /// few calls deep (memoised per function, so each is worked out once per run).
    private func reachableAcquisitions(_ call: Call, memo: inout [String: [Acquisition]]) -> [Acquisition] {
        let key = acquisitionsKnown(call.callee) ? call.callee : call.fallback
        return reachable(key, depth: 0, memo: &memo, visiting: [])
    }

    private static let maxDepth = 4
    private static let maxLocksPerFunction = 16

    private func reachable(_ key: String, depth: Int, memo: inout [String: [Acquisition]], visiting: Set<String>) -> [Acquisition] {
        if let known = memo[key] { return known }
        guard !key.isEmpty, acquisitionsKnown(key) else { return [] }
        var out: [Acquisition] = []
        var seen = Set<String>()
        for a in acquisitions[key] ?? [] where seen.insert(a.lock).inserted { out.append(a) }
        if depth < Self.maxDepth {
            var visiting = visiting
            visiting.insert(key)
            for c in calls[key] ?? [] {
                let next = acquisitionsKnown(c.callee) ? c.callee : c.fallback
                guard !visiting.contains(next) else { continue }
                for a in reachable(next, depth: depth + 1, memo: &memo, visiting: visiting) where seen.insert(a.lock).inserted {
                    out.append(a)
                    if out.count >= Self.maxLocksPerFunction { break }
                }
                if out.count >= Self.maxLocksPerFunction { break }
            }
        }
        // Memoised whatever the depth: a function reached again deeper in a call chain keeps the
        // (perhaps shorter) answer it got first, so each function is worked out once per run.
        memo[key] = out
        return out
    }
}

// MARK: What one file contributes

extension LockGraph {
    /// Methods of a serial queue whose closure occupies the queue (the queue is "held" while it runs).
    static let queueHoldingMethods: Set<String> = ["sync", "async", "asyncAfter", "asyncAndWait"]
    /// Of those, the ones whose caller waits until the closure has run.
    static let queueBlockingMethods: Set<String> = ["sync", "asyncAndWait"]

    /// Whether the file may take a lock of the graph at all (a cheap test on its identifiers).
    public static func mayAcquire(_ s: FileStructure, vocabulary: LockVocabulary) -> Bool {
        s.identifiers.mayContainAny(vocabulary.graphAcquireNames)
    }

    /// The file's edges, acquisitions and calls.
    /// - Parameter regions: the file's default lock regions when already worked out (the rules
    ///   read the same ones), so they are not worked out twice.
    public static func extract(_ s: FileStructure, vocabulary: LockVocabulary, module: String, regions base: LockRegions? = nil) -> LockGraph {
        var graph = LockGraph()
        graph.wrappedProperties = wrappedProperties(s, module: module)
        graph.derivedGetters = derivedGetters(s, module: module)
        guard mayAcquire(s, vocabulary: vocabulary) else { return graph }
        // Semaphores and groups: `wait()` blocks until another holder `signal()`s / `leave()`s.
        var vocab = vocabulary
        if s.identifiers.mayContainAny(["DispatchSemaphore", "DispatchGroup"]) {
            vocab.acquireRelease["wait"] = "signal"
            vocab.acquireNames = NameSet(vocab.acquireRelease.keys)
            vocab.releaseNames = NameSet(vocab.acquireRelease.values)
        }
        // The default regions and queue blocks; a file with semaphores is worked out again with
        // `wait`/`signal` as an acquire and a release.
        let regions = vocab.acquireRelease["wait"] != nil || base == nil
            ? LockRegions(s, vocabulary: vocab, includeQueues: ["*"])
            : LockRegions(base!, adding: LockRegions.queueRegions(s, vocabulary: vocab), s)
        guard !regions.regions.isEmpty else { return graph }
        var namer = LockNamer(s, module: module)
        // Each region's lock name, and whether its acquire blocks.
        var keys: [String?] = []
        var kinds: [Kind] = []
        var blocking: [Bool] = []
        var holds: [Bool] = []
        for r in regions.regions {
            let c = namer.classify(r)
            keys.append(c.key)
            kinds.append(c.kind)
            blocking.append(c.blocks)
            holds.append(c.holds)
        }
        let indexOf = Dictionary(regions.regions.enumerated().map { ($0.element.acquireToken, $0.offset) }, uniquingKeysWith: { a, _ in a })
        func site(_ t: Int) -> LockSite { LockSite(path: s.file.path, token: t, location: s.location(ofToken: t)) }
        let signallers = (vocab.acquireRelease["wait"] == nil ? [] : Self.signallers(s, namer: &namer)) + Self.cancellationHandlers(s)
        let runNow = Self.runNowCallees.union(vocab.lockScopedMethods)
        func held(at t: Int) -> [(key: String, kind: Kind, token: Int)] {
            var out: [(key: String, kind: Kind, token: Int)] = regions.holding(t, in: s, directOnly: false, limit: 16).compactMap { r in
                guard let k = indexOf[r.acquireToken], holds[k], let key = keys[k],
                      Self.runsDuring(s, t, r.executable, runNow: runNow) else { return nil }
                return (key, kinds[k], r.acquireToken)
            }
            for g in signallers where g.start < t && t < g.end && Self.runsDuring(s, t, g.exec, runNow: runNow) {
                out.append((g.key, g.kind, g.token))
            }
            return out
        }
        // Resuming a continuation takes the task's internal lock.
        for r in Self.resumes(s) {
            let around = held(at: r)
            let heldKeys = around.map(\.key)
            for h in around where h.key != Self.taskLock {
                graph.edges.append(Edge(outer: h.key, inner: Self.taskLock, outerKind: h.kind, innerKind: .task, outerSite: site(h.token),
                                        innerSite: site(r), call: nil, callee: "", alsoHeld: heldKeys.filter { $0 != h.key }))
            }
            if let f = namer.functionKey(runningNow: r) {
                graph.acquisitions[f, default: []].append(Acquisition(lock: Self.taskLock, kind: .task, site: site(r)))
            }
        }
        // Edges between nested acquisitions, and each function's own acquisitions.
        for (k, r) in regions.regions.enumerated() where blocking[k] {
            guard let inner = keys[k] else { continue }
            let around = held(at: r.acquireToken)
            let heldKeys = around.map(\.key)
            for h in around where h.key != inner {
                graph.edges.append(Edge(outer: h.key, inner: inner, outerKind: h.kind, innerKind: kinds[k], outerSite: site(h.token), innerSite: site(r.acquireToken),
                                        call: nil, callee: "", alsoHeld: heldKeys.filter { $0 != h.key && $0 != inner }))
            }
            if let f = namer.functionKey(runningNow: r.acquireToken) {
                graph.acquisitions[f, default: []].append(Acquisition(lock: inner, kind: kinds[k], site: site(r.acquireToken)))
            }
        }
        // Accessors also take a lock through any other closure method of a receiver the file
        // uses as a lock (`set { lock.withLockVoid { … } }` beside `lock.withLock { … }`).
        let guarded = accessorGuardClosures(s, regions: regions.regions, keys: keys, namer: &namer)
        let accessorRegions = guarded.isEmpty ? regions.regions : regions.regions + guarded.map(\.region)
        graph.accessorPairs = accessorPairs(s, regions: accessorRegions, keys: guarded.isEmpty ? keys : keys + guarded.map(\.key),
                                            namer: &namer, module: module, site: site)
        graph.lockingMembers = lockingMembers(s, regions: accessorRegions, namer: &namer, module: module, site: site)
        // Closures passed to calls, and what they take when run: the acquisitions made directly
        // in each (not in a closure of it that runs later) go to the innermost such closure.
        var argumentIndex: [Int: Int] = [:]
        let lockScoped = vocab.lockScopedNames
        func closureArgument(around t: Int) -> Int? {
            var sc = t >= 0 && t < s.scopeOf.count ? Int(s.scopeOf[t]) : -1
            while sc >= 0 {
                let scope = s.scopes[sc]
                if scope.kind == .functionBody { return nil }
                if scope.kind == .closure {
                    let c = s.closures[scope.closure]
                    guard c.callee >= 0 else { return nil }
                    if runNow.contains(s.text(c.callee)) || lockScoped.contains(s, c.callee) { sc = scope.parent; continue }
                    if LockRegions.runsLater(s, c) { return nil }
                    if let k = argumentIndex[scope.closure] { return k }
                    guard let call = namer.call(at: c.callee) else { return nil }
                    argumentIndex[scope.closure] = graph.closureArguments.count
                    graph.closureArguments.append(ClosureArgument(call: call, site: site(c.callee), label: c.label >= 0 ? s.text(c.label) : "",
                                                                  trailing: c.isTrailing))
                    return graph.closureArguments.count - 1
                }
                sc = scope.parent
            }
            return nil
        }
        for (k, r) in regions.regions.enumerated() where blocking[k] {
            guard let inner = keys[k], let a = closureArgument(around: r.acquireToken) else { continue }
            graph.closureArguments[a].inner.append(Acquisition(lock: inner, kind: kinds[k], site: site(r.acquireToken)))
        }
        let closureParameters = Self.heldClosureParameters(s)
        // Calls: what each function calls, and what is called while a lock is held.
        let localFunctions = NameSet(s.functionsByName.keys)
        var i = 0
        while i < s.code.count {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{")) else { continue }
            // A call matters if it is made while a lock is held, or if it is to a function of this
            // file (followed from a caller that holds a lock, a few calls deep); calls to anything
            // else are not recorded.
            let around = held(at: i)
            if !around.isEmpty && !s.isChar(i - 1, UInt8(ascii: ".")), let params = closureParameters[s.text(i)],
               let f = s.enclosingFunction(of: i), let p = params.first(where: { $0.function == f }),
               let key = namer.functionKey(runningNow: i) {
                // A closure parameter called while a lock is held.
                for h in around {
                    graph.closureHolds[key, default: []].append(ClosureHold(held: Acquisition(lock: h.key, kind: h.kind, site: site(h.token)),
                                                                           label: p.label, isLast: p.isLast))
                }
                continue
            }
            let local = localFunctions.contains(s, i)
            if !s.closures.isEmpty, let a = closureArgument(around: i), let call = namer.call(at: i) {
                graph.closureArguments[a].calls.append(call)
            }
            guard !around.isEmpty || local, let call = namer.call(at: i) else { continue }
            if local, let f = namer.functionKey(runningNow: i) { graph.calls[f, default: []].insert(call) }
            guard !around.isEmpty else { continue }
            let heldKeys = around.map(\.key)
            let callSite = site(i)
            for h in around {
                graph.heldCalls.append(HeldCall(outer: h.key, outerKind: h.kind, outerSite: site(h.token), call: call,
                                                site: callSite, alsoHeld: heldKeys.filter { $0 != h.key }))
            }
        }
        graph.closureArguments.removeAll { $0.inner.isEmpty && $0.calls.isEmpty }
        return graph
    }
}

extension LockGraph {
    /// The non-escaping closure parameters of the file's functions, by name: the function, the
    /// parameter's argument label (`""` for `_`), and whether it is the function's last closure
    /// parameter (the one a trailing closure fills).
    static func heldClosureParameters(_ s: FileStructure) -> [String: [(function: Int, label: String, isLast: Bool)]] {
        var out: [String: [(function: Int, label: String, isLast: Bool)]] = [:]
        for (di, d) in s.decls.enumerated() where (d.kind == .function || d.kind == .initializer) && d.body >= 0 {
            let names = GuardLogExtractor.closureParameters(s, di)
            guard !names.isEmpty else { continue }
            for (n, name) in names.enumerated() {
                out[name, default: []].append((di, parameterLabel(s, d, name), n == names.count - 1))
            }
        }
        return out
    }

    /// The argument label of parameter `name` in a function's signature (`_` gives `""`).
    static func parameterLabel(_ s: FileStructure, _ d: Decl, _ name: String) -> String {
        for k in d.typeAnnotation where s.code[k].kind == .identifier && s.is(k, text: name) && s.isChar(k + 1, UInt8(ascii: ":")) {
            if k - 1 >= d.typeAnnotation.lowerBound && (s.code[k - 1].kind == .identifier || s.code[k - 1].kind == .keyword) && !s.isChar(k - 1, UInt8(ascii: ",")) {
                let label = s.text(k - 1)
                return label == "_" ? "" : label
            }
            return name
        }
        return name
    }

    struct Signaller {
        var key: String
        var kind: Kind = .signaller
        var start: Int
        var end: Int
        var exec: Int
        /// The `signal`/`leave` token.
        var token: Int
    }

    /// Functions whose closure argument runs before they return, so under whatever the caller
    /// holds. A closure passed to anything else (stored as a callback, an enum payload, a
    /// publisher's operator) may run later, after the lock is released.
    static let runNowCallees: Set<String> = LockFlow.immediateClosureCallees.union([
        "forEach", "map", "compactMap", "filter", "reduce", "contains", "allSatisfy", "first", "firstIndex", "last",
        "lastIndex", "sorted", "sort", "min", "max", "removeAll", "sync", "asyncAndWait", "withValue",
    ])

    /// Whether token `t` runs while the body `exec` runs: only closures of `runNow` callees lie between.
    static func runsDuring(_ s: FileStructure, _ t: Int, _ exec: Int, runNow: Set<String>) -> Bool {
        var sc = t >= 0 && t < s.scopeOf.count ? Int(s.scopeOf[t]) : -1
        while sc >= 0 {
            if sc == exec { return true }
            let scope = s.scopes[sc]
            if scope.kind == .functionBody { return false }
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                guard c.callee >= 0, runNow.contains(s.text(c.callee)) else { return false }
            }
            sc = scope.parent
        }
        return false
    }

    /// The name of the task's internal lock in the graph.
    static let taskLock = "::the task's internal lock"

    /// `onCancel:` closures of `withTaskCancellationHandler`: they run holding the task's lock.
    static func cancellationHandlers(_ s: FileStructure) -> [Signaller] {
        guard s.identifiers.mayContain("onCancel") else { return [] }
        return s.closures.compactMap { c in
            guard c.label >= 0, s.is(c.label, "onCancel"), c.close > c.open else { return nil }
            return Signaller(key: taskLock, kind: .task, start: c.open, end: c.close, exec: c.scope, token: c.label)
        }
    }

    /// `continuation.resume(…)` calls (any receiver: `resume` with `returning:`/`throwing:`/`with:`
    /// or no argument).
    static func resumes(_ s: FileStructure) -> [Int] {
        guard s.identifiers.mayContain("resume") else { return [] }
        var out: [Int] = []
        for i in 1..<max(1, s.code.count - 1) where s.code[i].kind == .identifier && s.is(i, "resume")
            && s.isChar(i - 1, UInt8(ascii: ".")) && s.isChar(i + 1, UInt8(ascii: "(")) {
            let close = Int(s.match[i + 1])
            guard close > i + 1 else { continue }
            let label = close == i + 2 || s.is(i + 2, "returning") || s.is(i + 2, "throwing") || s.is(i + 2, "with")
            if label { out.append(i) }
        }
        return out
    }

    /// Closures that end a semaphore's or a group's wait: the code before `sem.signal()` /
    /// `group.leave()` in the closure's own body runs while the waiter waits for it.
    static func signallers(_ s: FileStructure, namer: inout LockNamer) -> [Signaller] {
        var out: [Signaller] = []
        var i = 2
        while i + 2 < s.code.count && out.count < 256 {
            defer { i += 1 }
            guard s.code[i].kind == .identifier, s.is(i, "signal") || s.is(i, "leave"), s.isChar(i - 1, UInt8(ascii: ".")),
                  s.isChar(i + 1, UInt8(ascii: "(")), s.isChar(i + 2, UInt8(ascii: ")")) else { continue }
            guard let exec = s.enclosingExecutable(of: i), s.scopes[exec].kind == .closure else { continue }
            let r = LockRegions.receiverStart(s, dot: i - 1)
            guard r >= 0 else { continue }
            let receiver = LockRegions.normalized(s.text(s.span(r, i - 1)))
            guard let type = namer.declaredType(receiver, at: i), type == (s.is(i, "signal") ? "DispatchSemaphore" : "DispatchGroup"),
                  let key = namer.lockKey(receiver, at: i) else { continue }
            out.append(Signaller(key: key, start: s.scopes[exec].open, end: i, exec: exec, token: i))
        }
        return out
    }

    /// Computed properties whose `get` and `set` take a lock, directly or through the methods they
    /// call (and that have no `_modify`, which can hold it across the whole mutation): each side's
    /// first lock taken directly in its body (a lock, or a queue: `sync` to read, a barrier block to
    /// write), or else the calls it makes, resolved after the merge.
    static func accessorPairs(_ s: FileStructure, regions: [LockRegion], keys: [String?], namer: inout LockNamer, module: String,
                              site: (Int) -> LockSite) -> [String: AccessorPair] {
        // The first lock taken directly in each accessor body (a block on any queue, serial or
        // reader-writer, excludes the other accessor's blocks the same way).
        var taken: [Int: (lock: String, key: String, token: Int, onQueue: Bool)] = [:]
        for (k, r) in regions.enumerated() where !r.lock.isEmpty {
            guard let f = s.enclosingFunction(of: r.acquireToken), s.decls[f].kind == .accessor, taken[f] == nil,
                  s.decls[f].body >= 0, LockRegions.reachesWithoutDeferral(s, from: r.acquireToken, to: s.decls[f].body) else { continue }
            var key = keys[k]
            if key == nil, case .queue(let method, _) = r.form, queueHoldingMethods.contains(method) { key = namer.lockKey(r.lock, at: r.acquireToken) }
            guard let key else { continue }
            var onQueue = false
            if case .queue = r.form { onQueue = true }
            taken[f] = (r.lock, key, r.acquireToken, onQueue)
        }
        var out: [String: AccessorPair] = [:]
        var seen = Set<Int>()
        for f in taken.keys {
            let p = s.decls[f].parent
            guard p >= 0, s.decls[p].kind == .variable, seen.insert(p).inserted else { continue }
            let accessors = s.children[p].filter { s.decls[$0].kind == .accessor }
            guard !accessors.contains(where: { s.decls[$0].nameText == "_modify" || s.decls[$0].nameText == "modify" }),
                  let g = accessors.first(where: { s.decls[$0].nameText == "get" }),
                  let st = accessors.first(where: { s.decls[$0].nameText == "set" }), let owner = s.owningType(of: p) else { continue }
            let type = s.decls[owner].nameText
            guard !type.isEmpty else { continue }
            func side(_ a: Int) -> AccessorSide {
                if let t = taken[a] { return AccessorSide(key: t.key, written: t.lock, site: site(t.token), isQueue: t.onQueue) }
                return AccessorSide(key: nil, calls: ownCalls(s, accessor: a, namer: &namer))
            }
            let isValue = isValueType(s.decls[p], s)
            out["\(module)::\(type).\(s.decls[p].nameText)"] = AccessorPair(getter: side(g), setter: side(st), isValue: isValue,
                                                                            onlyMember: onlyMember(s.decls[p], s),
                                                                            typeName: isValue ? nil : declaredTypeName(s.decls[p], s),
                                                                            genericParameter: isValue ? nil : genericParameterIndex(of: p, owner: owner, s))
        }
        return out
    }

    /// The closures an accessor body passes, while it runs, to a method of a receiver that the
    /// file takes as a lock elsewhere (a region of it with a graph name) or whose declared type
    /// is a lock: `lock.withLockVoid { _x = newValue }` is an acquisition of `lock`, whatever the
    /// method is called. (Not a call that runs its closure later.)
    static func accessorGuardClosures(_ s: FileStructure, regions: [LockRegion], keys: [String?],
                                      namer: inout LockNamer) -> [(region: LockRegion, key: String?)] {
        var receivers = Set<String>()
        var known = Set<Int>()
        for (k, r) in regions.enumerated() {
            known.insert(r.acquireToken)
            switch r.form {
            case .closure, .manual, .deferred: if keys[k] != nil { receivers.insert(r.lock) }
            default: break
            }
        }
        var out: [(region: LockRegion, key: String?)] = []
        let vocabulary = LockVocabulary.default
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open && c.receiverStart >= 0 && !known.contains(c.callee) {
            guard s.code[c.callee].kind == .identifier, let f = s.enclosingFunction(of: c.callee), s.decls[f].kind == .accessor,
                  s.decls[f].body >= 0, !LockRegions.deferredCallees.contains(s.text(c.callee)),
                  LockRegions.reachesWithoutDeferral(s, from: c.callee, to: s.decls[f].body) else { continue }
            let receiver = LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1)))
            guard !receiver.isEmpty, receiver != "self" else { continue }
            if !receivers.contains(receiver) {
                guard !receiver.contains("."), let type = namer.declaredType(receiver, at: c.callee), vocabulary.looksLikeLock(type) else { continue }
            }
            guard let key = namer.lockKey(receiver, at: c.callee) else { continue }
            out.append((LockRegion(closure: ci, method: s.text(c.callee), lock: receiver, in: s), key))
        }
        return out
    }

    /// The getters and methods of the file's types whose first acquisition (made directly in
    /// their body) reads or writes the type's state: see `LockingMember`.
    static func lockingMembers(_ s: FileStructure, regions: [LockRegion], namer: inout LockNamer, module: String,
                               site: (Int) -> LockSite) -> [String: [String: LockingMember]] {
        var out: [String: [String: LockingMember]] = [:]
        var done = Set<Int>()
        var state = CriticalSectionState(s)
        var touched: [Int: MemberState.Touches?]? = nil
        for r in regions.sorted(by: { $0.acquireToken < $1.acquireToken }) where !r.lock.isEmpty && r.lock != "self" {
            switch r.form {
            case .heldOnEntry, .unreleased: continue
            case .queue(let method, _) where !queueHoldingMethods.contains(method): continue
            default: break
            }
            guard let f = s.enclosingFunction(of: r.acquireToken), done.insert(f).inserted else { continue }
            let d = s.decls[f]
            guard d.body >= 0, LockRegions.reachesWithoutDeferral(s, from: r.acquireToken, to: d.body),
                  namer.lockKey(r.lock, at: r.acquireToken) != nil else { continue }
            var member = f
            var isGetter = false
            var isSetter = false
            switch d.kind {
            case .function: break
            case .variable: isGetter = d.isComputed
            case .accessor:
                guard d.nameText == "get" || d.nameText == "set", d.parent >= 0, s.decls[d.parent].kind == .variable else { continue }
                member = d.parent
                isGetter = d.nameText == "get"
                isSetter = !isGetter
            default: continue
            }
            if d.kind == .variable && !isGetter { continue }
            guard let owner = s.owningType(of: member), !s.decls[owner].nameText.isEmpty, !s.decls[member].nameText.isEmpty else { continue }
            let a = state.accesses(in: r, s)
            let parameters = Set(d.parameterNames + ["newValue"])
            let writesArgument = a.writes.contains { w in
                s.span(w.value, s.statementEnd(from: w.value, limit: r.end)).contains { s.code[$0].kind == .identifier && parameters.contains(s.text($0)) }
            }
            let closures = Set(GuardLogExtractor.closureParameters(s, f))
            let runsClosure = !closures.isEmpty && s.span(r.start + 1, r.end).contains {
                s.code[$0].kind == .identifier && closures.contains(s.text($0)) && s.isChar($0 + 1, UInt8(ascii: "(")) && !s.isChar($0 - 1, UInt8(ascii: "."))
            }
            guard !a.reads.isEmpty || !a.writes.isEmpty || runsClosure else { continue }
            var lock = r.lock
            if lock.hasPrefix("Self.") { lock.removeFirst(5) }
            let type = s.decls[owner].nameText
            if lock.hasPrefix(type + ".") { lock.removeFirst(type.count + 1) }
            let key = "\(module)::\(type)"
            let memberName = isSetter ? LockingMember.setterName(s.decls[member].nameText) : s.decls[member].nameText
            guard out[key]?[memberName] == nil else { continue }
            var m = LockingMember(
                isGetter: isGetter, lock: lock, reads: a.reads.sorted(), writes: Array(Set(a.writes.map(\.name))).sorted(),
                writesArgument: writesArgument, runsClosure: runsClosure, site: site(r.acquireToken),
                returnsRead: isGetter || Self.returnsRegionValue(s, r, body: d.body))
            m.claims = CriticalSectionState.claims(a, s)
            if touched == nil { touched = MemberState.touches(s, regions: regions) }
            m.touches = touched?[member] ?? nil
            out[key, default: [:]][memberName] = m
        }
        if !out.isEmpty { delegatingSetters(s, module: module, into: &out) }
        return out
    }

    /// A setter whose body is one call of a method of its type that writes its argument under a
    /// lock (`set { apply(newValue) }`, `set { self.store(newValue, notify: true) }`) takes that
    /// lock as the method does: recorded as the setter's locking member (the method's own
    /// acquisition is the setter's).
    static func delegatingSetters(_ s: FileStructure, module: String, into out: inout [String: [String: LockingMember]]) {
        for d in s.decls where d.kind == .accessor && d.nameText == "set" && d.body >= 0 && d.parent >= 0 && s.decls[d.parent].kind == .variable {
            let property = d.parent
            guard let owner = s.owningType(of: property), !s.decls[owner].nameText.isEmpty else { continue }
            let key = "\(module)::\(s.decls[owner].nameText)"
            guard let members = out[key], members[LockingMember.setterName(s.decls[property].nameText)] == nil else { continue }
            let body = s.scopes[d.body]
            var k = body.open + 1
            if s.isKeyword(k, .self) && s.isChar(k + 1, UInt8(ascii: ".")) { k += 2 }
            // `name(…)` and nothing else in the body, with `newValue` among its arguments.
            guard k < body.close, s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")),
                  case let close = Int(s.match[k + 1]), close > k + 1, close + 1 == body.close,
                  s.span(k + 2, close).contains(where: { s.is($0, "newValue") }),
                  let helper = members[s.text(k)], !helper.isGetter, helper.writesArgument, !helper.runsClosure else { continue }
            var m = helper
            m.reads = []
            out[key]![LockingMember.setterName(s.decls[property].nameText)] = m
        }
    }

    /// The file's computed getters whose body is one expression with no closure and no lock of
    /// its own, with the names of the members of the type it reads or calls (bare or through
    /// `self.`). Which of those lock is known only once every file is read (`resolveDerivedGetters`).
    /// (A getter that takes a lock itself is a locking member already, which comes first.)
    static func derivedGetters(_ s: FileStructure, module: String) -> [String: [String: [String]]] {
        var out: [String: [String: [String]]] = [:]
        for (di, d) in s.decls.enumerated() where d.body >= 0 {
            var member = di
            switch d.kind {
            case .variable where d.isComputed: break
            case .accessor where d.nameText == "get" && d.parent >= 0 && s.decls[d.parent].kind == .variable: member = d.parent
            default: continue
            }
            guard let owner = s.owningType(of: member), !s.decls[owner].nameText.isEmpty, !s.decls[member].nameText.isEmpty,
                  !s.decls[member].isStaticMember else { continue }
            let body = s.scopes[d.body]
            var names: [String] = []
            var simple = true
            // A short expression (a test of a value), not a body of work.
            guard body.interior.count <= 32 else { continue }
            for q in body.interior {
                if s.isChar(q, UInt8(ascii: "{")) || s.isKeyword(q, .let) || s.isKeyword(q, .var) || s.isKeyword(q, .return) && q != body.open + 1 { simple = false; break }
                guard s.code[q].kind == .identifier else { continue }
                let dotted = s.isChar(q - 1, UInt8(ascii: "."))
                if dotted && !(s.isKeyword(q - 2, .self) && !s.isChar(q - 3, UInt8(ascii: "."))) { continue }
                if let c = s.text(q).first, c.isUppercase { continue }
                names.append(s.text(q))
            }
            guard simple, !names.isEmpty else { continue }
            out["\(module)::\(s.decls[owner].nameText)", default: [:]][s.decls[member].nameText] = names
        }
        return out
    }

    /// A derived getter (see `derivedGetters`) that names exactly one member of its type that
    /// locks, that member a getter, reads through that getter's one acquisition: it is a locking
    /// getter too (`guard isOpen else { … }` checks under the lock `state` takes).
    public mutating func resolveDerivedGetters() {
        for (key, derived) in derivedGetters {
            guard var members = lockingMembers[key] else { continue }
            var added = false
            for (name, names) in derived.sorted(by: { $0.key < $1.key }) where members[name] == nil {
                let locking = Set(names.filter { members[$0] != nil })
                guard locking.count == 1, let base = members[locking.first!], base.isGetter, !base.runsClosure else { continue }
                var m = base
                m.claims = []
                m.returnsRead = true
                members[name] = m
                added = true
            }
            if added { lockingMembers[key] = members }
        }
    }

    /// Whether body `body` returns the expression from token `start` to token `last` (inclusive):
    /// after `return` (with `try`/`await` between), or as the body's only expression.
    public static func returnsExpression(_ s: FileStructure, start: Int, last: Int, body: Int) -> Bool {
        guard body >= 0, start >= 1 else { return false }
        var before = start - 1
        while before >= 0 && (s.isKeyword(before, .try) || s.isKeyword(before, .await) || s.isChar(before, UInt8(ascii: "?"))
                              || s.isChar(before, UInt8(ascii: "!"))) { before -= 1 }
        if s.isKeyword(before, .return) { return true }
        return before == s.scopes[body].open && last + 1 == s.scopes[body].close
    }

    /// Whether body `body` returns the value of region `r`: `return lock.withLock { … }` (also with
    /// `try`/`await`), the body's only expression, or a `return` inside a lock()/unlock() stretch.
    public static func returnsRegionValue(_ s: FileStructure, _ r: LockRegion, body: Int) -> Bool {
        guard body >= 0 else { return false }
        switch r.form {
        case .closure, .queue:
            var k = r.acquireToken
            while s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2 && (s.code[k - 2].kind == .identifier || s.isKeyword(k - 2, .self)) { k -= 2 }
            var end = r.end
            if s.isChar(end + 1, UInt8(ascii: ")")) { end += 1 }
            return returnsExpression(s, start: k, last: end, body: body)
        default:
            return s.span(r.start, r.end).contains { s.isKeyword($0, .return) && !s.isChar($0 + 1, UInt8(ascii: "}")) && !s.isChar($0 + 1, UInt8(ascii: ";")) }
        }
    }

    /// The type a variable `name` is declared with at token `t` (a local, a parameter, a property
    /// of the type around `t`, a global of the file): its annotation, or `Type(…)` as its
    /// initializer; nil when the file does not tell.
    public static func declaredTypeName(of name: String, at t: Int, in s: FileStructure) -> String? {
        var namer = LockNamer(s, module: "")
        return namer.declaredType(name, at: t)
    }

    /// The calls an accessor makes on its own type (`store(v)`, `self.mutate { }`) while it runs.
    static func ownCalls(_ s: FileStructure, accessor a: Int, namer: inout LockNamer) -> [Call] {
        let body = s.decls[a].body
        guard body >= 0 else { return [] }
        var out: [Call] = []
        for i in s.scopes[body].interior where s.code[i].kind == .identifier
            && (s.isChar(i + 1, UInt8(ascii: "(")) || s.isChar(i + 1, UInt8(ascii: "{"))) && out.count < 8 {
            guard !s.isChar(i - 1, UInt8(ascii: ".")) || (s.isKeyword(i - 2, .self) && !s.isChar(i - 3, UInt8(ascii: "."))) else { continue }
            guard LockRegions.reachesWithoutDeferral(s, from: i, to: body), let c = namer.call(at: i) else { continue }
            out.append(c)
        }
        return out
    }

    /// Stored properties with a wrapper attribute (`@Atomic var count = 0`), by `module::Type.name`.
    static func wrappedProperties(_ s: FileStructure, module: String) -> [String: WrappedProperty] {
        var out: [String: WrappedProperty] = [:]
        for di in s.decls.indices where s.decls[di].kind == .variable && s.decls[di].hasAttributes && !s.decls[di].nameText.isEmpty {
            let d = s.decls[di]
            guard let owner = s.owningType(of: di), !s.decls[owner].nameText.isEmpty else { continue }
            for a in s.attributes(of: d) {
                // `@Name`: only a capitalised attribute can be a wrapper (not `@objc`, `@inlinable`).
                let start = Int(s.code[a].start) + 1
                guard start < s.file.bytes.count, s.file.bytes[start] >= 65, s.file.bytes[start] <= 90 else { continue }
                let name = String(s.text(a).dropFirst())
                let base = String(name.prefix { $0 != "(" && $0 != "<" })
                guard let c = base.unicodeScalars.first, Capitalized.isUpper(c), !base.hasSuffix("Actor"), base != "Sendable" else { continue }
                let isValue = isValueType(d, s)
                out["\(module)::\(s.decls[owner].nameText).\(d.nameText)"] = WrappedProperty(wrapper: base, isValue: isValue, onlyMember: onlyMember(d, s),
                                                                                            typeName: isValue ? nil : declaredTypeName(d, s))
            }
        }
        return out
    }

    static let valueTypeNames: Set<String> = [
        "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Double", "Float", "Bool",
        "String", "Substring", "Character", "Array", "Dictionary", "Set", "Data", "Date", "URL", "UUID", "Decimal",
        "ContiguousArray", "Optional", "TimeInterval", "CGFloat", "CGPoint", "CGSize", "CGRect", "IndexSet", "URLComponents",
    ]

    /// The declared type is known to be a value type: a collection literal type (`[T]`, `[K: V]`),
    /// a standard value type, a struct or enum of this file, or inferred from a literal initializer.
    static func isValueType(_ d: Decl, _ s: FileStructure) -> Bool {
        let a = d.typeAnnotation
        if !a.isEmpty {
            let i = a.lowerBound
            if s.isChar(i, UInt8(ascii: "[")) { return true }
            guard s.code[i].kind == .identifier else { return false }
            return isValueTypeName(s.text(i), s, at: d.keyword)
        }
        let j = d.initializer.lowerBound
        guard j < d.initializer.upperBound else { return false }
        if s.isChar(j, UInt8(ascii: "[")) || s.code[j].kind == .string || s.code[j].kind == .integer || s.code[j].kind == .float { return true }
        if s.isKeyword(j, .true) || s.isKeyword(j, .false) { return true }
        if s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: "(")) { return isValueTypeName(s.text(j), s, at: d.keyword) }
        return false
    }

    /// The name of the type a property is declared with (`var x: Name`, `Name?`, `Name<T>`, or
    /// `= Name(…)`), for a type its file does not declare; nil when neither spells one.
    static func declaredTypeName(_ d: Decl, _ s: FileStructure) -> String? {
        let a = d.typeAnnotation
        let i = !a.isEmpty ? a.lowerBound : d.initializer.lowerBound < d.initializer.upperBound ? d.initializer.lowerBound : -1
        guard i >= 0, s.code[i].kind == .identifier, a.isEmpty ? s.isChar(i + 1, UInt8(ascii: "(")) : !s.isChar(i + 1, UInt8(ascii: ".")) else { return nil }
        return s.text(i)
    }

    /// The index of property `p`'s type among the generic parameters of its owner (`var value: T`
    /// in `final class Atomic<T>`), or nil when its type is not one of them.
    static func genericParameterIndex(of p: Int, owner: Int, _ s: FileStructure) -> Int? {
        let a = s.decls[p].typeAnnotation
        guard a.count == 1, s.code[a.lowerBound].kind == .identifier else { return nil }
        let name = s.decls[owner].name
        guard name >= 0 else { return nil }
        return genericList(s, after: name).firstIndex { !$0.isEmpty && s.is($0.lowerBound, text: s.text(a.lowerBound)) }
    }

    /// The top-level entries of a generic list `<…>` right after token `t` (parameters of a
    /// declaration, arguments of a type as written), as token ranges; empty when none follows.
    public static func genericList(_ s: FileStructure, after t: Int) -> [Range<Int>] {
        let open = t + 1
        guard open < s.code.count, s.code[open].kind == .operator, s.code[open].length == 1,
              s.file.bytes[Int(s.code[open].start)] == UInt8(ascii: "<") else { return [] }
        var out: [Range<Int>] = []
        var start = open + 1
        var depth = 1
        var k = open + 1
        while k < s.code.count && k < open + 64 {
            let tok = s.code[k]
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                let m = Int(s.match[k])
                guard m > k else { return [] }
                k = m + 1
                continue
            }
            if tok.kind == .operator {
                for b in s.file.bytes[Int(tok.start)..<Int(tok.end)] {
                    if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 }
                }
                if depth <= 0 {
                    if k > start { out.append(start..<k) }
                    return out
                }
            } else if depth == 1 && s.isChar(k, UInt8(ascii: ",")) {
                out.append(start..<k)
                start = k + 1
            } else if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) {
                return []
            }
            k += 1
        }
        return []
    }

    /// Whether the type written at tokens `r` is a value type this file can tell: an array or
    /// dictionary literal type, a standard value type, or a struct or enum the file declares.
    public static func isValueTypeWritten(_ r: Range<Int>, _ s: FileStructure) -> Bool {
        guard let i = r.first else { return false }
        if s.isChar(i, UInt8(ascii: "[")) { return true }
        if s.isChar(i, UInt8(ascii: "(")) { return Int(s.match[i]) > i + 1 }
        return s.code[i].kind == .identifier && isValueTypeName(s.text(i), s, at: i)
    }

    /// The single stored property of the struct a property is declared with (this file's struct
    /// with exactly one stored `var`/`let`), or nil.
    static func onlyMember(_ d: Decl, _ s: FileStructure) -> String? {
        let a = d.typeAnnotation
        guard let i = a.first, s.code[i].kind == .identifier else { return nil }
        let structs = s.typeDecls(named: s.text(i), compatibleWith: d.keyword).filter { s.decls[$0].kind == .struct }
        guard structs.count == 1 else { return nil }
        let stored = s.children[structs[0]].filter { s.decls[$0].kind == .variable && !s.decls[$0].isComputed && !s.decls[$0].isStaticMember }
        return stored.count == 1 ? s.decls[stored[0]].nameText : nil
    }

    static func isValueTypeName(_ name: String, _ s: FileStructure, at i: Int) -> Bool {
        if valueTypeNames.contains(name) { return true }
        return s.typeDecls(named: name, compatibleWith: i).contains { s.decls[$0].kind == .struct || s.decls[$0].kind == .enum }
    }
}

/// Names locks and functions of one file for the run's graph.
struct LockNamer {
    let s: FileStructure
    let module: String
    /// Variable declarations by name (members, globals and locals), for declared types.
    private var typeOfVariable: [Int: String] = [:]
    private var membersByType: [String: [String: [Int]]] = [:]
    private var globalsByName: [String: [Int]]?
    /// Function declaration → its key, worked out once.
    private var functionKeys: [Int: String?] = [:]

    init(_ s: FileStructure, module: String) {
        self.s = s
        self.module = Self.shortName(module)
    }

    /// A module's key is its folder path; names of locks and functions carry a short hash of it
    /// instead (the graph of a large run holds many of them).
    static func shortName(_ module: String) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in module.utf8 { h = (h ^ UInt64(b)) &* 0x100_0000_01b3 }
        return String(h, radix: 36)
    }

    /// The lock a region holds, by name (nil: not a lock of the graph), whether taking it blocks,
    /// and whether the region's code runs with it held.
    mutating func classify(_ r: LockRegion) -> (key: String?, kind: LockGraph.Kind, blocks: Bool, holds: Bool) {
        switch r.form {
        case .queue(let method, _):
            guard LockGraph.queueHoldingMethods.contains(method), let key = queueKey(r.lock, at: r.acquireToken) else { return (nil, .queue, false, false) }
            return (key, .queue, LockGraph.queueBlockingMethods.contains(method), true)
        case .closure:
            // `withLockIfAvailable` never waits.
            return (lockKey(r.lock, at: r.acquireToken), .lock, r.blocks, true)
        case .manual(let acquire, _), .deferred(let acquire, _), .unreleased(let acquire):
            if acquire == "wait" {
                // A semaphore or group declared as one, waited on without a timeout: the wait blocks.
                // Only a semaphore signalled later in the same body is held like a lock.
                guard s.isChar(r.acquireToken + 1, UInt8(ascii: "(")), s.isChar(r.acquireToken + 2, UInt8(ascii: ")")),
                      let t = declaredType(r.lock, at: r.acquireToken), t == "DispatchSemaphore" || t == "DispatchGroup"
                else { return (nil, .semaphore, false, false) }
                var held = t == "DispatchSemaphore"
                if case .unreleased = r.form { held = false }
                return (lockKey(r.lock, at: r.acquireToken), .semaphore, true, held)
            }
            return (lockKey(r.lock, at: r.acquireToken), .lock, r.blocks, true)
        case .heldOnEntry:
            return (nil, .lock, false, false)
        }
    }

    /// `lock`, `self.lock`, `Self.lock`, `Type.lock`, `other.lock` → `module::Type.lock`; a global →
    /// `module::lock`; nil for locals, parameters and expressions.
    mutating func lockKey(_ receiver: String, at t: Int) -> String? {
        guard !receiver.isEmpty, !receiver.contains("("), !receiver.contains("[") else { return nil }
        let parts = receiver.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        let owner = enclosingTypeName(t)
        switch parts.count {
        case 1:
            let name = parts[0]
            if name == "self" { return owner.map { "\(module)::\($0)" } }
            if isLocal(name, at: t) {
                // A local semaphore or group: waited on here, signalled in a closure of the same function.
                guard let type = declaredType(name, at: t), type == "DispatchSemaphore" || type == "DispatchGroup",
                      let d = declarations(of: name, at: t).first else { return nil }
                return "\(module)::\(name)@L\(s.decls[d].keyword)"
            }
            if let owner, !isGlobal(name, owner: owner) { return "\(module)::\(owner).\(name)" }
            return "\(module)::\(name)"
        case 2:
            let (base, name) = (parts[0], parts[1])
            if base == "Self" { return owner.map { "\(module)::\($0).\(name)" } }
            if base == "DispatchQueue" && name == "main" { return "::DispatchQueue.main" }
            if let first = base.unicodeScalars.first, Capitalized.isUpper(first) { return "\(module)::\(base).\(name)" }
            if isLocal(base, at: t) {
                // A parameter or local of a declared type: that type's lock.
                guard let type = declaredType(base, at: t) else { return nil }
                return "\(module)::\(type).\(name)"
            }
            guard let type = declaredType(base, at: t) else { return nil }
            return "\(module)::\(type).\(name)"
        default:
            return nil
        }
    }

    /// A serial queue's name, or nil when the receiver is not known to be one.
    mutating func queueKey(_ receiver: String, at t: Int) -> String? {
        if receiver == "DispatchQueue.main" { return "::DispatchQueue.main" }
        let parts = receiver.split(separator: ".")
        guard parts.count == 1 || (parts.count == 2 && parts[0] == "Self"), let name = parts.last.map(String.init) else { return nil }
        guard !isLocal(name, at: t) else { return nil }
        let serial = declarations(of: name, at: t).contains { d in ProjectIndex.isSerialQueue(s.decls[d], in: s) }
        return serial ? lockKey(receiver, at: t) : nil
    }

    /// The key of the function whose body runs token `t` when it is called (not in a closure that
    /// runs later), or nil.
    mutating func functionKey(runningNow t: Int) -> String? {
        guard let f = s.enclosingFunction(of: t) else { return nil }
        let d = s.decls[f]
        guard d.body >= 0, d.kind == .function || d.kind == .variable || d.kind == .accessor,
              LockRegions.reachesWithoutDeferral(s, from: t, to: d.body) else { return nil }
        if let known = functionKeys[f] { return known }
        let key = makeFunctionKey(f, at: t)
        functionKeys[f] = key
        return key
    }

    private func makeFunctionKey(_ f: Int, at t: Int) -> String? {
        let d = s.decls[f]
        var name = d.nameText
        if d.kind == .accessor {
            // A getter or setter: named after its property.
            let p = d.parent
            guard p >= 0, s.decls[p].kind == .variable else { return nil }
            name = s.decls[p].nameText
        }
        guard !name.isEmpty else { return nil }
        if let owner = enclosingTypeName(t) { return "\(module)::\(owner).\(name)" }
        return "\(module)::\(name)"
    }

    /// A call to a function of the run, named as `functionKey` names it: `f()` / `self.f()` in a
    /// type (or the free function `f`), `Self.f()`, `Type.f()`, `prop.f()` on a property of a
    /// declared type. Nil for anything else (initializers, unknown receivers, declarations).
    mutating func call(at i: Int) -> LockGraph.Call? {
        let name = s.text(i)
        guard let first = name.unicodeScalars.first, !Capitalized.isUpper(first) else { return nil }
        if s.isKeyword(i - 1, .func) { return nil }
        let owner = enclosingTypeName(i)
        if s.isChar(i - 1, UInt8(ascii: ".")) {
            // `x.f()`, `x?.f()`, `x!.f()`: one name before the dot.
            var r = i - 2
            if r >= 0 && (s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!"))) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier || s.isKeyword(r, .self) || s.isKeyword(r, .Self),
                  !s.isChar(r - 1, UInt8(ascii: ".")) else { return nil }
            let base = s.text(r)
            if base == "self" || base == "Self" {
                guard let owner else { return nil }
                return .init(callee: "\(module)::\(owner).\(name)", fallback: "")
            }
            if let c = base.unicodeScalars.first, Capitalized.isUpper(c) {
                return .init(callee: "\(module)::\(base).\(name)", fallback: "")
            }
            guard let type = declaredType(base, at: i) else { return nil }
            return .init(callee: "\(module)::\(type).\(name)", fallback: "")
        }
        let free = "\(module)::\(name)"
        guard let owner else { return .init(callee: free, fallback: "") }
        return .init(callee: "\(module)::\(owner).\(name)", fallback: free)
    }

    func enclosingTypeName(_ t: Int) -> String? {
        guard let d = s.enclosingType(of: t) else { return nil }
        let name = s.decls[d].nameText
        return name.isEmpty ? nil : name
    }

    /// The declarations `name` refers to at `t`, as far as this file tells: a local of the function
    /// around `t`, else a member of the type around `t` (in any of its declarations or extensions
    /// in this file), else a global. Each lookup costs the declarations of that name in that
    /// scope, not every declaration of the name in the file.
    mutating func declarations(of name: String, at t: Int) -> [Int] {
        // A declaration in another branch of an `#if` than `t` (a twin type's member, a global
        // per platform) is another variable.
        if let f = s.enclosingFunction(of: t) {
            let d = s.decls[f]
            let locals = s.variableDecls(named: name, keywordIn: d.start..<d.end).filter { $0 != f && s.compatible($0, with: t) }
            if !locals.isEmpty { return locals }
        }
        if let owner = enclosingTypeName(t), let members = members(ofType: owner)[name] {
            let compiled = members.filter { s.compatible($0, with: t) }
            if !compiled.isEmpty { return compiled }
        }
        return (globals()[name] ?? []).filter { s.compatible($0, with: t) }
    }

    /// Properties of the type named `owner` in this file, by name (built once per type).
    private mutating func members(ofType owner: String) -> [String: [Int]] {
        if let known = membersByType[owner] { return known }
        var out: [String: [Int]] = [:]
        for td in s.typeDecls(named: owner) {
            for c in s.children[td] where s.decls[c].kind == .variable { out[s.decls[c].nameText, default: []].append(c) }
        }
        membersByType[owner] = out
        return out
    }

    /// Top-level variables of this file, by name (built once).
    private mutating func globals() -> [String: [Int]] {
        if let known = globalsByName { return known }
        var out: [String: [Int]] = [:]
        for i in s.decls.indices where s.decls[i].kind == .variable && s.decls[i].parent < 0 { out[s.decls[i].nameText, default: []].append(i) }
        globalsByName = out
        return out
    }

    /// A global of this file used inside a type that has no property of that name here.
    mutating func isGlobal(_ name: String, owner: String) -> Bool {
        globals()[name] != nil && members(ofType: owner)[name] == nil
    }

    /// Declared in the function around `t` (a parameter or a local), not a property.
    func isLocal(_ name: String, at t: Int) -> Bool {
        guard let f = s.enclosingFunction(of: t) else { return false }
        let d = s.decls[f]
        if d.parameterNames.contains(name) { return true }
        let range = d.start..<d.end
        return !s.variableDecls(named: name, keywordIn: range).isEmpty
    }

    /// The type a variable named `name` is declared with (its annotation, or `Type(…)` as its
    /// initializer), looking at the declarations of the file; parameters of the function around `t`.
    mutating func declaredType(_ name: String, at t: Int) -> String? {
        if let p = s.parameterTypeName(name, at: t) { return p }
        for d in declarations(of: name, at: t) {
            if let known = typeOfVariable[d] { return known.isEmpty ? nil : known }
            let type = Self.typeName(of: s.decls[d], in: s) ?? ""
            typeOfVariable[d] = type
            if !type.isEmpty { return type }
        }
        return nil
    }

    /// `let x: T`, `let x: T?`, `var x = T(…)`, `let x = T<…>(…)` → `T`.
    static func typeName(of d: Decl, in s: FileStructure) -> String? {
        var i = d.typeAnnotation.lowerBound
        while i < d.typeAnnotation.upperBound && (s.code[i].kind == .keyword || s.code[i].kind == .attribute) { i += 1 }
        if i < d.typeAnnotation.upperBound && s.code[i].kind == .identifier { return s.text(i) }
        let j = d.initializer.lowerBound
        guard j < d.initializer.upperBound, s.code[j].kind == .identifier else { return nil }
        let name = s.text(j)
        guard let c = name.unicodeScalars.first, Capitalized.isUpper(c) else { return nil }
        if s.isChar(j + 1, UInt8(ascii: "(")) || s.isChar(j + 1, UInt8(ascii: "<")) { return name }
        if j + 1 < s.code.count && s.code[j + 1].kind == .operator && s.file.bytes[Int(s.code[j + 1].start)] == UInt8(ascii: "<") { return name }
        return nil
    }
}

/// ASCII upper case, enough for telling type names from values.
enum Capitalized {
    static func isUpper(_ c: Unicode.Scalar) -> Bool { c.value >= 65 && c.value <= 90 }
}
