/// Why the code at a token is part of Swift concurrency, and on which executor it runs: an
/// async function or closure, a `Task { }` body (its origin), a member of an actor, code isolated
/// to a global actor by its declaration, its type or its closure's attribute, or a `Task { }` that
/// inherits the main actor from the code that starts it. Nil for code that is none of these: a
/// `nonisolated` or static actor member, a callback that may run on any thread, a continuation's
/// body.
public enum ConcurrencyIsolation {
    /// Async code with no actor of its own: an async function, an async closure, a task's body.
    case async(AsyncOrigin)
    /// A method (or other member) of an actor: the actor's declaration or extension.
    case actor(type: Int, member: Int?)
    /// `@MainActor` (or another global actor) on a type, extension or function (`decl`), or on
    /// a closure (`closure`).
    case globalActor(name: String, decl: Int, attribute: Int)
    /// A closure marked with a global actor (`Task { @MainActor in … }`).
    case globalActorClosure(name: String, closure: Int, attribute: Int)
    /// A `Task { }` (or a task group's body) that inherits the main actor from the code that starts it.
    case inheritedMainActor(MainActorIsolation, origin: AsyncOrigin)

    /// Code that already runs on the main actor.
    public var isMainActor: Bool {
        switch self {
        case .globalActor(let name, _, _), .globalActorClosure(let name, _, _): return name == "MainActor"
        case .inheritedMainActor: return true
        case .async, .actor: return false
        }
    }

    /// The isolation or async context that makes the code at `i` part of Swift concurrency.
    public static func of(_ s: FileStructure, at i: Int, context: RuleContext) -> ConcurrencyIsolation? {
        var crossedSyncFunction = false
        var member: Int? = nil
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let ci = scope.closure
                // Inside a continuation body the hop is how a callback world is bridged: the task
                // awaits the continuation, which the dispatched block resumes.
                let calleeToken = s.closures[ci].callee
                if calleeToken >= 0 && Self.continuationCallees.contains(s.text(calleeToken)) { return nil }
                // `Task { @MainActor in … }`: the closure's actor says where it runs.
                if let (name, attr) = closureGlobalActor(s, s.closures[ci]) {
                    return .globalActorClosure(name: name, closure: ci, attribute: attr)
                }
                if !crossedSyncFunction, let o = AsyncContext.origin(s, at: s.closures[ci].open + 1), o == .closure(ci) || o == .task(ci) {
                    // `Task { }` (not detached) inherits the isolation of the code that starts it,
                    // through closures that pass it on (a Combine `sink` in a main-actor
                    // initializer): judged by that actor.
                    if let isolated = AsyncContext.mainActor(o, in: s, context: context) { return .inheritedMainActor(isolated, origin: o) }
                    return .async(o)
                }
                let callee = s.closures[ci].callee
                if callee >= 0 && AsyncContext.inlineCallees.contains(s.text(callee)) { continue }
                return nil
            case .functionBody, .accessorBlock:
                let d = scope.decl
                guard d >= 0 else { continue }
                let decl = s.decls[d]
                if decl.kind == .variable {
                    // The accessor block around a getter or observer already judged.
                    if crossedSyncFunction { continue }
                    // A computed property's implicit getter.
                    if let (name, attr) = actorAttribute(s, decl) { return .globalActor(name: name, decl: d, attribute: attr) }
                    if decl.modifiers.contains(.nonisolated) || decl.modifiers.contains(.nonisolatedUnsafe) { return nil }
                    crossedSyncFunction = true
                    member = d
                    continue
                }
                guard decl.kind.isFunctionLike else { continue }
                // The member's own attributes, or those of the property an accessor belongs to.
                var holders = [d]
                if decl.kind == .accessor && decl.parent >= 0 && s.decls[decl.parent].kind == .variable { holders.append(decl.parent) }
                // A global actor wins over `async`: an async main-actor method already runs on the
                // main actor, and advice to await it there would be wrong.
                for h in holders {
                    if let (name, attr) = actorAttribute(s, s.decls[h]) { return .globalActor(name: name, decl: h, attribute: attr) }
                    if s.decls[h].modifiers.contains(.nonisolated) || s.decls[h].modifiers.contains(.nonisolatedUnsafe) {
                        return decl.isAsync && !crossedSyncFunction ? .async(.function(d)) : nil
                    }
                }
                if decl.isAsync && !crossedSyncFunction {
                    if let t = enclosingMainActorType(s, d, context: context) { return t }
                    return .async(.function(d))
                }
                crossedSyncFunction = true
                member = holders.last
            case .typeBody:
                let d = scope.decl
                guard d >= 0 else { return nil }
                let type = s.decls[d]
                if let (name, attr) = actorAttribute(s, type) { return .globalActor(name: name, decl: d, attribute: attr) }
                let isActor: Bool
                switch type.kind {
                case .actor: isActor = true
                case .extension: isActor = declaredActor(s, type.nameText) || context.isActor(type.nameText)
                default: isActor = false
                }
                if isActor {
                    // Static members of an actor are not isolated to an instance.
                    if let m = member, s.decls[m].isStaticMember { return nil }
                    return .actor(type: d, member: member)
                }
                // An extension of a global-actor type declared in this file.
                if type.kind == .extension, let (name, decl, attr) = globalActorDeclaration(s, type.nameText) {
                    return .globalActor(name: name, decl: decl, attribute: attr)
                }
                // An extension of a type declared `@MainActor` in another file. (A `@MainActor`
                // on another extension isolates that extension's members only.)
                if type.kind == .extension && context.isDeclaredMainActor(type.nameText) {
                    return .globalActor(name: "MainActor", decl: d, attribute: type.name >= 0 ? type.name : type.keyword)
                }
                return nil
            default:
                continue
            }
        }
        return nil
    }

    static let continuationCallees: Set<String> = [
        "withCheckedContinuation", "withCheckedThrowingContinuation", "withUnsafeContinuation", "withUnsafeThrowingContinuation",
    ]

    /// The main-actor isolation a type inherits from a UIKit/AppKit class it (or a class of the
    /// run it subclasses) inherits: the inheritance token is the place to point at.
    static func mainActorByInheritance(_ s: FileStructure, _ d: Int, context: RuleContext) -> ConcurrencyIsolation? {
        let type = s.decls[d]
        guard type.kind == .class || type.kind == .extension || type.kind == .struct else { return nil }
        for t in s.inheritedTypes(of: d) where MainActorTypes.isMainActorType(t.name) || (type.kind != .struct && context.inheritsMainActor(superclass: t.name)) {
            let token = type.inheritance.first { s.code[$0].kind == .identifier && s.is($0, text: t.name) } ?? type.keyword
            return .globalActor(name: "MainActor", decl: d, attribute: token)
        }
        // An extension of a class declared here that inherits it.
        if type.kind == .extension {
            for di in s.typeDecls(named: type.nameText) where s.decls[di].kind == .class {
                if let i = mainActorByInheritance(s, di, context: context) { return i }
            }
        }
        return nil
    }

    /// For an async member: the main-actor type (by attribute or inheritance) it belongs to.
    static func enclosingMainActorType(_ s: FileStructure, _ member: Int, context: RuleContext) -> ConcurrencyIsolation? {
        var p = s.decls[member].parent
        while p >= 0 && !s.decls[p].kind.isType { p = s.decls[p].parent }
        guard p >= 0 else { return nil }
        if let (name, attr) = actorAttribute(s, s.decls[p]) { return .globalActor(name: name, decl: p, attribute: attr) }
        if s.decls[p].kind == .extension, let (name, decl, attr) = globalActorDeclaration(s, s.decls[p].nameText) {
            return .globalActor(name: name, decl: decl, attribute: attr)
        }
        return mainActorByInheritance(s, p, context: context)
    }

    /// A global-actor attribute on a declaration: its name and token.
    static func actorAttribute(_ s: FileStructure, _ d: Decl) -> (String, Int)? {
        for a in s.attributes(of: d) {
            let name = String(s.text(a).dropFirst())
            if name == "MainActor" || (name.hasSuffix("Actor") && name.first?.isUppercase == true) { return (name, a) }
        }
        return nil
    }

    /// `{ @MainActor in … }` / `{ @MainActor () -> Void in … }`.
    static func closureGlobalActor(_ s: FileStructure, _ c: Closure) -> (String, Int)? {
        guard c.inKeyword > c.open else { return nil }
        for k in s.span(c.open + 1, c.inKeyword) where s.code[k].kind == .attribute {
            let name = String(s.text(k).dropFirst())
            if name == "MainActor" || (name.hasSuffix("Actor") && name.first?.isUppercase == true) { return (name, k) }
        }
        return nil
    }

    static func declaredActor(_ s: FileStructure, _ name: String) -> Bool {
        s.typeDecls(named: name).contains { s.decls[$0].kind == .actor }
    }

    static func globalActorDeclaration(_ s: FileStructure, _ name: String) -> (String, Int, Int)? {
        for di in s.typeDecls(named: name) where s.decls[di].kind != .extension {
            if let (n, a) = actorAttribute(s, s.decls[di]) { return (n, di, a) }
        }
        return nil
    }
}
