/// Functions that take storage `inout` and touch it only while holding a guard they take
/// themselves: the lock they are a method of (`extension NSLock { func update(_ x: inout T) {
/// lock(); defer { unlock() }; x = … } }`), a lock or queue handed in as another parameter
/// (`func mutate(_ x: inout T, under lock: NSLock)`), or a lock or queue stored in their own
/// object (a class's `pop(&pending)` that takes the class's lock). Storage passed `&x` to one is touched under
/// that guard for the call. A function that touches its `inout` parameter outside such a region
/// is recorded too, as no guard: a call the tool cannot tell apart from it guards nothing.
///
/// An entry is `Type|labels|defaults|inout|lock`: the declaring type (empty at file level), the
/// argument labels (`_` for none) joined by `,`, one `1`/`0` per parameter for a default value,
/// the `inout` parameters' positions joined by `,`, and `self`, `l<i>` (the lock parameter at
/// position i), `q<i>` (a queue parameter whose `sync` block holds it), `.name` (a lock stored in
/// the method's own object, `private func pop(_ q: inout [T]) { lock.lock(); defer { … }; … }`),
/// `:name` (a queue stored there, whose `sync` block holds it) or `-` (no guard).
public enum InoutGuards {
    public struct Entry: Equatable {
        public var type: String
        public var labels: [String]
        public var defaults: [Bool]
        public var inouts: [Int]
        public var lock: String

        public var encoded: String {
            "\(type)|\(labels.joined(separator: ","))|\(defaults.map { $0 ? "1" : "0" }.joined())|"
                + "\(inouts.map(String.init).joined(separator: ","))|\(lock)"
        }

        public init?(_ text: String) {
            let parts = text.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 5 else { return nil }
            type = parts[0]
            labels = parts[1].isEmpty ? [] : parts[1].split(separator: ",").map(String.init)
            defaults = parts[2].map { $0 == "1" }
            inouts = parts[3].split(separator: ",").compactMap { Int($0) }
            lock = parts[4]
            guard defaults.count == labels.count else { return nil }
        }

        init(type: String, labels: [String], defaults: [Bool], inouts: [Int], lock: String) {
            self.type = type
            self.labels = labels
            self.defaults = defaults
            self.inouts = inouts
            self.lock = lock
        }

        /// The parameter each argument of a call fills, for arguments labelled `call` (`nil` for a
        /// trailing closure written without a label), or nil when the call cannot be this function.
        public func positions(of call: [String?]) -> [Int]? {
            var out: [Int] = []
            var i = 0
            for label in call {
                while i < labels.count {
                    if label == nil || labels[i] == label! { break }
                    guard defaults[i] else { return nil }
                    i += 1
                }
                guard i < labels.count else { return nil }
                out.append(i)
                i += 1
            }
            while i < labels.count {
                guard defaults[i] else { return nil }
                i += 1
            }
            return out
        }
    }

    /// The entries of the file's functions that take an `inout` parameter (name → entries).
    public static func entries(_ s: FileStructure, vocabulary: LockVocabulary, regions base: LockRegions?,
                               mayHoldLocks: Bool = true) -> [String: [String]] {
        var candidates: [(decl: Int, segments: [(start: Int, end: Int)])] = []
        for di in s.decls.indices where s.decls[di].kind == .function && s.decls[di].body >= 0 && !s.decls[di].nameText.isEmpty {
            let sig = s.decls[di].typeAnnotation
            guard sig.contains(where: { s.isKeyword($0, .inout) }) else { continue }
            let segments = parameterSegments(s, s.decls[di])
            guard !segments.isEmpty, segments.count == s.decls[di].parameterNames.count else { continue }
            candidates.append((di, segments))
        }
        guard !candidates.isEmpty else { return [:] }
        let regions = !mayHoldLocks ? nil : base.map { LockRegions($0, adding: LockRegions.queueRegions(s, vocabulary: vocabulary), s) }
            ?? LockRegions(s, vocabulary: vocabulary, includeQueues: ["*"])
        var out: [String: [String]] = [:]
        for c in candidates {
            let d = s.decls[c.decl]
            let names = d.parameterNames
            var inouts: [Int] = []
            var defaults: [Bool] = []
            var labels: [String] = []
            for (i, seg) in c.segments.enumerated() {
                if s.span(seg.start, seg.end).contains(where: { s.isKeyword($0, .inout) }) { inouts.append(i) }
                var hasDefault = false
                var k = seg.start
                while k < seg.end {
                    if s.isChar(k, UInt8(ascii: "=")) { hasDefault = true; break }
                    if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) { k = max(k, Int(s.match[k])) }
                    k += 1
                }
                defaults.append(hasDefault)
                var first = seg.start
                while first < seg.end && s.code[first].kind == .attribute { first += 1 }
                labels.append(first < seg.end && s.code[first].isWord ? s.text(first) : "_")
            }
            guard !inouts.isEmpty else { continue }
            let inoutNames = Set(inouts.map { names[$0] })
            let owner = s.owningType(of: c.decl)
            // The one guard held at every use of an `inout` parameter in the body.
            var lock: String? = nil
            var agreed = true
            var uses = 0
            var locals: Set<String>? = nil
            func member(_ name: String) -> Bool {
                if locals == nil { locals = LockRegions.madeInside(s, exec: d.body) }
                return memberGuard(s, name, of: c.decl, locals: locals!)
            }
            for k in s.scopes[d.body].interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: "."))
                && !s.isChar(k + 1, UInt8(ascii: ":")) && inoutNames.contains(s.text(k)) {
                uses += 1
                var here: String? = nil
                for r in regions?.holding(k, in: s, directOnly: false) ?? [] {
                    switch r.form {
                    case .manual, .deferred, .closure:
                        if r.lock.isEmpty || r.lock == "self" {
                            if owner != nil && !d.isStaticMember { here = "self" }
                        } else if let p = names.firstIndex(of: r.lock) {
                            if !inouts.contains(p) { here = "l\(p)" }
                        } else if member(r.lock) {
                            here = ".\(r.lock)"
                        }
                    case .queue(let m, _):
                        guard m == "sync" || m == "asyncAndWait" else { break }
                        if let p = names.firstIndex(of: r.lock) {
                            if !inouts.contains(p) { here = "q\(p)" }
                        } else if member(r.lock) {
                            here = ":\(r.lock)"
                        }
                    case .unreleased, .heldOnEntry:
                        break
                    }
                    if here != nil { break }
                }
                guard let h = here, lock == nil || lock == h else { agreed = false; break }
                lock = h
            }
            let entry = Entry(type: owner.map { s.decls[$0].nameText } ?? "", labels: labels, defaults: defaults, inouts: inouts,
                              lock: agreed && uses > 0 ? lock ?? "-" : "-")
            out[d.nameText, default: []].append(entry.encoded)
        }
        return out
    }

    /// Whether `name`, held in instance method `decl`, can be a guard stored in the method's own
    /// object: a plain name (`lock`, from `self.lock` too) that the method does not make itself
    /// (`locals`: see `LockRegions.madeInside`).
    static func memberGuard(_ s: FileStructure, _ name: String, of decl: Int, locals: Set<String>) -> Bool {
        guard s.owningType(of: decl) != nil, !s.decls[decl].isStaticMember, !name.isEmpty,
              name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        return !locals.contains(name)
    }

    /// The token ranges of the parameters in a function's signature (top-level commas).
    static func parameterSegments(_ s: FileStructure, _ d: Decl) -> [(start: Int, end: Int)] {
        let sig = d.typeAnnotation
        var j = sig.lowerBound
        while j < sig.upperBound && !s.isChar(j, UInt8(ascii: "(")) { j += 1 }
        return segments(s, open: j, limit: sig.upperBound)
    }

    private static func segments(_ s: FileStructure, open j: Int, limit: Int) -> [(start: Int, end: Int)] {
        guard j < limit, s.isChar(j, UInt8(ascii: "(")) else { return [] }
        let close = Int(s.match[j])
        guard close > j else { return [] }
        if close == j + 1 { return [] }
        var out: [(start: Int, end: Int)] = []
        var start = j + 1
        var k = j + 1
        while k < close {
            if s.isChar(k, UInt8(ascii: ",")) {
                out.append((start, k))
                start = k + 1
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                k = max(k, Int(s.match[k]))
            } else if s.is(k, "<") {
                // A generic argument list (`Dictionary<K, V>`): skip to its `>`.
                var depth = 0
                var m = k
                while m < close {
                    if s.is(m, "<") { depth += 1 } else if s.is(m, ">") { depth -= 1; if depth == 0 { break } }
                    m += 1
                }
                k = m
            }
            k += 1
        }
        out.append((start, close))
        return out
    }

    /// One argument of a call written `&x` (or `&self.x`, `&x.y`) to a function that may take
    /// storage `inout`.
    public struct Argument {
        /// The `&` token and the end of the argument (the `,` or `)` after it).
        public var start: Int
        public var end: Int
        /// The callee's name token and the receiver as written (empty for none).
        public var callee: Int
        public var receiver: String
        /// The argument's position among the call's arguments, with their labels (nil for a
        /// trailing closure without one).
        public var position: Int
        public var labels: [String?]
        /// The arguments' token ranges, in order (a trailing closure's is its braces).
        public var arguments: [(start: Int, end: Int)]
    }

    /// The `&` arguments of the file's calls whose callee is named in `names`.
    public static func arguments(_ s: FileStructure, names: (String) -> Bool) -> [Argument] {
        var out: [Argument] = []
        var lastOpen = -1
        var cached: (labels: [String?], arguments: [(start: Int, end: Int)], callee: Int, receiver: String)? = nil
        for k in 0..<s.code.count where s.isChar(k, UInt8(ascii: "&")) && k + 1 < s.code.count
            && (s.code[k + 1].kind == .identifier || s.isKeyword(k + 1, .self)) {
            // The argument starts after `(`, `,` or `label:`.
            var p = k - 1
            if s.isChar(p, UInt8(ascii: ":")) && p >= 2 && s.code[p - 1].isWord { p -= 2 }
            guard s.isChar(p, UInt8(ascii: "(")) || s.isChar(p, UInt8(ascii: ",")) else { continue }
            // The call's `(`: back over the earlier arguments.
            var open = p
            var steps = 0
            while open >= 0 && !s.isChar(open, UInt8(ascii: "(")) && steps < 400 {
                if s.isChar(open, UInt8(ascii: ")")) || s.isChar(open, UInt8(ascii: "]")) || s.isChar(open, UInt8(ascii: "}")) {
                    open = Int(s.match[open])
                    if open < 0 { break }
                } else if s.isChar(open, UInt8(ascii: "[")) || s.isChar(open, UInt8(ascii: "{")) || s.isChar(open, UInt8(ascii: ";")) {
                    open = -1
                    break
                }
                open -= 1
                steps += 1
            }
            guard open > 0, s.isChar(open, UInt8(ascii: "(")), s.code[open - 1].kind == .identifier, names(s.text(open - 1)) else { continue }
            let callee = open - 1
            if open != lastOpen {
                lastOpen = open
                cached = callShape(s, open: open)
            }
            guard let shape = cached, let position = shape.arguments.firstIndex(where: { $0.start <= k && k < $0.end }) else { continue }
            out.append(Argument(start: k, end: shape.arguments[position].end, callee: callee, receiver: shape.receiver,
                                position: position, labels: shape.labels, arguments: shape.arguments))
        }
        return out
    }

    private static func callShape(_ s: FileStructure, open: Int) -> (labels: [String?], arguments: [(start: Int, end: Int)], callee: Int, receiver: String)? {
        let close = Int(s.match[open])
        guard close > open else { return nil }
        let callee = open - 1
        var receiver = ""
        if s.isChar(callee - 1, UInt8(ascii: ".")) {
            let r = LockRegions.receiverStart(s, dot: callee - 1)
            guard r >= 0 else { return nil }
            receiver = LockRegions.normalized(s.text(s.span(r, callee - 1)))
        }
        var labels: [String?] = []
        var arguments: [(start: Int, end: Int)] = []
        if close > open + 1 {
            var start = open + 1
            var k = open + 1
            while k <= close {
                if k == close || s.isChar(k, UInt8(ascii: ",")) {
                    let labelled = start + 1 < k && s.code[start].isWord && s.isChar(start + 1, UInt8(ascii: ":"))
                    labels.append(labelled ? s.text(start) : "_")
                    arguments.append((labelled ? start + 2 : start, k))
                    start = k + 1
                } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                    k = max(k, Int(s.match[k]))
                }
                k += 1
            }
        }
        // Trailing closures: the first without a label, the others `label: { }`.
        var k = close + 1
        if isClosure(s, k) {
            labels.append(nil)
            arguments.append((k, Int(s.match[k]) + 1))
            k = Int(s.match[k]) + 1
            while k + 2 < s.code.count && s.code[k].isWord && s.isChar(k + 1, UInt8(ascii: ":")) && isClosure(s, k + 2) {
                labels.append(s.text(k))
                arguments.append((k + 2, Int(s.match[k + 2]) + 1))
                k = Int(s.match[k + 2]) + 1
            }
        }
        return (labels, arguments, callee, receiver)
    }

    /// Whether the `{` at `k` opens a closure (not the block of an `if` whose condition ends in a call).
    private static func isClosure(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.isChar(k, UInt8(ascii: "{")), Int(s.match[k]) > k, k + 1 < s.code.count else { return false }
        let sc = Int(s.scopeOf[k + 1])
        return sc >= 0 && s.scopes[sc].kind == .closure && s.scopes[sc].open == k
    }
}
