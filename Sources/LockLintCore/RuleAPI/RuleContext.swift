/// Everything a rule may read while checking one file: the file's structure, the lock
/// vocabulary, and project-wide facts. One per file per run; never shared between threads.
///
/// Project facts are asked through narrow questions (`isActor`, `uncheckedSendableClass`, …)
/// and each question with its answer is recorded: after the first pass the pipeline re-runs a
/// file only if some answer changed once every file's facts are known.
public final class RuleContext {
    public let structure: FileStructure
    public let vocabulary: LockVocabulary
    public let module: String
    var index: ProjectIndex
    /// The questions asked so far, each with its answer and who asked it (the pipeline sets
    /// `questions.asker` before the guard log extraction and before each rule).
    var questions = RecordedQuestions()
    /// Where the file sits: test code, deployment targets, default isolation.
    public let fileContext: FileContext
    /// The file is test code (by its location, or because it imports XCTest or Testing).
    public let fileIsTestCode: Bool
    /// Test code whose rule narrows what it reports there (the rule's policy is `.narrowed` and
    /// the configuration did not ask for everything). Set by the pipeline before each rule runs.
    public internal(set) var isTestCode: Bool
    /// The ids of the rules that run on this file (enabled, and not skipped in test code). One
    /// mistake is reported once: a rule may leave to another rule what that rule reports better.
    public internal(set) var rulesRunning: Set<String> = []
    /// The running rule's `"strict"` setting: report every case it covers. Set by the pipeline
    /// before each rule runs.
    public internal(set) var strict = false

    /// - Parameter lockRegions: the file's default lock regions when the pipeline already has them.
    public init(structure: FileStructure, vocabulary: LockVocabulary, index: ProjectIndex, module: String? = nil,
                fileContext: FileContext? = nil, lockRegions: LockRegions? = nil) {
        self.structure = structure
        self.precomputedRegions = lockRegions
        self.vocabulary = vocabulary
        self.index = index
        self.module = module ?? ProjectIndex.moduleKey(forPath: structure.file.path)
        let context = fileContext ?? FileContext(isTestLocation: FileContext.testLocation(byPath: structure.file.path))
        self.fileContext = context
        self.fileIsTestCode = context.isTestLocation || structure.importsTestFramework
        self.isTestCode = fileIsTestCode
    }

    /// The deployment targets, when a package manifest names them.
    public var deployment: Deployment? { fileContext.deployment }

    public var file: SourceFile { structure.file }

    /// Where locks are held in this file (default options), computed once for every rule that asks.
    public private(set) lazy var lockRegions = precomputedRegions ?? LockRegions(structure, vocabulary: vocabulary)
    private let precomputedRegions: LockRegions?

    /// The methods of the file's types that run their closure parameter under a lock they own:
    /// method name → the lock (see `GuardLogExtractor.ownWrappers`), worked out once per file.
    public lazy var wrapperMethods: [String: String] = LockGraph.mayAcquire(structure, vocabulary: vocabulary)
        ? GuardLogExtractor.ownWrappers(structure, vocabulary: vocabulary, regions: lockRegions) : [:]

    /// Whether a type of this name in this module is an actor (declared anywhere in the run).
    public func isActor(_ name: String) -> Bool {
        let answer = index.facts(module: module, name: name)?.isActor ?? false
        questions[FactsQuestion(kind: .isActor, name: name)] = .bool(answer)
        return answer
    }

    /// Whether a type of this name in this module is an actor in a declaration that can be
    /// compiled with token `token` of this file: an actor declared only in another branch of an
    /// `#if` than the one holding `token` is another type.
    public func isActor(_ name: String, compiledWith token: Int) -> Bool {
        let b = structure.branch(of: token)
        guard b >= 0 else { return isActor(name) }
        let assumes = structure.branches[b].assumes
        let answer = Self.isActor(index.facts(module: module, name: name), assuming: assumes)
        questions[FactsQuestion(kind: .isActorWhere, name: name + "|" + assumes.joined(separator: ";"))] = .bool(answer)
        return answer
    }

    static func isActor(_ f: TypeFacts?, assuming assumes: [String]) -> Bool {
        guard let f, f.isActor else { return false }
        return f.declares(.actor, compiledWith: assumes)
    }

    /// The facts of a class of this name that is `@unchecked Sendable` (in its declaration or
    /// an extension anywhere in the run); nil otherwise.
    public func uncheckedSendableClass(_ name: String) -> TypeFacts? {
        var answer = index.facts(module: module, name: name)
        if let a = answer, !(a.isUncheckedSendable && a.isClass) { answer = nil }
        questions[FactsQuestion(kind: .uncheckedSendableClass, name: name)] = .facts(answer)
        return answer
    }

    /// The facts of a class of this name; nil when it is not a class declared in the run.
    public func classFacts(_ name: String) -> TypeFacts? {
        var answer = index.facts(module: module, name: name)
        if let a = answer, !a.isClass { answer = nil }
        questions[FactsQuestion(kind: .classFacts, name: name)] = .facts(answer)
        return answer
    }

    /// The stored vars of a class of this name whose state the guard inference follows: it is
    /// `@unchecked Sendable` or uses guards of its own somewhere in the run, and is not isolated
    /// to a global actor. Nil otherwise. (A narrow answer: the file is linted again only when
    /// it changes.)
    public func guardedClassVars(_ name: String) -> [String]? {
        let answer = Self.guardedClassVars(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .guardedClass, name: name)] = .strings(answer)
        return answer
    }

    /// Of the member names `uses` (type name → names this file reaches through references
    /// declared as that type), those that are stored vars of a class whose state the guard
    /// inference follows, as `Type.name`. One narrow question per file: it changes only when
    /// one of those names becomes (or stops being) such a var.
    public func guardedMembers(_ uses: [String: Set<String>]) -> Set<String> {
        // The answer worked out from `uses` directly, as `guardedMembers(name:module:index:)` reads it from the question.
        var name = ""
        var answer: [String] = []
        for type in uses.keys.sorted() {
            let members = uses[type]!.sorted()
            if !name.isEmpty { name += ";" }
            name += type + "|" + members.joined(separator: ",")
            guard let vars = Self.guardedClassVars(index.facts(module: module, name: type)) else { continue }
            let known = Set(vars)
            for m in members where known.contains(m) { answer.append(type + "." + m) }
        }
        questions[FactsQuestion(kind: .guardedMembers, name: name)] = .strings(answer.isEmpty ? nil : answer)
        return Set(answer)
    }

    static func guardedMembers(_ name: String, module: String, index: ProjectIndex) -> [String]? {
        var out: [String] = []
        for part in name.split(separator: ";") {
            guard let bar = part.firstIndex(of: "|") else { continue }
            let type = String(part[..<bar])
            guard let vars = guardedClassVars(index.facts(module: module, name: type)) else { continue }
            let known = Set(vars)
            for m in part[part.index(after: bar)...].split(separator: ",") where known.contains(String(m)) { out.append(type + "." + m) }
        }
        return out.isEmpty ? nil : out
    }

    static func guardedClassVars(_ f: TypeFacts?) -> [String]? {
        guard let f, f.isClass, f.isUncheckedSendable || f.usesGuards, !f.isGlobalActorIsolated else { return nil }
        return f.storedVars
    }

    /// The wrapper methods (`method=lock`) of a class of this name, declared in any file.
    public func ownWrappers(_ name: String) -> [String] {
        let answer = index.facts(module: module, name: name)?.ownWrappers ?? []
        questions[FactsQuestion(kind: .ownWrappers, name: name)] = .strings(answer)
        return answer
    }

    /// A class of this name's serial queues (`q:name`), those handed in to it (`h:name`), event loops (`l:name`),
    /// concurrent queues (`c:name`) and superclass (`s:name`), declared in any file.
    public func classQueues(_ name: String) -> [String] {
        let answer = Self.classQueues(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .classQueues, name: name)] = .strings(answer)
        return answer
    }

    /// The queue facts (see `classQueues`) of the first class, from `name` up through its
    /// superclasses in the run (at most 8), that declares a queue or event loop called `queue`.
    public func classQueues(declaring queue: String, from name: String) -> [String]? {
        var type = name
        var hops = 0
        while !type.isEmpty && hops < 8 {
            let facts = classQueues(type)
            if facts.isEmpty { return nil }
            if facts.contains(where: { !$0.hasPrefix("s:") && $0.hasSuffix(":" + queue) && $0.count == queue.count + 2 }) { return facts }
            type = facts.first { $0.hasPrefix("s:") }.map { String($0.dropFirst(2)) } ?? ""
            hops += 1
        }
        return nil
    }

    static func classQueues(_ f: TypeFacts?) -> [String] {
        guard let f, f.isClass else { return [] }
        return f.queueProperties.map { "q:" + $0 } + f.handedInQueues.map { "h:" + $0 } + f.eventLoops.map { "l:" + $0 }
            + f.readerWriterQueues.map { "c:" + $0 } + (f.superclass.isEmpty ? [] : ["s:" + f.superclass])
    }

    /// The methods of a type of this name (declared in any file) that assert an executor
    /// (`method=q:queue`, `method=l:loop`, `method=m`).
    public func assertingMethods(_ name: String) -> [String] {
        let answer = index.facts(module: module, name: name)?.assertingMethods ?? []
        questions[FactsQuestion(kind: .assertingMethods, name: name)] = .strings(answer)
        return answer
    }

    /// The queue-specific keys the code of a type of this name (in any file) sets on a queue,
    /// as `key=queue`.
    public func specificKeys(_ name: String) -> [String] {
        let answer = index.facts(module: module, name: name)?.specificKeys ?? []
        questions[FactsQuestion(kind: .specificKeys, name: name)] = .strings(answer)
        return answer
    }

    /// The methods a type of this name (declared in any file) declares `mutating`: in its
    /// declaration and extensions, and as requirements or extension methods of the protocols
    /// it conforms to (a typealias stands for the type it names). Sorted.
    public func mutatingMethods(_ name: String) -> [String] {
        let answer = Self.mutatingMethods(name, module: module, index: index)
        questions[FactsQuestion(kind: .mutatingMethods, name: name)] = .strings(answer)
        return answer
    }

    static func mutatingMethods(_ name: String, module: String, index: ProjectIndex) -> [String] {
        guard let f = resolvedFacts(name, module: module, index: index)?.facts else { return [] }
        guard !f.conformances.isEmpty else { return f.mutatingMethods }
        // The protocols it conforms to, and theirs (a protocol's refinements are its
        // conformances), a bounded walk.
        var out = Set(f.mutatingMethods)
        var seen: Set<String> = [name]
        var next = f.conformances
        var depth = 0
        while !next.isEmpty && depth < 4 {
            var later: [String] = []
            for p in next where seen.insert(p).inserted {
                guard let pf = index.facts(module: module, name: p), pf.isProtocol else { continue }
                out.formUnion(pf.mutatingMethods)
                later += pf.conformances
            }
            next = later
            depth += 1
        }
        return out.sorted()
    }

    /// Whether a type of this name uses guards of its own somewhere in the run (a lock, a serial
    /// queue taken or run on in its code, or stored).
    public func usesGuards(_ name: String) -> Bool {
        let answer = index.facts(module: module, name: name)?.usesGuards ?? false
        questions[FactsQuestion(kind: .usesGuards, name: name)] = .bool(answer)
        return answer
    }

    /// A class of this name: the module's own type of the name decides; when the module has
    /// none, a class another module of the run declares (one it imports, such as a shared
    /// utilities target).
    static func isClass(_ name: String, module: String, index: ProjectIndex) -> Bool {
        // (An extension in the module is not a declaration of the type.)
        if let f = index.facts(module: module, name: name), f.isClass || isDeclared(f) { return f.isClass }
        return (index.modulesNaming[name] ?? []).contains { index.modules[$0]?[name]?.isClass == true }
    }

    /// Whether the run declares a class of this name.
    public func isClassInRun(_ name: String) -> Bool {
        let answer = Self.isClass(name, module: module, index: index)
        questions[FactsQuestion(kind: .isClass, name: name)] = .bool(answer)
        return answer
    }

    /// What the guard inference found in this file (state used without the guard it has
    /// elsewhere, in this file's code), worked out over every file of the run.
    public func guardFindings() -> [GuardFinding] {
        let answer = index.guardFindings[file.path] ?? []
        questions[FactsQuestion(kind: .guardFindings, name: file.path)] = .guardFindings(answer)
        return answer
    }

    /// The closure-running methods of a lock type of the project's own (see `LockWrappers`),
    /// or nil when `name` is not such a type.
    public func lockWrapperMethods(_ name: String) -> [String]? {
        let answer = Self.lockWrapperMethods(name, module: module, index: index)
        questions[FactsQuestion(kind: .lockWrapper, name: name)] = .strings(answer)
        return answer
    }

    /// The methods of a type (or, for a protocol, of its implementations in the run) that hand
    /// their closure parameter to a stored dispatch queue, as `method=kind` (see `QueueHandOffs`).
    public func queueHandOffs(_ name: String) -> [String] {
        let answer = Self.queueHandOffs(name, module: module, index: index)
        questions[FactsQuestion(kind: .queueHandOffs, name: name)] = .strings(answer)
        return answer
    }

    /// The argument label of the lock that free function `name` of the run runs its closure
    /// under (see `ProjectIndex.lockArgumentFunctions`); nil when it is no such function.
    public func lockArgumentLabel(_ name: String) -> String? {
        let answer = Self.lockArgumentLabel(name, module: module, index: index)
        questions[FactsQuestion(kind: .lockArgumentFunction, name: name)] = .strings(answer.map { [$0] })
        return answer
    }

    /// Whether every function named `name` in the run that takes a closure last types it
    /// `@MainActor` (see `ProjectIndex.mainActorClosureFunctions`): the closure runs on the main actor.
    public func takesMainActorClosure(_ name: String) -> Bool {
        let answer = Self.takesMainActorClosure(name, module: module, index: index)
        questions[FactsQuestion(kind: .mainActorClosure, name: name)] = .bool(answer)
        return answer
    }

    static func takesMainActorClosure(_ name: String, module: String, index: ProjectIndex) -> Bool {
        if let main = index.mainActorClosureFunctions[module]?[name] { return main }
        var seen = false
        for functions in index.mainActorClosureFunctions.values {
            guard let main = functions[name] else { continue }
            if !main { return false }
            seen = true
        }
        return seen
    }

    /// The run's functions named `name` that take an `inout` parameter, as `InoutGuards` entries.
    public func inoutGuards(_ name: String) -> [String] {
        let answer = Self.inoutGuards(name, module: module, index: index)
        questions[FactsQuestion(kind: .inoutGuards, name: name)] = .strings(answer)
        return answer
    }

    static func inoutGuards(_ name: String, module: String, index: ProjectIndex) -> [String] {
        if let entries = index.inoutGuardFunctions[module]?[name] { return entries }
        var out: [String] = []
        for functions in index.inoutGuardFunctions.values { TypeFacts.union(&out, functions[name] ?? []) }
        return out
    }

    static func lockArgumentLabel(_ name: String, module: String, index: ProjectIndex) -> String? {
        if let label = index.lockArgumentFunctions[module]?[name] { return label }
        return index.lockArgumentFunctions.values.lazy.compactMap { $0[name] }.first
    }

    /// Whether type `name` of the run hands a stored value of its own to the closures its
    /// methods run (see `TypeFacts.handsStateToClosure`): a box of the project's own.
    public func handsStateToClosure(_ name: String) -> Bool {
        let answer = Self.handsStateToClosure(name, module: module, index: index)
        questions[FactsQuestion(kind: .handsStateToClosure, name: name)] = .bool(answer)
        return answer
    }

    static func handsStateToClosure(_ name: String, module: String, index: ProjectIndex) -> Bool {
        // The module's own type of that name, or else one another module of the run declares.
        if let (_, f) = resolvedFacts(name, module: module, index: index), f.isClass || f.isStruct { return f.handsStateToClosure }
        return (index.modulesNaming[name] ?? []).contains { m in
            index.modules[m]?[name].map { ($0.isClass || $0.isStruct) && $0.handsStateToClosure } ?? false
        }
    }

    static func queueHandOffs(_ name: String, module: String, index: ProjectIndex) -> [String] {
        guard let (type, f) = resolvedFacts(name, module: module, index: index) else { return [] }
        if f.isProtocol { return index.protocolHandOffs[module]?[type] ?? [] }
        return f.queueHandOffs
    }

    /// The methods of a lock type of the project's own (see `lockWrapperMethods`) that hold it
    /// only as a reader (a plain block of a concurrent queue): a write needs one of the others.
    public func lockReaderMethods(_ name: String) -> [String] {
        let answer = Self.lockReaderMethods(name, module: module, index: index)
        questions[FactsQuestion(kind: .lockReaders, name: name)] = .strings(answer)
        return answer
    }

    /// The facts of a type of the module, through up to four typealiases to the type they name,
    /// with that type's name.
    static func resolvedFacts(_ name: String, module: String, index: ProjectIndex) -> (name: String, facts: TypeFacts)? {
        guard var f = index.facts(module: module, name: name) else { return nil }
        var type = name
        var hops = 0
        while !f.aliasOf.isEmpty && hops < 4, let target = index.facts(module: module, name: f.aliasOf) {
            type = f.aliasOf
            f = target
            hops += 1
        }
        return (type, f)
    }

    static func lockReaderMethods(_ name: String, module: String, index: ProjectIndex) -> [String] {
        resolvedFacts(name, module: module, index: index)?.facts.readerMethods ?? []
    }

    /// A `method?` entry is a method that hands its closure to one the tool cannot resolve: it
    /// may be a lock.
    static func lockWrapperMethods(_ name: String, module: String, index: ProjectIndex, depth: Int = 0) -> [String]? {
        // A typealias stands for the type it names.
        guard let (type, f) = resolvedFacts(name, module: module, index: index) else { return nil }
        var methods: [String]? = nil
        if f.isLockWrapper { methods = f.lockScopedMethods }
        // A protocol whose implementations in the run run their closures under a lock.
        if f.isProtocol, let m = index.protocolWrappers[module]?[type] { methods = m }
        // A wrapper built on another wrapper (or on a lock): its method runs its closure inside
        // a closure method of a stored property, a lock when that one is, followed through the
        // run's own types as far as they go.
        guard !f.closureDelegates.isEmpty, depth < 4 else { return methods }
        var added: [String] = []
        for entry in f.closureDelegates {
            guard let eq = entry.firstIndex(of: "="), let dot = entry.lastIndex(of: "."), eq < dot else { continue }
            let method = String(entry[..<eq])
            if methods?.contains(method) == true { continue }
            let inner = String(entry[entry.index(after: dot)...])
            let target = String(entry[entry.index(after: eq)..<dot])
            if target.isEmpty {
                if LockVocabulary.default.lockScopedMethods.contains(inner) { added.append(method) } else { added.append(method + "?") }
                continue
            }
            if LockVocabulary.default.lockTypes.contains(target) {
                if LockVocabulary.default.lockScopedMethods.contains(inner) || GuardLogExtractor.knownExtraScoped.contains(inner) { added.append(method) }
                continue
            }
            if let m = lockWrapperMethods(target, module: module, index: index, depth: depth + 1) {
                if m.contains(inner) { added.append(method) } else if m.contains(inner + "?") { added.append(method + "?") }
            } else if index.facts(module: module, name: target) == nil {
                // A type declared where the tool cannot see: it may be a lock.
                added.append(method + (LockVocabulary.namesLock(inner) ? "" : "?"))
            }
        }
        guard !added.isEmpty else { return methods }
        return ((methods ?? []) + added).sorted()
    }

    /// The kind of a serial or concurrent queue declared at file level in the module (in any
    /// file of the run), or nil.
    public func globalQueue(_ name: String) -> GuardKind? {
        let answer = index.globalQueues[module]?[name]
        questions[FactsQuestion(kind: .globalQueue, name: name)] = .kind(answer)
        return answer
    }

    /// What the `lock()` methods of a type of the run (a protocol: of its conformers) do: bit 1,
    /// some takes a real lock; bit 2, some only sets state. 0 when the run declares none.
    public func lockImplementations(_ name: String) -> UInt8 {
        let answer = Self.lockImplementations(name, module: module, index: index)
        questions[FactsQuestion(kind: .lockImplementations, name: name)] = .strings(["\(answer)"])
        return answer
    }

    static func lockImplementations(_ name: String, module: String, index: ProjectIndex) -> UInt8 {
        guard let f = index.facts(module: module, name: name) else { return 0 }
        // A protocol's: its conformers' and the defaults its extensions give.
        return f.isProtocol ? (index.protocolLockImplementations[module]?[name] ?? 0) | (f.lockImplementations & 3) : f.lockBehaviour
    }

    /// Whether code of the module (this file included) calls `withLock` on a variable of lock
    /// type `type`: the module already uses that API, so advice to use it needs no availability remark.
    public func moduleCallsWithLock(on type: String) -> Bool {
        let answer = Self.moduleCallsWithLock(on: type, module: module, index: index)
        questions[FactsQuestion(kind: .withLockUsed, name: type)] = .bool(answer)
        return answer
    }

    static func moduleCallsWithLock(on type: String, module: String, index: ProjectIndex) -> Bool {
        (index.withLockTypes[module]?[type] ?? 0) > 0
    }

    /// How many files of the run (this one included) call a function of this name in an `await`
    /// or `async let`: who may wait for an async function of that name to finish.
    public func filesAwaiting(_ name: String) -> Int {
        let answer = index.awaitedNames[module]?[name] ?? 0
        questions[FactsQuestion(kind: .awaited, name: name)] = .strings(["\(answer)"])
        return answer
    }

    /// How many files of the run (this one included) await a call of this name other than as the
    /// last step of a `Task { }` nobody keeps: who may wait for what it does last.
    public func filesAwaitingOtherwise(_ name: String) -> Int {
        let answer = index.awaitedOtherwise[module]?[name] ?? 0
        questions[FactsQuestion(kind: .awaitedOtherwise, name: name)] = .strings(["\(answer)"])
        return answer
    }

    /// The executor every awaited call of a function of this name in the run runs on (see
    /// `SerialCallSites`), or nil when some call may run elsewhere or there is none.
    /// `owner`: the type declaring the function (calls on `self` in other types are of theirs).
    public func serialExecutor(ofCallsTo name: String, owner: String? = nil) -> String? {
        let key = owner.map { "\($0)|\(name)" } ?? name
        let answer = Self.serialExecutor(key, module: module, index: index)
        questions[FactsQuestion(kind: .serialCalls, name: key)] = .strings(answer.map { [$0] })
        return answer
    }

    /// `key`: a function name, or `Owner|name`.
    static func serialExecutor(_ key: String, module: String, index: ProjectIndex) -> String? {
        let sites = index.serialCallSites[module] ?? [:]
        let bar = key.lastIndex(of: "|")
        let name = bar.map { String(key[key.index(after: $0)...]) } ?? key
        let owner = bar.map { String(key[..<$0]) }
        return SerialCallSites.executor(ofCallsTo: name, owner: owner, sites: { sites[$0] ?? [] }, serialType: { type in
            guard let f = index.facts(module: module, name: type), f.isClass || f.isStruct || f.isEnum || f.isActor else { return nil }
            return f.isExecutor || f.isLockWrapper || !f.queueProperties.isEmpty
        })
    }

    /// The type a typealias of the module names, or nil.
    public func aliasTarget(_ name: String) -> String? {
        let a = index.facts(module: module, name: name)?.aliasOf ?? ""
        questions[FactsQuestion(kind: .alias, name: name)] = .strings(a.isEmpty ? nil : [a])
        return a.isEmpty ? nil : a
    }

    /// Whether the type of this name in the run is declared `@MainActor` (by its own declaration,
    /// not an extension), so that its extensions in any file run on the main actor.
    public func isDeclaredMainActor(_ name: String) -> Bool {
        let answer = index.facts(module: module, name: name)?.isDeclaredMainActor ?? false
        questions[FactsQuestion(kind: .declaredMainActor, name: name)] = .bool(answer)
        return answer
    }

    /// Whether the run's members of this name hold a Core Data context whose `perform { }` runs
    /// on the main queue (`var viewContext: NSManagedObjectContext { container.viewContext }`):
    /// some type of the run declares one, and no type declares one of another kind.
    public func isMainQueueContextMember(_ name: String) -> Bool {
        let answer = Self.isMainQueueContextMember(name, index: index)
        questions[FactsQuestion(kind: .mainQueueContext, name: name)] = .bool(answer)
        return answer
    }

    static func isMainQueueContextMember(_ name: String, index: ProjectIndex) -> Bool {
        // Across modules: an app's model type is used from every folder of its target.
        index.contextMembers[name] ?? false
    }

    /// Whether a class inherits main-actor isolation through its superclasses in the run
    /// (`class Base: UIViewController`, `class Screen: Base`).
    public func inheritsMainActor(superclass: String) -> Bool {
        let answer = Self.inheritsMainActor(superclass, module: module, index: index)
        questions[FactsQuestion(kind: .mainActorChain, name: superclass)] = .bool(answer)
        return answer
    }

    static func inheritsMainActor(_ superclass: String, module: String, index: ProjectIndex, hops: Int = 0) -> Bool {
        var name = superclass
        var module = module
        var hops = hops
        while !name.isEmpty && hops < 16 {
            var f = index.facts(module: module, name: name)
            // A typealias of the module stands for the types it names: where `#if` branches (or
            // files) name different ones, every one of them must be main-actor isolated.
            if !declaresSupertype(f), let targets = f?.aliasTargets, !targets.isEmpty {
                return targets.allSatisfy { $0 != name && inheritsMainActor($0, module: module, index: index, hops: hops + 1) }
            }
            // A type the run declares is the one meant (a class of its own named `App` is not
            // SwiftUI's); a name it only extends or uses is the SDK's.
            if !declaresSupertype(f) {
                // Declared in another module of the run (a framework target's open base class,
                // or a protocol): that declaration is the one meant; where several modules
                // declare the name, every one of them must be main-actor isolated.
                let others = otherModulesDeclaring(name, besides: module, index: index)
                if others.count == 1 {
                    module = others[0]
                    f = index.facts(module: module, name: name)
                } else if others.count > 1 {
                    return others.allSatisfy { inheritsMainActor(name, module: $0, index: index, hops: hops + 1) }
                }
            }
            if !declaresSupertype(f) && MainActorTypes.isMainActorType(name) { return true }
            guard let f else { return false }
            if f.isGlobalActorIsolated { return true }
            name = f.superclass
            hops += 1
        }
        return false
    }

    /// The modules of the run other than `module` that declare a type named `name` (a class,
    /// struct, enum, actor or protocol; not only extend it).
    static func otherModulesDeclaring(_ name: String, besides module: String, index: ProjectIndex) -> [String] {
        (index.modulesNaming[name] ?? []).filter { $0 != module && declaresSupertype(index.modules[$0]?[name]) }
    }

    /// Whether facts are a declaration of a type a class can inherit isolation from (a class, or
    /// a protocol it conforms to; a struct, enum or actor of that name shadows the SDK's).
    static func declaresSupertype(_ f: TypeFacts?) -> Bool {
        guard let f else { return false }
        return f.isClass || f.isStruct || f.isEnum || f.isActor || f.isProtocol
    }

    /// Whether a type of this name in the run is an executor or event loop (or a protocol that
    /// refines one).
    public func isExecutor(_ name: String) -> Bool {
        let answer = index.facts(module: module, name: name)?.isExecutor ?? false
        questions[FactsQuestion(kind: .isExecutor, name: name)] = .bool(answer)
        return answer
    }

    /// Whether a type of this name in the run is a SwiftNIO channel handler, directly or through
    /// what it inherits from or conforms to in the run (a subclass of a handler class, a class
    /// conforming to a protocol that refines a handler protocol): the channel calls each of its
    /// methods on the channel's one event loop.
    public func isChannelHandler(_ name: String) -> Bool {
        let answer = Self.isChannelHandler(name, module: module, index: index)
        questions[FactsQuestion(kind: .channelHandler, name: name)] = .bool(answer)
        return answer
    }

    static func isChannelHandler(_ name: String, module: String, index: ProjectIndex) -> Bool {
        var pending = [name]
        var seen = Set<String>()
        while let next = pending.popLast(), seen.count < 16 {
            guard seen.insert(next).inserted, let f = index.facts(module: module, name: next) else { continue }
            if f.isChannelHandler { return true }
            pending += f.conformances
            if !f.superclass.isEmpty { pending.append(f.superclass) }
        }
        return false
    }

    /// The lock-order inversions of the run reported in this file (at their inner acquisition).
    /// Where the run takes lock `inner` while it holds `outer` (lock graph keys: `module::Type.name`),
    /// or nil: a fix-it that would take `outer` under `inner` must not invert that order.
    public func lockTaken(_ inner: String, whileHolding outer: String) -> LockGraph.Edge? {
        let answer = index.lockOrders[outer + "|" + inner]
        questions[FactsQuestion(kind: .lockOrderPair, name: outer + "|" + inner)] = .strings(answer.map { Self.orderAnswer($0) })
        return answer
    }

    static func orderAnswer(_ e: LockGraph.Edge) -> [String] {
        ["\(e.outerSite.path):\(e.outerSite.token)", "\(e.innerSite.path):\(e.innerSite.token)", e.callee]
    }

    public func lockOrderInversions() -> [LockGraph.Inversion] {
        let answer = index.lockInversions[file.path] ?? []
        questions[FactsQuestion(kind: .lockOrder, name: file.path)] = .inversions(answer)
        return answer
    }

    /// The getter's and setter's acquisitions when `type.property` (in this module) is changed
    /// through a getter and a setter that each take the lock: the type's own property, or a
    /// wrapped one whose wrapper's `wrappedValue` is such a property (declared in any file).
    public func splitProperty(type: String, property: String) -> LockGraph.SplitAccessor? {
        let key = "\(module)::\(type)"
        let answer = Self.splitProperty(key, property, index: index)
        questions[FactsQuestion(kind: .splitAccessor, name: "\(key).\(property)")] = .splitAccessor(answer)
        return answer
    }

    /// The split accessor of `module::Type` `property`: the module's own type, or, when the
    /// module declares no type of that name, the one other module of the run that does (a
    /// public box of a core module used from a feature module).
    static func splitProperty(_ key: String, _ property: String, index: ProjectIndex) -> LockGraph.SplitAccessor? {
        if let own = index.splitProperties[key]?[property] { return own }
        let (module, type) = split(key, atLast: ":")
        let m = String(module.dropLast())
        guard !declaresSupertype(index.modules[m]?[type]) else { return nil }
        let others = otherModulesDeclaring(type, besides: m, index: index)
        guard others.count == 1 else { return nil }
        return index.splitProperties["\(others[0])::\(type)"]?[property]
    }

    /// The members of a type of this name (declared in any file of the run, or a known library
    /// box such as `LockIsolated`) that take a lock on their own: getters that read its state
    /// under the lock, methods that write it under the lock (see `LockGraph.LockingMember`).
    public func lockingMembers(ofType name: String) -> [String: LockGraph.LockingMember] {
        let answer = Self.lockingMembers(name, module: module, index: index)
        questions[FactsQuestion(kind: .lockingMembers, name: name)] = .lockingMembers(answer)
        return answer
    }

    /// Whether a member of this name locks in some type of the module (or of a known library):
    /// a cheap test before working out a receiver's type. A "no" matters only for a receiver
    /// whose type the file spells (the type of a declaration or a parameter, an identifier of
    /// the file): the file is linted again only when such a type gains a locking member of this
    /// name, not whenever any type of the module does.
    public func isLockingMemberName(_ name: String) -> Bool {
        // (The index's field read in place: asked once per `a.b` of a file, the whole index is
        // not copied for it.)
        // (Nor for the other modules' names: their index's field too.)
        let answer = Self.isLockingMemberName(name, among: index.lockingMemberNames[module])
            || (index.lockingMemberModules[name] ?? []).contains { $0 != module }
        questions[FactsQuestion(kind: .lockingMemberName, name: name)] = .bool(answer)
        if !answer && spelledNames == nil { spelledNames = SpelledNames(filter: structure.identifiers, types: SpelledTypeNames(structure)) }
        return answer
    }

    /// The names the file spells, when a recorded answer is judged by them (see `isLockingMemberName`).
    private(set) var spelledNames: SpelledNames?

    /// The names a file spells: exactly those that can name a type, the rest by its Bloom filter.
    struct SpelledNames: Sendable {
        var filter: IdentifierFilter
        var types: SpelledTypeNames
    }

    static let libraryLockingMemberNames = Set(LockGraph.libraryLockingMembers.values.flatMap(\.keys))

    static func isLockingMemberName(_ name: String, module: String, index: ProjectIndex) -> Bool {
        isLockingMemberName(name, among: index.lockingMemberNames[module]) || locksInAnotherModule(name, module: module, index: index)
    }

    /// Whether a member of this name locks in a type of another module of the run (a type this
    /// module does not declare can be one of those: see `lockingMembers`).
    static func locksInAnotherModule(_ name: String, module: String, index: ProjectIndex) -> Bool {
        (index.lockingMemberModules[name] ?? []).contains { $0 != module }
    }

    /// Whether `name` is among the module's locking member names (`names`) or a known library's.
    static func isLockingMemberName(_ name: String, among names: [String: [String]]?) -> Bool {
        names?[name] != nil || libraryLockingMemberNames.contains(name)
    }

    /// Whether a "no" of `isLockingMemberName` becomes a "yes" that can matter: some type of the
    /// module that the file spells (`spelled`) now has a locking member of this name. (A known
    /// library's names are the same in every run: a "no" was not one of them.)
    /// A type of another module counts only where `lockingMembers` reads it: the module declares
    /// (or extends) no type of that name, and the member is one it takes from there (not left out
    /// because two modules' types of that name lock in it).
    static func lockingMemberNameMatters(_ name: String, module: String, index: ProjectIndex, spelled: SpelledNames) -> Bool {
        if index.lockingMemberNames[module]?[name]?.contains(where: { mayBeSpelled($0, in: spelled) }) ?? false { return true }
        return (index.lockingMemberModules[name] ?? []).contains { other in
            other != module && (index.lockingMemberNames[other]?[name]?.contains { type in
                mayBeSpelled(type, in: spelled) && index.facts(module: module, name: type) == nil
                    && lockingMembers(type, module: module, index: index)[name] != nil
            } ?? false)
        }
    }

    /// Whether an identifier of the file (`spelled`, read from its bytes) may be the type name
    /// `type`, with or without backticks. A name holding a replacement character may stand for
    /// bytes that were not UTF-8: it may be spelled.
    static func mayBeSpelled(_ type: String, in spelled: SpelledNames) -> Bool {
        let bare = type.count >= 2 && type.hasPrefix("`") && type.hasSuffix("`") ? String(type.dropFirst().dropLast()) : type
        if let exact = spelled.types.contains(bare) { return exact }
        return spelled.filter.mayContain(bare) || spelled.filter.mayContain("`" + bare + "`") || bare.unicodeScalars.contains("\u{FFFD}")
    }

    static func lockingMembers(_ name: String, module: String, index: ProjectIndex) -> [String: LockGraph.LockingMember] {
        let facts = index.facts(module: module, name: name)
        var out = index.lockingMembers["\(module)::\(name)"] ?? [:]
        if out.isEmpty && facts == nil, let known = LockGraph.libraryLockingMembers[name] { return known }
        // A type the module does not declare (nor extend): one of this name that another module
        // of the run declares (a shared utilities target). A member name that locks in two such
        // types is left out: the tool cannot tell which is meant.
        if facts == nil {
            var seen: Set<String> = []
            for other in index.modulesNaming[name] ?? [] where other != module {
                for (member, m) in index.lockingMembers["\(other)::\(name)"] ?? [:] {
                    if seen.insert(member).inserted { out[member] = m } else { out[member] = nil }
                }
            }
        }
        // A class also has the members of its superclasses in the run (its own come first).
        var superclass = facts?.superclass ?? ""
        var hops = 0
        while !superclass.isEmpty && superclass != name && hops < 8 {
            if let inherited = index.lockingMembers["\(module)::\(superclass)"] { out.merge(inherited) { own, _ in own } }
            superclass = index.facts(module: module, name: superclass)?.superclass ?? ""
            hops += 1
        }
        return out
    }

    /// Whether a type of this name in this module is a struct or an enum declared in the run
    /// (and not also a class or actor of that name).
    public func isValueType(_ name: String) -> Bool {
        let answer = Self.isValueType(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .isValueType, name: name)] = .bool(answer)
        return answer
    }

    /// Whether a type of this name in this module is a protocol declared in the run (and not also
    /// a concrete type of that name).
    public func isProtocol(_ name: String) -> Bool {
        let answer = Self.isProtocol(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .isProtocol, name: name)] = .bool(answer)
        return answer
    }

    /// Whether a protocol of this name in this module, declared in the run, requires a property
    /// named `member`.
    public func protocolRequires(_ name: String, member: String) -> Bool {
        let answer = Self.protocolRequires(index.facts(module: module, name: name), member: member)
        questions[FactsQuestion(kind: .protocolRequires, name: name + "." + member)] = .bool(answer)
        return answer
    }

    /// Whether a protocol of the module has implementations in the run and none of them can call
    /// back from `method` before it returns (see `SyncCallbacks`): it only stores what it is
    /// given, or hands it to code that runs later.
    public func implementationsNeverCallBack(_ name: String, method: String) -> Bool {
        let answer = Self.implementationsNeverCallBack(name, method: method, module: module, index: index)
        questions[FactsQuestion(kind: .implementationsNeverCallBack, name: name + "." + method)] = .bool(answer)
        return answer
    }

    static func implementationsNeverCallBack(_ name: String, method: String, module: String, index: ProjectIndex) -> Bool {
        index.protocolQuietMethods[module]?[name]?.contains(method) == true
    }

    /// Whether a protocol of the module is adopted only by classes: it says so (`: AnyObject`), or
    /// every implementation in the run is a class or actor. A value of it is a reference:
    /// changing its members changes the instance, not the variable holding it.
    public func isReferenceProtocol(_ name: String) -> Bool {
        let answer = Self.isReferenceProtocol(name, module: module, index: index)
        questions[FactsQuestion(kind: .referenceProtocol, name: name)] = .bool(answer)
        return answer
    }

    static func isReferenceProtocol(_ name: String, module: String, index: ProjectIndex) -> Bool {
        guard let f = index.facts(module: module, name: name), isProtocol(f) else { return false }
        return f.isClassBound || index.protocolConformerKinds[module]?[name] == 1
    }

    static func protocolRequires(_ f: TypeFacts?, member: String) -> Bool {
        isProtocol(f) && f!.requiredVars.contains(member)
    }

    /// A recorded question's two-part name split at the last `separator`: the part before it, and
    /// the part after it ("" when there is none).
    static func split(_ name: String, atLast separator: Character) -> (String, String) {
        guard let at = name.lastIndex(of: separator) else { return (name, "") }
        return (String(name[..<at]), String(name[name.index(after: at)...]))
    }

    static func isProtocol(_ f: TypeFacts?) -> Bool {
        guard let f else { return false }
        return f.isProtocol && !f.isClass && !f.isStruct && !f.isEnum && !f.isActor
    }

    /// The definite writes other files of the module make to the variable `key` (`Type.name` for
    /// a member, `name` for a global; see `StateWrites`), in file order. Recorded only for a
    /// variable that a `nonisolated` modifier marks (see `Rule.needsStateWrites`).
    public func externalWrites(_ key: String) -> [StateWrites.Site] {
        let answer = Self.externalWrites(key, path: file.path, module: module, index: index)
        questions[FactsQuestion(kind: .externalWrites, name: key)] = .sites(answer)
        return answer
    }

    static func externalWrites(_ key: String, path: String, module: String, index: ProjectIndex) -> [StateWrites.Site] {
        (index.stateWrites[module]?.sites[key] ?? []).filter { $0.path != path }
    }

    /// Whether some file of the module may write the variable `key` in any form (see
    /// `StateWrites.touched`), or, with `member`, writes a member of that name through any value.
    public func mayBeWrittenElsewhere(_ key: String, member: String?) -> Bool {
        let answer = Self.mayBeWrittenElsewhere(key, member: member, module: module, index: index)
        questions[FactsQuestion(kind: .writtenElsewhere, name: key + "|" + (member ?? ""))] = .bool(answer)
        return answer
    }

    static func mayBeWrittenElsewhere(_ key: String, member: String?, module: String, index: ProjectIndex) -> Bool {
        // Any file of the run: a module outside a package is only guessed from the folder.
        for m in [module, ProjectIndex.anyModule] {
            guard let w = index.stateWrites[m] else { continue }
            if w.touched.contains(key) || member.map({ w.memberNames.contains($0) }) ?? false { return true }
        }
        return false
    }

    /// Whether a type of this name in this module declares itself Sendable: a conformance in its
    /// declaration or an extension (`@unchecked` too), an actor, or isolation to a global actor.
    /// A type declared as twins in the branches of an `#if` is not judged (false).
    public func declaresSendable(_ name: String) -> Bool {
        let answer = Self.declaresSendable(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .declaresSendable, name: name)] = .bool(answer)
        return answer
    }

    static func declaresSendable(_ f: TypeFacts?) -> Bool {
        guard let f, !f.hasTwins else { return false }
        return f.isActor || f.isGlobalActorIsolated || f.isUncheckedSendable || f.conformances.contains("Sendable")
    }

    /// Whether the run declares a type of this name in this module (a class, struct, enum, actor
    /// or protocol; an extension alone does not make the type's other members known).
    public func declaresType(_ name: String) -> Bool {
        let answer = Self.isDeclared(index.facts(module: module, name: name))
        questions[FactsQuestion(kind: .declaresType, name: name)] = .bool(answer)
        return answer
    }

    static func isDeclared(_ f: TypeFacts?) -> Bool {
        guard let f else { return false }
        return f.isClass || f.isStruct || f.isEnum || f.isActor || f.isProtocol
    }

    /// Whether the run declares a type of this name in this module (any kind, extensions included).
    public func isKnownType(_ name: String) -> Bool {
        let answer = index.facts(module: module, name: name) != nil
        questions[FactsQuestion(kind: .isKnownType, name: name)] = .bool(answer)
        return answer
    }

    static func isValueType(_ f: TypeFacts?) -> Bool {
        guard let f else { return false }
        return (f.isStruct || f.isEnum) && !f.isClass && !f.isActor && !f.isProtocol
    }

    /// Whether re-asking recorded questions against `index` gives another answer for any of them.

    /// With `onlyGuardFindings`, only the questions about the findings inferred from guard logs
    /// are asked again (the rest of `index` is known to be the same as when they were answered).
    /// A "no" of `isLockingMemberName` is judged by the names the file spells (`spelled`, when given).
    /// Returns the askers (`RecordedQuestions.asker` bits) of the questions whose answers change:
    /// zero when none does.
    static func answersChange(_ questions: RecordedQuestions, module: String, path: String, index: ProjectIndex,
                              spelled: SpelledNames? = nil, onlyGuardFindings: Bool = false) -> UInt64 {
        // The module's types, looked up once per file; a question's type only by the kinds that
        // read it (`index.facts(module:name:)`, without hashing the module's name each time).
        let types = index.modules[module]
        var changed: UInt64 = 0
        for (q, asked) in questions.entries {
            // A question all of whose askers are already known to be asked again is not worked out.
            if asked.askers & changed == asked.askers { continue }
            if onlyGuardFindings && q.kind != .guardFindings { continue }
            let a = asked.answer
            var f: TypeFacts? { types?[q.name] }
            let b: FactsAnswer
            switch q.kind {
            case .isActor: b = .bool(f?.isActor ?? false)
            case .uncheckedSendableClass: b = .facts((f?.isUncheckedSendable ?? false) && (f?.isClass ?? false) ? f : nil)
            case .classFacts: b = .facts((f?.isClass ?? false) ? f : nil)
            case .lockWrapper: b = .strings(lockWrapperMethods(q.name, module: module, index: index))
            case .mainActorChain: b = .bool(inheritsMainActor(q.name, module: module, index: index))
            case .isExecutor: b = .bool(f?.isExecutor ?? false)
            case .channelHandler: b = .bool(isChannelHandler(q.name, module: module, index: index))
            case .declaredMainActor: b = .bool(f?.isDeclaredMainActor ?? false)
            case .lockOrder: b = .inversions(index.lockInversions[q.name] ?? [])
            case .lockOrderPair: b = .strings(index.lockOrders[q.name].map { Self.orderAnswer($0) })
            case .splitAccessor:
                let (key, property) = Self.split(q.name, atLast: ".")
                b = .splitAccessor(Self.splitProperty(key, property, index: index))
            case .isValueType: b = .bool(isValueType(f))
            case .isProtocol: b = .bool(isProtocol(f))
            case .implementationsNeverCallBack:
                let dot = q.name.lastIndex(of: ".") ?? q.name.endIndex
                let method = dot < q.name.endIndex ? String(q.name[q.name.index(after: dot)...]) : ""
                b = .bool(implementationsNeverCallBack(String(q.name[..<dot]), method: method, module: module, index: index))
            case .referenceProtocol: b = .bool(isReferenceProtocol(q.name, module: module, index: index))
            case .isKnownType: b = .bool(f != nil)
            case .protocolRequires:
                let (name, member) = Self.split(q.name, atLast: ".")
                b = .bool(protocolRequires(types?[name], member: member))
            case .declaresType: b = .bool(Self.isDeclared(f))
            case .guardedClass: b = .strings(guardedClassVars(f))
            case .guardedMembers: b = .strings(guardedMembers(q.name, module: module, index: index))
            case .ownWrappers: b = .strings(f?.ownWrappers ?? [])
            case .classQueues: b = .strings(classQueues(f))
            case .isClass: b = .bool(Self.isClass(q.name, module: module, index: index))
            case .usesGuards: b = .bool(f?.usesGuards ?? false)
            case .assertingMethods: b = .strings(f?.assertingMethods ?? [])
            case .specificKeys: b = .strings(f?.specificKeys ?? [])
            case .mutatingMethods: b = .strings(Self.mutatingMethods(q.name, module: module, index: index))
            case .lockImplementations: b = .strings(["\(lockImplementations(q.name, module: module, index: index))"])
            case .guardFindings: b = .guardFindings(index.guardFindings[q.name] ?? [])
            case .globalQueue: b = .kind(index.globalQueues[module]?[q.name])
            case .alias: b = .strings((f?.aliasOf ?? "").isEmpty ? nil : [f!.aliasOf])
            case .awaited: b = .strings(["\(index.awaitedNames[module]?[q.name] ?? 0)"])
            case .withLockUsed: b = .bool(moduleCallsWithLock(on: q.name, module: module, index: index))
            case .awaitedOtherwise: b = .strings(["\(index.awaitedOtherwise[module]?[q.name] ?? 0)"])
            case .serialCalls: b = .strings(serialExecutor(q.name, module: module, index: index).map { [$0] })
            case .externalWrites: b = .sites(externalWrites(q.name, path: path, module: module, index: index))
            case .writtenElsewhere:
                let (key, member) = Self.split(q.name, atLast: "|")
                b = .bool(mayBeWrittenElsewhere(key, member: member.isEmpty ? nil : member, module: module, index: index))
            case .declaresSendable: b = .bool(declaresSendable(f))
            case .isActorWhere:
                let bar = q.name.firstIndex(of: "|") ?? q.name.endIndex
                let name = String(q.name[..<bar])
                let assumes = bar < q.name.endIndex ? q.name[q.name.index(after: bar)...].split(separator: ";").map(String.init) : []
                b = .bool(isActor(index.facts(module: module, name: name), assuming: assumes))
            case .lockingMembers: b = .lockingMembers(lockingMembers(q.name, module: module, index: index))
            case .lockingMemberName:
                if a == .bool(false), let spelled {
                    b = .bool(lockingMemberNameMatters(q.name, module: module, index: index, spelled: spelled))
                } else {
                    b = .bool(isLockingMemberName(q.name, module: module, index: index))
                }
            case .lockReaders: b = .strings(lockReaderMethods(q.name, module: module, index: index))
            case .queueHandOffs: b = .strings(queueHandOffs(q.name, module: module, index: index))
            case .handsStateToClosure: b = .bool(handsStateToClosure(q.name, module: module, index: index))
            case .lockArgumentFunction: b = .strings(lockArgumentLabel(q.name, module: module, index: index).map { [$0] })
            case .inoutGuards: b = .strings(inoutGuards(q.name, module: module, index: index))
            case .mainQueueContext: b = .bool(isMainQueueContextMember(q.name, index: index))
            case .mainActorClosure: b = .bool(takesMainActorClosure(q.name, module: module, index: index))
            }
            if a != b {
                changed |= asked.askers
                if changed == .max { break }
            }
        }
        return changed
    }

    // MARK: Building diagnostics

    /// A diagnostic at code token `token`, with notes and a fix-it.
    public func diagnostic(_ rule: RuleDescription, at token: Int, message: String, notes: [Note] = [], fixIt: FixIt) -> Diagnostic {
        let s = structure
        let offset = token >= 0 && token < s.code.count ? Int(s.code[token].start) : 0
        let end = token >= 0 && token < s.code.count ? s.file.location(Int(s.code[token].end)) : nil
        return Diagnostic(ruleID: rule.id, severity: rule.defaultSeverity, message: message, path: s.file.path,
                          location: s.location(ofToken: token), offset: offset, endLocation: end, notes: notes, fixIt: fixIt)
    }

    /// A note at code token `token` of this file.
    public func note(at token: Int, _ message: String) -> Note {
        Note(path: structure.file.path, location: structure.location(ofToken: token), message: message)
    }
}

struct FactsQuestion: Hashable {
    enum Kind: UInt8 {
        case isActor, uncheckedSendableClass, classFacts, lockWrapper, mainActorChain, isExecutor, channelHandler
        case isValueType, isProtocol, isKnownType, declaresType, lockOrder, splitAccessor, guardedClass, guardFindings, globalQueue, alias, ownWrappers, classQueues, isClass, lockImplementations, assertingMethods, usesGuards
        case awaited, serialCalls
        case externalWrites, writtenElsewhere, declaresSendable, isActorWhere
        case lockingMembers, lockingMemberName, lockReaders, mutatingMethods, queueHandOffs
        case implementationsNeverCallBack, referenceProtocol, declaredMainActor, guardedMembers, protocolRequires, handsStateToClosure, lockArgumentFunction
        case awaitedOtherwise, withLockUsed, mainQueueContext, inoutGuards, lockOrderPair, specificKeys, mainActorClosure
    }
    var kind: Kind
    var name: String
}

/// The questions a file's lint asked, each with its answer and the bits of who asked it: the
/// guard log extraction, or one rule each (see `Linter.process`), so that when an answer
/// changes only those that asked it run again.
struct RecordedQuestions {
    struct Asked {
        var answer: FactsAnswer
        var askers: UInt64

        mutating func record(_ a: FactsAnswer, by bits: UInt64) {
            answer = a
            askers |= bits
        }
    }
    private(set) var entries: [FactsQuestion: Asked] = [:]
    /// The bit(s) of who asks now; every bit when the pipeline does not say.
    var asker: UInt64 = .max

    init() {}

    subscript(q: FactsQuestion) -> FactsAnswer? {
        get { entries[q]?.answer }
        set {
            guard let a = newValue else {
                entries[q] = nil
                return
            }
            entries[q, default: Asked(answer: a, askers: 0)].record(a, by: asker)
        }
    }

    /// These questions without the askers `redone` (which ran again), with `newer`'s (asked in
    /// that run) added.
    func replacing(_ redone: UInt64, with newer: RecordedQuestions) -> RecordedQuestions {
        var out = RecordedQuestions()
        out.entries.reserveCapacity(entries.count)
        for (q, e) in entries {
            let kept = e.askers & ~redone
            if kept != 0 { out.entries[q] = Asked(answer: e.answer, askers: kept) }
        }
        for (q, e) in newer.entries {
            if let old = out.entries[q] {
                out.entries[q] = Asked(answer: e.answer, askers: old.askers | e.askers)
            } else {
                out.entries[q] = e
            }
        }
        return out
    }
}

/// (The two wide answers are boxed: every recorded question of every file is held until the
/// run ends, and an inline `TypeFacts` made each entry, a `bool` too, hundreds of bytes wide.)
enum FactsAnswer: Equatable {
    case bool(Bool)
    indirect case facts(TypeFacts?)
    case strings([String]?)
    case inversions([LockGraph.Inversion])
    indirect case splitAccessor(LockGraph.SplitAccessor?)
    case lockingMembers([String: LockGraph.LockingMember])
    case guardFindings([GuardFinding])
    case kind(GuardKind?)
    case sites([StateWrites.Site])
}
