/// What runs while a lock is held: tokens reached from a held region without leaving it (only
/// through closures run on the spot), acquisitions that can never be on one path with the held
/// one (other cases of a switch, other branches of an if/else chain), calls that hand the lock
/// over (a callee that releases it first), the release of a lock, and the statements a region
/// runs with the lock held.
public enum HeldReach {
    /// Callees whose closure argument runs at once, while the caller's lock is still held.
    static let onTheSpot: Set<String> = [
        "forEach", "filter", "reduce", "contains", "first", "firstIndex", "last",
        "lastIndex", "allSatisfy", "sorted", "sort", "min", "max", "removeAll", "partition", "drop", "prefix",
        "withExtendedLifetime", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withoutActuallyEscaping",
        "withLock", "withLockedValue", "withLockUnchecked", "withCriticalRegion", "withLockIfAvailable", "sync",
        "mapValues",
    ]

    /// Whether token `t` runs while scope `exec` runs: every closure between them is run on the spot.
    public static func runsDuring(_ s: FileStructure, _ t: Int, _ exec: Int) -> Bool {
        var sc = Int(s.scopeOf[t])
        while sc >= 0 {
            if sc == exec { return true }
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                guard c.callee >= 0, Self.onTheSpot.contains(s.text(c.callee)) else { return false }
            case .functionBody, .typeBody, .accessorBlock:
                return false
            default:
                break
            }
            sc = scope.parent
        }
        return false
    }

    /// Whether tokens `a` and `b` lie in different cases of one switch or different branches of
    /// one if/else chain (never both on one path).
    public static func exclusive(_ s: FileStructure, _ a: Int, _ b: Int) -> Bool {
        let chainA = Array(s.enclosingScopes(of: a))
        let chainB = Array(s.enclosingScopes(of: b))
        let setA = Set(chainA)
        guard let lca = chainB.first(where: { setA.contains($0) }) else { return false }
        // The children of the common scope on each side (nil: directly in it).
        let childA = chainA.firstIndex(of: lca).flatMap { $0 > 0 ? chainA[$0 - 1] : nil }
        let childB = chainB.firstIndex(of: lca).flatMap { $0 > 0 ? chainB[$0 - 1] : nil }
        let scope = s.scopes[lca]
        if scope.kind == .statement, scope.statementKeyword >= 0, s.isKeyword(scope.statementKeyword, .switch) {
            return caseLabel(s, before: childA.map { s.scopes[$0].open } ?? a, in: lca)
                != caseLabel(s, before: childB.map { s.scopes[$0].open } ?? b, in: lca)
        }
        guard let ca = childA, let cb = childB, ca != cb else { return false }
        let (first, second) = s.scopes[ca].open < s.scopes[cb].open ? (ca, cb) : (cb, ca)
        guard s.scopes[first].kind == .statement, s.scopes[second].kind == .statement else { return false }
        var j = s.scopes[first].close
        var steps = 0
        while s.isKeyword(j + 1, .else) && steps < 1000 {
            steps += 1
            var next = -1
            if s.isKeyword(j + 2, .if), let body = s.statementBody(of: j + 2) {
                next = body
            } else if s.isChar(j + 2, UInt8(ascii: "{")) {
                next = Int(s.scopeOf[j + 2])
            }
            guard next >= 0 else { return false }
            if next == second { return true }
            j = s.scopes[next].close
        }
        return false
    }

    static func caseLabel(_ s: FileStructure, before i: Int, in sw: Int) -> Int {
        var j = i
        while j > s.scopes[sw].open {
            if Int(s.scopeOf[j]) == sw && s.isCaseLabel(j, inSwitch: sw) { return j }
            j -= 1
        }
        return -1
    }

    /// Whether, between a manual acquire at `from` and token `to`, the function calls a method of
    /// this file that releases `lock` before taking it (the lock is handed over).
    public static func handedOver(_ s: FileStructure, from: Int, to: Int, lock: String) -> Bool {
        var k = from + 1
        while k < to {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, s.isChar(k + 1, UInt8(ascii: "(")),
                  !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) else { continue }
            let name = s.text(k)
            for f in s.functionDecls(named: name) where s.decls[f].body >= 0 && s.compatible(f, with: k) {
                let body = s.scopes[s.decls[f].body]
                var q = body.open + 1
                while q < body.close {
                    if s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "(")) {
                        if releases(s, q, lock: lock) { return true }
                        if (s.is(q, "lock") || s.is(q, "withLock")) && s.isChar(q - 1, UInt8(ascii: ".")) { break }
                    }
                    q += 1
                }
            }
        }
        return false
    }

    /// Whether the call named at `k` releases `lock` (`lock.unlock()`, `pthread_mutex_unlock(&lock)`).
    public static func releases(_ s: FileStructure, _ k: Int, lock: String) -> Bool {
        let name = s.text(k)
        guard name == "unlock" || name.hasSuffix("_unlock") || name == "objc_sync_exit" else { return false }
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            var q = k - 2
            while q >= 0 && (s.isChar(q, UInt8(ascii: "?")) || s.isChar(q, UInt8(ascii: "!"))) { q -= 1 }
            let last = lock.split(separator: ".").last.map(String.init) ?? lock
            return q >= 0 && s.text(q) == last
        }
        let close = Int(s.match[k + 1])
        return close > k && LockRegions.normalized(s.text(s.span(k + 2, close)).filter { $0 != "&" }) == lock
    }

    /// The statements run with the region's lock held, leaving out the lock's own acquire and
    /// release and a `defer` that releases it; statements nested in blocks are part of theirs.
    static func heldStatements(_ s: FileStructure, _ r: LockRegion) -> [Range<Int>] {
        var out: [Range<Int>] = []
        var j = r.start + 1
        // A manual acquire may sit inside the region's first tokens: start after its call.
        if r.acquireToken > r.start && r.acquireToken < r.end, s.isChar(r.acquireToken + 1, UInt8(ascii: "(")) {
            j = max(j, Int(s.match[r.acquireToken + 1]) + 1)
        }
        var steps = 0
        while j < r.end && steps < 10_000 {
            steps += 1
            if s.isChar(j, UInt8(ascii: ";")) { j += 1; continue }
            if s.isKeyword(j, .defer), s.isChar(j + 1, UInt8(ascii: "{")), Int(s.match[j + 1]) > j + 1 {
                let close = Int(s.match[j + 1])
                if s.span(j + 2, close).contains(where: { s.code[$0].kind == .identifier && releases(s, $0, lock: r.lock) }) {
                    j = close + 1
                    continue
                }
            }
            let end = max(j + 1, min(s.statementEnd(from: j, limit: r.end), r.end))
            // The release itself (`lock.unlock()`, `pthread_mutex_unlock(&m)`).
            let isRelease = s.span(j, end).contains { s.code[$0].kind == .identifier && s.isChar($0 + 1, UInt8(ascii: "(")) && releases(s, $0, lock: r.lock) }
                && end - j <= 8
            if !isRelease { out.append(j..<end) }
            j = end
        }
        return out
    }
}

/// Whether a manual acquire blocks until it has the lock: not `tryLock()`, not a timed
/// `lock(before:)` / `lock(whenValue:timeoutSeconds:)`, not an `if`/`guard`/`while` condition.
public enum BlockingAcquire {
    public static func check(_ s: FileStructure, _ a: Int) -> Bool {
        if s.is(a, "tryLock") || s.is(a, "try") { return false }
        let close = Int(s.match[a + 1])
        if close > a {
            for k in s.span(a + 2, close) where (s.is(k, "before") || s.is(k, "timeoutSeconds")) && s.isChar(k + 1, UInt8(ascii: ":")) { return false }
        }
        var j = a - 1
        while j >= 0 && (s.code[j].isWord || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: "!"))) {
            if s.isKeyword(j, .if) || s.isKeyword(j, .guard) || s.isKeyword(j, .while) { return false }
            if s.code[j].kind == .keyword && s.code[j].word != .self { break }
            j -= 1
        }
        return true
    }
}
