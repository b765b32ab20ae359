import LockLintCore

extension SplitCriticalSectionRule {
    /// A fill of state found absent (a value made outside the lock and stored under a second
    /// acquisition) is quiet by design: two callers make it twice and one is kept. Unless the
    /// same type, under the same lock, also sets the whole state to a value its caller hands in
    /// (a setter's `newValue`, a parameter): that value is newer than what the fill was made
    /// from, and a fill landing after it replaces it with an older one.
    /// Returns the name token of that write, or nil.
    /// - Parameters:
    ///   - name: the state the fill writes; `value`: the first token of the value it stores.
    static func callerWriteOverwritten(_ name: String, value: Int, lock: String, _ context: RuleContext) -> Int? {
        let s = context.structure
        // Only the whole state, stored directly (`x = made`), not one element (`x[k] = made`).
        guard name != CriticalSectionState.wholeValue, value >= 2, s.isChar(value - 1, UInt8(ascii: "=")),
              s.is(value - 2, text: name), let type = s.enclosingTypeName(of: value) else { return nil }
        let own = bare(lock)
        // The file's own wrappers that run a closure under a lock (`locked { }`) hold it too.
        var regions: LockRegions? = nil
        for a in s.assignments(of: name, in: 0..<s.code.count) where a != value - 2 {
            if s.isKeyword(a - 1, .let) || s.isKeyword(a - 1, .var) { continue }
            // `x = v` or `self.x = v`, not another object's `x`.
            if s.isChar(a - 1, UInt8(ascii: ".")) && !s.isKeyword(a - 2, .self) { continue }
            let v = a + 2
            guard v < s.code.count, s.code[v].kind == .identifier, s.startsStatementAfter(v),
                  s.enclosingTypeName(of: a) == type, let f = s.enclosingFunction(of: a) else { continue }
            let kind = s.decls[f].kind
            if kind == .initializer || kind == .deinitializer { continue }
            let given = ((kind == .variable || kind == .accessor) && s.is(v, text: "newValue")) || (kind.isFunctionLike && s.parameterType(s.text(v), of: f) != nil)
            guard given else { continue }
            // Held under the same lock, in the closure or stretch that runs it (not a closure inside it).
            let exec = s.enclosingExecutable(of: a)
            let holds: (LockRegion) -> Bool = { r in r.start < a && a < r.end && bare(r.lock) == own && exec == r.executable }
            if context.lockRegions.regions.contains(where: holds) { return a }
            if regions == nil {
                regions = context.lockRegions.addingLockScopedClosures(s, vocabulary: context.vocabulary, wrappers: context.wrapperMethods)
            }
            if regions!.regions.contains(where: holds) { return a }
        }
        return nil
    }

    private static func bare(_ lock: String) -> String {
        let n = LockRegions.normalized(lock)
        return n.hasPrefix("self.") ? String(n.dropFirst(5)) : n
    }
}
