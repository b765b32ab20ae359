/// Whether the receiver of a manual `x.lock()` is a mutex, judged by what it does: a type of the
/// run is a lock when its `lock()` takes one and a zero-argument `unlock()` gives it back (see
/// `TypeFacts.lockBehaviour`); a receiver of a type the run does not declare is a lock only with
/// evidence (it is declared with a lock type, named as one, or released in the file). A wallet's
/// or a document's `lock()` (a store's method that calls a service, sets state) is not.
public enum LockReceivers {
    /// The type the receiver of the acquire at token `at` is declared with in this file (a
    /// stored property, a local, a parameter, a closure's parameter), or nil.
    public static func declaredType(_ s: FileStructure, receiver: String, at: Int) -> String? {
        var name = Substring(receiver)
        if name.hasPrefix("self.") { name = name.dropFirst(5) }
        guard !name.isEmpty, !name.contains("."), !name.contains("(") else { return nil }
        let n = String(name)
        if case .variable(let d) = s.lookupVariable(n, at: at), let t = GuardLogExtractor.declaredTypeName(s.decls[d], s) { return t }
        return s.parameterTypeName(n, at: at) ?? s.closureParameterTypeName(n, at: at)
    }

    /// Whether closure `c` is handed to a method of a value declared with a lock type
    /// (`lock.perform { }`, an extension of the project's on `NSLocking`): a lock runs it on the
    /// caller's thread, holding the lock, never on another thread.
    public static func runsOnCallersThread(_ s: FileStructure, _ c: Closure, _ context: RuleContext) -> Bool {
        guard c.callee > 0, c.receiverStart >= 0, s.isChar(c.callee - 1, UInt8(ascii: ".")),
              let type = declaredType(s, receiver: LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1))), at: c.callee)
        else { return false }
        return context.vocabulary.looksLikeLock(type)
    }

    /// The acquire of region `r` (a `lock()` on a receiver, not `self`) is on a value whose type
    /// the run declares and whose `lock()` is not a mutex: every implementation (a protocol's:
    /// its conformers' and its extensions') takes no lock (it sets a flag, calls a service), or
    /// the type has no zero-argument `unlock()` to release it.
    public static func isDomainLock(_ r: LockRegion, _ context: RuleContext) -> Bool {
        isDomainReceiver(r.lock, at: r.acquireToken, context)
    }

    /// Whether the call named at token `k` of this file (`x.lock()`) is `lock()` on a value whose
    /// type's `lock()` is not a mutex (see `isDomainLock`): for rules that see an acquisition by its site.
    public static func isDomainAcquire(at k: Int, _ context: RuleContext) -> Bool {
        let s = context.structure
        guard k > 1, k < s.code.count, s.code[k].kind == .identifier, s.is(k, "lock"), s.isChar(k - 1, UInt8(ascii: ".")),
              s.isChar(k + 1, UInt8(ascii: "(")) else { return false }
        let r = LockRegions.receiverStart(s, dot: k - 1)
        guard r >= 0 else { return false }
        return isDomainReceiver(LockRegions.normalized(s.text(s.span(r, k - 1))), at: k, context)
    }

    /// `receiver` (as regions write it), at token `at`, is declared with a type of the run whose
    /// `lock()` is not a mutex (see `isDomainLock`).
    static func isDomainReceiver(_ receiver: String, at: Int, _ context: RuleContext) -> Bool {
        guard receiver != "self" else { return false }
        if let type = declaredType(context.structure, receiver: receiver, at: at) { return context.lockImplementations(type) == 2 }
        // A shared instance reached through its type (`Manager.shared.lock()`): judged by that
        // type's `lock()` (a static member of another type whose `lock()` is a mutex stays one).
        let parts = receiver.split(separator: ".")
        guard parts.count == 2, parts[0].first?.isUppercase == true, parts.allSatisfy({ $0.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } })
        else { return false }
        return context.lockImplementations(String(parts[0])) == 2
    }

    /// Whether anything the file shows says the receiver of region `r` is a lock, for an acquire
    /// the file never releases: its declared type is a lock type or a type of the run whose
    /// `lock()` takes one, or its name says lock (`lock`, `stateLock`, `mutex`, `spinlock`). Without any
    /// (a store's `lock()` called from a button's action) the call is not known to take a lock.
    public static func hasLockEvidence(_ r: LockRegion, _ context: RuleContext) -> Bool {
        let s = context.structure
        if r.lock == "self" { return true }
        // By whole camel-case words (`stateLock`, `_mutex`), or a name ending in `lock` that is not
        // another word (`rwlock`, `spinlock`; not `clock`, `block`).
        let name = r.lock.split(separator: ".").last.map(String.init) ?? r.lock
        let lower = name.lowercased()
        if LockVocabulary.namesLock(name) { return true }
        if lower.hasSuffix("lock") && !lower.hasSuffix("clock") && !lower.hasSuffix("block") && !lower.hasSuffix("unlock") { return true }
        guard let type = declaredType(s, receiver: r.lock, at: r.acquireToken) else { return false }
        if context.vocabulary.looksLikeLock(type) { return true }
        return context.lockImplementations(type) & 1 != 0
    }
}
