/// The block a dispatch call sends and what it does: its closure, its weak or unowned capture
/// list, whether it reads a task-local value (which a GCD block does not inherit), and which
/// stored names it assigns.
public enum DispatchedBlocks {
    // MARK: Task-local values

    /// Attributes whose property reads a task-local value (`@TaskLocal`, and swift-dependencies'
    /// `@Dependency`, which reads one).
    static let taskLocalAttributes: Set<String> = ["@TaskLocal", "@Dependency"]
    /// Calls that bind or capture task-local values.
    static let taskLocalCalls: Set<String> = ["withValue", "withDependencies", "withEscapedDependencies"]

    /// Names of properties and locals declared in the file with a task-local attribute.
    public static func taskLocalNames(_ s: FileStructure) -> Set<String> {
        var names: Set<String> = []
        for d in s.decls where d.kind == .variable && d.hasAttributes && d.name >= 0
            && s.attributes(of: d).contains(where: { Self.taskLocalAttributes.contains(s.text($0)) }) {
            names.insert(d.nameText)
        }
        return names
    }

    /// Whether the block dispatched by the call at `m` reads a task-local value. A GCD block
    /// does not inherit task-locals and `Task {}` does, so the hop may be the point (code that
    /// escapes a dependency context, and tests of exactly that).
    public static func readsTaskLocal(_ s: FileStructure, dispatchedBy m: Int, names: Set<String>) -> Bool {
        guard let c = Self.dispatchedClosure(s, call: m), c.close > c.open else { return false }
        for k in s.span(c.open, c.close + 1) {
            switch s.code[k].kind {
            case .attribute where Self.taskLocalAttributes.contains(s.text(k)): return true
            case .identifier:
                let name = s.text(k)
                if Self.taskLocalCalls.contains(name) || names.contains(name) { return true }
            default: break
            }
        }
        return false
    }

    /// The stored names a block (or a method of its type it calls on `self`, one level down)
    /// assigns: `x = …`, `self.x = …`.
    /// - Parameter methodsOf: the type whose methods called from the range are followed (one level).
    public static func assignedNames(_ s: FileStructure, in range: Range<Int>, methodsOf type: String? = nil) -> Set<String> {
        var out = Set<String>()
        var methods: [String: [Int]]? = nil
        for k in range where s.code[k].kind == .identifier {
            let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
            guard onSelf else { continue }
            if s.isChar(k + 1, UInt8(ascii: "=")) {
                out.insert(s.text(k))
            } else if let type, s.isChar(k + 1, UInt8(ascii: "(")) {
                if methods == nil {
                    methods = Dictionary(grouping: s.callableMembers(ofTypeNamed: type).filter { s.decls[$0].kind == .function }, by: { s.decls[$0].nameText })
                }
                for g in methods?[s.text(k)] ?? [] where s.decls[g].body >= 0 {
                    out.formUnion(assignedNames(s, in: s.scopes[s.decls[g].body].interior))
                }
            }
        }
        return out
    }

    /// The names a block dispatched at `m` posts, when all it does is assign state (`x = …`,
    /// `self?.a.b = …`, `n += 1`; values built with a type's initializer or a leading-dot member):
    /// the last component of each assigned name. Nil when it calls anything else.
    public static func postedState(_ s: FileStructure, dispatchedBy m: Int) -> Set<String>? {
        guard let c = dispatchedClosure(s, call: m), c.close > c.open else { return nil }
        var names = Set<String>()
        for k in c.interior where s.code[k].kind == .identifier || s.isKeyword(k, .`init`) {
            if s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) {
                // A call: only a value built for an assignment, `Type(…)`, `.init(…)`, `.case(…)`.
                let leadingDot = s.isChar(k - 1, UInt8(ascii: ".")) && k >= 2 && s.code[k - 2].kind != .identifier
                    && !s.isKeyword(k - 2, .self) && !s.isChar(k - 2, UInt8(ascii: ")")) && !s.isChar(k - 2, UInt8(ascii: "?"))
                    && !s.isChar(k - 2, UInt8(ascii: "]")) && !s.isChar(k - 2, UInt8(ascii: "!"))
                guard s.text(k).first?.isUppercase == true || leadingDot else { return nil }
                continue
            }
            guard s.code[k].kind == .identifier, k + 1 < c.close else { continue }
            if s.isChar(k + 1, UInt8(ascii: "=")) {
                names.insert(s.text(k))
            } else if s.code[k + 1].kind == .operator {
                let op = s.text(k + 1)
                if op.count >= 2 && op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op) { names.insert(s.text(k)) }
            }
        }
        return names.isEmpty ? nil : names
    }

    /// The code that runs a token on the spot: its function, accessor or closure body, through
    /// statements and closures that run inline (`forEach`, `withLock`, …).
    public static func runningScope(_ s: FileStructure, of i: Int) -> Int? {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .statement:
                continue
            case .closure:
                let c = s.closures[scope.closure]
                if c.callee >= 0 && AsyncContext.inlineCallees.contains(s.text(c.callee)) { continue }
                return sc
            case .functionBody, .accessorBlock:
                return sc
            default:
                return nil
            }
        }
        return nil
    }

    /// A read, after the block dispatched at `m` and in the code that runs on at once (not in a
    /// block or closure that runs later), of a stored property of the type that the block sets
    /// (`x = …`, `self.x = …`, or one level down through a method of the type it calls): that read
    /// runs before the block and sees the value from before it. The first such read, or nil.
    public static func readAfterBlock(_ s: FileStructure, dispatchedBy m: Int) -> (name: String, token: Int)? {
        guard let c = dispatchedClosure(s, call: m), c.close > c.open, let body = runningScope(s, of: m),
              let typeDecl = s.enclosingType(of: m) else { return nil }
        // `x` or `self.x`: a property of the instance itself.
        func onSelf(_ k: Int) -> Bool {
            !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
        }
        var set = assignedNames(s, in: c.interior, methodsOf: s.decls[typeDecl].nameText)
        // Compound assignments too (`count += 1`, `self.count -= 1`).
        for k in c.interior where s.code[k].kind == .identifier && k + 1 < s.code.count && s.code[k + 1].kind == .operator {
            let op = s.text(k + 1)
            if onSelf(k) && op.count >= 2 && op.hasSuffix("=") && !["==", "!=", "<=", ">=", "==="].contains(op) { set.insert(s.text(k)) }
        }
        guard !set.isEmpty else { return nil }
        let end = s.scopes[body].close
        var k = c.close + 1
        while k < end {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, set.contains(s.text(k)) else { continue }
            guard onSelf(k), !s.isChar(k + 1, UInt8(ascii: "=")), !StateWrites.isDefiniteWrite(s, k), runningScope(s, of: k) == body else { continue }
            guard case .variable(let v) = s.lookupVariable(s.text(k), at: k), s.decls[v].parent >= 0,
                  s.decls[s.decls[v].parent].kind.isType, !s.decls[v].isComputed else { continue }
            return (s.text(k), k)
        }
        return nil
    }

    /// The closure passed to the dispatch call at `m` (trailing, or `execute: { … }`): closures
    /// are in source order, so the first one opening after `m` is found by binary search.
    public static func dispatchedClosure(_ s: FileStructure, call m: Int) -> Closure? {
        let lo = s.firstClosure(openingAfter: m)
        // Argument closures nested in the call's own arguments come first; its own closure is
        // among the next few.
        var k = lo
        while k < s.closures.count && k < lo + 8 {
            if s.closures[k].callee == m { return s.closures[k] }
            k += 1
        }
        return nil
    }

    /// The capture list of the block dispatched at `m` when it captures something weakly or
    /// unowned (`[weak self]`, `[weak self, unowned delegate]`), as written.
    public static func weakCaptureList(_ s: FileStructure, call m: Int) -> String? {
        guard let c = dispatchedClosure(s, call: m), s.isChar(c.open + 1, UInt8(ascii: "[")) else { return nil }
        let close = Int(s.match[c.open + 1])
        guard close > c.open + 1, close < c.close else { return nil }
        let list = s.span(c.open + 1, close + 1)
        guard list.contains(where: { s.isKeyword($0, .weak) || s.isKeyword($0, .unowned) || s.is($0, "weak") || s.is($0, "unowned") }) else { return nil }
        var text = ""
        for k in list {
            if !text.isEmpty && !s.isChar(k, UInt8(ascii: ",")) && !s.isChar(k, UInt8(ascii: "]")) && !text.hasSuffix("[") && !s.isChar(k, UInt8(ascii: "(")) && !s.isChar(k, UInt8(ascii: ")")) && !text.hasSuffix("(") {
                text += " "
            }
            text += s.text(k)
        }
        return text
    }
}
