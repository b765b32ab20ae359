/// Where a lock made inside an actor's member is used: whether the code that takes it runs off the
/// actor, so blocking on it never stalls the actor's executor. Read by `lock_in_actor`.
public enum LockUses {
    /// Whether the lock declared by local variable `lock` (in a member of an actor) is made or
    /// used only outside the actor's isolation: its member (or one around it) is `nonisolated`,
    /// its declaration sits in a closure that runs off the actor, or every use of it after the
    /// declaration does (see `AsyncContext.runsOffActor`). A lock with no use seen is not.
    public static func outsideActor(_ s: FileStructure, lock: Int) -> Bool {
        let d = s.decls[lock]
        var p = d.parent
        var member = -1
        while p >= 0 && !s.decls[p].kind.isType {
            let m = s.decls[p]
            if m.modifiers.contains(.nonisolated) || m.modifiers.contains(.nonisolatedUnsafe) { return true }
            if m.body >= 0 && (m.kind.isFunctionLike || m.kind == .variable) { member = p }
            p = m.parent
        }
        guard member >= 0, d.name >= 0 else { return false }
        let body = s.scopes[s.decls[member].body]
        if inClosureOffActor(s, d.name, within: body.open) { return true }
        var uses = 0
        for k in s.span(d.name + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: d.nameText) {
            if s.isChar(k - 1, UInt8(ascii: ".")) { continue }
            // An argument label (`f(lock: x)`).
            if s.isChar(k + 1, UInt8(ascii: ":")) && (s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ","))) { continue }
            if !inClosureOffActor(s, k, within: body.open) { return false }
            uses += 1
        }
        return uses > 0
    }

    /// Whether token `t` sits in a closure (between it and the member's body at `open`) that runs
    /// off the actor.
    static func inClosureOffActor(_ s: FileStructure, _ t: Int, within open: Int) -> Bool {
        var sc = Int(s.scopeOf[t])
        var steps = 0
        while sc >= 0 && s.scopes[sc].open > open && steps < 64 {
            steps += 1
            let scope = s.scopes[sc]
            if scope.kind == .closure && scope.closure >= 0 && AsyncContext.runsOffActor(s, closure: scope.closure) { return true }
            sc = scope.parent
        }
        return false
    }
}
