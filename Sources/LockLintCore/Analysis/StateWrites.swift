/// Writes a file makes to variables it does not declare: a static member reached as `Type.name`
/// or `Self.name`, a member written in an extension of (or a type inheriting) what another file
/// declares, a global of another file. Collected once per file in the first pass and merged per
/// module, so a rule judging a declaration can see who writes it elsewhere in the run.
///
/// Keys are `Type.name` for members (instance or static: the writer often cannot tell) and
/// `name` for globals.
///
/// Only the variables a rule asks about matter (those a `nonisolated` modifier marks), and they
/// are known only once every file has been seen: the first pass keeps, per file, the hashes of
/// the names it may write (`writtenNames`), and the writes are extracted afterwards only from the
/// files that may write one of the module's asked-about names, and only for those names
/// (`extract(_:regions:names:)`).
public struct StateWrites: Sendable, Equatable {
    /// A definite write (`x = …`, `x += …`, `x[k] = …`, `x.append(…)`) to another file's variable.
    public struct Site: Sendable, Equatable, Hashable {
        public var path: String
        public var line: Int
        public var column: Int
        /// A lock was held there (the file's lock regions, a closure of a method named or built
        /// as a lock wrapper).
        public var guarded: Bool
        /// In an `init`/`deinit` of the key's own type (an instance member being set up).
        public var inInitializer: Bool
        /// In the initializer of a `let` (run once).
        public var once: Bool
        /// For an unguarded write inside a closure passed to a method of a stored value whose
        /// type is declared elsewhere: `Type.method`, so the reader can ask whether that type
        /// runs the closure under its lock; "" otherwise.
        public var closureCall: String
        /// How the variable is written: "" by an assignment to it (`x = …`, `x += …`, `x[k] = …`,
        /// a standard collection's mutating method); "&" as an inout argument (`&x`); "."
        /// through one of its members (`x.a = …`, `&x.a`), which writes it only when its type is
        /// a value type; "?a" by a method called on its member `a` (`x.a.reset()`, which writes
        /// it when the method is mutating in the member's type); else the name of the method called on it (`x.advance()`,
        /// `x.update { }`), which writes it only when that method is `mutating` in its value type.
        public var through: String = ""
        /// The free function the write runs in (straight in its body, or in closures that run
        /// on the spot), or the static method (`Type.f`), whose callers may hold a lock; "" when
        /// there is none. For the calls
        /// filed under `callKey`, `through` is "()" for a call of a function another file
        /// declares, "()own" for one of the calling file's own.
        public var function: String = ""
        /// That function's access: "" internal, "file" for `private`/`fileprivate` (only its
        /// file calls it), "public" for `public`/`open` (clients may call it too).
        public var functionAccess: String = ""
        /// For a member's key, which member of the name is written when the code says it: "s"
        /// the static one (`Self.x`, `Type.x`, or `x`/`self.x` in a static member), "i" the
        /// instance one (`x`/`self.x` in an instance member), "" when it does not.
        public var memberKind: String = ""
        /// The write runs on the main actor whenever it runs (see `MainActorCode`).
        public var mainActor = false
        /// For a write by a standard collection's mutating method called on the variable
        /// (`through` ""), that method's name: a class instance's method of the name changes the
        /// object, not the variable.
        public var method: String = ""
    }

    /// Key → definite writes, in file order.
    public var sites: [String: [Site]] = [:]
    /// Keys this file may write in any form: definite writes, `&x`, a member assigned or a
    /// method called through the value (`x.count = 1` or `x.advance()` writes a value type).
    public var touched: Set<String> = []
    /// Names written as members of other values (`other.name = …`, `a.b.name += 1`), whatever
    /// the value: a member of a type declared elsewhere may be written through any reference.
    public var memberNames: Set<String> = []

    public init() {}

    mutating func merge(_ o: StateWrites) {
        for (k, v) in o.sites { sites[k, default: []].append(contentsOf: v) }
        touched.formUnion(o.touched)
        memberNames.formUnion(o.memberNames)
    }

    /// Names of the mutating methods of the standard collections (a call writes the variable).
    public static let mutatingNames = ["append", "insert", "remove", "updateValue", "merge", "sort", "reverse", "formUnion", "subtract",
                                       "popLast", "toggle", "formIntersection", "swapAt", "shuffle"]

    /// Whether identifier `i` is written for certain: assigned, compound-assigned, a subscript of
    /// it assigned, or a known mutating method called on it. (`&x` passed to a call is mostly a
    /// C out-parameter filled once, such as a thread handle: not counted; `x.member = …` writes
    /// the variable only when its type is a value type, which is not known here.)
    public static func isDefiniteWrite(_ s: FileStructure, _ i: Int) -> Bool {
        if i >= 1 && s.code[i - 1].kind == .operator && s.is(i - 1, "&") { return false }
        if inAssignedTuple(s, i) { return true }
        var j = i + 1
        while s.isChar(j, UInt8(ascii: "[")) || s.isChar(j, UInt8(ascii: ".")) || s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
            if s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                guard m > j else { return false }
                j = m + 1
            } else if s.isChar(j, UInt8(ascii: ".")) {
                guard s.isChar(j + 2, UInt8(ascii: "(")), hasMutatingName(s, j + 1) else { return false }
                // A known mutating method writes, whatever becomes of its result (`popLast()`);
                // one only named like one (`appending`, `sorted`, `removingAll`) whose result the
                // code uses returns a new value: a read.
                return exactMutatingNames.contains(s.text(j + 1)) || !resultUsed(s, i, call: j + 1)
            } else {
                j += 1
            }
        }
        return isAssignmentOperator(s, j)
    }

    /// The mutating methods of the standard collections known by their whole name.
    static let exactMutatingNames = Set(mutatingNames).union(VariableUses.standardMutating)

    /// Whether the result of the method called at `m` on the reference that names identifier `i`
    /// is used: the chain goes on after the call (`x.appending(a).count`), or the expression is
    /// assigned, returned, passed or an operand (`let y = x.sorted()`, `f(x.appending(a))`).
    static func resultUsed(_ s: FileStructure, _ i: Int, call m: Int) -> Bool {
        let open = m + 1
        let close = Int(s.match[open])
        guard close > open else { return false }
        var after = close + 1
        while s.isChar(after, UInt8(ascii: "?")) || s.isChar(after, UInt8(ascii: "!")) { after += 1 }
        if s.isChar(after, UInt8(ascii: ".")) || s.isChar(after, UInt8(ascii: "[")) { return true }
        // The start of the reference: `x`, `self.x`, `Type.x`, `a.b.x`.
        var k = i
        var steps = 0
        while steps < 16 && s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2
                && (s.code[k - 2].kind == .identifier || s.isKeyword(k - 2, .self) || s.isKeyword(k - 2, .Self)) {
            k -= 2
            steps += 1
        }
        var b = k - 1
        while b >= 0 && (s.isKeyword(b, .try) || s.isKeyword(b, .await) || s.isChar(b, UInt8(ascii: "?")) && s.isKeyword(b - 1, .try)
                         || s.isChar(b, UInt8(ascii: "!")) && s.isKeyword(b - 1, .try)) {
            b -= 1
        }
        guard b >= 0 else { return false }
        if s.isKeyword(b, .return) { return true }
        let t = s.code[b]
        if t.kind == .operator { return !(t.length == 1 && s.is(b, "&")) }
        if t.kind == .punctuation && t.length == 1 {
            let c = s.file.bytes[Int(t.start)]
            return c == UInt8(ascii: "=") || c == UInt8(ascii: "(") || c == UInt8(ascii: ",") || c == UInt8(ascii: ":") || c == UInt8(ascii: "[")
        }
        return false
    }

    /// Whether identifier `i` is an element of a tuple that is assigned: `(a, b) = (b, a)`,
    /// `(self.x, _) = f()` (not a call's arguments, not a `let (a, b)` binding).
    static func inAssignedTuple(_ s: FileStructure, _ i: Int) -> Bool {
        guard s.isChar(i + 1, UInt8(ascii: ",")) || s.isChar(i + 1, UInt8(ascii: ")")) else { return false }
        var j = i - 1
        var steps = 0
        while j >= 0 && steps < 64 && (s.code[j].kind == .identifier || s.isKeyword(j, .self) || s.isChar(j, UInt8(ascii: "."))
                                        || s.isChar(j, UInt8(ascii: ",")) || s.is(j, "_")) {
            j -= 1
            steps += 1
        }
        guard s.isChar(j, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[j])
        guard close > i, isAssignmentOperator(s, close + 1) && s.isChar(close + 1, UInt8(ascii: "=")) else { return false }
        // A call's or a pattern's parentheses: `f(a, b) = …` cannot be, `let (a, b) = …` declares.
        if j >= 1 && (s.code[j - 1].kind == .identifier || s.isChar(j - 1, UInt8(ascii: ")")) || s.isChar(j - 1, UInt8(ascii: "]"))
                      || s.isKeyword(j - 1, .let) || s.isKeyword(j - 1, .var) || s.isKeyword(j - 1, .case)) { return false }
        return true
    }

    /// The same, read from the bytes.
    static let mutatingBytes = mutatingNames.map { Array($0.utf8) }

    /// Whether the text of token `t` starts with one of `mutatingNames` (compared on bytes; a
    /// token with a byte that is not ASCII right after a prefix is compared as text).
    static func hasMutatingName(_ s: FileStructure, _ t: Int) -> Bool {
        let token = s.code[t]
        let start = Int(token.start)
        let length = token.length
        return s.file.bytes.withUnsafeBufferPointer { p in
            for name in mutatingBytes where name.count <= length {
                var k = 0
                while k < name.count && p[start + k] == name[k] { k += 1 }
                guard k == name.count else { continue }
                if k < length && p[start + k] >= 0x80 {
                    let text = s.text(t)
                    return mutatingNames.contains { text.hasPrefix($0) }
                }
                return true
            }
            return false
        }
    }

    static func isAssignmentOperator(_ s: FileStructure, _ j: Int) -> Bool {
        guard j >= 0, j < s.code.count else { return false }
        let t = s.code[j]
        guard t.kind == .operator || t.kind == .punctuation else { return false }
        let start = Int(t.start)
        let length = t.length
        let bytes = s.file.bytes
        if length == 1 { return bytes[start] == UInt8(ascii: "=") }
        guard t.kind == .operator else { return false }
        // `+=`, `&<<=`, …: ends in `=` and is not a comparison (`==`, `!=`, `<=`, `>=`, `===`, `!==`).
        guard bytes[start + length - 1] == UInt8(ascii: "=") else { return false }
        if bytes[start..<(start + length)].contains(where: { $0 >= 0x80 }) {
            let op = s.text(j)
            return op.count >= 2 && op.hasSuffix("=") && op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "===" && op != "!=="
        }
        let first = bytes[start]
        if length == 2 { return first != UInt8(ascii: "=") && first != UInt8(ascii: "!") && first != UInt8(ascii: "<") && first != UInt8(ascii: ">") }
        if length == 3 && (first == UInt8(ascii: "=") || first == UInt8(ascii: "!")) && bytes[start + 1] == UInt8(ascii: "=") { return false }
        return true
    }

    /// Whether identifier `i` may be written: a definite write, `&x`, or a postfix chain on it
    /// that calls a method or ends in an assignment (`x.count = 1`, `x.advance()`, `x?.y.z += 1`):
    /// on a value type each of these writes the variable.
    public static func mayWrite(_ s: FileStructure, _ i: Int) -> Bool {
        if isDefiniteWrite(s, i) { return true }
        if passedInout(s, i) { return true }
        // A key path (`\.x`, `\Type.x`) may be a writable one, used to set it elsewhere.
        if s.isChar(i - 1, UInt8(ascii: ".")) && (s.is(i - 2, "\\") || (s.code[max(0, i - 2)].kind == .identifier && s.is(i - 3, "\\"))) { return true }
        guard let chain = postfixChain(s, i) else { return false }
        if chain.call >= 0 { return true }
        return chain.end > i + 1 && isAssignmentOperator(s, chain.end)
    }

    /// The postfix chain after identifier `i` (`?`, `!`, subscripts, `.member`), followed up to
    /// its first method call (at most 64 steps): that call's member token (or -1), whether a
    /// member or subscript comes before it, and the token after the chain; nil when a subscript
    /// is left open.
    static func postfixChain(_ s: FileStructure, _ i: Int) -> (call: Int, sawMember: Bool, end: Int)? {
        var j = i + 1
        var steps = 0
        var sawMember = false
        while steps < 64 {
            steps += 1
            if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
                j += 1
            } else if s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                guard m > j else { return nil }
                j = m + 1
                sawMember = true
            } else if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.count && (s.code[j + 1].isWord || s.code[j + 1].kind == .integer) {
                if isCall(s, j + 1) { return (j + 1, sawMember, j) }
                j += 2
                sawMember = true
            } else {
                break
            }
        }
        return (-1, sawMember, j)
    }

    /// Whether the member named at `m` is called: `(` right after it, or a trailing closure
    /// (`x.update { … }`, not the body of an `if x.isEmpty { … }`).
    public static func isCall(_ s: FileStructure, _ m: Int) -> Bool {
        let o = m + 1
        if s.isChar(o, UInt8(ascii: "(")) { return s.code[o].start == s.code[m].end }
        return opensClosure(s, o)
    }

    /// Whether token `o` is the `{` of a closure (not of a statement's body).
    public static func opensClosure(_ s: FileStructure, _ o: Int) -> Bool {
        guard o >= 0, s.isChar(o, UInt8(ascii: "{")), o + 1 < s.count else { return false }
        let sc = Int(s.scopeOf[o + 1])
        for c in [sc, sc >= 0 ? s.scopes[sc].parent : -1] where c >= 0 && s.scopes[c].open == o {
            return s.scopes[c].kind == .closure
        }
        return false
    }

    /// How identifier `i`, which `mayWrite` says may be written, is written (see `Site.through`):
    /// "" for a definite write, "." through a member or as an inout argument, a method's name for
    /// a call through it; nil for a key path or a shape that writes nothing of it.
    public static func writeKind(_ s: FileStructure, _ i: Int) -> String? {
        if isDefiniteWrite(s, i) { return "" }
        if passedInout(s, i) {
            return s.isChar(i + 1, UInt8(ascii: ".")) || s.isChar(i + 1, UInt8(ascii: "[")) ? "." : "&"
        }
        guard let chain = postfixChain(s, i) else { return nil }
        // The first call decides: a method of the variable's own value, or (after a member) one
        // of a member, which writes it only when that method is mutating in the member's type:
        // not known here ("?").
        if chain.call >= 0 { return chain.sawMember ? "?" + firstMember(s, i) : s.text(chain.call) }
        // A chain ending in an assignment (`x.a = …`, `x.a.b += …`) writes through a member.
        return chain.end > i + 1 && isAssignmentOperator(s, chain.end) ? "." : nil
    }

    /// Whether `&` starts the reference that names identifier `i`: `&x`, `&self.x`, `&Type.x`
    /// (then a member of it, `&x.a`, is passed inout too).
    static func passedInout(_ s: FileStructure, _ i: Int) -> Bool {
        inoutAmpersand(s, i) != nil
    }

    /// The `&` token that starts the reference naming identifier `i` (see `passedInout`), or nil.
    static func inoutAmpersand(_ s: FileStructure, _ i: Int) -> Int? {
        var k = i
        var steps = 0
        while steps < 8 && s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2 && (s.code[k - 2].kind == .identifier || s.isKeyword(k - 2, .self) || s.isKeyword(k - 2, .Self)) {
            k -= 2
            steps += 1
        }
        return k >= 1 && s.code[k - 1].kind == .operator && s.is(k - 1, "&") && s.code[k].start == s.code[k - 1].end ? k - 1 : nil
    }

    /// The name of the member right after identifier `i` (`x.a…`), or "" (`x[k]…`).
    static func firstMember(_ s: FileStructure, _ i: Int) -> String {
        var j = i + 1
        while s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        return s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.count && s.code[j + 1].isWord ? nameText(s, j + 1) : ""
    }

    /// Whether code token `k` may name a variable: an identifier, a backticked one, or a
    /// reserved word used as a member name (`Config.default`).
    @inline(__always)
    public static func isNameToken(_ s: FileStructure, _ k: Int) -> Bool {
        let kind = s.code[k].kind
        return kind == .identifier || (kind == .keyword && k >= 1 && s.isChar(k - 1, UInt8(ascii: ".")))
    }

    /// The name token `k` spells, without backticks.
    public static func nameText(_ s: FileStructure, _ k: Int) -> String {
        let t = s.text(k)
        return t.count >= 2 && t.hasPrefix("`") && t.hasSuffix("`") ? String(t.dropFirst().dropLast()) : t
    }

    /// Names matched against code tokens without making a string of every token: by a hash of
    /// the token's bytes first (see `nameHash`), then by its text.
    public struct NameFilter: Sendable {
        public let names: Set<String>
        let hashes: Set<UInt64>

        public init<S: Sequence>(_ names: S) where S.Element == String {
            self.names = Set(names)
            hashes = Set(self.names.map { StateWrites.nameHash($0) })
        }

        public var isEmpty: Bool { names.isEmpty }

        /// Whether code token `k` of `s` spells one of the names.
        func contains(_ s: FileStructure, _ k: Int) -> Bool {
            hashes.contains(StateWrites.nameHash(s, k)) && names.contains(StateWrites.nameText(s, k))
        }

        /// Whether one of the names has one of `sortedHashes` (a file's `writtenNames`): the
        /// smaller side is looked up in the other, so that a module with many names asked about
        /// costs each file no more than its own names.
        public func meets(_ sortedHashes: [UInt64]) -> Bool {
            if sortedHashes.count <= hashes.count { return sortedHashes.contains { hashes.contains($0) } }
            return hashes.contains { h in
                var lo = 0
                var hi = sortedHashes.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if sortedHashes[mid] < h { lo = mid + 1 } else { hi = mid }
                }
                return lo < sortedHashes.count && sortedHashes[lo] == h
            }
        }
    }

    /// A hash of a name's text (FNV-1a over its UTF-8 bytes, as `NameSet` hashes tokens).
    static func nameHash(_ name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        for b in name.utf8 {
            h ^= UInt64(b)
            h = h &* 0x100_0000_01b3
        }
        return h
    }

    /// The same hash of code token `k`'s text, read from the file's bytes (a token that is not
    /// ASCII goes through its text, which repairs bad UTF-8 as the text does; backticks are not
    /// part of the name).
    static func nameHash(_ s: FileStructure, _ k: Int) -> UInt64 {
        let t = s.code[k]
        return s.file.bytes.withUnsafeBufferPointer { p in
            var h: UInt64 = 0xcbf2_9ce4_8422_2325
            var range = Int(t.start)..<Int(t.end)
            if range.count >= 2 && p[range.lowerBound] == UInt8(ascii: "`") && p[range.upperBound - 1] == UInt8(ascii: "`") {
                range = (range.lowerBound + 1)..<(range.upperBound - 1)
            }
            for i in range {
                if p[i] >= 0x80 { return nameHash(nameText(s, k)) }
                h ^= UInt64(p[i])
                h = h &* 0x100_0000_01b3
            }
            return h
        }
    }

    /// Whether identifier `k` may be written in a way `extract` records: the cheap shape test
    /// first (an assignment or a postfix chain after it, `&` or a key path before it), then
    /// `mayWrite`.
    static func isWriteCandidate(_ s: FileStructure, _ k: Int) -> Bool {
        let next = k + 1
        var shaped = false
        if next < s.count {
            let t = s.code[next]
            if t.kind == .operator {
                shaped = true
            } else if t.kind == .punctuation && t.length == 1 {
                let c = s.file.bytes[Int(t.start)]
                shaped = c == UInt8(ascii: ".") || c == UInt8(ascii: "[") || c == UInt8(ascii: "?") || c == UInt8(ascii: "!")
                    || c == UInt8(ascii: "=") || c == UInt8(ascii: ",") || c == UInt8(ascii: ")")
            }
        }
        if !shaped {
            let ampersand = k >= 1 && s.code[k - 1].kind == .operator && s.is(k - 1, "&")
            let keyPath = s.isChar(k - 1, UInt8(ascii: ".")) && (s.is(k - 2, "\\") || s.is(k - 3, "\\"))
            guard ampersand || keyPath else { return false }
        }
        return !s.isChar(next, UInt8(ascii: ":")) && !s.isKeyword(k - 1, .var) && !s.isKeyword(k - 1, .let) && !s.isKeyword(k - 1, .func)
            && mayWrite(s, k)
    }

    /// The hashes (`nameHash`) of every name file `s` may write, sorted and without repeats: a
    /// superset of the last components of the keys `extract` would record for it.
    public static func writtenNames(_ s: FileStructure) -> [UInt64] {
        var out: [UInt64] = []
        for k in 0..<s.count where isNameToken(s, k) && (isWriteCandidate(s, k) || isBareCall(s, k) || isTypeMemberCall(s, k)) { out.append(nameHash(s, k)) }
        out.sort()
        var unique: [UInt64] = []
        unique.reserveCapacity(out.count)
        for h in out where unique.last != h { unique.append(h) }
        return unique
    }

    /// The names of the declarations a `nonisolated` modifier marks in file `s`: the variables
    /// whose writes elsewhere a rule may ask about.
    public static func nonisolatedNames(_ s: FileStructure) -> [String] {
        s.nonisolatedTokens.compactMap { s.declaration(modifiedAt: Int($0)).map { s.decls[$0].nameText } }
    }

    /// Per free function of `s`, the names it may write by their bare name (globals, or its own
    /// locals: told apart later, by whether a `nonisolated` declaration of the run has the name).
    /// A rule asks where such a function is called, and whether a lock is held there (see
    /// `callKey`). One pass over the tokens.
    /// Static and class methods too, by their name, with the names they write as members
    /// (`Type.x = …`, `Self.x = …`): where they are called says the same of their writes.
    public static func writerFunctions(_ s: FileStructure) -> [String: [String]] {
        // Only the code inside the file's own free functions and static methods can count (most
        // files declare none).
        let functions = s.freeFunctions.filter { s.decls[$0].body >= 0 }
        let statics = s.decls.indices.filter { staticMethodType(s, $0) != nil && s.decls[$0].body >= 0 }
        guard !functions.isEmpty || !statics.isEmpty else { return [:] }
        var out: [String: Set<String>] = [:]
        for f in functions {
            let body = s.scopes[s.decls[f].body]
            for k in s.span(body.open, body.close + 1) where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: ".")) && isWriteCandidate(s, k) {
                guard let f = freeFunction(s, around: k) else { continue }
                out[s.decls[f].nameText, default: []].insert(nameText(s, k))
            }
        }
        for f in statics {
            let body = s.scopes[s.decls[f].body]
            for k in s.span(body.open, body.close + 1) where isNameToken(s, k) && isWriteCandidate(s, k) {
                guard let m = staticMethod(s, around: k), m.decl == f else { continue }
                out[s.decls[f].nameText, default: []].insert(nameText(s, k))
            }
        }
        return out.mapValues { $0.sorted() }
    }

    /// The type whose static or class method declaration `f` is (a named function directly in
    /// a type's or extension's body, not a protocol's requirement); nil for anything else.
    static func staticMethodType(_ s: FileStructure, _ f: Int) -> String? {
        let d = s.decls[f]
        guard d.kind == .function, d.isStaticMember, !d.nameText.isEmpty, d.parent >= 0 else { return nil }
        let p = s.decls[d.parent]
        guard p.kind.isType, p.kind != .protocol, !p.nameText.isEmpty else { return nil }
        return p.nameText
    }

    /// The outermost function-like declaration around token `k` when it is a named static or
    /// class method, with its key (`Type.name`, see `callKey`).
    public static func staticMethod(_ s: FileStructure, around k: Int) -> (decl: Int, key: String)? {
        guard var f = s.enclosingFunction(of: k) else { return nil }
        while s.decls[f].parent >= 0 && s.decls[s.decls[f].parent].kind.isFunctionLike { f = s.decls[f].parent }
        return staticMethodType(s, f).map { (f, $0 + "." + s.decls[f].nameText) }
    }

    /// The access of function `f` as a `Site.functionAccess`: "file" when only its file can
    /// call it (it, or a type around it, is `private`/`fileprivate`), "public" when clients may
    /// (it is `public`/`open`, and so is every type around it; an extension counts as public
    /// unless it says otherwise).
    public static func functionAccess(_ s: FileStructure, _ f: Int) -> String {
        let m = s.decls[f].modifiers
        if m.contains(.private) || m.contains(.fileprivate) { return "file" }
        var visible = m.contains(.public) || m.contains(.open)
        var p = s.decls[f].parent
        var depth = 0
        while p >= 0 && depth < 32 {
            let pm = s.decls[p].modifiers
            if pm.contains(.private) || pm.contains(.fileprivate) { return "file" }
            if s.decls[p].kind != .extension && !(pm.contains(.public) || pm.contains(.open)) { visible = false }
            p = s.decls[p].parent
            depth += 1
        }
        return visible ? "public" : ""
    }

    /// Whether identifier `k` is called as a member: `x.f(…)` or `x.f { … }`.
    static func isMemberCall(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.code[k].kind == .identifier, s.isChar(k - 1, UInt8(ascii: ".")) else { return false }
        if s.isChar(k + 1, UInt8(ascii: "(")) { return s.code[k + 1].start == s.code[k].end }
        return opensClosure(s, k + 1)
    }

    /// Whether identifier `k` is called on a type or on `self`: `Type.f(…)`, `Self.f(…)`,
    /// `self.f(…)` (the shapes `staticCallKey` files, without looking for the type).
    static func isTypeMemberCall(_ s: FileStructure, _ k: Int) -> Bool {
        guard isMemberCall(s, k), k >= 2 else { return false }
        let r = k - 2
        if s.isKeyword(r, .Self) || s.isKeyword(r, .self) { return true }
        guard s.code[r].kind == .identifier else { return false }
        let first = s.file.bytes[Int(s.code[r].start)]
        // (A name that starts beyond ASCII may be a type's too: its calls are counted.)
        return (first >= UInt8(ascii: "A") && first <= UInt8(ascii: "Z")) || first >= 0x80
    }

    /// The key (`Type.f`) of the static method that token `k` may call: `Type.f(…)`,
    /// `Self.f(…)`, or `self.f(…)` and a bare `f(…)` in a static member of the type; nil for
    /// any other call (an instance's method, a free function outside a static member).
    public static func staticCallKey(_ s: FileStructure, _ k: Int) -> String? {
        if isMemberCall(s, k), k >= 2 {
            let r = k - 2
            if s.isKeyword(r, .Self) || (s.isKeyword(r, .self) && inStaticCode(s, k)) {
                return s.enclosingType(of: k).map { s.decls[$0].nameText + "." + nameText(s, k) }
            }
            if isTypeMemberCall(s, k) && s.code[r].kind == .identifier { return s.text(r) + "." + nameText(s, k) }
            return nil
        }
        guard isBareCall(s, k), inStaticCode(s, k), let t = s.enclosingType(of: k) else { return nil }
        return s.decls[t].nameText + "." + nameText(s, k)
    }

    /// Whether token `k` runs in a static or class member of a type, where `self` is the type.
    static func inStaticCode(_ s: FileStructure, _ k: Int) -> Bool {
        guard let f = s.enclosingFunction(of: k) else { return false }
        return VariableUses.inStaticMember(s, f) == true
    }

    /// The outermost function-like declaration around token `k` when it is a named free function.
    public static func freeFunction(_ s: FileStructure, around k: Int) -> Int? {
        guard var f = s.enclosingFunction(of: k) else { return nil }
        while s.decls[f].parent >= 0 && s.decls[s.decls[f].parent].kind.isFunctionLike { f = s.decls[f].parent }
        return s.decls[f].parent < 0 && s.decls[f].kind == .function && !s.decls[f].nameText.isEmpty ? f : nil
    }

    /// The key under which the calls of free function `name` are filed (`name()`): `Site.guarded`
    /// says whether a lock is held at the call.
    public static func callKey(_ name: String) -> String { name + "()" }

    /// Whether identifier `k` calls a function by its bare name: `f(…)` or `f { … }` (not a
    /// member `x.f()`, not a declaration).
    public static func isBareCall(_ s: FileStructure, _ k: Int) -> Bool {
        guard s.code[k].kind == .identifier, !s.isChar(k - 1, UInt8(ascii: ".")), !s.isKeyword(k - 1, .func) else { return false }
        if s.isChar(k + 1, UInt8(ascii: "(")) { return s.code[k + 1].start == s.code[k].end }
        return opensClosure(s, k + 1)
    }

    /// What file `s` writes of the variables named `names` that it does not declare (see the
    /// type's comment): every key whose last component is one of `names`, with the same sites as
    /// a look at every variable would give. `regions` says where a lock is held; it is worked
    /// out only when the file writes one of them; `onMainActor` whether a write runs on the main
    /// actor (see `MainActorCode`).
    public static func extract(_ s: FileStructure, regions makeRegions: () -> LockRegions, names: NameFilter,
                               onMainActor: (Int) -> Bool = { _ in false }) -> StateWrites {
        var out = StateWrites()
        if names.isEmpty { return out }
        let path = s.file.path
        var regions: LockRegions? = nil
        // Names of free functions this file declares: its calls of them are its own.
        var ownFunctions: Set<String>? = nil
        var k = 0
        while k < s.count {
            defer { k += 1 }
            guard isNameToken(s, k), names.contains(s, k) else { continue }
            // A static method's calls, under its type's key (a bare call in a static member is
            // filed as a free function's call too: the tool does not tell the two apart).
            if let key = staticCallKey(s, k) {
                if regions == nil { regions = makeRegions() }
                let loc = s.location(ofToken: k)
                out.sites[callKey(key), default: []].append(Site(path: path, line: loc.line, column: loc.column,
                                                                 guarded: !regions!.holding(k, in: s, directOnly: false).isEmpty,
                                                                 inInitializer: false, once: false, closureCall: "", through: "()"))
                if !isBareCall(s, k) { continue }
            }
            if isBareCall(s, k) {
                let name = nameText(s, k)
                if ownFunctions == nil { ownFunctions = Set(s.freeFunctions.map { s.decls[$0].nameText }) }
                if regions == nil { regions = makeRegions() }
                let loc = s.location(ofToken: k)
                out.sites[callKey(name), default: []].append(Site(path: path, line: loc.line, column: loc.column,
                                                                  guarded: !regions!.holding(k, in: s, directOnly: false).isEmpty,
                                                                  inInitializer: false, once: false, closureCall: "",
                                                                  through: ownFunctions!.contains(name) ? "()own" : "()"))
                continue
            }
            guard isWriteCandidate(s, k) else { continue }
            let name = nameText(s, k)
            let keys = keys(s, k, name: name, memberNames: &out.memberNames)
            guard !keys.isEmpty else { continue }
            out.touched.formUnion(keys)
            // `Name.x` may be a global reached through its module's name (`App.override = …`):
            // the global `x` may be written too (never a claim that it is, only that it may be).
            if s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2 && s.code[k - 2].kind == .identifier { out.touched.insert(name) }
            guard let through = writeKind(s, k) else { continue }
            if regions == nil { regions = makeRegions() }
            let held = !regions!.holding(k, in: s, directOnly: false).isEmpty
            let loc = s.location(ofToken: k)
            let call = held ? "" : s.enclosingClosure(of: k).map { closureCall(s, s.closures[$0]) } ?? ""
            let once = s.variableDeclarations(holding: k).contains { s.decls[$0].isLet && s.decls[$0].initializer.contains(k) }
            var function = ""
            var access = ""
            if !held, let f = freeFunction(s, around: k), s.decls[f].body >= 0,
               LockRegions.reachesWithoutDeferral(s, from: k, to: s.decls[f].body, escaping: regions!.escapingCallees) {
                let m = s.decls[f].modifiers
                function = s.decls[f].nameText
                access = m.contains(.private) || m.contains(.fileprivate) ? "file" : m.contains(.public) || m.contains(.open) ? "public" : ""
            } else if !held, let m = staticMethod(s, around: k), s.decls[m.decl].body >= 0,
                      LockRegions.reachesWithoutDeferral(s, from: k, to: s.decls[m.decl].body, escaping: regions!.escapingCallees) {
                function = m.key
                access = functionAccess(s, m.decl)
            }
            var memberKind = ""
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) {
                memberKind = "s"
            } else if let f = s.enclosingFunction(of: k), let inStatic = VariableUses.inStaticMember(s, f) {
                memberKind = inStatic ? "s" : "i"
            }
            let main = onMainActor(k)
            let method = through.isEmpty ? VariableUses.methodCalled(s, on: k) ?? "" : ""
            for key in keys {
                out.sites[key, default: []].append(Site(path: path, line: loc.line, column: loc.column, guarded: held,
                                                        inInitializer: inInitializer(s, k, key: key), once: once, closureCall: call,
                                                        through: through, function: function, functionAccess: access,
                                                        memberKind: key.contains(".") ? memberKind : "", mainActor: main, method: method))
            }
        }
        return out
    }

    /// The keys of the variable written at `k` when this file does not declare it; none when it
    /// does, when it is a local, or when the receiver is another value (then its name joins
    /// `memberNames`). A bare name in a type's code that the file does not declare is a member
    /// declared elsewhere (an extension's, a superclass's) or a global: both keys.
    static func keys(_ s: FileStructure, _ k: Int, name: String, memberNames: inout Set<String>) -> [String] {
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            let r = k - 2
            // A nested type reached through the types around it (`Outer.Inner.x`): `Inner.x`.
            var start = r
            while start >= 2 && s.isChar(start - 1, UInt8(ascii: ".")) && s.code[start - 2].kind == .identifier
                    && s.text(start - 2).first?.isUppercase == true && s.text(start).first?.isUppercase == true { start -= 2 }
            let qualifiedFurther = s.isChar(start - 1, UInt8(ascii: "."))
            if !qualifiedFurther && (s.isKeyword(r, .self) || s.isKeyword(r, .Self)) {
                guard let t = s.enclosingType(of: k) else { return [] }
                if case .variable = s.lookupVariable(name, at: k, memberOnly: true) { return [] }
                return [s.decls[t].nameText + "." + name]
            }
            if !qualifiedFurther && r >= 0 && s.code[r].kind == .identifier, let first = s.text(r).first, first.isUppercase {
                let type = s.text(r)
                let declaredHere = s.typeDecls(named: type).contains { t in
                    s.children[t].contains { s.decls[$0].kind == .variable && s.decls[$0].nameText == name }
                }
                return declaredHere ? [] : [type + "." + name]
            }
            memberNames.insert(name)
            return []
        }
        switch s.lookupVariable(name, at: k) {
        case .variable, .parameter:
            return []
        case .unknown:
            break
        }
        // A closure parameter or a pattern binding of an enclosing body.
        var sc = Int(s.scopeOf[k])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if scope.kind == .closure, scope.closure >= 0, s.closures[scope.closure].parameterNames.contains(name) { return [] }
            if (scope.kind == .functionBody || scope.kind == .closure) && s.binds(name, in: s.span(scope.open, k)) { return [] }
            sc = scope.parent
        }
        guard let t = s.enclosingType(of: k) else { return [name] }
        // Maybe a member inherited from a superclass declared elsewhere: written through `self`.
        memberNames.insert(name)
        return [s.decls[t].nameText + "." + name, name]
    }

    /// In an `init`/`deinit` of the key's type (its instance members are being set up).
    static func inInitializer(_ s: FileStructure, _ k: Int, key: String) -> Bool {
        guard let dot = key.firstIndex(of: "."), var f = s.enclosingFunction(of: k) else { return false }
        while s.decls[f].parent >= 0 && s.decls[s.decls[f].parent].kind.isFunctionLike { f = s.decls[f].parent }
        let kind = s.decls[f].kind
        guard kind == .initializer || kind == .deinitializer, let t = s.owningType(of: f) else { return false }
        return s.decls[t].nameText == key[..<dot]
    }

    /// `Type.method` when closure `c` is passed to a method of a variable whose declared type
    /// names a type (`state.mutate { … }`, `self.state.mutate { … }` with `let state: Protected`),
    /// else "".
    public static func closureCall(_ s: FileStructure, _ c: Closure) -> String {
        guard c.callee >= 0, c.receiverStart >= 0 else { return "" }
        var r = c.receiverStart
        if s.isKeyword(r, .self) && s.isChar(r + 1, UInt8(ascii: ".")) { r += 2 }
        guard r + 2 == c.callee, s.code[r].kind == .identifier,
              case .variable(let d) = s.lookupVariable(s.text(r), at: r, memberOnly: r != c.receiverStart),
              let type = GuardLogExtractor.declaredTypeName(s.decls[d], s) else { return "" }
        return type + "." + s.text(c.callee)
    }
}
