/// Whether an outer lock is held across code, and at every write of a name in the file: a check
/// and an act that both run while one lock stays held (taken around both, or held on entry by
/// every call of the private function they are in), on state that every write (or use) in the
/// file also makes with that lock held, cannot be split by another thread. The lock-held
/// counterpart of `SerialSteps`.
///
/// A lock is held at a token when a region of it (a withLock closure, lock() … unlock(), a
/// deferred unlock, an acquire with no release after it) reaches the token without leaving it
/// for later code, or when the token runs straight in a private function of a type (through
/// closures run on the spot) every call of which in the file holds the lock, and whose body
/// never releases it.
public struct LockedSteps {
    let s: FileStructure
    let regions: LockRegions
    /// Function declaration → the locks every call of it in the file holds.
    private var entry: [Int: Set<String>] = [:]
    /// Function declaration and lock → whether its body releases that lock.
    private var releasing: [String: Bool] = [:]
    /// Name → its direct calls (worked out once, on first use).
    private var callTokens: [String: [Int]]? = nil
    /// Name → the tokens that write it (worked out once, on first use).
    private var writes: [String: [Int]]? = nil
    /// Name → its mentions as a value (`name`, `self.name`; not a member of something else).
    private var mentions: [String: [Int]]? = nil

    public init(_ s: FileStructure, regions: LockRegions) {
        self.s = s
        self.regions = regions
    }

    /// The locks (other than `except`) one holder keeps held across every token of `steps`.
    public mutating func outerLocks(across steps: [Int], except: String) -> [String] {
        guard let first = steps.first else { return [] }
        var out: [String] = []
        for lock in locks(at: first).sorted() where lock != Self.bare(except) {
            var common = holders(of: lock, at: first)
            for t in steps.dropFirst() where !common.isEmpty { common.formIntersection(holders(of: lock, at: t)) }
            if !common.isEmpty { out.append(lock) }
        }
        return out
    }

    /// Whether every write of `name` in the file (outside initializers and deinitializers) holds `lock`.
    /// (Writes in other types of the file count only through a member: `other.name = …`.)
    public mutating func everyWrite(of name: String, holds lock: String, inType type: String) -> Bool {
        if writes == nil { writes = SerialSteps.writeTokens(s) }
        return allHold((writes![name] ?? []).filter { typeName(of: $0) == type || (s.isChar($0 - 1, UInt8(ascii: ".")) && !s.isKeyword($0 - 2, .self)) }, lock)
    }

    /// Whether every mention of `name` in the file (`name`, `self.name`; outside initializers and
    /// deinitializers and its declaration) holds `lock`: for an object whose own methods write it.
    public mutating func everyUse(of name: String, holds lock: String, inType type: String) -> Bool {
        buildMentions()
        return allHold((mentions![name] ?? []).filter { typeName(of: $0) == type }, lock)
    }

    /// The name of the type token `k` is in (its declaration or an extension of it).
    public func typeName(of k: Int) -> String? {
        s.enclosingTypeName(of: k)
    }

    private mutating func buildMentions() {
        guard mentions == nil else { return }
        var byName: [String: [Int]] = [:]
        for k in 0..<s.code.count where s.code[k].kind == .identifier
            && (!s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))))
            && !s.isKeyword(k - 1, .var) && !s.isKeyword(k - 1, .let) && !s.isKeyword(k - 1, .func) {
            byName[s.text(k), default: []].append(k)
        }
        mentions = byName
    }

    private mutating func allHold(_ tokens: [Int], _ lock: String) -> Bool {
        for k in tokens {
            if let f = s.enclosingFunction(of: k), s.decls[f].kind == .initializer || s.decls[f].kind == .deinitializer { continue }
            if holders(of: lock, at: k).isEmpty { return false }
        }
        return true
    }

    /// What holds `lock` at `t`: the acquire token of each region of it that reaches `t`, and
    /// `-2 - d` when `t` runs straight in function `d`, which holds it on entry.
    mutating func holders(of lock: String, at t: Int) -> Set<Int> {
        var out = Set<Int>()
        for r in heldRegions(at: t) where Self.bare(r.lock) == lock { out.insert(r.acquireToken) }
        if let d = function(runningStraight: t), entryLocks(d).contains(lock), !releases(d, lock) { out.insert(-2 - d) }
        return out
    }

    /// Every lock held at `t` (by a region, or on entry of the function it runs straight in).
    mutating func locks(at t: Int) -> Set<String> {
        var out = Set(heldRegions(at: t).map { Self.bare($0.lock) })
        if let d = function(runningStraight: t) { out.formUnion(entryLocks(d).filter { !releases(d, $0) }) }
        return out
    }

    private func heldRegions(at t: Int) -> [LockRegion] {
        regions.holding(t, in: s, directOnly: false).filter { r in
            switch r.form {
            // (A deferred release's hold is cut at each exit: the pieces before are unreleased.)
            case .closure, .manual, .deferred, .unreleased: return true
            default: return false
            }
        }
    }

    /// The private function of a type whose body runs `t` when it runs (through closures run on the spot).
    private func function(runningStraight t: Int) -> Int? {
        guard let d = s.enclosingFunction(of: t), s.decls[d].kind == .function, s.decls[d].body >= 0,
              QueueReach.isPrivate(s, d), s.owningType(of: d) != nil,
              HeldReach.runsDuring(s, t, s.decls[d].body) else { return nil }
        return d
    }

    /// The locks every call of function `d` in the file holds (none when nothing calls it).
    private mutating func entryLocks(_ d: Int) -> Set<String> {
        if let known = entry[d] { return known }
        entry[d] = []
        if callTokens == nil { callTokens = QueueAlternatives.directCalls(s) }
        let body = s.scopes[s.decls[d].body]
        let name = s.decls[d].nameText
        let type = typeName(of: body.open)
        // Handed on as a value (`run(then: step)`), it may be called from anywhere.
        buildMentions()
        if (mentions![name] ?? []).contains(where: { !s.isChar($0 + 1, UInt8(ascii: "(")) && typeName(of: $0) == type }) { return [] }
        var common: Set<String>? = nil
        for k in callTokens![name] ?? [] where !(body.open < k && k < body.close) && typeName(of: k) == type {
            let here = locks(at: k)
            common = common.map { $0.intersection(here) } ?? here
            if common!.isEmpty { break }
        }
        let out = common ?? []
        entry[d] = out
        return out
    }

    /// Whether the body of `d` releases `lock` anywhere (hands over what its caller holds).
    private mutating func releases(_ d: Int, _ lock: String) -> Bool {
        let key = "\(d)|\(lock)"
        if let known = releasing[key] { return known }
        let body = s.scopes[s.decls[d].body]
        var found = false
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "("))
            && HeldReach.releases(s, k, lock: lock) {
            found = true
            break
        }
        releasing[key] = found
        return found
    }

    static func bare(_ lock: String) -> String {
        LockRegions.normalized(lock)
    }
}
