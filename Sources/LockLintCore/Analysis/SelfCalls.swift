/// Which members of a type a call on `self` reaches: the methods and computed properties a
/// name called or read at a token resolves to (by argument labels, unless a local of that name
/// hides them; a key path read counts as reading the properties it can name), and whether a
/// member takes a lock, itself or through such calls, before giving it back.
public enum SelfCalls {
    /// A method or computed property of a type, as a call on `self` can reach it.
    public struct Member {
        public var decl: Int
        public var name: String
        /// Body scope (function body or accessor block).
        public var body: Int
        public var isProperty: Bool
        /// The argument labels of a method's parameters, and whether each has a default.
        public var labels: [Label]
    }

    /// One call in a chain: the token that calls and the member (index into the members) it reaches.
    public struct Step {
        public var call: Int
        public var member: Int

        public init(call: Int, member: Int) {
            self.call = call
            self.member = member
        }
    }

    /// For `self[keyPath: kp]` at the `keyPath` label `k`: the computed properties the key path
    /// may read (the one named by a literal `\.name`, else every computed property of the type).
    public static func keyPathMembers(_ s: FileStructure, _ k: Int, _ members: [Member]) -> [Int]? {
        guard s.is(k, "keyPath"), s.isChar(k + 1, UInt8(ascii: ":")), s.isChar(k - 1, UInt8(ascii: "[")),
              s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { return nil }
        let close = Int(s.match[k - 1])
        guard close > k + 2 else { return nil }
        // `\.name` or `\Type.name`: that property only.
        var named: String? = nil
        if s.is(k + 2, "\\") {
            var j = k + 3
            if s.code[j].kind == .identifier && s.isChar(j + 1, UInt8(ascii: ".")) { j += 1 }
            if s.isChar(j, UInt8(ascii: ".")) && s.code[j + 1].kind == .identifier { named = s.text(j + 1) }
            guard named != nil else { return nil }
        }
        let out = members.indices.filter { members[$0].isProperty && (named == nil || members[$0].name == named) }
        return out.isEmpty ? nil : out
    }

    /// Methods and computed properties of type `name` (its declaration and extensions in this file).
    public static func collectMembers(_ name: String, _ s: FileStructure) -> [Member] {
        s.callableMembers(ofTypeNamed: name).map { c in
            let m = s.decls[c]
            let isProperty = m.kind == .variable
            // A property with explicit accessors: reading it (and `x += 1`) runs its getter.
            var body = m.body
            if isProperty, let get = s.children[c].first(where: { s.decls[$0].kind == .accessor && s.decls[$0].nameText == "get" }),
               s.decls[get].body >= 0 {
                body = s.decls[get].body
            }
            return Member(decl: c, name: m.nameText, body: body, isProperty: isProperty, labels: isProperty ? [] : parameterLabels(s, m))
        }
    }

    /// The argument labels of a function's parameters, and whether each has a default.
    static func parameterLabels(_ s: FileStructure, _ d: Decl) -> [Label] {
        var j = d.typeAnnotation.lowerBound
        while j < d.typeAnnotation.upperBound && !s.isChar(j, UInt8(ascii: "(")) {
            if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: "<") {
                // Generic parameters: skip to the closing `>`.
                var depth = 0
                while j < d.typeAnnotation.upperBound {
                    if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: "<") { depth += 1 }
                    if s.code[j].kind == .operator && s.file.bytes[Int(s.code[j].start)] == UInt8(ascii: ">") { depth -= s.code[j].length; if depth <= 0 { break } }
                    j += 1
                }
            }
            j += 1
        }
        guard s.isChar(j, UInt8(ascii: "(")) else { return [] }
        let close = Int(s.match[j])
        guard close > j else { return [] }
        var out: [Label] = []
        var segStart = j + 1
        var k = j + 1
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                if k > segStart {
                    var colon = segStart
                    while colon < k && !s.isChar(colon, UInt8(ascii: ":")) { colon += 1 }
                    var hasDefault = false
                    var q = colon
                    while q < k {
                        if s.isChar(q, UInt8(ascii: "=")) { hasDefault = true }
                        if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) {
                            let m = Int(s.match[q])
                            if m > q { q = m }
                        }
                        q += 1
                    }
                    var first = segStart
                    while first < colon && s.code[first].kind == .attribute { first += 1 }
                    let label = colon > first ? s.text(first) : "_"
                    // A Bool literal default (`lockIsHeld: Bool = false`): what a call that leaves it out passes.
                    let literal = hasDefault && k - 2 > colon && s.isChar(k - 2, UInt8(ascii: "=")) && (s.is(k - 1, "true") || s.is(k - 1, "false"))
                    out.append(Label(label: label, hasDefault: hasDefault, defaultBool: literal ? s.is(k - 1, "true") : nil))
                }
                segStart = k + 1
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return out
    }

    /// The call's argument labels (`_` for an unlabelled one, `{` for a trailing closure).
    /// Whether the `{` at `j` opens a closure.
    static func opensClosure(_ s: FileStructure, _ j: Int) -> Bool {
        guard j + 1 < s.code.count else { return false }
        let sc = Int(s.scopeOf[j + 1])
        return sc >= 0 && s.scopes[sc].kind == .closure && s.scopes[sc].open == j
    }

    static func argumentLabels(_ s: FileStructure, _ k: Int) -> [String] {
        var out: [String] = []
        var j = k + 1
        if s.isChar(j, UInt8(ascii: "(")) {
            let close = Int(s.match[j])
            guard close > j else { return out }
            var segStart = j + 1
            var q = j + 1
            while q <= close {
                if q == close || s.isChar(q, UInt8(ascii: ",")) {
                    if q > segStart {
                        out.append(s.code[segStart].isWord && s.isChar(segStart + 1, UInt8(ascii: ":")) ? s.text(segStart) : "_")
                    }
                    segStart = q + 1
                } else if s.isChar(q, UInt8(ascii: "(")) || s.isChar(q, UInt8(ascii: "[")) || s.isChar(q, UInt8(ascii: "{")) {
                    let m = Int(s.match[q])
                    if m > q { q = m }
                }
                q += 1
            }
            j = close + 1
        }
        // Trailing closures: a `{` that opens a closure (not the body of the `switch`, `if` or
        // `for` whose condition ends with the call: `switch f(x) { … }`).
        while s.isChar(j, UInt8(ascii: "{")) && !s.code[j].flags.contains(.newlineBefore) && opensClosure(s, j) {
            out.append("{")
            let m = Int(s.match[j])
            guard m > j else { break }
            j = m + 1
            if j < s.code.count && s.code[j].isWord && s.isChar(j + 1, UInt8(ascii: ":")) && s.isChar(j + 2, UInt8(ascii: "{")) { j += 2 }
        }
        return out
    }

    /// Whether `name(label:other:)` at token `k` names a method rather than calls it: every
    /// segment between the parentheses is a label and its colon, with no value.
    public static func isMethodReference(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.isChar(k + 1, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[k + 1])
        guard close > k + 2 else { return false }
        var q = k + 2
        while q < close {
            guard s.code[q].isWord, s.isChar(q + 1, UInt8(ascii: ":")) else { return false }
            q += 2
        }
        return q == close
    }

    /// A parameter's argument label, and whether a call may leave the argument out.
    public struct Label: Sendable, Equatable {
        public var label: String
        public var hasDefault: Bool
        /// The default when it is a Bool literal.
        public var defaultBool: Bool? = nil
    }

    /// Whether a call whose key is `name(a:_:)` (`StateAccess.callKey`) may call a function
    /// with these parameters, the ones with defaults left out or not.
    public static func callMatches(_ callKey: String, _ params: [Label]) -> Bool {
        guard let open = callKey.firstIndex(of: "("), callKey.hasSuffix(")") else { return false }
        let inner = callKey[callKey.index(after: open)..<callKey.index(before: callKey.endIndex)]
        let call = inner.split(separator: ":").map(String.init)
        return labelsMatch(call, params)
    }

    static func labelsMatch(_ call: [String], _ params: [Label]) -> Bool {
        var i = 0
        for p in params {
            if i < call.count && (call[i] == p.label || call[i] == "{") {
                i += 1
            } else if !p.hasDefault {
                return false
            }
        }
        return i == call.count
    }

    /// The members of the type that token `k` calls on `self` (`name(…)`, `self.name(…)`, a
    /// computed property read `name` / `self.name`).
    public static func calledMembers(_ s: FileStructure, _ k: Int, _ members: [Member], _ byName: [String: [Int]]) -> [Int]? {
        let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
        guard onSelf, !s.isKeyword(k - 1, .func), !s.isKeyword(k - 1, .var), !s.isKeyword(k - 1, .let) else { return nil }
        var out: [Int] = []
        let isCall = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "{")) && !s.code[k + 1].flags.contains(.newlineBefore))
        var labels: [String]? = nil
        // Only the members of this name (found through the index, not by comparing with every member).
        guard let candidates = byName[s.text(k)] else { return nil }
        for n in candidates {
            let m = members[n]
            // A member of a twin type in another branch of an `#if` is not this type's.
            if !s.compatible(m.decl, with: k) { continue }
            // A parameter, local or closure parameter of that name hides the member.
            if isShadowed(s, k, m.name) { continue }
            if m.isProperty {
                // A read, not a call, not an assignment target, not a label.
                if isCall || s.isChar(k + 1, UInt8(ascii: ":")) { continue }
                out.append(n)
            } else {
                guard isCall, !isMethodReference(s, k) else { continue }
                if labels == nil { labels = argumentLabels(s, k) }
                if labelsMatch(labels!, m.labels) { out.append(n) }
            }
        }
        return out.isEmpty ? nil : out
    }

    /// Whether a local binding, parameter or closure parameter named `name` is visible at `k`.
    public static func isShadowed(_ s: FileStructure, _ k: Int, _ name: String) -> Bool {
        guard !s.isChar(k - 1, UInt8(ascii: ".")) else { return false }
        guard let f = s.enclosingFunction(of: k) else { return false }
        if s.decls[f].parameterNames.contains(name) { return true }
        let body = s.decls[f].body
        guard body >= 0 else { return false }
        return s.bindsLocal(name, from: s.scopes[body].open, at: k)
    }

    /// A chain of calls from member `m` to an acquisition of the lock, or nil.
    /// Whether a chain's first call leads into a branch of the member that the call's literal
    /// argument rules out (`f(x, barrier: true)` into `if !barrier { … }`; see `FlagLocks.ruledOut`).
    public static func firstStepRuledOut(_ s: FileStructure, _ chain: (steps: [Step], acquire: Int), _ members: [Member]) -> Bool {
        guard let first = chain.steps.first else { return false }
        let member = members[first.member]
        let next = chain.steps.count > 1 ? chain.steps[1].call : chain.acquire
        return !member.isProperty && FlagLocks.ruledOut(s, next, body: member.body, parameters: s.decls[member.decl].parameterNames,
                                                        labels: member.labels.map(\.label), call: first.call)
    }

    public static func acquiresTransitively(_ m: Int, members: [Member], byName: [String: [Int]], acquisitions: [LockRegion], s: FileStructure, depth: Int,
                              visiting: inout Set<Int>) -> (steps: [Step], acquire: Int)? {
        guard depth < 8, visiting.insert(m).inserted else { return nil }
        let body = s.scopes[members[m].body]
        var firstAcquire = -1
        // The acquisitions are in token order (the caller sorts them): the first one in the body that runs
        // with it, found by binary search rather than by looking at every acquisition.
        var lo = 0
        var hi = acquisitions.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if acquisitions[mid].acquireToken <= body.open { lo = mid + 1 } else { hi = mid }
        }
        while lo < acquisitions.count && acquisitions[lo].acquireToken < body.close {
            if HeldReach.runsDuring(s, acquisitions[lo].acquireToken, members[m].body) {
                firstAcquire = acquisitions[lo].acquireToken
                break
            }
            lo += 1
        }
        // A member that gives the lock back first (`releaseLockThenNotify()`) is called with it
        // held on purpose.
        let lock = acquisitions.first?.lock ?? ""
        var k0 = body.open + 1
        let limit = firstAcquire >= 0 ? firstAcquire : body.close
        while k0 < limit {
            if s.code[k0].kind == .identifier && s.isChar(k0 + 1, UInt8(ascii: "(")) && HeldReach.releases(s, k0, lock: lock) { return nil }
            k0 += 1
        }
        if firstAcquire >= 0 { return ([], firstAcquire) }
        var k = body.open + 1
        while k < body.close {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, let callees = calledMembers(s, k, members, byName), HeldReach.runsDuring(s, k, members[m].body) else { continue }
            for c in callees where c != m {
                if let chain = acquiresTransitively(c, members: members, byName: byName, acquisitions: acquisitions, s: s, depth: depth + 1, visiting: &visiting) {
                    return ([Step(call: k, member: c)] + chain.steps, chain.acquire)
                }
            }
        }
        return nil
    }
}
