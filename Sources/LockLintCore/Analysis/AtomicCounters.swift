/// Which atomics of a file only count, and how the values of atomic operations are used: an
/// atomic that is only added to, read and stored, whose adds' results decide nothing (no branch,
/// no comparison, not returned to callers that decide on them) and follow no write of the type's
/// stored state, is an independent counter that needs atomicity and no ordering.
public enum AtomicCounters {
    /// Whether the call at `callee` only adds to or subtracts from the value (`add`,
    /// `wrappingIncrement`, `loadThenWrappingDecrement`, …).
    public static func isCounting(_ s: FileStructure, _ callee: Int) -> Bool {
        if s.is(callee, "add") || s.is(callee, "subtract") || s.is(callee, "wrappingAdd") || s.is(callee, "wrappingSubtract") { return true }
        let name = s.text(callee)
        return name.contains("Increment") || name.contains("Decrement")
    }

    /// For each name: whether it is an atomic declared in this file that is only counted and read
    /// here. Every use of the name is an operation call (`x.load`, `x.store`, an add), none
    /// decides a branch or is compared (a count that hands something over, such as a reference
    /// count reaching zero, needs its ordering), no add follows a write of a stored property in
    /// its function (the count may publish that write), and the atomic is never handed to other
    /// code. One pass over the file's tokens for all the names.
    public static func independentCounters(_ s: FileStructure, names: Set<String>) -> [String: Bool] {
        var result: [String: Bool] = [:]
        var declared = Set<String>()
        // The atomic declarations of each name: a use in another branch of an `#if` than all of
        // them is a twin of another type (a lock on one platform, an atomic on another).
        var atomicDecls: [String: [Int]] = [:]
        for n in names {
            for d in s.variableDecls(named: n) {
                let v = s.decls[d]
                let atomic = [v.typeAnnotation, v.initializer].contains { r in
                    r.contains { k in s.code[k].kind == .identifier && (s.is(k, "Atomic") || s.is(k, "ManagedAtomic") || s.is(k, "UnsafeAtomic")) }
                }
                if atomic {
                    declared.insert(n)
                    atomicDecls[n, default: []].append(d)
                }
            }
            result[n] = declared.contains(n)
        }
        guard !declared.isEmpty else { return result }
        let set = NameSet(declared)
        var firstWrites: [Int: Int] = [:]
        var functionNames: [Int: FunctionNames] = [:]
        var returnedBy: [Int: Set<String>] = [:]
        var adds = Set<String>()
        var declarationNames = Set<Int>()
        for n in declared { for d in s.variableDecls(named: n) where s.decls[d].name >= 0 { declarationNames.insert(s.decls[d].name) } }
        for k in 0..<s.count where s.code[k].kind == .identifier && set.contains(s, k) {
            let name = s.text(k)
            guard result[name] == true, !declarationNames.contains(k) else { continue }
            if !s.branches.isEmpty && !(atomicDecls[name] ?? []).contains(where: { s.compatible($0, with: k) }) { continue }
            // A label (`counter: 0`), or the atomic itself assigned (`self.counter = Atomic(0)`).
            if s.isChar(k + 1, UInt8(ascii: ":")) || s.isChar(k + 1, UInt8(ascii: "=")) { continue }
            guard s.isChar(k + 1, UInt8(ascii: ".")), s.code[k + 2].kind == .identifier, s.isChar(k + 3, UInt8(ascii: "(")) else {
                result[name] = false
                continue
            }
            let callee = k + 2
            if s.is(callee, "store") { continue }
            let counting = Self.isCounting(s, callee)
            guard s.is(callee, "load") || counting, !decides(s, receiver: k, callee: callee),
                  !(counting && writesStateBefore(s, k, excluding: name, cache: &firstWrites)) else {
                result[name] = false
                continue
            }
            if counting {
                adds.insert(name)
                // Where the add's result goes.
                switch resultUse(s, receiver: k, functions: &functionNames) {
                case .inert: break
                case .decides: result[name] = false
                case .returned(let f): returnedBy[f, default: []].insert(name)
                }
            }
        }
        // A count returned to callers that decide on it (or may: callers in other files).
        if !returnedBy.isEmpty {
            for f in callersDecide(s, Set(returnedBy.keys)) { for name in returnedBy[f]! { result[name] = false } }
        }
        // A flag only loaded and stored is no counter.
        for (name, counts) in result where counts && !adds.contains(name) { result[name] = false }
        return result
    }

    /// Where the value an add returns goes, as far as its function tells: nowhere that decides;
    /// somewhere that decides (a local bound to it that decides a branch or is compared); or out
    /// of the function (returned, directly or through a local), to callers to ask about.
    enum ResultUse { case inert, decides, returned(Int) }

    static func resultUse(_ s: FileStructure, receiver k: Int, functions: inout [Int: FunctionNames]) -> ResultUse {
        guard let f = s.enclosingFunction(of: k), s.decls[f].body >= 0 else { return .inert }
        let body = s.scopes[s.decls[f].body]
        if let head = Decisions.statementHead(s, k) {
            if s.isKeyword(head, .return) { return .returned(f) }
            guard (s.isKeyword(head, .let) || s.isKeyword(head, .var)) && s.code[head + 1].kind == .identifier else { return .inert }
            // `let n = x.add(…)`: where `n` goes.
            if functions[f] == nil { functions[f] = decisionNames(s, body: s.decls[f].body) }
            let bound = s.text(head + 1)
            if functions[f]!.deciding.contains(bound) { return .decides }
            return functions[f]!.returned.contains(bound) ? .returned(f) : .inert
        }
        // The body's only statement, in a function that returns a value: an implicit return.
        let first = body.open + 1
        if returnsValue(s, f) && first <= k && s.statementEnd(from: first, limit: body.close) >= body.close { return .returned(f) }
        return .inert
    }

    /// The names a function body uses to decide (in an `if`/`guard`/`while`/`switch` head, or
    /// beside a comparison) and the names it returns: worked out once per body.
    struct FunctionNames {
        var deciding = Set<String>()
        var returned = Set<String>()
    }

    static func decisionNames(_ s: FileStructure, body: Int) -> FunctionNames {
        var out = FunctionNames()
        for q in s.scopes[body].interior where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) {
            let name = s.text(q)
            if isComparison(s, q + 1) || isComparison(s, q - 1) { out.deciding.insert(name) }
            guard let h = Decisions.statementHead(s, q) else { continue }
            if s.isKeyword(h, .if) || s.isKeyword(h, .guard) || s.isKeyword(h, .while) || s.isKeyword(h, .switch) { out.deciding.insert(name) }
            if s.isKeyword(h, .return) { out.returned.insert(name) }
        }
        return out
    }

    /// The functions (among `returning`) whose count may decide something at their callers: not
    /// private (callers elsewhere), or called in this file where the call decides. One pass over
    /// the file for all of them.
    static func callersDecide(_ s: FileStructure, _ returning: Set<Int>) -> Set<Int> {
        var out = Set<Int>()
        var byName: [String: [Int]] = [:]
        for f in returning {
            let decl = s.decls[f]
            let ownerPrivate = s.owningType(of: f).map { s.decls[$0].modifiers.contains(.private) || s.decls[$0].modifiers.contains(.fileprivate) } ?? false
            if decl.nameText.isEmpty || !(decl.modifiers.contains(.private) || decl.modifiers.contains(.fileprivate) || ownerPrivate) {
                out.insert(f)
            } else {
                byName[decl.nameText, default: []].append(f)
            }
        }
        guard !byName.isEmpty else { return out }
        let names = NameSet(Set(byName.keys))
        for c in 0..<s.count where s.code[c].kind == .identifier && names.contains(s, c) {
            let fs = byName[s.text(c)]!
            if fs.contains(where: { s.decls[$0].name == c }) { continue }
            var end = c + 1
            if s.isChar(end, UInt8(ascii: "(")) { end = Int(s.match[end]) + 1 }
            let head = Decisions.statementHead(s, c)
            if isComparison(s, end) || head.map({ s.isKeyword($0, .if) || s.isKeyword($0, .guard) || s.isKeyword($0, .while) || s.isKeyword($0, .switch) }) ?? false {
                out.formUnion(fs)
            }
        }
        return out
    }

    /// Whether function-like declaration `f` returns a value: a getter, or a signature with a
    /// return arrow outside its parameter list.
    static func returnsValue(_ s: FileStructure, _ f: Int) -> Bool {
        let d = s.decls[f]
        if d.kind == .variable || (d.kind == .accessor && d.nameText == "get") || d.kind == .subscript { return true }
        guard d.kind == .function else { return false }
        // The recorded signature ends with the parameters and effects: the arrow follows.
        return s.is(d.typeAnnotation.upperBound, "->")
    }

    static func isComparison(_ s: FileStructure, _ j: Int) -> Bool {
        guard j >= 0, j < s.count, s.code[j].kind == .operator else { return false }
        let o = s.text(j)
        return o == "==" || o == "!=" || o == "<" || o == ">" || o == "<=" || o == ">="
    }

    /// Whether the function (or closure) holding token `k` writes a mutable stored property of
    /// its type before `k`. The first such write of each body is found once.
    static func writesStateBefore(_ s: FileStructure, _ k: Int, excluding name: String, cache: inout [Int: Int]) -> Bool {
        guard let exec = s.enclosingExecutable(of: k) else { return false }
        if cache[exec] == nil {
            let properties = mutableProperties(s, around: k, excluding: name)
            var first = Int.max
            if !properties.isEmpty {
                for j in s.scopes[exec].interior where s.code[j].kind == .identifier && (!s.isChar(j - 1, UInt8(ascii: ".")) || s.isKeyword(j - 2, .self)) {
                    if properties.contains(s.text(j)) && isWrite(s, j) {
                        first = j
                        break
                    }
                }
            }
            cache[exec] = first
        }
        return cache[exec]! < k
    }

    /// Whether the value an operation returns decides something: the call is in an `if`, `guard`,
    /// `while` or `switch` head, or its result (or `.newValue`/`.oldValue`) is compared.
    static func decides(_ s: FileStructure, receiver: Int, callee: Int) -> Bool {
        if let head = Decisions.statementHead(s, receiver), s.isKeyword(head, .if) || s.isKeyword(head, .guard) || s.isKeyword(head, .while) || s.isKeyword(head, .switch) {
            return true
        }
        var j = Int(s.match[callee + 1]) + 1
        guard j > callee + 1 else { return true }
        if s.isChar(j, UInt8(ascii: ".")) && (s.is(j + 1, "newValue") || s.is(j + 1, "oldValue")) { j += 2 }
        guard j < s.count, s.code[j].kind == .operator else { return false }
        let o = s.text(j)
        return o == "==" || o == "!=" || o == "<" || o == ">" || o == "<=" || o == ">="
    }

    /// Names of the mutable stored properties of the type around token `i` (not `excluding`, not atomics).
    public static func mutableProperties(_ s: FileStructure, around i: Int, excluding: String) -> Set<String> {
        guard let t = s.enclosingType(of: i) else { return [] }
        var types = [t]
        if s.decls[t].kind == .extension {
            types = s.typeDecls(named: s.decls[t].nameText, compatibleWith: i).filter { s.decls[$0].kind != .extension }
        }
        var out = Set<String>()
        for ty in types {
            for c in s.children[ty] {
                let d = s.decls[c]
                guard d.kind == .variable, !d.isLet, !d.isComputed, !d.isStaticMember, d.nameText != excluding else { continue }
                let mentionsAtomic = [d.typeAnnotation, d.initializer].contains { r in
                    r.contains { k in s.code[k].kind == .identifier && s.code[k].length >= 6 && s.text(k).hasSuffix("Atomic") }
                }
                if !mentionsAtomic { out.insert(d.nameText) }
            }
        }
        return out
    }

    /// Whether identifier `k` is assigned or mutated: `x = …`, `x += …`, `x[…] = …`, `x.append(…)`.
    public static func isWrite(_ s: FileStructure, _ k: Int) -> Bool {
        var j = k + 1
        if s.isChar(j, UInt8(ascii: "[")) {
            let m = Int(s.match[j])
            guard m > j else { return false }
            j = m + 1
        }
        if s.isChar(j, UInt8(ascii: "=")) { return true }
        if j < s.count && s.code[j].kind == .operator && s.code[j].length == 2 {
            let b = s.file.bytes[Int(s.code[j].start) + 1]
            let a = s.file.bytes[Int(s.code[j].start)]
            if b == UInt8(ascii: "=") && a != UInt8(ascii: "=") && a != UInt8(ascii: "!") && a != UInt8(ascii: "<") && a != UInt8(ascii: ">") { return true }
        }
        if s.isChar(j, UInt8(ascii: ".")) && j + 2 < s.count && s.isChar(j + 2, UInt8(ascii: "(")) {
            let n = s.text(j + 1)
            return n == "append" || n == "insert" || n.hasPrefix("remove") || n == "merge" || n == "updateValue"
        }
        return false
    }
}
