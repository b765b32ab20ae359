/// Whether code runs on the main actor whenever it runs, judged by what the code shows: the
/// declaration it is in is isolated to the main actor (its own `@MainActor`, its type's, a
/// main-actor base type of the SDK such as a SwiftUI `View` or a UIKit view controller, an
/// extension of such a type, the module's default isolation), or it sits in a closure that runs
/// there (`{ @MainActor in }`, `MainActor.run { }`, a block sent to `DispatchQueue.main`, the block
/// of a main-queue Core Data context's `perform { }`, see `MainQueueContexts`), or in a
/// `Task { }` or a closure run on the spot (`forEach`, `map`) inside such code, which inherit its
/// isolation. A detached or child task, a `@Sendable` closure, a block sent to another queue,
/// and a closure kept to run later (a completion handler) may run anywhere: not main.
public enum MainActorCode {
    public static func runs(_ s: FileStructure, at i: Int, context: RuleContext) -> Bool {
        guard i >= 0, i < s.scopeOf.count else { return false }
        var sc = Int(s.scopeOf[i])
        var steps = 0
        while sc >= 0 && steps < 128 {
            steps += 1
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                guard scope.closure >= 0, scope.closure < s.closures.count else { return false }
                let c = s.closures[scope.closure]
                if let a = AsyncContext.closureActorAttribute(s, c) { return s.is(a, "@MainActor") }
                if AsyncContext.isSendableClosure(s, c) { return false }
                guard c.callee >= 0 else { return false }
                let callee = s.text(c.callee)
                let dotted = s.isChar(c.callee - 1, UInt8(ascii: "."))
                if callee == "run" && dotted && s.is(c.callee - 2, "MainActor") { return true }
                if mainQueueMethods.contains(callee) && dotted {
                    // Only the main queue's blocks: any other queue's run on its own thread.
                    return s.is(c.callee - 2, "main") && s.isChar(c.callee - 3, UInt8(ascii: ".")) && s.is(c.callee - 4, "DispatchQueue")
                }
                // A main-queue Core Data context's `perform { }` runs its block on the main queue.
                if MainQueueContexts.runsOnMainQueue(s, c, context: context) { return true }
                // Handed, as the last argument, to a function of the run that types that
                // parameter `@MainActor` (`DispatchQueue.onMain { }` declared with `execute work:
                // @MainActor () -> Void`): the closure is isolated to the main actor.
                if c.isTrailing ? !(s.code.indices.contains(c.close + 2) && s.code[c.close + 1].isWord && s.isChar(c.close + 2, UInt8(ascii: ":")))
                                : s.isChar(c.close + 1, UInt8(ascii: ")")),
                   context.takesMainActorClosure(callee) {
                    return true
                }
                // `Task { }` and a view's `.task { }` inherit the isolation of the code around them.
                if (callee == "Task" && !dotted) || (AsyncContext.taskModifiers.contains(callee) && dotted) { break }
                // A closure run on the spot, while the caller waits, runs where the caller does.
                if AsyncContext.inlineCallees.contains(callee) || AsyncContext.asyncBodyCallees.contains(callee) {
                    if LockRegions.runsLater(s, c) { return false }
                    break
                }
                // A lock's method (`lock.perform { }`, the project's own, on a value declared with
                // a lock type) runs the closure on the caller's thread, holding the lock.
                if LockReceivers.runsOnCallersThread(s, c, context) { break }
                return false
            case .functionBody, .accessorBlock:
                let d = scope.decl
                guard d >= 0 else { break }
                let decl = s.decls[d]
                if decl.kind.isFunctionLike || (decl.kind == .variable && decl.isComputed) {
                    return AsyncContext.mainActor(ofDecl: d, in: s, context: context) != nil || MainThreadEntries.isInterfaceAction(s, decl)
                }
            case .typeBody:
                return false
            default:
                break
            }
            sc = scope.parent
        }
        return false
    }

    /// Methods of a dispatch queue whose block runs on that queue.
    static let mainQueueMethods: Set<String> = ["async", "asyncAfter", "sync", "asyncAndWait"]
}
