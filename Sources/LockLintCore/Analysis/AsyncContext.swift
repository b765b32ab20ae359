/// Whether code runs in an asynchronous context: the body of an `async` function or accessor,
/// an `async` closure, or a closure passed to `Task` / `Task.detached` / a task group's
/// `addTask`. Shared by rules that care about blocking the cooperative thread pool.
public enum AsyncContext {
    public static let taskCallees: Set<String> = ["Task", "detached", "addTask", "addTaskUnlessCancelled", "addDiscardingTask", "addImmediateTask"]

    public static func isAsync(_ s: FileStructure, at i: Int) -> Bool {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                if c.isAsync { return true }
                if c.callee >= 0 && taskCallees.contains(s.text(c.callee)) { return true }
                // Other closures may run anywhere: keep looking outward only for immediate ones.
                if c.callee >= 0 && LockRegions.immediateCallees.contains(s.text(c.callee)) { continue }
                return false
            case .functionBody, .accessorBlock:
                let d = scope.decl
                if d >= 0 && s.decls[d].kind.isFunctionLike { return s.decls[d].isAsync }
                if d >= 0 && s.decls[d].kind == .variable { return false }
                continue
            default:
                continue
            }
        }
        return false
    }
}
