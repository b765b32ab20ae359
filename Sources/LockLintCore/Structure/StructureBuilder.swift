/// Builds `FileStructure`'s model in two linear passes over the code tokens, with explicit
/// stacks (never recursion): first bracket matching, then declarations, scopes and closures.
///
/// `#if` / `#elseif` / `#else` branches are all read; each branch starts from the bracket
/// state at its `#if`, so branches that each open a brace (`#if X func f() { #else func f() {
/// #endif … }`) still leave one coherent nesting.
struct StructureBuilder {
    let file: SourceFile
    let code: [Token]
    var match: [Int32]
    var scopeOf: [Int32]
    var decls: [Decl] = []
    var scopes: [Scope] = []
    var closures: [Closure] = []
    /// Code token indices of `await` (the keyword) and of `nonisolated`, gathered in passing.
    var awaitTokens: [Int32] = []
    var nonisolatedTokens: [Int32] = []
    /// A 4096-bit Bloom filter of the identifiers in the file (see `IdentifierFilter`).
    var identifiers = IdentifierFilter()
    /// `scopeOf`'s storage while `build()` fills it: the pass writes one entry per token, and a
    /// write through the array checked its uniqueness every time. Empty outside `build()`.
    var scopeOut = UnsafeMutableBufferPointer<Int32>(start: nil, count: 0)
    /// The `#if` branches, in the order of their directives (see `ConditionalBranch`).
    var branches: [ConditionalBranch] = []
    /// The open branch of each open chain, innermost last, with the conditions of the chain's
    /// earlier branches.
    var openBranches: [(branch: Int, earlier: [String], own: String)] = []

    init(file: SourceFile, code: [Token]) {
        self.file = file
        self.code = code
        self.match = [Int32](repeating: -1, count: code.count)
        self.scopeOf = [Int32](repeating: -1, count: code.count)
    }

    // MARK: Token tests

    @inline(__always) func char(_ i: Int) -> UInt8 {
        guard i >= 0 && i < code.count else { return 0 }
        let t = code[i]
        guard t.length == 1, t.kind == .punctuation || t.kind == .operator else { return 0 }
        return file.bytes[Int(t.start)]
    }

    @inline(__always) func isKeyword(_ i: Int, _ w: Word) -> Bool {
        i >= 0 && i < code.count && code[i].kind == .keyword && code[i].word == w
    }

    @inline(__always) func word(_ i: Int) -> Word {
        guard i >= 0 && i < code.count, code[i].isWord, !code[i].flags.contains(.escaped) else { return .none }
        return code[i].word
    }

    func text(_ i: Int) -> String {
        guard i >= 0 && i < code.count else { return "" }
        return file.text(code[i].range)
    }

    func firstByte(_ i: Int) -> UInt8 {
        guard i >= 0 && i < code.count, code[i].length > 0 else { return 0 }
        return file.bytes[Int(code[i].start)]
    }

    func isDirective(_ i: Int) -> Bool { code[i].kind == .pound && code[i].flags.contains(.directive) }

    /// `#if`, `#elseif`, `#else`, `#endif` as 0, 1, 2, 3.
    func directiveKind(_ i: Int) -> Int {
        let len = code[i].length
        switch len {
        case 3: return 0  // #if
        case 5: return firstByte(i) == UInt8(ascii: "#") && file.bytes[Int(code[i].start) + 1] == UInt8(ascii: "e") ? 2 : 0
        case 6: return 3  // #endif
        case 7: return 1  // #elseif
        default: return 0
        }
    }

    // MARK: Pass 1: brackets (and the identifier filter)

    mutating func matchBrackets() {
        // The open brackets, each with its byte, on a stack.
        var stack: [(index: Int32, byte: UInt8)] = []
        var saved: [[(index: Int32, byte: UInt8)]] = []
        stack.reserveCapacity(64)
        let n = code.count
        var table = match
        match = []
        // The identifier Bloom filter is filled in the same pass (each token read once).
        var filter = IdentifierFilter()
        filter.fill { insert in
            table.withUnsafeMutableBufferPointer { match in
                code.withUnsafeBufferPointer { code in
                    file.bytes.withUnsafeBufferPointer { bytes in
                        for i in 0..<min(n, match.count) {
                            let t = code[i]
                            if t.kind == .identifier {
                                insert(t, bytes)
                                continue
                            }
                            if t.kind == .pound {
                                if t.flags.contains(.directive) {
                                    switch Self.directiveKind(t, bytes) {
                                    case 0: saved.append(stack.count <= 4096 ? stack : [])
                                    case 1, 2: if let s = saved.last, stack.count <= 4096 { stack = s }
                                    default: if !saved.isEmpty { saved.removeLast() }
                                    }
                                }
                                continue
                            }
                            guard t.kind == .punctuation && t.length == 1 else { continue }
                            let c = bytes[Int(t.start)]
                            switch c {
                            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                                stack.append((Int32(i), c))
                            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                                let open: UInt8 = c == UInt8(ascii: ")") ? UInt8(ascii: "(") : c == UInt8(ascii: "]") ? UInt8(ascii: "[") : UInt8(ascii: "{")
                                // Find the nearest opener of the same kind; a `}` may close unclosed ( and [,
                                // but a `)` or `]` never closes a `{`.
                                // (Bounded, so unbalanced input cannot make this quadratic.)
                                var k = stack.count - 1
                                let floor = max(0, stack.count - 256)
                                while k >= floor {
                                    let oc = stack[k].byte
                                    if oc == open { break }
                                    if oc == UInt8(ascii: "{") { k = -1; break }
                                    k -= 1
                                }
                                if k < floor { k = -1 }
                                if k >= 0 {
                                    let o = Int(stack[k].index)
                                    match[o] = Int32(i)
                                    match[i] = Int32(o)
                                    // Popped one by one: usually one, and removeLast(_:) or removeSubrange
                                    // go through the generic replaceSubrange (134M instructions on the corpus).
                                    while stack.count > k { stack.removeLast() }
                                }
                            default:
                                break
                            }
                        }
                    }
                }
            }
        }
        match = table
        identifiers = filter
    }

    /// `directiveKind` for a token read from the file's bytes directly.
    @inline(__always)
    static func directiveKind(_ t: Token, _ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        switch t.length {
        case 3: return 0  // #if
        case 5:
            let s = Int(t.start)
            return s + 1 < bytes.count && bytes[s] == UInt8(ascii: "#") && bytes[s + 1] == UInt8(ascii: "e") ? 2 : 0
        case 6: return 3  // #endif
        case 7: return 1  // #elseif
        default: return 0
        }
    }

    @inline(__always)
    func setScope(_ i: Int, _ s: Int) {
        if i >= 0 && i < scopeOut.count { scopeOut[i] = Int32(truncatingIfNeeded: s) }
    }

    @inline(__always)
    func scope(at i: Int) -> Int {
        i >= 0 && i < scopeOut.count ? Int(scopeOut[i]) : -1
    }

    // MARK: Pass 2: declarations, scopes, closures

    enum Pending {
        case none
        case decl(Int)
        case statement(Int)
    }

    struct Frame {
        var open: Int
        var scope: Int
        var isBrace: Bool
        var pending: Pending
        var pendingSawEquals: Bool
        /// The innermost brace scope at or below this frame (so lookups never walk the stack).
        var innerScope: Int = -1
    }

    mutating func build() {
        matchBrackets()
        var table = scopeOf
        scopeOf = []
        table.withUnsafeMutableBufferPointer { out in
            scopeOut = out
            buildScopes()
            scopeOut = UnsafeMutableBufferPointer(start: nil, count: 0)
        }
        scopeOf = table
        normalize()
        resolveHandedClosures()
    }

    /// A closure bound to a local (`let work = { … }`, `let item = DispatchWorkItem { … }`) and
    /// used only by handing it as `execute:` to one receiver's method (`queue.async(execute:
    /// work)`, `queue.asyncAfter(deadline: d, execute: item)`; also cancelled or stored) runs as
    /// that call's closure: it takes that call's callee, receiver and label. One pass over the
    /// tokens for the names so bound; anything else done with the name leaves the closure as it is.
    /// A work item kept in a private stored property (`self.item = DispatchWorkItem { … }`) is
    /// judged the same way over the whole file (see `resolveHandedFields`).
    mutating func resolveHandedClosures() {
        var bound: [String: [(closure: Int, name: Int)]] = [:]
        var fields: [String: [(closure: Int, decl: Int)]] = [:]
        for (ci, c) in closures.enumerated() where c.close > c.open {
            if let name = boundName(of: c) {
                bound[text(name), default: []].append((ci, name))
            } else if let (name, decl) = fieldBinding(of: c) {
                fields[name, default: []].append((ci, decl))
            }
        }
        guard !bound.isEmpty || !fields.isEmpty else { return }
        var uses: [String: [Int]] = [:]
        // Only identifiers as long as a bound name are read as text.
        let lengths = Set(bound.keys.map { $0.utf8.count } + fields.keys.map { $0.utf8.count })
        for k in code.indices where code[k].kind == .identifier && lengths.contains(Int(code[k].length)) {
            let n = text(k)
            if bound[n] != nil || fields[n] != nil { uses[n, default: []].append(k) }
        }
        resolveHandedFields(fields, uses: uses)
        for (name, list) in bound {
            let all = uses[name] ?? []
            // Linear in the file: a name bound and used that often is left alone.
            if list.count > 64 && list.count * all.count > 100_000 { continue }
            for (ci, nameToken) in list {
                let c = closures[ci]
                let home = Int(scopeOf[nameToken])
                guard home >= 0 else { continue }
                var site: (callee: Int, receiverStart: Int, label: Int)? = nil
                var ok = true
                for u in all where u != nameToken && within(Int(scopeOf[u]), home) {
                    if u > c.open && u < c.close { continue }
                    // A member of that name (`self.item`) is not the local.
                    if u >= 1 && char(u - 1) == UInt8(ascii: ".") { continue }
                    guard u > c.close else { ok = false; break }
                    if u >= 1 && isKeywordToken(u - 1) { ok = false; break }  // bound again
                    if char(u + 1) == UInt8(ascii: ".") && u + 2 < code.count && Self.itemMembers.contains(text(u + 2)) { continue }
                    if char(u - 1) == UInt8(ascii: "=") && code[u - 1].length == 1 { continue }
                    guard u >= 2, char(u - 1) == UInt8(ascii: ":"), text(u - 2) == "execute",
                          char(u + 1) == UInt8(ascii: ")") || char(u + 1) == UInt8(ascii: ","),
                          let call = callOfArgument(at: u - 2) else { ok = false; break }
                    if let s = site {
                        if text(s.callee) != text(call.callee) && !Self.sameFamily(text(s.callee), text(call.callee)) { ok = false; break }
                        if receiverText(s.receiverStart, s.callee) != receiverText(call.receiverStart, call.callee) { ok = false; break }
                    } else {
                        site = (call.callee, call.receiverStart, u - 2)
                    }
                }
                guard ok, let s = site else { continue }
                closures[ci].callee = s.callee
                closures[ci].receiverStart = s.receiverStart
                closures[ci].label = s.label
                closures[ci].isTrailing = false
            }
        }
    }

    /// What the code may do with a handed work item besides handing it on: cancel it, ask whether
    /// it was cancelled, wait for it (none of these runs its block on the caller's thread).
    static let itemMembers: Set<String> = ["cancel", "isCancelled", "wait"]

    /// A `DispatchWorkItem` assigned to a private stored property of a type of this file
    /// (`self.item = DispatchWorkItem { … }`, `item = DispatchWorkItem(flags: …) { … }`): the
    /// property's name and declaration. The only variable of that name in the file.
    func fieldBinding(of c: Closure) -> (String, Int)? {
        guard c.callee >= 2, c.receiverStart < 0, text(c.callee) == "DispatchWorkItem" else { return nil }
        let eq = c.callee - 1
        guard eq >= 2, char(eq) == UInt8(ascii: "="), code[eq].length == 1 else { return nil }
        let k = eq - 1
        guard code[k].kind == .identifier else { return nil }
        if char(k - 1) == UInt8(ascii: ".") {
            guard k >= 2, isKeyword(k - 2, .self), !(k >= 3 && char(k - 3) == UInt8(ascii: ".")) else { return nil }
        } else if isKeywordToken(k - 1) {
            return nil
        }
        let name = text(k)
        var found = -1
        for (i, d) in decls.enumerated() where d.kind == .variable && d.nameText == name {
            guard found < 0 else { return nil }
            found = i
        }
        guard found >= 0 else { return nil }
        let d = decls[found]
        guard d.parent >= 0, decls[d.parent].kind.isType, !d.isStaticMember, !d.isComputed,
              d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate), !d.modifiers.contains(.setterAccess) else { return nil }
        return (name, found)
    }

    /// Work items kept in private stored properties (see `fieldBinding`): every use of the
    /// property in the file is `self.item`/`item` handed as `execute:` to one receiver's method,
    /// cancelled, waited on, or set to nil or to a new item (judged on its own). Then each item
    /// runs as that call's closure. Any other use (performing it, handing it elsewhere, another
    /// instance's `other.item`, a copy) leaves every item of that property as it is.
    mutating func resolveHandedFields(_ fields: [String: [(closure: Int, decl: Int)]], uses: [String: [Int]]) {
        for (name, list) in fields {
            let declName = decls[list[0].decl].name
            let inside = list.map { (closures[$0.closure].open, closures[$0.closure].close) }
            var site: (callee: Int, receiverStart: Int, label: Int)? = nil
            var ok = true
            for u in uses[name] ?? [] where u != declName {
                if inside.contains(where: { u > $0.0 && u < $0.1 }) { continue }
                var p = u
                if u >= 1 && char(u - 1) == UInt8(ascii: ".") {
                    guard u >= 2, isKeyword(u - 2, .self), !(u >= 3 && char(u - 3) == UInt8(ascii: ".")) else { ok = false; break }
                    p = u - 2
                }
                if p >= 1 && isKeywordToken(p - 1) { ok = false; break }
                var e = u + 1
                while e < code.count && (char(e) == UInt8(ascii: "?") || char(e) == UInt8(ascii: "!")) && code[e].length == 1 { e += 1 }
                if char(e) == UInt8(ascii: ".") && e + 1 < code.count && Self.itemMembers.contains(text(e + 1)) { continue }
                if char(e) == UInt8(ascii: "=") && code[e].length == 1 && e + 1 < code.count
                    && (isKeyword(e + 1, .nil) || text(e + 1) == "DispatchWorkItem") { continue }
                guard p >= 2, char(p - 1) == UInt8(ascii: ":"), text(p - 2) == "execute",
                      char(e) == UInt8(ascii: ")") || char(e) == UInt8(ascii: ","),
                      let call = callOfArgument(at: p - 2) else { ok = false; break }
                if let s = site {
                    if text(s.callee) != text(call.callee) && !Self.sameFamily(text(s.callee), text(call.callee)) { ok = false; break }
                    if receiverText(s.receiverStart, s.callee) != receiverText(call.receiverStart, call.callee) { ok = false; break }
                } else {
                    site = (call.callee, call.receiverStart, p - 2)
                }
            }
            guard ok, let s = site else { continue }
            for (ci, _) in list {
                closures[ci].callee = s.callee
                closures[ci].receiverStart = s.receiverStart
                closures[ci].label = s.label
                closures[ci].isTrailing = false
            }
        }
    }

    /// `async` and `asyncAfter` (and `sync`, `asyncAndWait`) hand the same closure to one queue.
    static func sameFamily(_ a: String, _ b: String) -> Bool {
        let family: Set<String> = ["async", "asyncAfter", "sync", "asyncAndWait"]
        return family.contains(a) && family.contains(b)
    }

    func isKeywordToken(_ k: Int) -> Bool { isKeyword(k, .let) || isKeyword(k, .var) || isKeyword(k, .guard) || isKeyword(k, .case) }

    /// The name token of `let name = {` / `let name: T = {` / `let name = DispatchWorkItem { … }`
    /// (also `DispatchWorkItem(flags: …) { … }` and `DispatchWorkItem(block: { … })`) for closure `c`.
    func boundName(of c: Closure) -> Int? {
        var eq = c.open - 1
        if c.callee >= 0 {
            guard text(c.callee) == "DispatchWorkItem", c.receiverStart < 0 else { return nil }
            eq = c.callee - 1
        }
        guard eq >= 2, char(eq) == UInt8(ascii: "="), code[eq].length == 1 else { return nil }
        var k = eq - 1
        if code[k].kind == .identifier && (isKeyword(k - 1, .let) || isKeyword(k - 1, .var)) { return k }
        // `let name: T =` (a few tokens of type).
        let stop = max(0, eq - 16)
        while k > stop {
            if char(k) == UInt8(ascii: ":") {
                return k >= 2 && code[k - 1].kind == .identifier && (isKeyword(k - 2, .let) || isKeyword(k - 2, .var)) ? k - 1 : nil
            }
            if char(k) == UInt8(ascii: "{") || char(k) == UInt8(ascii: "}") || char(k) == UInt8(ascii: ";") || char(k) == UInt8(ascii: "=") { return nil }
            k -= 1
        }
        return nil
    }

    /// Whether scope `inner` is `outer` or nested in it.
    func within(_ inner: Int, _ outer: Int) -> Bool {
        var s = inner
        var steps = 0
        while s >= 0 && steps < 10_000 {
            if s == outer { return true }
            s = scopes[s].parent
            steps += 1
        }
        return false
    }

    /// The call whose argument list holds the argument labelled at `label`: its callee and the
    /// start of its receiver (or -1).
    func callOfArgument(at label: Int) -> (callee: Int, receiverStart: Int)? {
        var k = label - 1
        var steps = 0
        while k >= 0 && steps < 512 {
            steps += 1
            let ch = char(k)
            if code[k].kind == .punctuation && code[k].length == 1 {
                if ch == UInt8(ascii: "(") {
                    let callee = k - 1
                    guard callee >= 0, code[callee].isWord else { return nil }
                    let receiver = callee >= 1 && char(callee - 1) == UInt8(ascii: ".") ? receiverStartBefore(callee - 1) : -1
                    return (callee, receiver)
                }
                if ch == UInt8(ascii: ")") || ch == UInt8(ascii: "]") || ch == UInt8(ascii: "}") {
                    let m = Int(match[k])
                    guard m >= 0 && m < k else { return nil }
                    k = m - 1
                    continue
                }
                if ch == UInt8(ascii: "[") || ch == UInt8(ascii: "{") || ch == UInt8(ascii: ";") { return nil }
            }
            k -= 1
        }
        return nil
    }

    func receiverText(_ start: Int, _ callee: Int) -> String {
        guard start >= 0, start < callee else { return "" }
        return (start..<callee).map { text($0) }.joined()
    }

    /// The declarations, scopes and closures, token by token (`scopeOut` is `scopeOf`'s storage).
    private mutating func buildScopes() {
        var frames: [Frame] = [Frame(open: -1, scope: -1, isBrace: true, pending: .none, pendingSawEquals: false, innerScope: -1)]
        var saved: [[Frame]] = []
        let n = code.count
        var i = 0
        while i < n {
            let t = code[i]
            setScope(i, currentScope(frames))
            if t.kind == .pound {
                if isDirective(i) {
                    switch directiveKind(i) {
                    case 0:
                        saved.append(frames.count <= 4096 ? frames : [])
                        openBranch(at: i, parent: openBranches.last?.branch ?? -1, earlier: [])
                    case 1, 2:
                        if let s = saved.last, !s.isEmpty {
                            closeDiscardedFrames(frames, restoring: s, at: i)
                            frames = s
                        }
                        if let open = openBranches.popLast() {
                            let b = open.branch
                            branches[b].end = i
                            // The branch just closed was taken only when its own condition held.
                            openBranch(at: i, parent: branches[b].parent, earlier: open.own.isEmpty ? open.earlier : open.earlier + [open.own])
                        }
                    default:
                        if !saved.isEmpty { saved.removeLast() }
                        if let open = openBranches.popLast() { branches[open.branch].end = i }
                    }
                }
                i += 1
                continue
            }
            // A variable's pending header ends at the end of its statement.
            if case .decl(let d) = frames[frames.count - 1].pending, decls[d].kind == .variable,
               t.flags.contains(.newlineBefore), startsNewStatement(i) {
                frames[frames.count - 1].pending = .none
            }
            if t.kind == .punctuation && t.length == 1 {
                let c = file.bytes[Int(t.start)]
                switch c {
                case UInt8(ascii: "{"):
                    openBrace(i, &frames)
                    i += 1
                    continue
                case UInt8(ascii: "}"):
                    closeBrace(i, &frames)
                    i += 1
                    continue
                case UInt8(ascii: "("), UInt8(ascii: "["):
                    frames.append(Frame(open: i, scope: -1, isBrace: false, pending: .none, pendingSawEquals: false,
                                        innerScope: currentScope(frames)))
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    let o = Int(match[i])
                    if o >= 0, let k = lastFrame(frames, openedAt: o) {
                        while frames.count > k { frames.removeLast() }
                    }
                case UInt8(ascii: "="):
                    frames[frames.count - 1].pendingSawEquals = true
                case UInt8(ascii: ";"):
                    if case .decl(let d) = frames[frames.count - 1].pending, decls[d].kind == .variable {
                        frames[frames.count - 1].pending = .none
                    }
                default:
                    break
                }
                i += 1
                continue
            }
            if t.isWord && t.word != .none {
                handleWord(i, &frames)
            }
            i += 1
        }
        // Close whatever is still open at the end of the file.
        for f in frames.reversed() where f.scope >= 0 {
            scopes[f.scope].close = max(n - 1, scopes[f.scope].open)
            finishScope(f.scope, end: n)
        }
    }

    /// Opens the branch whose directive is at `i` (`#if C`, `#elseif C`, `#else`): it assumes the
    /// branches around it, every earlier condition of its chain false, and its own true.
    mutating func openBranch(at i: Int, parent: Int, earlier: [String]) {
        var assumes = parent >= 0 ? branches[parent].assumes : []
        for c in earlier { assumes.append(Self.negated(c)) }
        let kind = directiveKind(i)
        let condition = kind == 2 ? "" : conditionText(after: i)
        if !condition.isEmpty { assumes.append(condition) }
        openBranches.append((branches.count, earlier, condition))
        let testOnly = (parent >= 0 && branches[parent].testOnly) || (condition.hasPrefix("+") && Self.requiresTestFlag(condition.dropFirst()))
        branches.append(ConditionalBranch(parent: parent, start: i, end: code.count, assumes: assumes, testOnly: testOnly))
    }

    /// Whether condition `c` (as written, without spaces) holds only when a test flag is set:
    /// a flag whose name contains `TEST` (any case), not negated, required by every `||`
    /// alternative and by some `&&` operand.
    static func requiresTestFlag(_ c: Substring) -> Bool {
        // Only a flag whose name contains `TEST` once upper-cased can make it true: in ASCII
        // text, only the letters `test` in some case (other scripts go the long way).
        if !mayNameTestFlag(c) { return false }
        var body = c
        while body.hasPrefix("(") && body.hasSuffix(")") && wrapsWhole(body) { body = body.dropFirst().dropLast() }
        let alternatives = splitTopLevel(body, "||")
        if alternatives.count > 1 { return alternatives.allSatisfy { requiresTestFlag($0) } }
        let operands = splitTopLevel(body, "&&")
        if operands.count > 1 { return operands.contains { requiresTestFlag($0) } }
        guard !body.isEmpty, body.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) else { return false }
        return body.uppercased().contains("TEST")
    }

    /// False when `c` is ASCII and has no `test` in any case: no flag of it can name a test flag.
    static func mayNameTestFlag(_ c: Substring) -> Bool {
        var matched = 0
        for b in c.utf8 {
            if b >= 0x80 { return true }
            let lower = b | 0x20
            let want: UInt8 = matched == 0 || matched == 3 ? UInt8(ascii: "t") : matched == 1 ? UInt8(ascii: "e") : UInt8(ascii: "s")
            if lower == want {
                matched += 1
                if matched == 4 { return true }
            } else {
                matched = lower == UInt8(ascii: "t") ? 1 : 0
            }
        }
        return false
    }

    /// `text` split at operator `op` outside parentheses.
    static func splitTopLevel(_ text: Substring, _ op: String) -> [Substring] {
        var parts: [Substring] = []
        var depth = 0
        var start = text.startIndex
        var k = text.startIndex
        while k < text.endIndex {
            let ch = text[k]
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if depth == 0 && text[k...].hasPrefix(op) {
                parts.append(text[start..<k])
                k = text.index(k, offsetBy: op.count)
                start = k
                continue
            }
            k = text.index(after: k)
        }
        parts.append(text[start...])
        return parts
    }

    /// The condition after a `#if`/`#elseif`, as `+C` or `-C` (a leading `!` of a simple
    /// condition read as the negation; whitespace and outer parentheses dropped); "" if none.
    func conditionText(after i: Int) -> String {
        var text = ""
        var j = i + 1
        while j < code.count && !code[j].flags.contains(.newlineBefore) && code[j].kind != .pound && text.utf8.count < 256 {
            text += file.text(code[j].range)
            j += 1
        }
        guard !text.isEmpty else { return "" }
        var positive = true
        var body = Substring(text)
        while true {
            if body.hasPrefix("!") && !body.contains("&&") && !body.contains("||") {
                positive.toggle()
                body = body.dropFirst()
            } else if body.hasPrefix("(") && body.hasSuffix(")") && Self.wrapsWhole(body) {
                body = body.dropFirst().dropLast()
            } else {
                break
            }
        }
        return (positive ? "+" : "-") + body
    }

    /// Whether the `(` that starts `text` is closed by its last character.
    static func wrapsWhole(_ text: Substring) -> Bool {
        var depth = 0
        for (k, ch) in text.enumerated() {
            if ch == "(" { depth += 1 } else if ch == ")" { depth -= 1 }
            if depth == 0 && k < text.count - 1 { return false }
        }
        return true
    }

    static func negated(_ c: String) -> String {
        (c.hasPrefix("+") ? "-" : "+") + c.dropFirst()
    }

    @inline(__always)
    func currentScope(_ frames: [Frame]) -> Int {
        frames.isEmpty ? -1 : frames[frames.count - 1].innerScope
    }

    /// The frame opened at token `o`, searching down from the top (bounded).
    func lastFrame(_ frames: [Frame], openedAt o: Int) -> Int? {
        var k = frames.count - 1
        let floor = max(0, frames.count - 512)
        while k >= floor {
            if frames[k].open == o { return k }
            if frames[k].open < o { return nil }
            k -= 1
        }
        return nil
    }

    /// At `#elseif`/`#else` the frames go back to their state at the `#if`: every scope opened in
    /// the branch just read (the frames above the part both stacks share) ends before `i`.
    mutating func closeDiscardedFrames(_ frames: [Frame], restoring saved: [Frame], at i: Int) {
        var shared = 0
        while shared < frames.count && shared < saved.count && frames[shared].open == saved[shared].open { shared += 1 }
        for f in frames[shared...] where f.scope >= 0 && scopes[f.scope].close < 0 {
            scopes[f.scope].close = max(i - 1, scopes[f.scope].open)
            finishScope(f.scope, end: i)
        }
    }

    /// Makes the model total whatever the tokens were (unfinished code, unbalanced `#if`
    /// branches): every scope has `0 <= open <= close < count`, a closure's `close` is its
    /// scope's, every declaration's `end` and token ranges lie in `0...count` with ordered
    /// bounds, and every index field is a valid index or -1. Rules may rely on this.
    mutating func normalize() {
        let n = code.count
        func index(_ v: Int, below limit: Int) -> Int { v >= 0 && v < limit ? v : -1 }
        func clamp(_ v: Int) -> Int { min(max(v, 0), n) }
        func span(_ r: Range<Int>) -> Range<Int> {
            let lo = clamp(r.lowerBound)
            return lo..<max(lo, clamp(r.upperBound))
        }
        for s in scopes.indices {
            let open = min(max(scopes[s].open, 0), max(n - 1, 0))
            var close = scopes[s].close
            if close < open || close >= n { close = max(open, n - 1) }
            scopes[s].open = open
            scopes[s].close = close
            scopes[s].parent = scopes[s].parent < s ? index(scopes[s].parent, below: scopes.count) : -1
            scopes[s].decl = index(scopes[s].decl, below: decls.count)
            scopes[s].closure = index(scopes[s].closure, below: closures.count)
            scopes[s].statementKeyword = index(scopes[s].statementKeyword, below: n)
        }
        for c in closures.indices {
            let sc = closures[c].scope
            guard sc >= 0 && sc < scopes.count else {
                closures[c].scope = -1
                closures[c].close = -1
                continue
            }
            closures[c].open = scopes[sc].open
            closures[c].close = scopes[sc].close
            closures[c].callee = index(closures[c].callee, below: n)
            closures[c].receiverStart = closures[c].callee >= 0 ? index(closures[c].receiverStart, below: closures[c].callee) : -1
            closures[c].label = index(closures[c].label, below: n)
            let k = closures[c].inKeyword
            closures[c].inKeyword = k > closures[c].open && k <= closures[c].close ? k : -1
        }
        for d in decls.indices {
            decls[d].keyword = min(max(decls[d].keyword, 0), max(n - 1, 0))
            decls[d].start = min(max(decls[d].start, 0), decls[d].keyword)
            decls[d].name = index(decls[d].name, below: n)
            decls[d].parent = decls[d].parent < d ? index(decls[d].parent, below: decls.count) : -1
            decls[d].body = index(decls[d].body, below: scopes.count)
            decls[d].end = min(max(decls[d].end, decls[d].keyword + 1), max(n, decls[d].keyword + 1))
            decls[d].inheritance = span(decls[d].inheritance)
            decls[d].typeAnnotation = span(decls[d].typeAnnotation)
            decls[d].initializer = span(decls[d].initializer)
        }
    }

    /// The enclosing declaration for a new one: nearest scope up the frames with a decl.
    func enclosingDecl(_ frames: [Frame]) -> Int {
        var s = currentScope(frames)
        while s >= 0 {
            if scopes[s].decl >= 0 { return scopes[s].decl }
            s = scopes[s].parent
        }
        return -1
    }

    mutating func openBrace(_ i: Int, _ frames: inout [Frame]) {
        let parentScope = currentScope(frames)
        var kind: ScopeKind = .closure
        var decl = -1
        var stmt = -1
        let top = frames.count - 1
        switch frames[top].pending {
        case .decl(let d):
            switch decls[d].kind {
            case .class, .struct, .enum, .actor, .protocol, .extension:
                kind = .typeBody
                decl = d
            case .function, .initializer, .deinitializer, .accessor:
                kind = .functionBody
                decl = d
            case .subscript:
                kind = firstInsideIsAccessor(i) ? .accessorBlock : .functionBody
                decl = d
            case .variable:
                if frames[top].pendingSawEquals && decls[d].initializer.lowerBound > 0 {
                    if firstInsideIsObserver(i) {
                        kind = .accessorBlock
                        decl = d
                    }
                } else {
                    kind = .accessorBlock
                    decl = d
                    decls[d].isComputed = !firstInsideIsObserver(i)
                }
            case .other:
                kind = .other
                decl = d
            }
            if kind != .closure { frames[top].pending = .none }
        case .statement(let k):
            kind = .statement
            stmt = k
            frames[top].pending = .none
        case .none:
            break
        }
        let scopeIndex = scopes.count
        scopes.append(Scope(kind: kind, open: i, close: -1, parent: parentScope, decl: decl, closure: -1, statementKeyword: stmt))
        if decl >= 0 && decls[decl].body < 0 { decls[decl].body = scopeIndex }
        if kind == .closure {
            scopes[scopeIndex].closure = closures.count
            closures.append(makeClosure(open: i, scope: scopeIndex, frames: frames))
        }
        setScope(i, scopeIndex)
        frames.append(Frame(open: i, scope: scopeIndex, isBrace: true, pending: .none, pendingSawEquals: false, innerScope: scopeIndex))
    }

    mutating func closeBrace(_ i: Int, _ frames: inout [Frame]) {
        let o = Int(match[i])
        guard o >= 0, let k = lastFrame(frames, openedAt: o) else { return }
        let scope = frames[k].scope
        while frames.count > k { frames.removeLast() }
        if scope >= 0 {
            scopes[scope].close = i
            setScope(i, scope)
            finishScope(scope, end: i + 1)
        }
        // A variable's accessor block or a type's body ends its declaration's header.
        let top = frames.count - 1
        if case .decl(let d) = frames[top].pending, decls[d].body >= 0 {
            frames[top].pending = .none
        }
    }

    mutating func finishScope(_ s: Int, end: Int) {
        let d = scopes[s].decl
        if d >= 0 && decls[d].body == s { decls[d].end = max(decls[d].end, end) }
    }

    func firstInsideIsObserver(_ open: Int) -> Bool {
        var j = open + 1
        while j < code.count && code[j].kind == .attribute { j += 1 }
        let w = word(j)
        return w == .willSet || w == .didSet
    }

    func firstInsideIsAccessor(_ open: Int) -> Bool {
        var j = open + 1
        while j < code.count && (code[j].kind == .attribute || word(j) == .mutating || word(j) == .nonmutating) { j += 1 }
        switch word(j) {
        case .get, .set, .willSet, .didSet, ._read, ._modify: return true
        default: return false
        }
    }

    // MARK: Words

    static let modifierWords: WordSet = [
        .private, .fileprivate, .internal, .public, .open, .package, .static, .class, .final, .lazy,
        .nonisolated, .weak, .unowned, .override, .distributed, .mutating, .nonmutating, .convenience,
        .required, .dynamic, .indirect, .optional, .isolated, .prefix, .postfix, .infix, .consuming, .borrowing,
    ]

    mutating func handleWord(_ i: Int, _ frames: inout [Frame]) {
        let t = code[i]
        if t.flags.contains(.escaped) { return }
        if t.word == .await && t.kind == .keyword { awaitTokens.append(Int32(i)) }
        if t.word == .nonisolated { nonisolatedTokens.append(Int32(i)) }
        let afterPeriod = char(i - 1) == UInt8(ascii: ".")
        if afterPeriod { return }
        let w = t.word
        let top = frames.count - 1
        let isKw = t.kind == .keyword
        switch w {
        case .class:
            // `class Foo` declares; `class func` / `class var` is a modifier.
            if isKw && i + 1 < code.count && code[i + 1].kind == .identifier && !Self.modifierWords.contains(code[i + 1].word) {
                addTypeDecl(.class, i, &frames)
            }
        case .struct: if isKw { addTypeDecl(.struct, i, &frames) }
        case .enum: if isKw { addTypeDecl(.enum, i, &frames) }
        case .protocol: if isKw { addTypeDecl(.protocol, i, &frames) }
        case .extension: if isKw { addTypeDecl(.extension, i, &frames) }
        case .actor: if isKw { addTypeDecl(.actor, i, &frames) }
        case .func: if isKw { addFunction(.function, i, &frames) }
        case .`init`:
            if isKw {
                if isAccessorPosition(i, frames) {
                    addAccessor(i, &frames)
                } else if i + 1 < code.count && (char(i + 1) == UInt8(ascii: "(") || char(i + 1) == UInt8(ascii: "?")
                            || char(i + 1) == UInt8(ascii: "!") || char(i + 1) == UInt8(ascii: "<")) && isDeclStart(i) {
                    addFunction(.initializer, i, &frames)
                }
            }
        case .deinit: if isKw { addFunction(.deinitializer, i, &frames) }
        case .subscript: if isKw && isDeclStart(i) { addFunction(.subscript, i, &frames) }
        case .let, .var:
            if isKw && isDeclStart(i) { addVariable(i, &frames) }
        case .precedencegroup:
            if isKw {
                let d = addDecl(.other, i, name: i + 1, frames)
                frames[top].pending = .decl(d)
                frames[top].pendingSawEquals = false
            }
        case .typealias, .associatedtype, .import, .operator:
            if isKw {
                _ = addDecl(.other, i, name: i + 1, frames)
                frames[top].pending = .none
            }
        case .get, .set, .willSet, .didSet, ._read, ._modify:
            if isAccessorPosition(i, frames) { addAccessor(i, &frames) }
        case .if, .guard, .for, .switch, .catch, .do, .repeat, .defer, .else:
            // `request(for: x)`: an argument label, not a statement.
            if isKw && char(i + 1) != UInt8(ascii: ":") {
                frames[top].pending = .statement(i)
                frames[top].pendingSawEquals = false
            }
        case .while:
            // `repeat { } while cond` has no body of its own.
            if isKw && char(i + 1) != UInt8(ascii: ":") && !closesRepeatBody(i - 1) {
                frames[top].pending = .statement(i)
                frames[top].pendingSawEquals = false
            }
        default:
            break
        }
    }

    /// Whether token `i` is the `}` ending a `repeat { … }` body (so a `while` after it is the
    /// loop's condition, not a new `while` statement).
    func closesRepeatBody(_ i: Int) -> Bool {
        guard char(i) == UInt8(ascii: "}") else { return false }
        let o = Int(match[i])
        guard o >= 0 else { return false }
        let sc = scope(at: o)
        guard sc >= 0, scopes[sc].open == o, scopes[sc].kind == .statement else { return false }
        return isKeyword(scopes[sc].statementKeyword, .repeat)
    }

    func isAccessorPosition(_ i: Int, _ frames: [Frame]) -> Bool {
        let s = currentScope(frames)
        guard s >= 0, scopes[s].kind == .accessorBlock, frames[frames.count - 1].isBrace else { return false }
        let prev = i - 1
        if prev < 0 { return false }
        let c = char(prev)
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "}") || c == UInt8(ascii: ";") { return true }
        if code[prev].kind == .attribute || word(prev) == .mutating || word(prev) == .nonmutating { return true }
        if c == UInt8(ascii: ")") { return true }
        return code[i].flags.contains(.newlineBefore)
    }

    /// Whether `let`/`var`/`init`/`subscript` at `i` starts a declaration (rather than a binding
    /// in a pattern such as `if let`, `case let`, `(let x, …)`).
    func isDeclStart(_ i: Int) -> Bool {
        var prev = i - 1
        if prev < 0 { return true }
        // Skip back over modifiers and attributes to what precedes the declaration.
        while prev >= 0 {
            let t = code[prev]
            if t.kind == .attribute || (t.isWord && Self.modifierWords.contains(t.word) && !t.flags.contains(.escaped)) {
                if t.isWord && t.word == .class && !(t.kind == .keyword) { break }
                prev -= 1
                continue
            }
            if char(prev) == UInt8(ascii: ")") {
                let o = Int(match[prev])
                if o > 0 && (code[o - 1].kind == .attribute || Self.modifierWords.contains(word(o - 1))) {
                    prev = o - 2
                    continue
                }
            }
            if t.kind == .operator && firstByte(prev) == UInt8(ascii: ">"), let open = genericOpen(endingAt: prev), open > 0,
               code[open - 1].kind == .attribute {
                prev = open - 2
                continue
            }
            break
        }
        if prev < i - 1 { return true }  // at least one modifier or attribute
        if prev < 0 { return true }
        let t = code[prev]
        if t.kind == .pound { return true }
        let c = char(prev)
        if c == UInt8(ascii: "{") || c == UInt8(ascii: "}") || c == UInt8(ascii: ";") { return true }
        if !code[i].flags.contains(.newlineBefore) { return false }
        // (`let`/`var` can never be an operand, so a line ending in an operator still ends there.)
        if c == UInt8(ascii: ",") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[")
            || c == UInt8(ascii: ":") || c == UInt8(ascii: "=") {
            return false
        }
        switch word(prev) {
        case .case, .if, .guard, .while, .catch, .for, .in: return false
        default: return true
        }
    }

    /// Whether token `j` (which follows a line break) begins a new statement rather than
    /// continuing the previous line's expression.
    func startsNewStatement(_ j: Int) -> Bool {
        let t = code[j]
        let c = char(j)
        if c == UInt8(ascii: ".") || c == UInt8(ascii: "{") || c == UInt8(ascii: "=") || c == UInt8(ascii: ":") { return false }
        if t.kind == .punctuation && t.length == 2 { return false }  // `->`
        if t.kind == .operator {
            // A binary operator continues; a prefix operator glued to its operand starts anew.
            let glued = j + 1 < code.count && code[j + 1].start == t.end
            if !glued { return false }
            if c == UInt8(ascii: "?") { return false }
        }
        if word(j) == .where || word(j) == .as || word(j) == .is || word(j) == .in { return false }
        // Declarations, statements and attributes always start anew.
        if t.kind == .attribute || t.kind == .pound { return true }
        if t.kind == .keyword {
            switch t.word {
            case .let, .var, .func, .class, .struct, .enum, .protocol, .extension, .actor, .import, .typealias,
                 .return, .if, .guard, .for, .while, .switch, .do, .defer, .repeat, .throw, .break, .continue,
                 .case, .default, Word.`init`, .deinit, .subscript, .static, .private, .fileprivate, .public, .internal,
                 .final, .override, .open, .lazy, .nonisolated:
                return true
            default: break
            }
        }
        let p = j - 1
        if p < 0 { return true }
        let pc = char(p)
        // A postfix operator or a generic's closing `>` glued to what precedes it ends an expression.
        let gluedPostfix = code[p].kind == .operator && !code[p].flags.contains(.spaceBefore)
        if (code[p].kind == .operator && !gluedPostfix) || pc == UInt8(ascii: "=") || pc == UInt8(ascii: ",") || pc == UInt8(ascii: "(")
            || pc == UInt8(ascii: "[") || pc == UInt8(ascii: ":") || pc == UInt8(ascii: ".") {
            return false
        }
        if code[p].kind == .punctuation && code[p].length == 2 { return false }
        switch word(p) {
        case .return, .try, .await, .as, .is, .in, .throw: return false
        default: return true
        }
    }

    /// Walks back from a declaration keyword over its modifiers and attributes: the first token
    /// of them, the modifiers, and how many attributes there are (a count, not an array: only
    /// whether there are any is kept).
    func declPrefix(_ keyword: Int) -> (start: Int, modifiers: Modifiers, attributes: Int) {
        var mods: Modifiers = []
        var attrs = 0
        var j = keyword - 1
        var start = keyword
        while j >= 0 {
            let t = code[j]
            if t.kind == .attribute {
                attrs += 1
                start = j
                j -= 1
                continue
            }
            // `@Wrapper<A, B>`: generic arguments after an attribute.
            if t.kind == .operator && firstByte(j) == UInt8(ascii: ">"), let open = genericOpen(endingAt: j), open > 0,
               code[open - 1].kind == .attribute {
                attrs += 1
                start = open - 1
                j = open - 2
                continue
            }
            if t.isWord && !t.flags.contains(.escaped) && Self.modifierWords.contains(t.word) {
                if let m = Self.modifier(for: t.word) { mods.insert(m) }
                start = j
                j -= 1
                continue
            }
            if char(j) == UInt8(ascii: ")") {
                let o = Int(match[j])
                if o > 0 {
                    if code[o - 1].kind == .attribute {
                        attrs += 1
                        start = o - 1
                        j = o - 2
                        continue
                    }
                    let mw = word(o - 1)
                    if Self.modifierWords.contains(mw) {
                        let inner = o + 1 < j ? text(o + 1) : ""
                        if mw == .nonisolated && inner == "unsafe" {
                            mods.insert(.nonisolatedUnsafe)
                        } else if inner == "set" {
                            mods.insert(.setterAccess)
                        } else if let m = Self.modifier(for: mw) {
                            mods.insert(m)
                        }
                        start = o - 1
                        j = o - 2
                        continue
                    }
                }
            }
            break
        }
        return (start, mods, attrs)
    }

    /// The `<` matching a generic argument list that ends with the `>` token at `close`.
    func genericOpen(endingAt close: Int) -> Int? {
        var depth = 0
        var j = close
        let floor = max(0, close - 64)
        while j >= floor {
            let t = code[j]
            if t.kind == .operator {
                for b in file.bytes[Int(t.start)..<Int(t.end)].reversed() {
                    if b == UInt8(ascii: ">") { depth += 1 } else if b == UInt8(ascii: "<") { depth -= 1 }
                }
                if depth == 0 { return j }
            } else if t.kind == .punctuation && (firstByte(j) == UInt8(ascii: "{") || firstByte(j) == UInt8(ascii: "}") || firstByte(j) == UInt8(ascii: ";")) {
                return nil
            }
            j -= 1
        }
        return nil
    }

    static func modifier(for w: Word) -> Modifiers? {
        switch w {
        case .static: .static
        case .class: .class
        case .private: .private
        case .fileprivate: .fileprivate
        case .internal: .internal
        case .public: .public
        case .open: .open
        case .package: .package
        case .final: .final
        case .lazy: .lazy
        case .nonisolated: .nonisolated
        case .weak: .weak
        case .unowned: .unowned
        case .override: .override
        case .distributed: .distributed
        case .mutating: .mutating
        case .convenience: .convenience
        case .required: .required
        case .dynamic: .dynamic
        case .indirect: .indirect
        case .optional: .optional
        case .isolated: .isolated
        default: nil
        }
    }

    mutating func addDecl(_ kind: DeclKind, _ keyword: Int, name: Int, _ frames: [Frame]) -> Int {
        let prefix = declPrefix(keyword)
        let nameIndex = name >= 0 && name < code.count && code[name].isWord ? name : -1
        let d = Decl(
            kind: kind, keyword: keyword, start: prefix.start, name: nameIndex,
            nameText: nameIndex >= 0 ? stripBackticks(text(nameIndex)) : "",
            fullName: "", parent: enclosingDecl(frames), body: -1, modifiers: prefix.modifiers,
            hasAttributes: prefix.attributes > 0, inheritance: 0..<0, typeAnnotation: 0..<0, initializer: 0..<0,
            isLet: false, isComputed: false, isAsync: false, isThrows: false, parameterNames: [], end: keyword + 1)
        decls.append(d)
        return decls.count - 1
    }

    func stripBackticks(_ s: String) -> String {
        if s.hasPrefix("`") && s.hasSuffix("`") && s.count >= 2 { return String(s.dropFirst().dropLast()) }
        return s
    }

    mutating func addTypeDecl(_ kind: DeclKind, _ i: Int, _ frames: inout [Frame]) {
        let d = addDecl(kind, i, name: i + 1, frames)
        // Extensions name a (possibly dotted) type; keep its last component as the name.
        var j = i + 1
        var full = text(j)
        while j + 2 < code.count && char(j + 1) == UInt8(ascii: ".") && code[j + 2].isWord {
            j += 2
            full += "." + text(j)
        }
        decls[d].fullName = stripBackticks(full)
        if j != i + 1 {
            decls[d].name = j
            decls[d].nameText = stripBackticks(text(j))
        }
        // Inheritance: after the name and generic parameters, from `:` to `where` or `{`.
        var k = j + 1
        if k < code.count && code[k].kind == .operator && firstByte(k) == UInt8(ascii: "<") {
            var depth = 0
            while k < code.count {
                if code[k].kind == .operator {
                    for b in file.bytes[Int(code[k].start)..<Int(code[k].end)] {
                        if b == UInt8(ascii: "<") { depth += 1 } else if b == UInt8(ascii: ">") { depth -= 1 }
                    }
                }
                k += 1
                if depth <= 0 { break }
                if char(k) == UInt8(ascii: "{") { break }
            }
        }
        if char(k) == UInt8(ascii: ":") {
            let start = k + 1
            var e = start
            while e < code.count && char(e) != UInt8(ascii: "{") && word(e) != .where && code[e].kind != .pound {
                if e > start && code[e].flags.contains(.newlineBefore) && startsNewStatement(e) && char(e - 1) != UInt8(ascii: ",") { break }
                e += 1
            }
            decls[d].inheritance = start..<e
        }
        let top = frames.count - 1
        frames[top].pending = .decl(d)
        frames[top].pendingSawEquals = false
    }

    mutating func addFunction(_ kind: DeclKind, _ i: Int, _ frames: inout [Frame]) {
        var nameIndex = -1
        if kind == .function { nameIndex = i + 1 }
        let d = addDecl(kind, i, name: nameIndex, frames)
        if kind == .function, i + 1 < code.count {
            decls[d].nameText = stripBackticks(text(i + 1))
            decls[d].name = i + 1
        } else {
            decls[d].nameText = code[i].word.text
        }
        // Parameters: the first `(` after the name (skipping generic parameters).
        var j = i + 1
        while j < code.count && j < i + 64 && char(j) != UInt8(ascii: "(") && char(j) != UInt8(ascii: "{") {
            j += 1
        }
        var sigEnd = j
        if char(j) == UInt8(ascii: "(") {
            let close = Int(match[j])
            if close > j {
                decls[d].parameterNames = parameterNames(j, close)
                sigEnd = close + 1
                // Effects after the parameter list, before `->`, `where` or `{`.
                var k = close + 1
                while k < code.count && k < close + 8 {
                    let w = word(k)
                    if w == .async { decls[d].isAsync = true } else if w == .throws || w == .rethrows { decls[d].isThrows = true } else if char(k) == UInt8(ascii: "(") && k > 0 && word(k - 1) == .throws {
                        // typed throws: `throws(E)`
                        let m = Int(match[k])
                        if m > k { k = m }
                    } else { break }
                    k += 1
                }
                sigEnd = k
            }
        }
        decls[d].typeAnnotation = (i + 1)..<max(i + 1, sigEnd)
        let top = frames.count - 1
        frames[top].pending = .decl(d)
        frames[top].pendingSawEquals = false
    }

    func parameterNames(_ open: Int, _ close: Int) -> [String] {
        var names: [String] = []
        var segmentStart = open + 1
        var k = open + 1
        while k <= close {
            if k == close || (char(k) == UInt8(ascii: ",") ) {
                // tokens segmentStart..<k: `label name: Type` or `name: Type`
                var colon = segmentStart
                while colon < k && char(colon) != UInt8(ascii: ":") { colon += 1 }
                if colon < k && colon > segmentStart {
                    let nameTok = colon - 1
                    if code[nameTok].isWord { names.append(stripBackticks(text(nameTok))) }
                }
                segmentStart = k + 1
            } else if char(k) == UInt8(ascii: "(") || char(k) == UInt8(ascii: "[") || char(k) == UInt8(ascii: "{") {
                let m = Int(match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return names
    }

    mutating func addAccessor(_ i: Int, _ frames: inout [Frame]) {
        let d = addDecl(.accessor, i, name: i, frames)
        var k = i + 1
        if char(k) == UInt8(ascii: "(") {
            let m = Int(match[k])
            if m > k {
                if code[k + 1].isWord { decls[d].parameterNames = [text(k + 1)] }
                k = m + 1
            }
        }
        while k < code.count && k < i + 6 {
            let w = word(k)
            if w == .async { decls[d].isAsync = true } else if w == .throws { decls[d].isThrows = true } else { break }
            k += 1
        }
        let top = frames.count - 1
        frames[top].pending = .decl(d)
        frames[top].pendingSawEquals = false
    }

    mutating func addVariable(_ i: Int, _ frames: inout [Frame]) {
        var nameIndex = i + 1
        // `let (a, b) = …`: take the first name of the tuple pattern.
        if char(nameIndex) == UInt8(ascii: "(") {
            nameIndex += 1
            while nameIndex < code.count && !code[nameIndex].isWord && char(nameIndex) != UInt8(ascii: ")") { nameIndex += 1 }
        }
        let d = addDecl(.variable, i, name: nameIndex, frames)
        decls[d].isLet = code[i].word == .let
        // Type annotation and initializer, scanning to the end of the statement.
        var k = nameIndex + 1
        if char(i + 1) == UInt8(ascii: "(") {
            let m = Int(match[i + 1])
            if m > i { k = m + 1 }
        }
        var annotationStart = -1
        var initStart = -1
        var end = k
        while k < code.count {
            let c = char(k)
            if k > nameIndex + 1 && code[k].flags.contains(.newlineBefore) && startsNewStatement(k) { break }
            if c == UInt8(ascii: ";") || c == UInt8(ascii: "}") || c == UInt8(ascii: ")") || c == UInt8(ascii: "]") { break }
            if code[k].kind == .pound { break }
            if c == UInt8(ascii: ",") && initStart < 0 && annotationStart < 0 { break }
            if c == UInt8(ascii: ",") {
                // `var a = 1, b = 2`: a further binding starts after a top-level comma.
                if k + 2 < code.count && code[k + 1].isWord && (char(k + 2) == UInt8(ascii: "=") || char(k + 2) == UInt8(ascii: ":")) { break }
            }
            if c == UInt8(ascii: ":") && annotationStart < 0 && initStart < 0 {
                annotationStart = k + 1
            } else if c == UInt8(ascii: "=") && initStart < 0 {
                if annotationStart >= 0 { decls[d].typeAnnotation = annotationStart..<k }
                initStart = k + 1
            } else if c == UInt8(ascii: "{") {
                let m = Int(match[k])
                if initStart >= 0 && !firstInsideIsObserver(k) && m > k {
                    // A closure or trailing closure inside the initializer.
                    k = m + 1
                    end = k
                    continue
                }
                break
            } else if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                let m = Int(match[k])
                if m > k {
                    k = m + 1
                    end = k
                    continue
                }
            }
            k += 1
            end = k
        }
        if initStart >= 0 {
            decls[d].initializer = initStart..<max(initStart, end)
        } else if annotationStart >= 0 {
            decls[d].typeAnnotation = annotationStart..<max(annotationStart, end)
        }
        decls[d].end = end
        let top = frames.count - 1
        frames[top].pending = .decl(d)
        frames[top].pendingSawEquals = false
        // Further bindings in the same declaration share its modifiers.
        if char(end) == UInt8(ascii: ",") && end + 1 < code.count && code[end + 1].isWord {
            var extra = decls[d]
            extra.name = end + 1
            extra.nameText = stripBackticks(text(end + 1))
            extra.typeAnnotation = 0..<0
            extra.initializer = 0..<0
            var q = end + 2
            if char(q) == UInt8(ascii: ":") {
                let s = q + 1
                while q < code.count && char(q) != UInt8(ascii: "=") && char(q) != UInt8(ascii: ",") && !(code[q].flags.contains(.newlineBefore) && q > s) { q += 1 }
                extra.typeAnnotation = s..<q
            }
            if char(q) == UInt8(ascii: "=") {
                let s = q + 1
                q = s
                while q < code.count && char(q) != UInt8(ascii: ",") && !(code[q].flags.contains(.newlineBefore) && startsNewStatement(q)) && char(q) != UInt8(ascii: "}") {
                    let m = Int(match[q])
                    if m > q && (char(q) == UInt8(ascii: "(") || char(q) == UInt8(ascii: "[") || char(q) == UInt8(ascii: "{")) { q = m }
                    q += 1
                }
                extra.initializer = s..<q
            }
            extra.end = q
            decls.append(extra)
        }
    }

    // MARK: Closures

    func makeClosure(open: Int, scope: Int, frames: [Frame]) -> Closure {
        var callee = -1
        var label = -1
        var trailing = false
        let prev = open - 1
        if prev >= 0 {
            let pc = char(prev)
            if pc == UInt8(ascii: ")") {
                let o = Int(match[prev])
                if o > 0 && (code[o - 1].isWord) {
                    callee = o - 1
                    trailing = true
                }
            } else if code[prev].kind == .identifier || (code[prev].kind == .keyword && (code[prev].word == .`init` || code[prev].word == .super || code[prev].word == .self))
                        || (code[prev].kind == .keyword && code[prev].word == .async && prev >= 1 && code[prev - 1].kind != .keyword && char(prev - 1) != UInt8(ascii: ")")) {
                // (`async { }` calls a function named `async`, the type's own dispatcher; not the
                // `async` of a signature, `f() async {`, or an accessor's `get async {`.)
                callee = prev
                trailing = true
            } else if pc == UInt8(ascii: ":") && prev >= 1 && code[prev - 1].isWord {
                label = prev - 1
                if prev >= 2 && char(prev - 2) == UInt8(ascii: "}") {
                    // A labelled trailing closure after the first one: same call.
                    let first = Int(match[prev - 2])
                    if first >= 0, let c = closures.last(where: { $0.open == first }) {
                        callee = c.callee
                        trailing = true
                    }
                } else {
                    callee = calleeOfEnclosingParen(frames)
                }
            } else if pc == UInt8(ascii: "(") || pc == UInt8(ascii: ",") {
                callee = calleeOfEnclosingParen(frames)
            }
        }
        var receiverStart = -1
        if callee >= 1 && char(callee - 1) == UInt8(ascii: ".") {
            receiverStart = receiverStartBefore(callee - 1)
        }
        let signature = closureSignature(open)
        return Closure(scope: scope, open: open, close: Int(match[open]), callee: callee, receiverStart: receiverStart,
                       label: label, isTrailing: trailing, inKeyword: signature.inKeyword, isAsync: signature.isAsync,
                       parameterNames: signature.names)
    }

    func calleeOfEnclosingParen(_ frames: [Frame]) -> Int {
        guard let f = frames.last, !f.isBrace, char(f.open) == UInt8(ascii: "(") else { return -1 }
        let c = f.open - 1
        if c >= 0 && code[c].isWord { return c }
        return -1
    }

    /// The first token of the receiver expression ending just before the `.` at `dot`.
    func receiverStartBefore(_ dot: Int) -> Int {
        var j = dot - 1
        var start = -1
        while j >= 0 {
            let c = char(j)
            if c == UInt8(ascii: "?") || c == UInt8(ascii: "!") {
                j -= 1
                continue
            }
            if c == UInt8(ascii: ")") || c == UInt8(ascii: "]") {
                let o = Int(match[j])
                if o < 0 { break }
                j = o - 1
                start = o
                if j >= 0 && code[j].isWord { start = j } else { break }
            } else if code[j].isWord || code[j].kind == .identifier {
                start = j
            } else {
                break
            }
            if j >= 1 && char(j - 1) == UInt8(ascii: ".") {
                j -= 2
                continue
            }
            break
        }
        return start
    }

    func closureSignature(_ open: Int) -> (inKeyword: Int, isAsync: Bool, names: [String]) {
        let close = Int(match[open])
        let limit = close > open ? close : min(code.count, open + 200)
        var j = open + 1
        var isAsync = false
        var names: [String] = []
        var steps = 0
        // After `->` comes the result type, which binds nothing (`-> (Int, String)`, `-> A.B`).
        var afterArrow = false
        while j < limit && steps < 200 {
            steps += 1
            let t = code[j]
            if t.kind == .keyword && t.word == .in { return (j, isAsync, names) }
            let c = char(j)
            if t.kind == .punctuation && t.length == 2 && firstByte(j) == UInt8(ascii: "-") { afterArrow = true }
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") {
                let m = Int(match[j])
                guard m > j else { break }
                if afterArrow {
                    j = m + 1
                    continue
                }
                // Names inside: identifiers followed by `,`, `)`, `]`, `:` or `=`.
                var k = j + 1
                while k < m {
                    if code[k].isWord && !code[k].flags.contains(.escaped) || code[k].kind == .identifier {
                        let nc = char(k + 1)
                        let pc = char(k - 1)
                        let isName = (nc == UInt8(ascii: ",") || nc == UInt8(ascii: ")") || nc == UInt8(ascii: "]")
                            || nc == UInt8(ascii: ":") || nc == UInt8(ascii: "="))
                            && (pc == UInt8(ascii: "(") || pc == UInt8(ascii: "[") || pc == UInt8(ascii: ",") || code[k - 1].isWord)
                        if isName && code[k].kind == .identifier { names.append(text(k)) }
                        if nc == UInt8(ascii: ":") {
                            // skip the type
                            var q = k + 2
                            while q < m && char(q) != UInt8(ascii: ",") {
                                let mm = Int(match[q])
                                if mm > q { q = mm }
                                q += 1
                            }
                            k = q
                            continue
                        }
                    }
                    k += 1
                }
                j = m + 1
                continue
            }
            if t.kind == .identifier {
                // A bare parameter: `x in`, `x, y in`, and before the effects or the result type
                // (`x -> T in`, `x throws -> T in`, `x async in`).
                let next = j + 1 < code.count ? code[j + 1] : t
                let ends = char(j + 1) == UInt8(ascii: ",") || word(j + 1) == .in
                    || (next.kind == .punctuation && next.length == 2 && firstByte(j + 1) == UInt8(ascii: "-"))
                    || word(j + 1) == .async || word(j + 1) == .throws || word(j + 1) == .rethrows
                if ends && !afterArrow { names.append(text(j)) }
                j += 1
                continue
            }
            if t.kind == .attribute || c == UInt8(ascii: ",") || c == UInt8(ascii: ":") || c == UInt8(ascii: ".")
                || c == UInt8(ascii: "?") || c == UInt8(ascii: "!") || c == UInt8(ascii: "&") || c == UInt8(ascii: "<") || c == UInt8(ascii: ">")
                || (t.kind == .punctuation && t.length == 2) || (t.kind == .operator && firstByte(j) == UInt8(ascii: ">")) {
                j += 1
                continue
            }
            if t.kind == .keyword {
                switch t.word {
                case .async: isAsync = true
                case .throws, .rethrows, .inout, .some, .any, .Self, .Any, .sending, ._: break
                default: return (-1, false, [])
                }
                j += 1
                continue
            }
            break
        }
        return (-1, false, [])
    }
}
