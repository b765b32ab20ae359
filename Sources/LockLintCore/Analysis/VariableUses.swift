/// What a file does with some of its variables (those a rule asks about, such as the ones declared
/// `nonisolated(unsafe)`): every use of their names, gathered in one pass over the tokens; which
/// uses write them after their initialization (not in their type's `init`/`deinit`, a `let`'s
/// once-initializer, top-level code, or an `@main` entry point before it starts concurrent work);
/// which uses hold a lock, and the one lock held at all of them; whether a use sits in a signal
/// handler, in a closure that runs concurrently with the declaring function, or in a synchronous
/// `nonisolated` member; and whether a var is never written in any file of the run.
public struct VariableUses {
    /// Every use of each name, in token order (declarations of other variables of the name too).
    private(set) var byName: [String: [Int]] = [:]
    /// The name tokens of the declarations asked about.
    var declaredNames = Set<Int>()
    /// The lock found held at every use, per (name, static, scope), worked out once.
    var lockByKey: [String: String?] = [:]
    var signalHandlers: [Range<Int>] = []
    /// The name tokens of every variable declaration of these names (any `#if` branch, any
    /// local of the same name): a declaration is not a write.
    private(set) var declarationTokens = Set<Int>()
    /// Names bound by each outermost function (parameters and locals), asked once each.
    var boundByFunction: [Int: Set<String>] = [:]
    /// Per name, the uses that may write it and are not declarations, with how
    /// (`StateWrites.writeKind`: "" for a plain write, the way for one through a member, an
    /// inout argument or a method call, nil when the tool cannot tell): worked out once per
    /// name, since many declarations may share a name (one per `#if` branch, or one per type).
    var mayWritesByName: [String: [(use: Int, kind: String?)]] = [:]
    /// Where locks are held: the file's lock regions, and the closures of methods whose name
    /// says they run it under a lock (`withLockVoid`, `performLocked`) or that are the file's
    /// own lock wrappers.
    public private(set) var regions: LockRegions
    /// Per free function, what its callers hold (see `callerHold`), worked out once.
    var callerHoldByFunction: [String: CallerHold] = [:]
    /// The file's calls of functions by bare name, by name, gathered on first use.
    var callsByName: [String: [Int]]? = nil
    /// The names of the file's free functions, gathered on first use.
    var ownFunctions: Set<String>? = nil
    /// How often each identifier is spelled in the file, gathered with `callsByName`.
    var mentionsByName: [String: Int] = [:]
    /// Per file-private function, whether every call of it runs on the main actor (see `calledOnlyOnMain`).
    var onMainByFunction: [String: Bool] = [:]
    /// The file's set-up methods (see `ConstructionPhase`), worked out on first use.
    var construction: ConstructionPhase? = nil

    /// The uses of the variables among `declarations`.
    public init(of declarations: [Int], _ s: FileStructure, _ context: RuleContext) {
        regions = context.lockRegions
        var names = Set<String>()
        for d in declarations {
            if s.decls[d].kind == .variable, !s.decls[d].nameText.isEmpty {
                names.insert(s.decls[d].nameText)
                declaredNames.insert(s.decls[d].name)
            }
        }
        guard !names.isEmpty else { return }
        regions = regions.addingLockScopedClosures(s, vocabulary: context.vocabulary, wrappers: context.wrapperMethods) { ci in
            Self.runsUnderReceiversLock(context, closure: s.closures[ci])
        }
        regions = regions.addingQueueBlocks(s, queues: Self.serialQueues(s))
        signalHandlers = Self.signalHandlers(s)
        for n in names { for d in s.variablesByName[n] ?? [] where s.decls[d].name >= 0 { declarationTokens.insert(s.decls[d].name) } }
        // A name that is a reserved word is declared and used bare in backticks, and used as a
        // member without them (`Config.default`).
        let set = NameSet(names.union(names.map { "`\($0)`" }))
        for i in 0..<s.code.count where StateWrites.isNameToken(s, i) && set.contains(s, i) {
            byName[StateWrites.nameText(s, i), default: []].append(i)
        }
    }

    /// The serial dispatch queues the file declares (`DispatchQueue(label:)`, not `.concurrent`):
    /// a block submitted to one runs alone, like code under a lock.
    static func serialQueues(_ s: FileStructure) -> Set<String> {
        guard s.identifiers.mayContain("DispatchQueue") else { return [] }
        var out = Set<String>()
        for d in s.decls.indices where s.decls[d].kind == .variable && s.decls[d].isLet && ProjectIndex.isSerialQueue(s.decls[d], in: s) {
            out.insert(s.decls[d].nameText)
        }
        return out
    }

    /// Whether a closure is passed to a method that a lock type of the run (the receiver's declared
    /// type, in any file) runs under its lock: `state.mutate { }` on a `let state: Protected<T>`.
    static func runsUnderReceiversLock(_ context: RuleContext, closure c: Closure) -> Bool {
        runsUnderLock(context, call: StateWrites.closureCall(context.structure, c))
    }

    /// Whether `Type.method` names a closure method that a lock type of the run runs under its lock.
    public static func runsUnderLock(_ context: RuleContext, call: String) -> Bool {
        guard let dot = call.firstIndex(of: ".") else { return false }
        return context.lockWrapperMethods(String(call[..<dot]))?.contains(String(call[call.index(after: dot)...])) ?? false
    }

    /// Whether a use of `d` sits in a signal handler: a closure passed to `signal(…)` or
    /// `sigaction`, or a function of the file named as one.
    public func usedInSignalHandler(_ s: FileStructure, _ d: Decl) -> Bool {
        guard !signalHandlers.isEmpty else { return false }
        return (byName[d.nameText] ?? []).contains { k in signalHandlers.contains { $0.contains(k) } }
    }

    /// Bodies of signal handlers: closures passed to `signal(…)`/`sigaction`, and functions of the
    /// file named in `signal(SIGINT, onInterrupt)`. One pass over the file.
    static func signalHandlers(_ s: FileStructure) -> [Range<Int>] {
        guard s.identifiers.mayContainAny(["signal", "sigaction"]) else { return [] }
        var out: [Range<Int>] = []
        for c in s.closures where c.callee >= 0 && (s.is(c.callee, "signal") || s.is(c.callee, "sigaction")) {
            out.append(c.open..<c.close)
        }
        var named = Set<String>()
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.is(k, "signal") && s.isChar(k + 1, UInt8(ascii: "(")) {
            let close = Int(s.match[k + 1])
            if close > k + 1, s.code[close - 1].kind == .identifier { named.insert(s.text(close - 1)) }
        }
        if !named.isEmpty {
            for f in s.decls where f.kind == .function && named.contains(f.nameText) && f.body >= 0 {
                out.append(s.scopes[f.body].open..<s.scopes[f.body].close)
            }
        }
        return out
    }

    /// Methods of the standard value types (collections, strings, numbers) that change the value,
    /// besides `StateWrites.mutatingNames`.
    public static let standardMutating: Set<String> = [
        "removeAll", "removeFirst", "removeLast", "removeValue", "popFirst", "removeSubrange", "replaceSubrange",
        "reserveCapacity", "negate", "formSymmetricDifference", "insert", "update",
    ]

    /// What the writes through a variable of declared type `type` (see `StateWrites.Site.through`)
    /// do to the variable itself: `writes` says which write it for certain (for a value type, a
    /// member set or passed inout, and a call of a method it declares `mutating` or a
    /// standard collection's changing method; a mutating method that runs its closure under its
    /// type's lock is not counted); `cannot` says which cannot write it (for a class, anything
    /// through a member or a method; for a value type of the run, a call of a method it does not
    /// declare `mutating`, or a call on a stored member of it that this file declares of a class
    /// type). For a type the run does not declare, neither: the tool cannot tell.
    public struct Through {
        public let writes: (String) -> Bool
        public let cannot: (String) -> Bool
    }

    public static func writesThrough(type: String?, _ context: RuleContext) -> Through {
        let s = context.structure
        // `&x` is mostly a C out-parameter filled once (a thread handle): not judged a write.
        let unknown = Through(writes: { _ in false }, cannot: { _ in false })
        guard var base = type, !base.isEmpty else { return unknown }
        while base.hasSuffix("?") || base.hasSuffix("!") { base.removeLast() }
        let standard: Set<String> = ["String", "Int", "Double", "Float", "Bool", "UInt", "Int64", "UInt64", "Int32", "UInt32", "Data",
                                     "Array", "Dictionary", "Set", "ContiguousArray", "Substring"]
        if base.hasPrefix("[") || standard.contains(String(base.prefix { $0 != "<" })) {
            return Through(writes: { $0 == "." || standardMutating.contains($0) }, cannot: { _ in false })
        }
        if let open = base.firstIndex(of: "<") { base = String(base[..<open]) }
        guard base.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return unknown }
        if context.isClassInRun(base) && !context.isValueType(base) {
            return Through(writes: { _ in false }, cannot: { !$0.isEmpty && $0 != "&" })
        }
        guard context.isValueType(base) else { return unknown }
        let declared = Set(context.mutatingMethods(base))
        // A mutating method that runs its closure under the type's own lock changes it there.
        let mutating = declared.filter { !runsUnderLock(context, call: base + "." + $0) }
        return Through(writes: { $0 == "." || mutating.contains($0) }, cannot: { kind in
            guard kind.count > 1 else { return false }
            if kind.hasPrefix("?") {
                // A method of a member held by reference changes the object, not this value.
                let member = String(kind.dropFirst())
                return s.typeDecls(named: base).contains { t in
                    s.children[t].contains { m in
                        s.decls[m].kind == .variable && s.decls[m].nameText == member && !s.decls[m].isStaticMember
                            && GuardLogExtractor.declaredTypeName(s.decls[m], s).map { context.isClassInRun($0) && !context.isValueType($0) } ?? false
                    }
                }
            }
            return !declared.contains(kind) && !StateWrites.mutatingNames.contains(kind)
        })
    }

    /// Whether pointer `d` is allocated and initialized in its own initializer (`= { let p =
    /// .allocate(capacity: 1); p.initialize(to: …); return p }()`), and the file frees it nowhere
    /// (no `deallocate` or `deinitialize` called on its name).
    public static func allocatedOnceAndKept(_ s: FileStructure, _ d: Decl) -> Bool {
        let made = s.span(d.initializer.lowerBound, d.initializer.upperBound)
        guard made.contains(where: { s.is($0, "allocate") }), made.contains(where: { s.is($0, "initialize") }) else { return false }
        for k in 2..<max(2, s.code.count) where s.is(k, "deallocate") || s.is(k, "deinitialize") {
            if s.isChar(k - 1, UInt8(ascii: ".")) && s.is(k - 2, text: d.nameText) { return false }
        }
        return true
    }

    /// The method called directly on the value that identifier `u` names (`x.append(e)`,
    /// `x?.append(e)`), or nil.
    static func methodCalled(_ s: FileStructure, on u: Int) -> String? {
        var j = u + 1
        while s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        guard s.isChar(j, UInt8(ascii: ".")), j + 2 < s.count, s.code[j + 1].isWord, s.isChar(j + 2, UInt8(ascii: "(")) else { return nil }
        return s.text(j + 1)
    }

    /// Whether stored var `d` is never written anywhere: no use in this file may write it (an
    /// assignment, `&x`, a method called or a member set through it, in any function, `init`
    /// included), no other file of the run may write it (as a global, `Type.name`, or a member of
    /// that name through any value), and no client of the module can. A var without an initial
    /// value, `lazy`, wrapped, `dynamic` or with attributes is set some other way, and not judged.
    /// A member that may satisfy a protocol's requirement (see `mayWitnessRequirement`) may be
    /// written through the protocol, and a `let` may not satisfy it: not judged either.
    /// `cannot` names the shapes that cannot write it for its type (see `writesThrough`).
    public mutating func neverWritten(_ s: FileStructure, _ d: Decl, owner: Decl?, key: String?, context: RuleContext,
                                      cannot: (String) -> Bool = { _ in false }) -> Bool {
        guard let key, !d.isLet, !d.isComputed, !d.initializer.isEmpty, !d.hasAttributes,
              !d.modifiers.contains(.lazy), !d.modifiers.contains(.dynamic), !s.hasPropertyWrapper(d),
              owner?.kind != .protocol, !s.isSettableOutsideModule(d),
              !Self.mayWitnessRequirement(s, d, context: context) else { return false }
        for (u, kind) in mayWrites(s, d.nameText) where !(kind.map(cannot) ?? false) {
            // A collection-named method of a class instance (`box.append(x)`) changes the object.
            if kind == "", let m = Self.methodCalled(s, on: u), cannot(m) { continue }
            return false
        }
        return !context.mayBeWrittenElsewhere(key, member: d.parent >= 0 ? d.nameText : nil)
    }

    /// Whether member `d` may be the witness of a protocol requirement: the type or extension
    /// declaring it conforms to a protocol of the run that requires a property of its name, or to
    /// a name the run does not declare as a protocol or class (a
    /// protocol of another module can require `static var value { get set }` and set it through
    /// the protocol, `K.value = v`, in code the tool does not see). The standard library's
    /// marker and value protocols require no stored var, and a class of the run is a superclass.
    static func mayWitnessRequirement(_ s: FileStructure, _ d: Decl, context: RuleContext) -> Bool {
        guard d.parent >= 0, s.decls[d.parent].kind.isType else { return false }
        return s.inheritedTypes(of: d.parent).contains { t in
            if Self.noStoredRequirements.contains(t.name) { return false }
            guard context.isKnownType(t.name) else { return true }
            if context.isProtocol(t.name) { return context.protocolRequires(t.name, member: d.nameText) }
            // A struct, enum or actor of that name cannot be conformed to: the name is another
            // module's protocol (a nested type of the run spelled the same hides nothing there).
            return !context.isClassInRun(t.name)
        }
    }

    /// Protocols that require no settable stored property of their conformers.
    static let noStoredRequirements: Set<String> = [
        "Sendable", "Equatable", "Hashable", "Comparable", "Codable", "Encodable", "Decodable", "Identifiable",
        "CaseIterable", "Error", "CustomStringConvertible", "CustomDebugStringConvertible", "RawRepresentable",
        "AnyObject", "NSObject", "LocalizedError", "BitwiseCopyable",
    ]

    /// The uses of `name` that may write it (see `mayWritesByName`), worked out on first use.
    mutating func mayWrites(_ s: FileStructure, _ name: String) -> [(use: Int, kind: String?)] {
        if let known = mayWritesByName[name] { return known }
        var list: [(use: Int, kind: String?)] = []
        for u in byName[name] ?? [] where !declarationTokens.contains(u) && StateWrites.mayWrite(s, u) {
            list.append((u, StateWrites.writeKind(s, u)))
        }
        mayWritesByName[name] = list
        return list
    }

    /// The uses of stored var `d` that write it outside its initialization: not its declaration,
    /// not inside an `init`/`deinit` of its type, not inside the initializer closure of a `let`
    /// (`static let setup: Void = { … }()`, which runs once).
    /// `through` says which other writes count (see `StateWrites.Site.through`): a member set,
    /// an inout argument or a method call writes a variable of a value type.
    /// `cannot` names the methods whose call cannot write it (see `writesThrough`): a method of a
    /// class instance it holds changes the object, not the variable.
    public mutating func writesAfterInitialization(_ s: FileStructure, _ d: Decl, _ di: Int,
                                                   through: (String) -> Bool = { _ in false },
                                                   cannot: (String) -> Bool = { _ in false }) -> [Int] {
        var out: [Int] = []
        let local = d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike
        var candidates: [Int] = []
        var others = false
        // (The uses are in token order: a local's are looked up by its function's body, not
        // read among every same-named local's of the file.)
        let all = mayWrites(s, d.nameText)
        var slice = all[...]
        if local {
            guard s.decls[d.parent].body >= 0 else { return [] }
            let body = s.scopes[s.decls[d.parent].body]
            var lo = all.startIndex
            var hi = all.endIndex
            while lo < hi {
                let mid = (lo + hi) / 2
                if all[mid].use <= body.open { lo = mid + 1 } else { hi = mid }
            }
            var end = lo
            while end < all.endIndex && all[end].use < body.close { end += 1 }
            slice = all[lo..<end]
        }
        for (u, kind) in slice {
            guard let kind else { continue }
            if kind.isEmpty {
                if let m = Self.methodCalled(s, on: u), cannot(m) { continue }
                candidates.append(u)
            } else if through(kind) {
                candidates.append(u)
                others = true
            }
        }
        if others { candidates.sort() }
        for i in candidates where i != d.name {
            let qualified = s.isChar(i - 1, UInt8(ascii: "."))
            // Through another value (`other.count = 1`) is another variable, unless `self.`/`Self.`/`Type.`.
            if qualified && !(s.isKeyword(i - 2, .self) || s.isKeyword(i - 2, .Self) || (d.isStaticMember && i >= 2 && s.code[i - 2].kind == .identifier)) { continue }
            if local {
                // Only uses in the declaring function count.
                guard let body = s.decls[d.parent].body >= 0 ? s.scopes[s.decls[d.parent].body] : nil, body.open < i && i < body.close else { continue }
            } else if let f = s.enclosingFunction(of: i) {
                // A static and an instance member may share a name: `Self.x`, `Type.x`, and `x`
                // or `self.x` in a static member are the static one; `x` or `self.x` in an
                // instance member the instance one.
                if d.parent >= 0 && s.decls[d.parent].kind.isType, let inStatic = Self.inStaticMember(s, f) {
                    let typeQualified = qualified && !s.isKeyword(i - 2, .self)
                    if typeQualified ? !d.isStaticMember : inStatic != d.isStaticMember { continue }
                }
                var top = f
                while s.decls[top].parent >= 0 && s.decls[s.decls[top].parent].kind.isFunctionLike { top = s.decls[top].parent }
                let k = s.decls[top].kind
                // An instance var is written by its own class's code: the name in the methods
                // of another type that declares a var of the name is that type's var.
                if !d.isStaticMember, d.parent >= 0, s.decls[d.parent].kind.isType, !qualified || s.isKeyword(i - 2, .self),
                   let t = s.owningType(of: top) {
                    let other = Self.lastComponent(s.writtenName(ofType: t))
                    if other != Self.lastComponent(s.writtenName(ofType: d.parent)) && s.variableDecls(named: d.nameText).contains(where: { v in
                        let p = s.decls[v].parent
                        return p >= 0 && s.decls[p].kind.isType && Self.lastComponent(s.writtenName(ofType: p)) == other
                    }) { continue }
                }
                // An instance var is set up in init and torn down in deinit; a global or static
                // var written there is shared state written on each construction.
                if (k == .initializer || k == .deinitializer) && d.parent >= 0 && !d.isStaticMember { continue }
                // So is one a method reached only from its class's initializers, before the
                // instance is handed on (see `ConstructionPhase`).
                if k == .function && d.parent >= 0 && !d.isStaticMember && top == f {
                    if construction == nil { construction = ConstructionPhase(s) }
                    if construction!.isSetUp(s, i, in: f) && s.owningType(of: f).map({ s.decls[$0].nameText }) == s.decls[d.parent].nameText { continue }
                }
                // Set up by the program's entry point before it starts any concurrent work.
                if Self.isEntryPointSetUp(s, top, write: i) { continue }
                // A parameter or local of the same name hides the variable.
                if !qualified {
                    if boundByFunction[top] == nil {
                        var names = Set(s.decls[top].parameterNames)
                        if s.decls[top].body >= 0 {
                            let b = s.scopes[s.decls[top].body]
                            names.formUnion(s.boundNames(in: b.interior))
                        }
                        boundByFunction[top] = names
                    }
                    if boundByFunction[top]!.contains(d.nameText) { continue }
                }
            } else {
                // Top-level code (main.swift) and a `let`'s initializer closure run once, at start.
                continue
            }
            out.append(i)
        }
        return out
    }

    static func lastComponent(_ name: String) -> Substring { name.split(separator: ".").last ?? Substring(name) }

    /// The free function or static method that token `i` runs in: its declaration and the name
    /// its calls use (`Type.f` for a static method), or nil inside anything else.
    static func functionAround(_ s: FileStructure, _ i: Int) -> (decl: Int, name: String)? {
        if let free = StateWrites.freeFunction(s, around: i) { return (free, s.decls[free].nameText) }
        if let m = StateWrites.staticMethod(s, around: i) { return (m.decl, m.key) }
        return nil
    }

    /// What the callers of a free function hold (see `callerHold`).
    public enum CallerHold { case none, every, some }

    /// Whether the callers of the free function that token `i` runs in (straight in its body, or
    /// in closures that run on the spot) hold a lock where they call it: at every call seen in the
    /// run (`every`; at least one call must be seen, and a public function's clients may call it
    /// with nothing held), at some (`some`: the tool cannot tell), or at none seen (`none`). Calls
    /// in this file are read here; calls in other files of the module from the run's index
    /// (`StateWrites.callKey`).
    /// A static or class method counts the same way: its calls are `Type.f(…)`, `Self.f(…)`,
    /// and `f(…)` or `self.f(…)` in the type's static members (see `StateWrites.staticCallKey`).
    public mutating func callerHold(_ s: FileStructure, _ i: Int, _ context: RuleContext) -> CallerHold {
        guard let (f, name) = Self.functionAround(s, i) else { return privateMethodCallerHold(s, i) }
        guard s.decls[f].body >= 0,
              LockRegions.reachesWithoutDeferral(s, from: i, to: s.decls[f].body, escaping: regions.escapingCallees) else { return .none }
        let d = s.decls[f]
        let m = d.modifiers
        let access = name.contains(".") ? StateWrites.functionAccess(s, f)
            : m.contains(.private) || m.contains(.fileprivate) ? "file" : m.contains(.public) || m.contains(.open) ? "public" : ""
        let body = s.scopes[d.body]
        return callerHold(function: name, access: access, path: s.file.path, s, context) { !(body.open < $0 && $0 < body.close) }
    }

    /// The same for a private (or file-private) instance method of a type: only its file can call
    /// it, as `f(…)` or `self.f(…)`; every such call seen (outside its own body) holding a lock is
    /// `every`, anything else `none`; calls in an initializer or deinit are left out (no other
    /// thread holds the instance then). (Calls of another type's method of the same name count too:
    /// the tool cannot tell them apart, and one that holds nothing makes it `none`.)
    mutating func privateMethodCallerHold(_ s: FileStructure, _ i: Int) -> CallerHold {
        guard var f = s.enclosingFunction(of: i) else { return .none }
        while s.decls[f].parent >= 0 && s.decls[s.decls[f].parent].kind.isFunctionLike { f = s.decls[f].parent }
        let d = s.decls[f]
        guard d.kind == .function, !d.isStaticMember, d.body >= 0, d.parent >= 0, s.decls[d.parent].kind.isType || s.decls[d.parent].kind == .extension,
              d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate),
              LockRegions.reachesWithoutDeferral(s, from: i, to: d.body, escaping: regions.escapingCallees) else { return .none }
        let key = "\(s.file.path)|#\(f)"
        if let known = callerHoldByFunction[key] { return known }
        gatherCalls(s)
        let body = s.scopes[d.body]
        var held = 0
        var seen = 0
        for c in (callsByName![d.nameText] ?? []) + (callsByName!["self." + d.nameText] ?? []) where !(body.open < c && c < body.close) {
            // A call in an initializer or deinit runs while no other thread holds the instance.
            if let caller = s.enclosingFunction(of: c), s.decls[caller].kind == .initializer || s.decls[caller].kind == .deinitializer { continue }
            seen += 1
            if !regions.holding(c, in: s, directOnly: false).isEmpty { held += 1 }
        }
        // (Every call is in sight: one that holds nothing is a path with no lock.)
        let answer: CallerHold = held > 0 && held == seen ? .every : .none
        callerHoldByFunction[key] = answer
        return answer
    }

    /// The same for a write another file makes (`StateWrites.Site.function`).
    public mutating func callerHold(of w: StateWrites.Site, _ s: FileStructure, _ context: RuleContext) -> CallerHold {
        guard !w.function.isEmpty else { return .none }
        // This file's calls are of that function only when it declares none of the name.
        if ownFunctions == nil { ownFunctions = Set(s.freeFunctions.map { s.decls[$0].nameText }) }
        let declaresOwn = ownFunctions!.contains(w.function)
        return callerHold(function: w.function, access: w.functionAccess, path: w.path, s, context) { _ in w.functionAccess != "file" && !declaresOwn }
    }

    /// What the calls of free function `function`, declared in the file at `path`, hold: this
    /// file's calls that `counts`, and the other files' (their own function's calls only in the
    /// declaring file).
    mutating func callerHold(function: String, access: String, path: String, _ s: FileStructure, _ context: RuleContext,
                             counts: (Int) -> Bool) -> CallerHold {
        let key = path + "|" + function
        if let known = callerHoldByFunction[key] { return known }
        gatherCalls(s)
        var held = 0
        var seen = 0
        for c in callsByName![function] ?? [] where counts(c) {
            seen += 1
            if !regions.holding(c, in: s, directOnly: false).isEmpty { held += 1 }
        }
        for w in context.externalWrites(StateWrites.callKey(function)) {
            let own = w.through == "()own"
            guard own ? w.path == path : w.path != path && access != "file" else { continue }
            seen += 1
            if w.guarded { held += 1 }
        }
        let answer: CallerHold = held == 0 ? .none : held == seen && access != "public" ? .every : .some
        callerHoldByFunction[key] = answer
        return answer
    }

    /// The file's calls by name (and its identifiers' counts), gathered once.
    mutating func gatherCalls(_ s: FileStructure) {
        guard callsByName == nil else { return }
        var calls: [String: [Int]] = [:]
        var mentions: [String: Int] = [:]
        for k in 0..<s.count where s.code[k].kind == .identifier {
            mentions[s.text(k), default: 0] += 1
            if StateWrites.isBareCall(s, k) { calls[s.text(k), default: []].append(k) }
            // A method's call on `self` (for a private instance method's callers).
            if s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")) && s.isChar(k + 1, UInt8(ascii: "(")) {
                calls["self." + s.text(k), default: []].append(k)
            }
            // A static method's calls, under `Type.f`.
            if let key = StateWrites.staticCallKey(s, k) { calls[key, default: []].append(k) }
        }
        callsByName = calls
        mentionsByName = mentions
    }

    /// Whether the code at `i` runs in a free function or static method that only its file can
    /// call, which the file calls (and never uses otherwise, as a value), every call running on
    /// the main actor or main queue (`MainActorCode`): `i` runs there too. One level of callers.
    public mutating func calledOnlyOnMain(_ s: FileStructure, _ i: Int, _ context: RuleContext) -> Bool {
        guard let (f, name) = Self.functionAround(s, i) else { return false }
        let d = s.decls[f]
        guard d.body >= 0, !d.nameText.isEmpty, StateWrites.functionAccess(s, f) == "file",
              LockRegions.reachesWithoutDeferral(s, from: i, to: d.body, escaping: regions.escapingCallees) else { return false }
        if let known = onMainByFunction[name] { return known }
        gatherCalls(s)
        let body = s.scopes[d.body]
        let calls = callsByName![name] ?? []
        // Every spelling of the name is its declaration or one of these calls.
        let answer = !calls.isEmpty && mentionsByName[d.nameText] == calls.count + 1
            && calls.allSatisfy { c in !(body.open < c && c < body.close) && MainActorCode.runs(s, at: c, context: context) }
        onMainByFunction[name] = answer
        return answer
    }

    /// Whether function-like declaration `f` (or the member it is nested in) is a static or
    /// class member of a type; nil outside any type.
    static func inStaticMember(_ s: FileStructure, _ f: Int) -> Bool? {
        var m = f
        while s.decls[m].parent >= 0 && !s.decls[s.decls[m].parent].kind.isType { m = s.decls[m].parent }
        return s.decls[m].parent >= 0 ? s.decls[m].isStaticMember : nil
    }

    /// A computed property of the same type whose getter and setter each reach `d` (each taking
    /// the lock on its own), and an update made through it (`wrapper.append(…)`, `wrapper[k] = v`,
    /// `wrapper += x`): a read and a write in two separate holds of the lock.
    public static func splitUpdate(_ s: FileStructure, _ d: Decl, _ di: Int) -> (String, Int)? {
        guard d.parent >= 0 else { return nil }
        for c in s.children[d.parent] where s.decls[c].kind == .variable && s.decls[c].isComputed && c != di {
            var getter = false
            var setter = false
            for a in s.children[c] where s.decls[a].kind == .accessor && s.decls[a].body >= 0 {
                let body = s.scopes[s.decls[a].body]
                let mentions = s.span(body.open, body.close).contains { s.code[$0].kind == .identifier && s.is($0, text: d.nameText) }
                guard mentions else { continue }
                if s.is(s.decls[a].keyword, "get") { getter = true }
                if s.is(s.decls[a].keyword, "set") { setter = true }
            }
            guard getter && setter else { continue }
            let name = s.decls[c].nameText
            let ownBody = s.decls[c].body >= 0 ? s.scopes[s.decls[c].body] : nil
            for k in 0..<s.code.count where s.code[k].kind == .identifier && s.is(k, text: name) && k != s.decls[c].name {
                if let b = ownBody, b.open < k && k < b.close { continue }
                if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
                // A plain assignment is one hold of the setter; anything else that writes reads first.
                if StateWrites.isDefiniteWrite(s, k) && !s.isChar(k + 1, UInt8(ascii: "=")) { return (name, k) }
            }
        }
        return nil
    }

    /// Whether a use of instance var `d` sits in a `nonisolated` member that is not `async`.
    public func readBySynchronousNonisolatedMember(_ s: FileStructure, _ d: Decl) -> Bool {
        for k in byName[d.nameText] ?? [] where !declarationTokens.contains(k) {
            guard let f = s.enclosingFunction(of: k) else { continue }
            var top = f
            while s.decls[top].parent >= 0 && s.decls[s.decls[top].parent].kind.isFunctionLike { top = s.decls[top].parent }
            let m = s.decls[top]
            if m.modifiers.contains(.nonisolated) && !m.isAsync && s.owningType(of: top) == d.parent { return true }
        }
        return false
    }

    /// Entry methods of an `@main` type: the program (or plugin) starts there, on one thread.
    static let entryMethods: Set<String> = ["main", "run", "performCommand", "createBuildCommands"]

    /// Names that start concurrent work: after one of them, other threads or tasks may run.
    static let concurrencyStarts: Set<String> = [
        "Task", "Thread", "detachNewThread", "pthread_create", "async", "asyncAfter", "concurrentPerform", "withTaskGroup",
        "withThrowingTaskGroup", "withDiscardingTaskGroup", "withThrowingDiscardingTaskGroup", "addTask", "detached",
        "dispatchMain", "signal", "sigaction",
    ]

    /// Whether the write at `i` is in the entry method of an `@main` type (`static func main()`,
    /// a command's `run()`, a plugin's `performCommand`), directly in its body (not in a closure),
    /// before anything that can start concurrent work (an `await`, a task, a thread, a dispatch):
    /// the program is still single-threaded there, and what runs later is ordered after the write.
    static func isEntryPointSetUp(_ s: FileStructure, _ fn: Int, write i: Int) -> Bool {
        let f = s.decls[fn]
        guard f.kind == .function, Self.entryMethods.contains(f.nameText), f.body >= 0,
              let owner = s.owningType(of: fn), s.attributes(of: s.decls[owner]).contains(where: { s.is($0, "@main") }) else { return false }
        let body = s.scopes[f.body]
        guard i > body.open && i < body.close else { return false }
        if let c = s.enclosingClosure(of: i), s.closures[c].open > body.open { return false }
        var k = body.open + 1
        while k < i {
            let t = s.code[k]
            if t.kind == .keyword && (t.word == .await || t.word == .async) { return false }
            if t.kind == .identifier && Self.concurrencyStarts.contains(s.text(k)) { return false }
            k += 1
        }
        return true
    }

    /// Whether the write at `i` is inside a closure that runs concurrently with the function
    /// declaring the local: a task, a child task, a detached task, a concurrent dispatch.
    public static func writtenInConcurrentClosure(_ s: FileStructure, _ i: Int, di: Int) -> Bool {
        var sc = Int(s.scopeOf[i])
        let owner = s.decls[di].parent
        let ownerBody = owner >= 0 ? s.decls[owner].body : -1
        while sc >= 0 && sc != ownerBody {
            let scope = s.scopes[sc]
            if scope.kind == .closure, scope.closure >= 0, scope.closure < s.closures.count {
                let c = s.closures[scope.closure]
                if c.callee >= 0 && Self.concurrentCallees.contains(s.text(c.callee)) { return true }
            }
            sc = scope.parent
        }
        return false
    }

    /// How a wait orders local `d`'s write at token `w`, made in a closure that runs concurrently.
    public enum WaitOrdering: Equatable {
        /// Nothing the tool sees orders it.
        case none
        /// Every later use of the local comes after the wait, or inside the notify block.
        case ordered
        /// The closure signals `call` (`g.wait()`, `g.notify`) as it should, but the use at
        /// token `use` is not after the wait nor inside the notify block.
        case unorderedUse(use: Int, call: String)
        /// The closure signals (`g.leave()`, `sem.signal()` at token `signal`) before the write:
        /// the wait can return, or the notify block run, while the write is still to come.
        case writtenAfterSignal(signal: Int)
    }

    /// Whether local `d`'s write at token `w`, in a closure that runs concurrently, is ordered
    /// before every later use of the local by a wait: the closure is a statement of the local's
    /// function (started once), ends by signalling (`g.leave()` / `sem.signal()` as its last
    /// statement or in a `defer` of its body), the function entered the group (`g.enter()`)
    /// or made the semaphore with value 0 before starting it, then waits on it with no timeout
    /// (`g.wait()` / `sem.wait()`, a statement of the function) or hands the group a block to
    /// run once every entry has left (`g.notify(queue:) { … }`, `execute:`), and no use of the
    /// local lies between the closure and that wait, nor after the notify block (a use inside it
    /// is ordered). One pass over the function's tokens.
    public static func orderedByWait(_ s: FileStructure, _ w: Int, _ d: Decl) -> Bool {
        waitOrdering(s, w, d) == .ordered
    }

    public static func waitOrdering(_ s: FileStructure, _ w: Int, _ d: Decl) -> WaitOrdering {
        guard d.parent >= 0, s.decls[d.parent].kind.isFunctionLike, s.decls[d.parent].body >= 0 else { return .none }
        let fnScope = s.decls[d.parent].body
        let fn = s.scopes[fnScope]
        // The innermost closure around the write: a concurrent one, straight in the function.
        var sc = Int(s.scopeOf[w])
        var closure = -1
        while sc >= 0 && sc != fnScope {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                guard scope.closure >= 0, scope.closure < s.closures.count else { return .none }
                closure = scope.closure
                break
            }
            sc = scope.parent
        }
        guard closure >= 0 else { return .none }
        let c = s.closures[closure]
        guard c.callee >= 0, concurrentCallees.contains(s.text(c.callee)), s.scopes[c.scope].parent == fnScope,
              Int(s.scopeOf[c.callee]) == fnScope else { return .none }
        // `X.m()` at token k (k is X).
        func call(_ k: Int, _ m: String) -> Bool {
            s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, text: m)
                && s.isChar(k + 3, UInt8(ascii: "(")) && s.isChar(k + 4, UInt8(ascii: ")"))
        }
        func inDefer(_ k: Int) -> Bool {
            var sc = Int(s.scopeOf[k])
            while sc >= 0 && sc != c.scope {
                if s.isKeyword(s.scopes[sc].open - 1, .defer) { return true }
                sc = s.scopes[sc].parent
            }
            return false
        }
        // The signal that ends the closure.
        var signalled: (name: String, group: Bool)? = nil
        for k in c.interior where call(k, "leave") || call(k, "signal") {
            let inner = Int(s.scopeOf[k])
            let last = inner == c.scope && k + 4 == c.close - 1
            let bodyDefer = inner != c.scope && s.scopes[inner].parent == c.scope && s.isKeyword(s.scopes[inner].open - 1, .defer)
            if last || bodyDefer { signalled = (s.text(k), s.is(k + 2, "leave")); break }
        }
        // A signal before the write, outside a `defer`: whoever waits may go on while it runs.
        let early = c.interior.first { k in k < w && (call(k, "leave") || call(k, "signal")) && !inDefer(k) }
        if let e = early { signalled = (s.text(e), s.is(e + 2, "leave")) }
        guard let sig = signalled else { return .none }
        let ordered: WaitOrdering = early.map { .writtenAfterSignal(signal: $0) } ?? .ordered
        // Set up before the start: the group entered, or the semaphore made with value 0.
        var setUp = false
        for k in fn.open..<c.callee where s.code[k].kind == .identifier && s.text(k) == sig.name {
            if sig.group {
                if call(k, "enter") && Int(s.scopeOf[k]) == fnScope { setUp = true }
            } else if s.isChar(k + 1, UInt8(ascii: "=")) && s.is(k + 2, "DispatchSemaphore") && s.isChar(k + 3, UInt8(ascii: "("))
                        && s.is(k + 4, "value") && s.isChar(k + 5, UInt8(ascii: ":")) && s.text(k + 6) == "0" && s.isChar(k + 7, UInt8(ascii: ")")) {
                setUp = true
            }
        }
        guard setUp else { return .none }
        func inClosure(_ u: Int) -> Bool {
            var sc = Int(s.scopeOf[u])
            while sc >= 0 && sc != fnScope {
                if s.scopes[sc].kind == .closure { return true }
                sc = s.scopes[sc].parent
            }
            return false
        }
        // The wait or the notify block, and no use of the local out of their order.
        var firstUse = -1
        var notifyBlock: Range<Int>? = nil
        var k = c.close + 1
        while k < fn.close {
            if s.code[k].kind == .identifier {
                let t = s.text(k)
                if t == d.nameText && !s.isChar(k - 1, UInt8(ascii: ".")) && !(notifyBlock?.contains(k) ?? false) {
                    if notifyBlock != nil { return inClosure(k) ? .none : .unorderedUse(use: k, call: "\(sig.name).notify") }
                    if firstUse < 0 { firstUse = k }
                }
                if notifyBlock == nil, t == sig.name, Int(s.scopeOf[k]) == fnScope {
                    // (A use in another closure, such as a second task that writes it too, is
                    // not ordered by the wait at all.)
                    if call(k, "wait") {
                        return firstUse < 0 ? ordered : inClosure(firstUse) ? .none : .unorderedUse(use: firstUse, call: "\(sig.name).wait()")
                    }
                    if sig.group, let block = notifiedBlock(s, group: k) {
                        if firstUse >= 0 { return inClosure(firstUse) ? .none : .unorderedUse(use: firstUse, call: "\(sig.name).notify") }
                        notifyBlock = block
                    }
                }
            }
            k += 1
        }
        return notifyBlock != nil ? ordered : .none
    }

    /// The tokens of the block that `g.notify(queue: q) { … }` (or `execute: { … }`) at token `g`
    /// hands the group: it runs once every `enter()` has been matched by a `leave()`.
    static func notifiedBlock(_ s: FileStructure, group g: Int) -> Range<Int>? {
        guard s.isChar(g + 1, UInt8(ascii: ".")), s.is(g + 2, text: "notify"), s.isChar(g + 3, UInt8(ascii: "(")) else { return nil }
        let close = Int(s.match[g + 3])
        guard close > g + 3 else { return nil }
        var end = close
        if s.isChar(close + 1, UInt8(ascii: "{")), Int(s.match[close + 1]) > close + 1 { end = Int(s.match[close + 1]) }
        // The block is the trailing closure or an argument: one closure either way.
        guard (g + 4..<end + 1).contains(where: { s.isChar($0, UInt8(ascii: "{")) }) else { return nil }
        return g..<end + 1
    }

    /// Names of the calls whose closure runs concurrently with the caller.
    static let concurrentCallees: Set<String> = [
        "Task", "detached", "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "async", "asyncAfter",
        "concurrentPerform", "detachNewThread", "Thread",
    ]

    /// Whether the accessors of computed property `d` (declaration `di`) take a lock, read storage
    /// kept by a property wrapper (which synchronizes in its own accessors), or each only hand
    /// the work to functions of the file that synchronize (see `delegatesToSynchronizing`) or to
    /// members that `locking` says take a lock of their own (a method of the type, in any file).
    /// `storage`: the mutable stored variables of the file the accessors (or the functions they
    /// call) touch themselves.
    public func accessorsSynchronize(_ s: FileStructure, _ d: Decl, _ di: Int, storage: inout Set<Int>,
                                     locking: (String) -> Bool = { _ in false }) -> Bool {
        guard d.body >= 0 else { return false }
        let body = s.scopes[d.body]
        if regions.regions.contains(where: { $0.start >= body.open && $0.end <= body.close }) { return true }
        let wrapped = Set(s.decls.filter { $0.kind == .variable && $0.name >= 0 && s.hasPropertyWrapper($0) }.map(\.nameText))
        if !wrapped.isEmpty && (body.open..<body.close).contains(where: { s.code[$0].kind == .identifier && wrapped.contains(s.text($0)) }) {
            return true
        }
        // Each accessor on its own (`get { … } set { … }`), or the body as the getter.
        let accessors = s.children[di].filter { s.decls[$0].kind == .accessor && s.decls[$0].body >= 0 }
        let bodies = accessors.isEmpty ? [d.body] : accessors.map { s.decls[$0].body }
        var memo: [Int: Bool] = [:]
        var all = true
        let starts = accessors.isEmpty ? [d.start] : accessors.map { s.decls[$0].start }
        for (b, start) in zip(bodies, starts)
        where !delegatesToSynchronizing(s, scope: b, from: start, depth: 0, memo: &memo, storage: &storage, locking: locking) {
            all = false
        }
        return all
    }

    /// Whether the code of scope `sc` synchronizes: it takes a lock or makes an atomic operation
    /// (`x.load(ordering: .relaxed)`), or it calls functions of the file (or members `locking`
    /// names) and every one of them synchronizes (through at most three calls), and it touches
    /// no global or static mutable stored variable of the file itself (added to `storage`: that
    /// variable is then what is judged; not a name its signature, from token `from`, or its body
    /// binds). `memo`: per function body.
    func delegatesToSynchronizing(_ s: FileStructure, scope sc: Int, from: Int, depth: Int, memo: inout [Int: Bool], storage: inout Set<Int>,
                                  locking: (String) -> Bool) -> Bool {
        let body = s.scopes[sc]
        if regions.regions.contains(where: { $0.start >= body.open && $0.end <= body.close }) { return true }
        var calls = 0
        var ok = true
        var k = body.open + 1
        while k < body.close {
            defer { k += 1 }
            guard s.code[k].kind == .identifier else { continue }
            let member = s.isChar(k - 1, UInt8(ascii: "."))
            let call = s.isChar(k + 1, UInt8(ascii: "("))
            if member && call && AtomicProperties.operations.contains(s.text(k)) {
                let close = Int(s.match[k + 1])
                if close > k + 1 && (k + 2..<close).contains(where: { s.is($0, "ordering") && s.isChar($0 + 1, UInt8(ascii: ":")) }) { return ok }
            }
            if member && !s.isKeyword(k - 2, .self) { continue }
            let name = s.text(k)
            if call {
                if locking(name) {
                    calls += 1
                    continue
                }
                let functions = s.functionDecls(named: name).filter { s.decls[$0].body >= 0 }
                guard !functions.isEmpty else { continue }
                calls += 1
                guard depth < 3 else { ok = false; continue }
                for f in functions {
                    let fb = s.decls[f].body
                    if let known = memo[fb] {
                        if !known { ok = false }
                        continue
                    }
                    memo[fb] = false
                    let synchronizes = delegatesToSynchronizing(s, scope: fb, from: s.decls[f].start, depth: depth + 1, memo: &memo, storage: &storage,
                                                                locking: locking)
                    memo[fb] = synchronizes
                    if !synchronizes { ok = false }
                }
            } else if let v = (s.variablesByName[name] ?? []).first(where: { v in
                let vd = s.decls[v]
                return !vd.isLet && !vd.isComputed && (vd.parent < 0 || vd.isStaticMember)
            }), !(from..<body.open).contains(where: { s.code[$0].kind == .identifier && s.is($0, text: name) }),
               !s.binds(name, in: s.span(body.open, k)) {
                storage.insert(v)
                ok = false
            }
        }
        return ok && calls > 0
    }

    /// The lock held at every use of the variable in this file, if there is one.
    public mutating func commonLock(_ s: FileStructure, _ d: Decl, _ context: RuleContext) -> String? {
        // A local's uses are in its function; anything else's anywhere in the file.
        var range = 0..<s.count
        if d.parent >= 0, s.decls[d.parent].kind.isFunctionLike, s.decls[d.parent].body >= 0 {
            let body = s.scopes[s.decls[d.parent].body]
            range = s.span(body.open, body.close + 1)
        }
        let key = "\(d.nameText) \(d.isStaticMember) \(range.lowerBound)"
        if let known = lockByKey[key] { return known }
        let lock = commonLock(s, d, in: range, context)
        lockByKey[key] = lock
        return lock
    }

    func commonLock(_ s: FileStructure, _ d: Decl, in range: Range<Int>, _ context: RuleContext) -> String? {
        let all = byName[d.nameText] ?? []
        // The first occurrence in `range` (binary search: occurrences are in token order).
        var lo = 0
        var hi = all.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if all[mid] < range.lowerBound { lo = mid + 1 } else { hi = mid }
        }
        var uses: [Int] = []
        for i in all[lo...] {
            if i >= range.upperBound { break }
            if declaredNames.contains(i) { continue }
            if s.isChar(i - 1, UInt8(ascii: ".")) && !(s.isKeyword(i - 2, .self) || s.isKeyword(i - 2, .Self)) {
                // `Type.name` for statics is a use too; other receivers are other values.
                if !(d.isStaticMember && i >= 2 && s.code[i - 2].kind == .identifier) { continue }
            }
            if s.isChar(i + 1, UInt8(ascii: ":")) { continue }
            uses.append(i)
        }
        guard !uses.isEmpty else { return nil }
        let regions = self.regions
        guard !regions.regions.isEmpty else { return nil }
        var common: Set<String>? = nil
        for u in uses {
            let held = Set(regions.holding(u, in: s, directOnly: false).map { $0.lock.isEmpty ? "self" : $0.lock })
            common = common.map { $0.intersection(held) } ?? held
            if common!.isEmpty { return nil }
        }
        return common?.sorted().first
    }
}

extension VariableUses {
    /// Every use of var `d`'s name in the file but the declarations of vars of that name.
    public func uses(of d: Decl) -> [Int] {
        (byName[d.nameText] ?? []).filter { !declarationTokens.contains($0) }
    }
}
