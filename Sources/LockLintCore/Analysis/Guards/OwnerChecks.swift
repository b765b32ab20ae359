/// Re-entry by the thread that holds a lock, known by what the code does: a var set to the
/// current thread (`owner = Thread.current`, `ownerID = Thread.current.threadId`,
/// `holder = pthread_self()`) while a lock is held, and a branch taken when that var is the
/// current thread (`if owner == Thread.current { … }`, `guard ownerID != Thread.current.threadId
/// else { … }`). The branch runs on the thread that set the var under the lock, which still holds
/// it: the lock is held there, though the branch does not take it (taking it again would
/// deadlock a lock that is not recursive).
public enum OwnerChecks {
    /// The regions of such branches, given the regions found so far (the lock regions among them
    /// say which lock each owner var is set under).
    static func regions(_ s: FileStructure, _ known: [GuardRegions.Region]) -> [GuardRegions.Region] {
        guard s.identifiers.mayContainAny(["current", "pthread_self"]) else { return [] }
        // Owner var → the lock held where it is set to the current thread.
        var owners: [String: String] = [:]
        for k in 1..<max(1, s.code.count - 1) where s.isChar(k, UInt8(ascii: "=")) && s.code[k].kind != .identifier {
            guard let name = plainName(s, end: k), currentThread(s, from: k + 1) != nil, let exec = s.enclosingExecutable(of: k) else { continue }
            let lock = known.first { r in
                r.start < k && k < r.end && r.definite && r.executable == exec && r.held?.kind == .lock
            }?.held?.name
            guard let lock else { continue }
            if let other = owners[name], other != lock { owners[name] = "" } else { owners[name] = lock }
        }
        owners = owners.filter { !$0.value.isEmpty }
        guard !owners.isEmpty else { return [] }
        var out: [GuardRegions.Region] = []
        for k in 0..<s.code.count where s.isKeyword(k, .if) || s.isKeyword(k, .guard) {
            guard let test = comparison(s, from: k + 1, owners: owners), let exec = s.enclosingExecutable(of: k) else { continue }
            var body: Int? = nil
            if s.isKeyword(k, .if) {
                guard let then = s.statementBody(of: k) else { continue }
                if test.equal {
                    body = then
                } else if s.isKeyword(s.scopes[then].close + 1, .else), s.isChar(s.scopes[then].close + 2, UInt8(ascii: "{")) {
                    body = s.statementBody(of: s.scopes[then].close + 1)
                }
            } else if !test.equal, let e = s.guardElse(of: k) {
                body = s.statementBody(of: e)
            }
            guard let b = body else { continue }
            let scope = s.scopes[b]
            out.append(GuardRegions.Region(start: scope.open, end: scope.close, executable: exec, held: HeldGuard(test.lock, .lock),
                                           receiver: test.lock, writes: true, definite: true, form: ""))
        }
        return out
    }

    /// Whether token `t` names the var of an owner comparison (see `comparison`) that makes up
    /// a whole `if` or `guard` condition, the var being set to the current thread under `lock`.
    public static func isOwnerTest(_ s: FileStructure, _ t: Int, lock: String) -> Bool {
        guard t > 0, t < s.code.count, s.code[t].kind == .identifier else { return false }
        var k = t - 1
        while k >= 0 && t - k < 12 {
            if s.isKeyword(k, .if) || s.isKeyword(k, .guard) { return comparison(s, from: k + 1, owners: [s.text(t): lock]) != nil }
            if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ";")) { return false }
            k -= 1
        }
        return false
    }

    /// The var assigned by the `=` at `end`: `x` or `self.x` starting its statement.
    static func plainName(_ s: FileStructure, end: Int) -> String? {
        let k = end - 1
        guard k >= 0, s.code[k].kind == .identifier else { return nil }
        var first = k
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            guard s.isKeyword(k - 2, .self) else { return nil }
            first = k - 2
        }
        guard first == 0 || s.code[first].flags.contains(.newlineBefore) || s.isChar(first - 1, UInt8(ascii: ";"))
                || s.isChar(first - 1, UInt8(ascii: "{")) else { return nil }
        return s.text(k)
    }

    /// The token after the current-thread expression starting at `k` (`Thread.current`, with any
    /// members after it, or `pthread_self()`), or nil when none starts there.
    static func currentThread(_ s: FileStructure, from k: Int) -> Int? {
        if s.is(k, "pthread_self"), s.isChar(k + 1, UInt8(ascii: "(")), s.isChar(k + 2, UInt8(ascii: ")")) { return k + 3 }
        guard s.is(k, "Thread"), s.isChar(k + 1, UInt8(ascii: ".")), s.is(k + 2, "current") else { return nil }
        var j = k + 3
        while s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.code.count && s.code[j + 1].kind == .identifier { j += 2 }
        return j
    }

    /// A condition that is one comparison of an owner var with the current thread, in either
    /// order (`owner == Thread.current`, `Thread.current.threadId != self.ownerID`), up to the
    /// `{` or `else` that ends it: the owner's lock, and whether it tests equality.
    static func comparison(_ s: FileStructure, from start: Int, owners: [String: String]) -> (lock: String, equal: Bool)? {
        // The owner var as an operand: `x` or `self.x` (the index of its name, and the token after it).
        func owner(_ k: Int) -> (String, Int)? {
            var j = k
            if s.isKeyword(j, .self), s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
            guard j < s.code.count, s.code[j].kind == .identifier, let lock = owners[s.text(j)] else { return nil }
            return (lock, j + 1)
        }
        func isOperator(_ k: Int) -> Bool? {
            if s.is(k, "==") || s.is(k, "===") { return true }
            if s.is(k, "!=") || s.is(k, "!==") { return false }
            return nil
        }
        func ends(_ k: Int) -> Bool { s.isChar(k, UInt8(ascii: "{")) || s.isKeyword(k, .else) }
        if let (lock, next) = owner(start), let equal = isOperator(next), let after = currentThread(s, from: next + 1), ends(after) {
            return (lock, equal)
        }
        if let next = currentThread(s, from: start), let equal = isOperator(next), let (lock, after) = owner(next + 1), ends(after) {
            return (lock, equal)
        }
        return nil
    }
}
