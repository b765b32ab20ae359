/// Static state behind a lock of its type: a static stored `var` (of a class, struct, enum or
/// extension), or a global `var`, that the file's code accesses with a lock held, or on a serial queue, in some
/// places and without it in others. Static storage is one value for the whole process, so the
/// code that locks around it shows that it is shared across threads, whatever the type's kind.
///
/// The guard is inferred from the accesses, as for instance state: the lock (or queue) held at
/// the most accesses, provided it is held at a write, and names a
/// static member of the type or a variable the file declares at top level. Only what this file
/// shows is judged; an access in a function that some call in the file makes with the guard
/// held, or whose name or comment says its caller holds it, is the caller's business.
public struct StaticStateAccess: Sendable, Equatable {
    /// The variable's declaration (index into `decls`), and the name of the type declaring it
    /// (empty for a variable the file declares at top level).
    public let variable: Int
    public let typeName: String
    /// The unguarded access (its first one in that function).
    public let access: Int
    public let isWrite: Bool
    /// The guard as the guarded accesses hold it (`lock`, `Self.lock`, `queue`).
    public let guardName: String
    /// Whether the guard is a serial queue (its blocks) rather than a lock.
    public let isQueue: Bool
    /// The guarded accesses, in file order, and those of them that write.
    public let guarded: [Int]
    public let guardedWrites: [Int]
    /// How a guarded access takes the lock, as code (`lock.withLock { … }`, `lock.lock(); defer { lock.unlock() }`).
    public let form: String
    /// Where the file takes the guard only if it is free (`if lock.try()`), or nil: the lock is a
    /// gate there too.
    public var gate: Int? = nil
    /// The var's other unguarded accesses in the same function (one finding, these as notes).
    public var alsoUnguarded: [Int] = []
}

public enum StaticState {
    /// The unguarded accesses of this file's guarded static state, one per variable and function.
    public static func unguardedAccesses(_ context: RuleContext) -> [StaticStateAccess] {
        let s = context.structure
        guard !context.isTestCode,
              LockGraph.mayAcquire(s, vocabulary: context.vocabulary) || s.identifiers.mayContainAny(["sync", "async"]) else { return [] }
        var candidates: [Int] = []
        for di in s.decls.indices {
            let d = s.decls[di]
            guard d.kind == .variable, !d.isLet, !d.isComputed, !d.nameText.isEmpty, !s.hasGlobalActor(d), !s.hasPropertyWrapper(d) else { continue }
            if d.parent < 0 {
                // A global: one value for the process, like a static. (A `var` of top-level code
                // in a closure, a loop or a branch, `Thread { var sum = 0 … }` in a script, is a
                // local of that block.)
                if d.keyword >= 0 && d.keyword < s.scopeOf.count && Int(s.scopeOf[d.keyword]) >= 0 { continue }
                candidates.append(di)
                continue
            }
            guard d.isStaticMember, let owner = s.owningType(of: di), s.decls[owner].kind != .actor, s.decls[owner].kind != .protocol,
                  !s.hasGlobalActor(s.decls[owner]) else { continue }
            candidates.append(di)
        }
        guard !candidates.isEmpty else { return [] }
        let uses = VariableUses(of: candidates, s, context)
        // The closures passed to the types' own static wrappers (`static func withState(_ body:)`
        // that runs `body` under a static lock) hold that lock.
        let wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: context.vocabulary, regions: context.lockRegions, statics: true)
        let regions = wrappers.isEmpty ? uses.regions : uses.regions.addingLockScopedClosures(s, vocabulary: context.vocabulary, wrappers: wrappers)
        guard !regions.regions.isEmpty else { return [] }
        let singleThreaded = s.singleThreadedRanges()
        // The names the file locks (as the regions name them, `Self.` and the type's name off).
        let lockNames = Set(regions.regions.map { r in String(r.lock.split(separator: ".").last ?? Substring(r.lock)) })
        let topLevel = Set(s.topLevel.filter { s.decls[$0].kind == .variable }.map { s.decls[$0].nameText })
        // Per variable, its guard and the accesses made without it (at most one per function).
        var pending: [(access: StaticStateAccess, function: Int?)] = []
        // The static members of each type, worked out once per type (a type may have many vars).
        var staticsByType: [String: Set<String>] = [:]
        // The uses of each name that may be an access of some variable of that name (not a
        // declaration, a label or in single-threaded code), worked out once per name: many
        // types may declare a static of one name (`shared`).
        var usesByName: [String: [Int]] = [:]
        for di in candidates {
            let d = s.decls[di]
            let typeName = s.owningType(of: di).map { s.decls[$0].nameText } ?? ""
            if staticsByType[typeName] == nil { staticsByType[typeName] = typeName.isEmpty ? [] : staticMembers(s, typeName: typeName) }
            let statics = staticsByType[typeName]!
            // What counts as a write: an assignment, and for a value type a change through a
            // member or a mutating method (a method called on an object changes the object).
            let declared = d.typeAnnotation.isEmpty ? GuardLogExtractor.declaredTypeName(d, s) : s.text(d.typeAnnotation)
            let through = VariableUses.writesThrough(type: declared, context)
            // Each access and the guards held there (true for a queue's block).
            // (A lock the tool cannot resolve to the type's or the file's, such as one reached
            // through another value, may be the var's guard: an access holding only such a lock
            // is neither counted nor reported.)
            var accesses: [(token: Int, write: Bool, held: [String: Bool], unresolved: Bool)] = []
            if usesByName[d.nameText] == nil {
                usesByName[d.nameText] = (uses.byName[d.nameText] ?? []).filter { i in
                    !uses.declarationTokens.contains(i) && !s.isChar(i + 1, UInt8(ascii: ":")) && !singleThreaded.contains(where: { $0.contains(i) })
                }
            }
            for i in usesByName[d.nameText]! {
                guard i < d.start || i >= d.end,
                      typeName.isEmpty ? isGlobalUse(s, i, of: di) : isUse(s, i, of: d.nameText, typeName: typeName) else { continue }
                // `_ = Self.x`: the value is thrown away, nothing can act on a stale one.
                if StateAccess.isDiscardedRead(s, i) { continue }
                var held: [String: Bool] = [:]
                var unresolved = false
                for r in regions.holding(i, in: s, directOnly: false) {
                    let name = ownName(r.lock, typeName: typeName)
                    guard statics.contains(name) || topLevel.contains(name) else { unresolved = true; continue }
                    if case .queue = r.form { held[name] = true } else { held[name] = held[name] ?? false }
                }
                // In a closure handed to a method of one of the file's locks that the tool does
                // not know (`changesLock.perform { }`, a protocol extension of the run's): that
                // method may run it holding the lock; cannot tell.
                if held.isEmpty && !unresolved && inLockMethodClosure(s, i, locks: lockNames) { unresolved = true }
                accesses.append((i, StateWrites.writeKind(s, i).map { $0.isEmpty || through.writes($0) } ?? false, held, unresolved && held.isEmpty))
            }
            // The guard: held at the most accesses, and at a write among them.
            var counts: [String: (all: Int, writes: Int, queue: Bool)] = [:]
            for a in accesses {
                for (g, q) in a.held {
                    let c = counts[g] ?? (0, 0, q)
                    counts[g] = (c.all + 1, c.writes + (a.write ? 1 : 0), q)
                }
            }
            guard let best = counts.max(by: { ($0.value.all, $1.key) < ($1.value.all, $0.key) }),
                  best.value.writes >= 1 else { continue }
            let g = best.key
            let guarded = accesses.filter { $0.held[g] != nil }.map(\.token)
            let guardedWrites = accesses.filter { $0.held[g] != nil && $0.write }.map(\.token)
            let form = lockForm(g, at: guarded[0], s, regions, typeName: typeName)
            let gate = best.value.queue ? nil : conditionalTake(g, s, regions, typeName: typeName)
            // A write made without the guard is the nonisolated(unsafe) rule's to report.
            let optedOut = d.modifiers.contains(.nonisolatedUnsafe)
            var seen: [Int: Int] = [:]  // function → its entry in `pending`
            for a in accesses where a.held[g] == nil && !a.unresolved && !(optedOut && a.write) {
                let f = s.enclosingFunction(of: a.token)
                if let f {
                    if let k = seen[f] {
                        pending[k].access.alsoUnguarded.append(a.token)
                        continue
                    }
                    guard !UnitWalker.saysCallerHolds(s, s.decls[f]) else { continue }
                    seen[f] = pending.count
                }
                pending.append((StaticStateAccess(variable: di, typeName: typeName, access: a.token, isWrite: a.write, guardName: g, isQueue: best.value.queue,
                                                  guarded: guarded, guardedWrites: guardedWrites, form: form, gate: gate), f))
            }
        }
        guard !pending.isEmpty else { return [] }
        // The calls of the functions holding those accesses, found in one pass: a function that
        // some call in the file makes with the guard held leaves the guard to its callers.
        let names = Set(pending.compactMap { $0.function }.filter { s.decls[$0].kind == .function }.map { s.decls[$0].nameText })
        let calls = s.uses(of: names).mapValues { $0.filter { s.isChar($0 + 1, UInt8(ascii: "(")) } }
        return pending.compactMap { p in
            guard let f = p.function, s.decls[f].kind == .function else { return p.access }
            let d = s.decls[f]
            let heldByCaller = (calls[d.nameText] ?? []).contains { k in
                (k < d.start || k >= d.end) && regions.holding(k, in: s, directOnly: false).contains {
                    ownName($0.lock, typeName: p.access.typeName) == p.access.guardName
                }
            }
            return heldByCaller ? nil : p.access
        }
    }

    /// The names of the static members the file declares for type `typeName` (in the type and
    /// its extensions here).
    static func staticMembers(_ s: FileStructure, typeName: String) -> Set<String> {
        var out = Set<String>()
        for t in s.typeDecls(named: typeName) {
            for m in s.children[t] where s.decls[m].kind == .variable && s.decls[m].isStaticMember { out.insert(s.decls[m].nameText) }
        }
        return out
    }

    /// A lock's name without a `Self.` or `Type.` qualifier.
    static func ownName(_ lock: String, typeName: String) -> String {
        if lock.hasPrefix("Self.") { return String(lock.dropFirst(5)) }
        if lock.hasPrefix(typeName + ".") { return String(lock.dropFirst(typeName.count + 1)) }
        return lock
    }

    /// Whether name token `i` uses the static var of `typeName`: qualified by `Self.` or the
    /// type's name anywhere, by `self.` in a static member, or bare in a static member of the
    /// type where no local or parameter of the name hides it.
    static func isUse(_ s: FileStructure, _ i: Int, of name: String, typeName: String) -> Bool {
        if s.isChar(i - 1, UInt8(ascii: ".")) {
            guard i >= 2 else { return false }
            if s.isKeyword(i - 2, .Self) { return s.enclosingTypeName(of: i) == typeName }
            if s.code[i - 2].kind == .identifier && s.text(i - 2) == typeName { return !s.isChar(i - 3, UInt8(ascii: ".")) }
            guard s.isKeyword(i - 2, .self) else { return false }
        }
        guard let member = staticMember(s, holding: i), s.enclosingTypeName(of: i) == typeName else { return false }
        if s.isChar(i - 1, UInt8(ascii: ".")) { return true }
        if s.decls[member].parameterNames.contains(name) { return false }
        let body = s.decls[member].body
        guard body >= 0 else { return true }
        let range = s.span(s.scopes[body].open, s.scopes[body].close + 1)
        return !s.binds(name, in: range, visibleAt: i)
    }

    /// Whether name token `i` uses global `d`: written bare where no local, parameter or member
    /// of that name hides it.
    static func isGlobalUse(_ s: FileStructure, _ i: Int, of d: Int) -> Bool {
        guard !s.isChar(i - 1, UInt8(ascii: ".")), case .variable(let found) = s.lookupVariable(s.decls[d].nameText, at: i) else { return false }
        return found == d
    }

    /// The static member (function, accessor or property) of a type whose body holds token `i`,
    /// through closures; nil in instance code.
    static func staticMember(_ s: FileStructure, holding i: Int) -> Int? {
        for sc in s.enclosingScopes(of: i) {
            let d = s.scopes[sc].decl
            guard d >= 0 else { continue }
            if s.decls[d].kind.isType { return nil }
            if s.decls[d].kind == .accessor { continue }
            if s.decls[d].kind.isFunctionLike || s.decls[d].kind == .variable {
                guard s.owningType(of: d) != nil else { continue }
                return s.decls[d].isStaticMember ? d : nil
            }
        }
        return nil
    }

    /// Whether token `i` is in a closure passed to a method called on a lock of the file by
    /// name (`lock.perform { }`, `Self.lock.around { }`), the closure's own or an outer one.
    static func inLockMethodClosure(_ s: FileStructure, _ i: Int, locks: Set<String>) -> Bool {
        guard !locks.isEmpty else { return false }
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            if scope.kind == .closure && scope.closure >= 0 {
                let c = s.closures[scope.closure]
                if c.callee >= 2 && s.isChar(c.callee - 1, UInt8(ascii: ".")) && s.code[c.callee - 2].kind == .identifier
                    && locks.contains(s.text(c.callee - 2)) {
                    return true
                }
            }
            if scope.kind == .functionBody { return false }
        }
        return false
    }

    /// A place the file takes lock `g` only if it is free (`if g.try()`, `tryLock()`): the lock
    /// is also a gate there, whose answer any other hold of it changes.
    static func conditionalTake(_ g: String, _ s: FileStructure, _ regions: LockRegions, typeName: String) -> Int? {
        for r in regions.regions where ownName(r.lock, typeName: typeName) == g {
            switch r.form {
            case .manual(let acquire, _), .deferred(let acquire, _):
                if LockRegions.isConditionalTakeName(acquire) { return r.acquireToken }
            default: continue
            }
        }
        return nil
    }

    /// How the region holding token `i` takes lock `g`, written as code.
    static func lockForm(_ g: String, at i: Int, _ s: FileStructure, _ regions: LockRegions, typeName: String) -> String {
        for r in regions.holding(i, in: s, directOnly: false) where ownName(r.lock, typeName: typeName) == g {
            let l = r.lock
            switch r.form {
            case .closure(let method, _), .queue(let method, _):
                // A wrapper of the type called bare (`withState { }`) names no receiver.
                return s.isChar(r.acquireToken - 1, UInt8(ascii: ".")) ? "\(l).\(method) { … }" : "\(method) { … }"
            case .manual(let acquire, let release), .deferred(let acquire, let release):
                // (A conditional take, `if l.try()`, holds it only when it was free: not a form
                // to hold it with.)
                if LockRegions.isConditionalTakeName(acquire) { continue }
                return "\(l).\(acquire)(); defer { \(l).\(release)() }"
            default: continue
            }
        }
        return "\(g).lock(); defer { \(g).unlock() }"
    }
}
