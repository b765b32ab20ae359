/// Where code runs when the main actor is what decides it: a declaration isolated to the main
/// actor (by its attribute, its type's, a UIKit/AppKit/SwiftUI base type, or the module's default
/// isolation), a closure marked `@MainActor`, or a `Task { }` that inherits the isolation of the
/// code that starts it. Main-actor code runs on the main thread, not on the cooperative pool, and
/// a message about blocking must say which of the two it blocks.
public struct MainActorIsolation: Equatable, Sendable {
    /// The token that isolates the code: the attribute, the base type in the inheritance clause,
    /// or the keyword of a declaration isolated by its module's default.
    public var anchor: Int
    /// The declaration whose isolation it is (a function, property or type), or -1 for a closure.
    public var decl: Int
    /// The closure marked `@MainActor` (or the main-queue block) that isolates it, or -1.
    public var closure: Int
    /// The main-actor base type it inherits the isolation from (`UIViewController`), or "".
    public var base: String
    /// Isolated by the module's `defaultIsolation(MainActor.self)`.
    public var byDefault: Bool

    /// A phrase for a note at `anchor`: what isolates the code to the main actor.
    public func describe(in s: FileStructure) -> String {
        if closure >= 0 {
            return s.code[anchor].kind == .attribute ? "@MainActor isolates this closure" : "this block runs on the main queue, on the main actor"
        }
        guard decl >= 0 else { return "this runs on the main actor" }
        let d = s.decls[decl]
        let what = d.kind.isType ? "\(d.kind.keyword) '\(d.nameText)'"
            : d.kind == .variable ? "property '\(d.nameText)'" : d.kind == .initializer ? "the initializer" : "function '\(d.nameText)()'"
        if byDefault { return "the module isolates \(what) to the main actor by default" }
        if !base.isEmpty { return "'\(base)' is a main-actor type: \(what) inherits its isolation" }
        return "@MainActor isolates \(what)"
    }
}

extension AsyncContext {
    /// The main-actor isolation of the async code an origin names, or nil when it runs on the
    /// cooperative pool (a nonisolated or actor function, a detached or child task, an async
    /// closure with no actor of its own).
    public static func mainActor(_ o: AsyncOrigin, in s: FileStructure, context: RuleContext) -> MainActorIsolation? {
        switch o {
        case .function(let d):
            return mainActor(ofDecl: d, in: s, context: context)
        case .task(let ci), .closure(let ci):
            let c = s.closures[ci]
            if let a = closureActorAttribute(s, c) { return s.is(a, "@MainActor") ? MainActorIsolation(anchor: a, decl: -1, closure: ci, base: "", byDefault: false) : nil }
            // `Task { }` and SwiftUI's `.task { }` inherit the isolation of the code that starts
            // them, as does the body of `withTaskGroup`; detached and child tasks do not, nor do
            // other async closures.
            guard c.callee >= 0 else { return nil }
            let callee = s.text(c.callee)
            let inherits = callee == "Task" || (taskModifiers.contains(callee) && s.isChar(c.callee - 1, UInt8(ascii: ".")))
                || asyncBodyCallees.contains(callee)
            return inherits ? inheritedMainActor(ofClosure: ci, in: s, context: context) : nil
        }
    }

    /// The isolation a `Task { }` (or any closure that inherits its context's isolation) started
    /// in closure `ci` gets from the code around it. Non-Sendable closures (a Combine `sink`, a
    /// `map`, a `sync` block) pass their context's isolation on; a block sent to a queue other
    /// than main, a detached or child task, a thread's block or a closure marked `@Sendable` is
    /// nonisolated; a block sent to the main queue runs on the main actor.
    public static func inheritedMainActor(ofClosure ci: Int, in s: FileStructure, context: RuleContext) -> MainActorIsolation? {
        var sc = s.closures[ci].scope >= 0 ? s.scopes[s.closures[ci].scope].parent : -1
        var steps = 0
        while sc >= 0 && steps < 64 {
            steps += 1
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                if let a = closureActorAttribute(s, c) {
                    return s.is(a, "@MainActor") ? MainActorIsolation(anchor: a, decl: -1, closure: scope.closure, base: "", byDefault: false) : nil
                }
                if isSendableClosure(s, c) { return nil }
                if c.callee >= 0 {
                    let callee = s.text(c.callee)
                    if callee == "run" && s.isChar(c.callee - 1, UInt8(ascii: ".")) && s.is(c.callee - 2, "MainActor") {
                        return MainActorIsolation(anchor: c.callee - 2, decl: -1, closure: scope.closure, base: "", byDefault: false)
                    }
                    if callee == "async" || callee == "asyncAfter" || callee == "concurrentPerform" {
                        // The compiler isolates a block sent to the main queue to the main actor;
                        // any other queue's block is nonisolated.
                        guard s.isChar(c.callee - 1, UInt8(ascii: ".")), s.is(c.callee - 2, "main"), s.isChar(c.callee - 3, UInt8(ascii: ".")),
                              s.is(c.callee - 4, "DispatchQueue") else { return nil }
                        return MainActorIsolation(anchor: c.callee, decl: -1, closure: scope.closure, base: "", byDefault: false)
                    }
                    if sendableCallees.contains(callee) { return nil }
                }
            case .functionBody, .accessorBlock:
                let d = scope.decl
                guard d >= 0 else { break }
                if s.decls[d].kind.isFunctionLike || (s.decls[d].kind == .variable && s.decls[d].isComputed) {
                    return mainActor(ofDecl: d, in: s, context: context)
                }
            case .typeBody:
                return nil
            default:
                break
            }
            sc = scope.parent
        }
        return nil
    }

    /// Callees whose closure is `@Sendable` and nonisolated: it runs on another thread, and a
    /// `Task { }` started in it inherits no actor.
    static let sendableCallees: Set<String> = [
        "detached", "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "addImmediateTask", "Thread", "detachNewThread",
    ]

    /// Whether closure `ci`, written in an actor's code, runs off the actor: it is marked
    /// `@Sendable` or given a global actor, it is handed to a callee that runs it as a detached or
    /// child task or on a thread or a queue (not the main one), or it is stored as a callback in a
    /// property of another object (`handle.readabilityHandler = { … }`), which calls it on its own
    /// thread. A closure stored in the actor's own property (`self.onDone = { … }`) or passed to
    /// any other call is not known to.
    public static func runsOffActor(_ s: FileStructure, closure ci: Int) -> Bool {
        let c = s.closures[ci]
        if isSendableClosure(s, c) || closureActorAttribute(s, c) != nil { return true }
        if c.callee >= 0 {
            let callee = s.text(c.callee)
            if sendableCallees.contains(callee) { return true }
            if callee == "async" || callee == "asyncAfter" || callee == "concurrentPerform" {
                return s.isChar(c.callee - 1, UInt8(ascii: ".")) && !s.is(c.callee - 2, "main")
            }
            return false
        }
        // `a.b.handler = {`: the member assigned belongs to another object than the actor.
        let eq = c.open - 1
        guard eq >= 3, s.isChar(eq, UInt8(ascii: "=")), s.code[eq - 1].kind == .identifier, s.isChar(eq - 2, UInt8(ascii: ".")) else { return false }
        return !(s.isKeyword(eq - 3, .self) && !s.isChar(eq - 4, UInt8(ascii: ".")))
    }

    /// `{ @Sendable in … }` / `{ @Sendable () -> Void in … }`.
    static func isSendableClosure(_ s: FileStructure, _ c: Closure) -> Bool {
        guard c.inKeyword > c.open else { return false }
        return s.span(c.open + 1, c.inKeyword).contains { s.code[$0].kind == .attribute && s.is($0, "@Sendable") }
    }

    /// A global-actor attribute in a closure's signature (`{ @MainActor in }`): its token.
    public static func closureActorAttribute(_ s: FileStructure, _ c: Closure) -> Int? {
        guard c.inKeyword > c.open else { return nil }
        for k in s.span(c.open + 1, c.inKeyword) where s.code[k].kind == .attribute {
            let name = s.text(k)
            if name == "@MainActor" || (name.hasSuffix("Actor") && name.dropFirst().first?.isUppercase == true) { return k }
        }
        return nil
    }

    /// The main-actor isolation of a declaration (a function, accessor, property or type): its own
    /// `@MainActor` (or, for an accessor, its property's), else its type's (an attribute, a
    /// main-actor base type, an extension of such a type), else the module's default. Nil when it
    /// is `nonisolated`, isolated to another actor, or not isolated.
    public static func mainActor(ofDecl d: Int, in s: FileStructure, context: RuleContext) -> MainActorIsolation? {
        var k = d
        var steps = 0
        while k >= 0 && steps < 32 {
            steps += 1
            let decl = s.decls[k]
            if decl.modifiers.contains(.nonisolated) || decl.modifiers.contains(.nonisolatedUnsafe) { return nil }
            if let a = globalActorAttribute(s, decl) {
                return s.is(a, "@MainActor") ? MainActorIsolation(anchor: a, decl: k, closure: -1, base: "", byDefault: false) : nil
            }
            if decl.kind == .actor { return nil }
            if decl.kind.isType {
                if let base = mainActorBase(s, k, context: context) {
                    return MainActorIsolation(anchor: base.token, decl: k, closure: -1, base: base.name, byDefault: false)
                }
                if decl.kind == .extension {
                    // An extension of a type declared (in this file) with an isolating attribute or base.
                    for t in s.typeDecls(named: decl.nameText) where s.decls[t].kind != .extension {
                        if s.decls[t].kind == .actor { return nil }
                        if let a = globalActorAttribute(s, s.decls[t]) {
                            return s.is(a, "@MainActor") ? MainActorIsolation(anchor: a, decl: t, closure: -1, base: "", byDefault: false) : nil
                        }
                        if let base = mainActorBase(s, t, context: context) {
                            return MainActorIsolation(anchor: base.token, decl: t, closure: -1, base: base.name, byDefault: false)
                        }
                    }
                    if context.isActor(decl.nameText) { return nil }
                    // A class declared in another file of the run that is main-actor isolated.
                    if context.inheritsMainActor(superclass: decl.nameText) {
                        return MainActorIsolation(anchor: decl.name >= 0 ? decl.name : decl.keyword, decl: k, closure: -1, base: decl.nameText, byDefault: false)
                    }
                }
                // A nested type does not take the isolation of the type around it.
                break
            }
            k = decl.parent
        }
        if context.fileContext.defaultMainActor {
            return MainActorIsolation(anchor: s.decls[d].keyword, decl: d, closure: -1, base: "", byDefault: true)
        }
        return nil
    }

    static func globalActorAttribute(_ s: FileStructure, _ d: Decl) -> Int? {
        guard d.hasAttributes else { return nil }
        for a in s.attributes(of: d) {
            let name = s.text(a)
            if name == "@MainActor" || (name.hasSuffix("Actor") && name.dropFirst().first?.isUppercase == true) { return a }
        }
        return nil
    }

    /// A main-actor UIKit/AppKit/SwiftUI type among those type `d` inherits (a class's superclass
    /// chain followed through the run): its name and token.
    static func mainActorBase(_ s: FileStructure, _ d: Int, context: RuleContext) -> (name: String, token: Int)? {
        let type = s.decls[d]
        guard type.kind == .class || type.kind == .struct || type.kind == .extension || type.kind == .enum else { return nil }
        for t in s.inheritedTypes(of: d) where MainActorTypes.isMainActorType(t.name) || (type.kind == .class && context.inheritsMainActor(superclass: t.name)) {
            return (t.name, t.token)
        }
        return nil
    }
}
