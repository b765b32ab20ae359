/// How one use of a stored property touches it: a read or a write, and whether it happens while
/// the object is still being built (or torn down), when no other thread can hold a reference.
///
/// Shared by the guard inference (`GuardLog`) and the rules that ask whether a property is
/// written outside construction.
public enum StateAccess {
    /// Methods that change a value in place (`items.append(x)`), matched exactly: a method
    /// that merely starts the same way (`appendingPathComponent`) returns a new value.
    public static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeValue", "updateValue", "merge", "sort", "reverse", "formUnion",
        "subtract", "formSymmetricDifference", "popLast", "popFirst", "removeFirst", "removeLast", "removeSubrange",
        "replaceSubrange", "toggle", "formIntersection", "swapAt", "shuffle", "reserveCapacity", "negate",
    ]

    /// XCTest runs these on the test case instance before and after each test, like init/deinit.
    public static let testLifecycle: Set<String> = ["setUp", "setUpWithError", "tearDown", "tearDownWithError"]

    /// Whether the use of a property at `i` writes it: an assignment or compound assignment to it
    /// (also through a subscript or a member: `x[k] = …`, `x.y = …`, `x?.y += 1`), or a
    /// known mutating method called on it (`x.append(…)`, `x.y.removeAll()`). With `reference`
    /// the property holds a class instance: changing the instance's members writes the
    /// instance, not the property.
    public static func isWrite(_ s: FileStructure, _ i: Int, reference: Bool = false) -> Bool {
        var stepped = false
        var j = i + 1
        var steps = 0
        while steps < 64 {
            steps += 1
            if s.isChar(j, UInt8(ascii: "[")) || (s.isChar(j, UInt8(ascii: "(")) && stepped) {
                let m = Int(s.match[j])
                guard m > j else { return false }
                j = m + 1
                stepped = true
            } else if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.code.count && s.code[j + 1].isWord {
                if reference { return false }
                if s.isChar(j + 2, UInt8(ascii: "(")) || s.isChar(j + 2, UInt8(ascii: "{")) {
                    // A method call: a write when it is a known in-place mutation.
                    return s.code[j + 1].kind == .identifier && mutatingMethods.contains(s.text(j + 1))
                }
                stepped = true
                j += 2
            } else if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
                j += 1
            } else {
                break
            }
        }
        guard j < s.code.count else { return false }
        if reference && stepped { return false }
        if s.isChar(j, UInt8(ascii: "=")) { return true }
        let t = s.code[j]
        if t.kind == .operator && t.length >= 2 && s.file.bytes[Int(t.end) - 1] == UInt8(ascii: "=") {
            let op = s.text(j)
            return op != "==" && op != "!=" && op != "<=" && op != ">=" && op != "===" && op != "!=="
        }
        return false
    }

    /// `isWrite`, or the property passed `inout` (`&x`) to anything but an imported C function
    /// (whose pointer parameter is often `const`: the tool cannot see the header).
    public static func mayWrite(_ s: FileStructure, _ i: Int, reference: Bool = false) -> Bool {
        if isWrite(s, i, reference: reference) { return true }
        // `&x`, `&self.x`, and a member reached through other references, `&self.box.x`.
        if let p = StateWrites.inoutAmpersand(s, i) { return !isImportedPointerArgument(s, ampersand: p) }
        return false
    }

    /// `&x` passed as an unlabelled argument of a free function the file does not declare.
    public static func isImportedPointerArgument(_ s: FileStructure, ampersand p: Int) -> Bool {
        guard s.isChar(p - 1, UInt8(ascii: "(")) || s.isChar(p - 1, UInt8(ascii: ",")) else { return false }
        var k = p - 1
        var steps = 0
        while k >= 0 && !s.isChar(k, UInt8(ascii: "(")) && steps < 64 {
            if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) {
                let m = Int(s.match[k])
                guard m >= 0 && m < k else { return false }
                k = m
            } else if s.isChar(k, UInt8(ascii: "{")) || s.isChar(k, UInt8(ascii: "}")) || s.isChar(k, UInt8(ascii: ":")) {
                return false
            }
            k -= 1
            steps += 1
        }
        guard k >= 1, s.isChar(k, UInt8(ascii: "(")), s.code[k - 1].kind == .identifier, !s.isChar(k - 2, UInt8(ascii: ".")) else { return false }
        let callee = s.text(k - 1)
        // A closure held in a parameter or a local (`body(&value)`) is Swift code of the run.
        if case .unknown = s.lookupVariable(callee, at: k - 1) {} else { return false }
        return callee != "swap" && s.functionDecls(named: callee).isEmpty && s.typeDecls(named: callee).isEmpty
    }

    /// `_ = x`, `_ = self.x`, `_ = Self.x`, `_ = Type.x` as a whole statement, with `i` the
    /// property's name: a read whose value is thrown away (made to force a lazy initialisation),
    /// so it cannot act on a stale value. Anything more (`_ = x.count`, `_ = x!`, `_ = f(x)`) is not.
    public static func isDiscardedRead(_ s: FileStructure, _ i: Int) -> Bool {
        var k = i - 1
        if s.isChar(k, UInt8(ascii: ".")) {
            let r = k - 1
            guard r >= 0, s.isKeyword(r, .self) || s.isKeyword(r, .Self) || s.code[r].kind == .identifier,
                  !s.isChar(r - 1, UInt8(ascii: ".")) else { return false }
            k = r - 1
        }
        guard k >= 1, s.isChar(k, UInt8(ascii: "=")), s.isKeyword(k - 1, ._) else { return false }
        let u = k - 1
        let startsStatement = u == 0 || s.code[u].flags.contains(.newlineBefore) || s.isChar(u - 1, UInt8(ascii: ";"))
            || s.isChar(u - 1, UInt8(ascii: "{"))
        guard startsStatement else { return false }
        let n = i + 1
        return n >= s.code.count || s.code[n].flags.contains(.newlineBefore) || s.isChar(n, UInt8(ascii: ";")) || s.isChar(n, UInt8(ascii: "}"))
    }

    /// The name of a declaration or binding (`var x`, `let x`, `if let x`), not a use.
    public static func isBinding(_ s: FileStructure, _ i: Int) -> Bool {
        s.isKeyword(i - 1, .let) || s.isKeyword(i - 1, .var)
    }

    /// For a name that a conditional binding of the same name reads (the shorthand `if let x {`,
    /// `guard var x else`, or the right side of `if let x = x`): the binding's `let`/`var`, the
    /// point before which anything else hiding the name must be bound; nil for any other token.
    /// The binding hides the name only after it, so the name read here is whatever it was before.
    public static func readingBinding(_ s: FileStructure, _ i: Int) -> Int? {
        if isBinding(s, i) {
            let before = i - 2
            guard s.isKeyword(before, .if) || s.isKeyword(before, .guard) || s.isKeyword(before, .while) || s.isChar(before, UInt8(ascii: ",")),
                  s.isChar(i + 1, UInt8(ascii: "{")) || s.isChar(i + 1, UInt8(ascii: ",")) || s.isKeyword(i + 1, .else) else { return nil }
            return i - 1
        }
        guard i >= 3, s.isChar(i - 1, UInt8(ascii: "=")), s.code[i - 2].kind == .identifier, isBinding(s, i - 2),
              s.code[i - 2].length == s.code[i].length, s.text(i - 2) == s.text(i) else { return nil }
        return i - 3
    }

    /// Nothing of its function (or closure) runs after the statement holding token `t`: only
    /// closing braces follow it (or the next case label of a switch: a case ends there, and the
    /// rest of the switch is other cases), and no loop around it runs it again.
    public static func nothingRunsAfter(_ s: FileStructure, _ t: Int) -> Bool {
        guard t >= 0, let exec = s.enclosingExecutable(of: t) else { return false }
        let close = s.scopes[exec].close
        for sc in s.enclosingScopes(of: t) {
            if sc == exec { break }
            let kw = s.scopes[sc].statementKeyword
            if kw >= 0 && (s.isKeyword(kw, .for) || s.isKeyword(kw, .while) || s.isKeyword(kw, .repeat)) { return false }
        }
        var j = s.statementEnd(from: t, limit: close)
        while j < close {
            let sw = Int(s.scopeOf[j])
            let label = s.code[j].kind == .attribute ? j + 1 : j
            if sw >= 0, label < close, s.isCaseLabel(label, inSwitch: sw) {
                j = s.scopes[sw].close
                continue
            }
            guard s.isChar(j, UInt8(ascii: "}")) || s.isChar(j, UInt8(ascii: ";")) else { return false }
            j += 1
        }
        return true
    }

    /// The outermost function-like declaration around `fn` below its type (a nested function
    /// or a closure's enclosing method): the member whose body it is part of.
    public static func outermostMember(_ s: FileStructure, _ fn: Int) -> Int {
        var d = fn
        while true {
            let p = s.decls[d].parent
            if p >= 0 && (s.decls[p].kind.isFunctionLike || s.decls[p].kind == .variable) { d = p } else { return d }
        }
    }

    /// Where accesses made while no other thread holds the object are, for a message that
    /// says which accesses a count left out.
    public struct ConstructionPlaces: OptionSet, Sendable, Hashable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let initializer = ConstructionPlaces(rawValue: 1)
        public static let deinitializer = ConstructionPlaces(rawValue: 2)
        public static let testSetUp = ConstructionPlaces(rawValue: 4)
        /// Anywhere else: a helper only construction runs, a test before its concurrent work,
        /// a copy-on-write check.
        public static let elsewhere = ConstructionPlaces(rawValue: 8)
    }

    /// Which construction member `d` is: an initializer, deinit, a test's set-up or tear-down,
    /// or none of them (empty).
    public static func lifecycle(_ s: FileStructure, member d: Int) -> ConstructionPlaces {
        switch s.decls[d].kind {
        case .initializer: return .initializer
        case .deinitializer: return .deinitializer
        default: return isConstruction(s, member: d) ? .testSetUp : []
        }
    }

    /// Whether member `d` builds or tears down its object: an initializer, deinit, or XCTest's
    /// setUp/tearDown (an override, with no parameters, that the test runner calls before and
    /// after each test; a method of its own named `setUp(…)` is a method like any other).
    public static func isConstruction(_ s: FileStructure, member d: Int) -> Bool {
        let decl = s.decls[d]
        if decl.kind == .initializer || decl.kind == .deinitializer { return true }
        guard decl.kind == .function, decl.modifiers.contains(.override), decl.parameterNames.isEmpty,
              testLifecycle.contains(decl.nameText) else { return false }
        // In a test case: its class (or the file) names XCTest's.
        if s.identifiers.mayContainAny(["XCTestCase", "XCTest"]) { return true }
        guard let t = s.owningType(of: d) else { return false }
        return s.inheritedTypes(of: t).contains { $0.name.hasSuffix("TestCase") }
    }

    /// Names a member binds itself (parameters, locals, closure parameters), which hide stored
    /// properties of the same name.
    public static func shadowedNames(_ s: FileStructure, _ fn: Int) -> Set<String> {
        let d = s.decls[fn]
        var names = Set(d.parameterNames)
        if d.kind == .accessor {
            names.insert(d.parameterNames.first ?? (s.is(d.keyword, "set") || s.is(d.keyword, "willSet") ? "newValue" : "oldValue"))
        }
        if d.body >= 0 { names.formUnion(s.boundNames(in: s.scopes[d.body].interior)) }
        return names
    }

    /// Whether the use of `name` at token `i`, in member `fn`, names a binding of the member's own
    /// rather than the stored property: a parameter of the member, or a local or closure parameter
    /// bound before `i` in a scope that holds `i`. A local declared inside an `if` or a closure
    /// hides the property only there; after the block, `name` is the property again.
    /// (`shadowedNames` is the cheap first test: only names in it can be hidden.)
    public static func isShadowed(_ s: FileStructure, _ name: String, at i: Int, in fn: Int, boundBefore limit: Int? = nil) -> Bool {
        let d = s.decls[fn]
        if d.parameterNames.contains(name) { return true }
        if d.kind == .accessor {
            if (d.parameterNames.first ?? (s.is(d.keyword, "set") || s.is(d.keyword, "willSet") ? "newValue" : "oldValue")) == name {
                return true
            }
        }
        guard d.body >= 0, i < s.scopeOf.count else { return false }
        // A binding in the body before `i` that is still in scope there (a plain `let x` binds
        // from its name on).
        // `i` itself may be the name a binding introduces (`for x in`): a local, not the property.
        return s.binds(name, in: s.span(s.scopes[d.body].open + 1, min(i + 1, limit ?? i + 1)), visibleAt: i)
    }

    /// Whether the function or accessor around token `i` checks `isKnownUniquelyReferenced`
    /// before `i` (directly or through a file function that does): copy-on-write storage,
    /// changed only while this reference is the only one.
    public static func isCopyOnWrite(_ s: FileStructure, at i: Int, uniquenessHelpers: Set<String>) -> Bool {
        guard let exec = s.enclosingExecutable(of: i) else { return false }
        var sc = exec
        while sc >= 0 && s.scopes[sc].kind == .closure { sc = s.scopes[sc].parent }
        guard sc >= 0 else { return false }
        var k = s.scopes[sc].open
        let end = min(i, s.scopes[sc].close)
        while k < end {
            if s.code[k].kind == .identifier {
                if s.code[k].length == 25 && s.is(k, "isKnownUniquelyReferenced") { return true }
                if !uniquenessHelpers.isEmpty && s.isChar(k + 1, UInt8(ascii: "(")) && uniquenessHelpers.contains(s.text(k)) { return true }
            }
            k += 1
        }
        return false
    }

    /// Functions in the file whose body checks `isKnownUniquelyReferenced` (`makeUnique()`).
    public static func uniquenessHelpers(_ s: FileStructure) -> Set<String> {
        guard s.identifiers.mayContain("isKnownUniquelyReferenced") else { return [] }
        var out = Set<String>()
        for d in s.decls where d.kind == .function && d.body >= 0 {
            for k in s.scopes[d.body].interior where s.code[k].length == 25 && s.is(k, "isKnownUniquelyReferenced") {
                out.insert(d.nameText)
                break
            }
        }
        return out
    }

    /// `let v = T(…); v.x = …` before `v` is used any other way: still building the object,
    /// which no other thread can see yet.
    public static func isSetUpOfFreshInstance(_ s: FileStructure, receiver r: Int) -> Bool {
        guard r >= 1, r < s.code.count, s.code[r].kind == .identifier, !s.isChar(r - 1, UInt8(ascii: ".")),
              let fn = s.enclosingExecutable(of: r) else { return false }
        let local = s.text(r)
        var k = s.scopes[fn].open
        var bound = -1
        while k < r {
            if (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && s.is(k + 1, text: local) && s.isChar(k + 2, UInt8(ascii: "="))
                && k + 3 < s.code.count && s.code[k + 3].kind == .identifier && s.isChar(k + 4, UInt8(ascii: "(")) {
                bound = k + 1
            }
            k += 1
        }
        guard bound >= 0 else { return false }
        var q = bound + 1
        while q < r {
            if s.code[q].kind == .identifier && s.is(q, text: local) && !s.isChar(q - 1, UInt8(ascii: ".")) {
                guard s.isChar(q + 1, UInt8(ascii: ".")) && isWrite(s, q + 2) else { return false }
            }
            q += 1
        }
        return true
    }

    /// `isSetUpOfFreshInstance`, read once per function and local name: `cache` keeps, per
    /// (function, name), the token ranges from each `let v = T(…)` to the first use of `v`
    /// other than a member write (`v.x = …`), so a function's many writes cost one scan per name.
    public static func isSetUpOfFreshInstance(_ s: FileStructure, receiver r: Int, cache: inout [String: [Range<Int>]]) -> Bool {
        guard r >= 1, r < s.code.count, s.code[r].kind == .identifier, !s.isChar(r - 1, UInt8(ascii: ".")),
              let fn = s.enclosingExecutable(of: r) else { return false }
        let local = s.text(r)
        let key = "\(fn) \(local)"
        if cache[key] == nil {
            var windows: [Range<Int>] = []
            var open = -1
            var k = s.scopes[fn].open
            let end = s.scopes[fn].close
            while k < end {
                if s.code[k].kind == .identifier && s.is(k, text: local) && !s.isChar(k - 1, UInt8(ascii: ".")) {
                    if (s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var)) && s.isChar(k + 1, UInt8(ascii: "="))
                        && k + 3 < s.code.count && s.code[k + 2].kind == .identifier && s.isChar(k + 3, UInt8(ascii: "(")) {
                        if open >= 0 { windows.append(open..<k) }
                        open = k
                    } else if open >= 0 && !(s.isChar(k + 1, UInt8(ascii: ".")) && isWrite(s, k + 2)) {
                        windows.append(open..<k)
                        open = -1
                    }
                }
                k += 1
            }
            if open >= 0 { windows.append(open..<end) }
            cache[key] = windows
        }
        return cache[key]!.contains { $0.lowerBound < r && r < $0.upperBound }
    }

    /// `helper.x = v` (or `self.helper.x = v`) written in an initializer of the type that
    /// owns `helper` (on the spot, not in a closure) to an instance that type made itself and
    /// keeps in a `let` code outside the module cannot reach (`let helper = Helper()`, or
    /// `self.helper = Helper()` earlier in that initializer), before anything hands the instance
    /// on: the owner is still building it, as `let x = T(); x.a = 1` builds a fresh local. Being
    /// passed to another initializer the owner calls there (an object it builds alongside, that
    /// has no work yet) is not handing it on; any other use of the bare reference, or a method
    /// called on it (which may start its work), is. `cache` keeps, per initializer and name,
    /// the token where the instance first escapes (worked out once per initializer).
    public static func isSetUpOfOwnedInstance(_ s: FileStructure, receiver r: Int, cache: inout [String: Int]) -> Bool {
        guard r >= 1, r < s.code.count, s.code[r].kind == .identifier,
              !s.isChar(r - 1, UInt8(ascii: ".")) || (r >= 2 && s.isKeyword(r - 2, .self) && !s.isChar(r - 3, UInt8(ascii: "."))),
              let exec = s.enclosingExecutable(of: r), s.scopes[exec].kind == .functionBody,
              let fn = s.enclosingFunction(of: r), s.decls[fn].kind == .initializer, s.decls[fn].parent >= 0 else { return false }
        let name = s.text(r)
        // A parameter of that name is what the bare name means there: not the owner's instance.
        if !s.isChar(r - 1, UInt8(ascii: ".")) && s.decls[fn].parameterNames.contains(name) { return false }
        let key = "\(exec) \(name)"
        if let escape = cache[key] { return r < escape }
        let escape = ownedInstanceEscape(s, initializer: fn, body: exec, name: name)
        cache[key] = escape
        return r < escape
    }

    /// Where, in initializer `fn`'s body, the instance its type keeps in property `name` is
    /// first handed on (see `isSetUpOfOwnedInstance`); `Int.min` when that property is not a
    /// fresh instance the type keeps to itself.
    static func ownedInstanceEscape(_ s: FileStructure, initializer fn: Int, body exec: Int, name: String) -> Int {
        let owner = s.decls[fn].parent
        let ownerName = s.decls[owner].nameText
        // The stored `let` of the owning type (its body, or the class an extension extends).
        guard let v = s.variableDecls(named: name).first(where: { k in
            let d = s.decls[k]
            guard d.parent >= 0, d.isLet, !d.isStaticMember else { return false }
            return d.parent == owner || (s.decls[d.parent].kind.isType && s.decls[d.parent].nameText == ownerName)
        }) else { return Int.min }
        let d = s.decls[v]
        if d.modifiers.contains(.public) || d.modifiers.contains(.open) { return Int.min }
        func isConstruction(_ k: Int) -> Bool {
            // `T(`, `T<…>(`, `T.init(`: a capitalised type called.
            guard k < s.code.count, s.code[k].kind == .identifier, GuardLogExtractor.startsUppercase(s, k) else { return false }
            var j = k + 1
            if s.is(j, "<") { while j < min(s.code.count, k + 40) && !s.isChar(j, UInt8(ascii: "(")) { j += 1 } }
            if s.isChar(j, UInt8(ascii: ".")) && s.is(j + 1, "init") { j += 2 }
            return s.isChar(j, UInt8(ascii: "("))
        }
        // The `(` at `open` is a capitalised type's call (`T(`, `T<U>(`, `T.init(`).
        func constructs(_ open: Int) -> Bool {
            var c = open - 1
            if s.is(c, "init") && s.isChar(c - 1, UInt8(ascii: ".")) { c -= 2 }
            if s.is(c, ">") { while c > max(0, open - 40) && !s.is(c, "<") { c -= 1 }; c -= 1 }
            return c >= 0 && s.code[c].kind == .identifier && GuardLogExtractor.startsUppercase(s, c)
        }
        var fresh = d.initializer.first.map(isConstruction) ?? false
        let shadowed = s.decls[fn].parameterNames.contains(name)
        let close = s.scopes[exec].close
        var k = s.scopes[exec].open
        while k < close {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, s.is(k, text: name) else { continue }
            let viaSelf = s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
            guard viaSelf || (!s.isChar(k - 1, UInt8(ascii: ".")) && !shadowed) else { continue }
            // A local of that name: the tool cannot tell which uses are the property's.
            if !viaSelf && (s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var)) { return Int.min }
            // In a closure of the body: it may run later, anywhere.
            if s.enclosingExecutable(of: k) != exec { return fresh ? k : Int.min }
            if s.isChar(k + 1, UInt8(ascii: "=")) {
                // The owner makes the instance here.
                if isConstruction(k + 2) { fresh = true; continue }
                return fresh ? k : Int.min
            }
            if s.isChar(k + 1, UInt8(ascii: ".")) || s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!")) {
                var m = k + 1
                if !s.isChar(m, UInt8(ascii: ".")) { m += 1 }
                // A member reached (read or written) builds nothing; a method called may start it.
                if s.isChar(m, UInt8(ascii: ".")) && s.code[m + 1].isWord && !s.isChar(m + 2, UInt8(ascii: "(")) && !s.isChar(m + 2, UInt8(ascii: "{")) {
                    continue
                }
                return fresh ? k : Int.min
            }
            // Passed to an initializer the owner calls here: an object built alongside.
            if let open = s.argumentListOpen(holding: k), open >= 1, constructs(open) { continue }
            return fresh ? k : Int.min
        }
        return fresh ? Int.max : Int.min
    }

    /// The key that names a function-like member among its overloads: its base name with its
    /// argument labels (`update(with:)`, `init(_:)`, `subscript(_:)`), or, for accessors,
    /// the property and the accessor (`count.get`, `state.didSet`).
    public static func memberKey(_ s: FileStructure, _ d: Int) -> String {
        let decl = s.decls[d]
        switch decl.kind {
        case .accessor:
            let owner = decl.parent >= 0 ? s.decls[decl.parent].nameText : ""
            return owner + "." + s.text(decl.keyword)
        case .variable:
            return decl.nameText + ".get"
        case .initializer, .function, .subscript, .deinitializer:
            let base = decl.kind == .initializer ? "init" : decl.kind == .subscript ? "subscript" : decl.kind == .deinitializer ? "deinit" : decl.nameText
            return base + "(" + declaredLabels(s, decl) + ")"
        default:
            return decl.nameText
        }
    }

    /// `a:b:_:` for a signature `(a x: Int, b: Int, _ c: Int)`.
    static func declaredLabels(_ s: FileStructure, _ d: Decl) -> String {
        let sig = d.typeAnnotation
        var j = sig.lowerBound
        while j < sig.upperBound && !s.isChar(j, UInt8(ascii: "(")) { j += 1 }
        guard s.isChar(j, UInt8(ascii: "(")) else { return "" }
        let close = Int(s.match[j])
        guard close > j else { return "" }
        var out = ""
        var k = j + 1
        var segmentStart = true
        while k < close {
            if segmentStart {
                if s.code[k].isWord || s.code[k].kind == .attribute {
                    var first = k
                    while first < close && s.code[first].kind == .attribute { first += 1 }
                    if first < close && s.code[first].isWord { out += s.text(first) + ":" }
                }
                segmentStart = false
            }
            if s.isChar(k, UInt8(ascii: ",")) { segmentStart = true }
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "<")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return out
    }

    /// The key of the call whose callee name is token `i` (`f(a: 1, 2)` → `f(a:_:)`; a call
    /// with only a trailing closure, `f { }`, → `f(_:)`).
    public static func callKey(_ s: FileStructure, _ i: Int) -> String {
        let name = s.text(i)
        guard s.isChar(i + 1, UInt8(ascii: "(")) else {
            return s.isChar(i + 1, UInt8(ascii: "{")) && SelfCalls.opensClosure(s, i + 1) ? name + "(_:)" : name
        }
        let close = Int(s.match[i + 1])
        guard close > i + 1 else { return name + "()" }
        var out = argumentLabels(s, open: i + 1, close: close)
        // Trailing closures after the parentheses: `f(x) { }` adds an unlabelled argument (not
        // the body of a `switch`/`if` whose condition ends with the call).
        if s.isChar(close + 1, UInt8(ascii: "{")) && SelfCalls.opensClosure(s, close + 1) { out += "_:" }
        return name + "(" + out + ")"
    }

    /// `a:_:b:` for the arguments between the brackets at `open` and `close` (`(a: 1, x, b: 2)`,
    /// `[key]`): each argument's label, or `_` for one without.
    public static func argumentLabels(_ s: FileStructure, open: Int, close: Int) -> String {
        var out = ""
        var k = open + 1
        var segmentStart = true
        while k < close {
            if segmentStart {
                out += s.code[k].isWord && s.isChar(k + 1, UInt8(ascii: ":")) && !s.isChar(k + 2, UInt8(ascii: ":")) ? s.text(k) + ":" : "_:"
                segmentStart = false
            }
            if s.isChar(k, UInt8(ascii: ",")) { segmentStart = true }
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        return out
    }

    /// The synchronous member whose own body holds token `t` (not a closure in it), when that
    /// member hands its caller something before it returns: a value (a getter, a subscript, a
    /// function with a non-Void result), or a run of a closure parameter that cannot escape.
    /// An access there cannot be sent to run later and its value handed on: the caller needs
    /// it now. Its name as a message says it (`'inspect(_:)'`, `'count'`); nil otherwise.
    public static func answersCallerNow(_ s: FileStructure, _ t: Int) -> String? {
        guard let exec = s.enclosingExecutable(of: t), s.scopes[exec].kind != .closure,
              let f = s.enclosingFunction(of: t) else { return nil }
        let d = s.decls[f]
        if d.isAsync { return nil }
        switch d.kind {
        case .variable, .subscript:
            return "'\(d.nameText)'"
        case .accessor:
            let owner = d.parent >= 0 ? s.decls[d.parent].nameText : ""
            return s.is(d.keyword, "get") && !owner.isEmpty ? "'\(owner)'" : nil
        case .function:
            break
        default:
            return nil
        }
        let sig = d.typeAnnotation
        // The recorded signature ends with the parameters and effects: a result follows the arrow.
        if s.is(sig.upperBound, "->") {
            let r = sig.upperBound + 1
            let void = s.is(r, "Void") || (s.isChar(r, UInt8(ascii: "(")) && Int(s.match[r]) == r + 1)
            if !void { return "'\(d.nameText)()'" }
        }
        // A parameter of function type without @escaping (and not optional, which escapes).
        var j = sig.lowerBound
        while j < sig.upperBound && !s.isChar(j, UInt8(ascii: "(")) { j += 1 }
        guard s.isChar(j, UInt8(ascii: "(")), case let close = Int(s.match[j]), close > j else { return nil }
        // Each parameter's type at its own level (nested brackets skipped whole): an arrow there
        // is a function type; `((T) -> Void)?` has none there, and is optional anyway.
        var k = j + 1
        var arrow = false, escaping = false, typed = true
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                if arrow && !escaping { return "'\(d.nameText)()'" }
                arrow = false; escaping = false; typed = true
            } else if s.isChar(k, UInt8(ascii: "=")) {
                // A default value follows: no longer the type.
                typed = false
            } else if typed && s.is(k, "->") {
                arrow = true
            } else if typed && s.code[k].kind == .attribute && s.is(k, "@escaping") {
                escaping = true
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                let m = Int(s.match[k])
                if m > k && m < close { k = m }
            }
            k += 1
        }
        return nil
    }
}

extension StateAccess {
    /// Whether the name at `i` is called where it stands: `name(…)`, `name?(…)`, `name!(…)`.
    static func isInvoked(_ s: FileStructure, _ i: Int) -> Bool {
        var j = i + 1
        if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        return s.isChar(j, UInt8(ascii: "(")) && s.code[j].start == s.code[j - 1].end
    }
}
