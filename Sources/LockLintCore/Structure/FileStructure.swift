import Foundation

/// A file lexed and structured: what every rule receives.
public struct FileStructure: Sendable {
    public let file: SourceFile
    /// The tokens that are code (no comments). All structural indices point into this array.
    public let code: [Token]
    public let comments: [Token]
    /// For each bracket in `code`, the index of its partner; -1 for other tokens and unmatched ones.
    public let match: [Int32]
    /// For each token in `code`, the innermost scope holding it (-1 at file level).
    public let scopeOf: [Int32]
    public let decls: [Decl]
    public let scopes: [Scope]
    public let closures: [Closure]
    /// For each declaration, the declarations whose parent it is, in source order.
    public let children: [[Int]]
    /// Declarations at file level, in source order.
    public let topLevel: [Int]
    /// Type declarations (including extensions and protocols) by name, in source order: rules
    /// look a type up here instead of scanning every declaration (which is quadratic).
    /// (This and the next two are built together on first use: they cost an array per name,
    /// and the files that take no lock never ask.)
    public var typesByName: [String: [Int]] { namesByKind.types }
    /// Variable declarations by name, in source order (so a range of them can be found by
    /// binary search on `keyword`).
    public var variablesByName: [String: [Int]] { namesByKind.variables }
    /// Functions (`func` declarations) by name, in source order.
    public var functionsByName: [String: [Int]] { namesByKind.functions }
    private var namesByKind: DeclNames { namesCache.value { DeclNames(decls) } }
    private let namesCache = LazyIndex<DeclNames>()
    /// Identifiers directly followed by a single `=` (`x = …`, `self.x = …`), by name, in order.
    /// Built on first use: few files ask (it slices a String for every assignment).
    public var assignmentsByName: [String: [Int]] {
        assignmentsCache.value {
            var assignmentsByName: [String: [Int]] = [:]
            code.withUnsafeBufferPointer { code in
                file.bytes.withUnsafeBufferPointer { bytes in
                    for i in 0..<max(0, code.count - 1) where code[i].kind == .identifier {
                        let next = code[i + 1]
                        if next.length == 1 && (next.kind == .operator || next.kind == .punctuation) && bytes[Int(next.start)] == UInt8(ascii: "=") {
                            assignmentsByName[file.text(code[i].range), default: []].append(i)
                        }
                    }
                }
            }
            return assignmentsByName
        }
    }
    private let assignmentsCache = LazyIndex<[String: [Int]]>()
    /// The bindings `boundNames(in:)` finds, by name, in order of their introducing token (see
    /// `binds(_:in:)`).
    /// Built on first use: most files never ask (see `LazyIndex`).
    public var bindingsByName: [String: [BindingSite]] {
        bindingsCache.value {
            var bindings: [String: [BindingSite]] = [:]
            forEachBinding(in: 0..<code.count) { trigger, plain, name in
                bindings[name, default: []].append(BindingSite(trigger: trigger, plainName: plain))
            }
            return bindings
        }
    }
    private let bindingsCache = LazyIndex<[String: [BindingSite]]>()
    /// The call tokens of the file's `await` expressions and `async let` initializers (see
    /// `ProjectIndex.forEachAwaitedCall`), read on first use.
    var awaitedCallTokens: [Int32] { awaitedCallsCache.value { ProjectIndex.awaitedCallTokens(self) } }
    private let awaitedCallsCache = LazyIndex<[Int32]>()
    /// Variable declarations in keyword order, and the largest `end` among the first k of them:
    /// finds the declarations around a token without a scan of every declaration.
    let variableOrder: [Int]
    let variableMaxEnd: [Int]
    /// Code token indices of every `await` keyword and every `nonisolated` word, in order.
    public let awaitTokens: [Int32]
    public let nonisolatedTokens: [Int32]
    /// Which identifiers the file may contain (a Bloom filter: no false negatives).
    public let identifiers: IdentifierFilter
    /// The `#if` branches, in source order (see `ConditionalBranch`, `exclusive(_:_:)`).
    public let branches: [ConditionalBranch]

    public init(file: SourceFile) {
        let (code, comments) = Lexer.lex(file.bytes)
        self.init(file: file, code: code, comments: comments)
    }

    public init(file: SourceFile, code: [Token], comments: [Token]) {
        self.file = file
        self.code = code
        self.comments = comments
        var builder = StructureBuilder(file: file, code: code)
        builder.build()
        self.match = builder.match
        self.scopeOf = builder.scopeOf
        self.decls = builder.decls
        self.scopes = builder.scopes
        self.closures = builder.closures
        self.awaitTokens = builder.awaitTokens
        self.nonisolatedTokens = builder.nonisolatedTokens
        self.identifiers = builder.identifiers
        self.branches = builder.branches
        var children = [[Int]](repeating: [], count: builder.decls.count)
        var topLevel: [Int] = []
        var variableOrder: [Int] = []
        var variableMaxEnd: [Int] = []
        // (By index: reading three fields of each declaration, not copying it.)
        for i in builder.decls.indices {
            let parent = builder.decls[i].parent
            if parent >= 0 { children[parent].append(i) } else { topLevel.append(i) }
            if builder.decls[i].kind == .variable {
                variableOrder.append(i)
                variableMaxEnd.append(max(variableMaxEnd.last ?? Int.min, builder.decls[i].end))
            }
        }
        self.children = children
        self.topLevel = topLevel
        self.variableOrder = variableOrder
        self.variableMaxEnd = variableMaxEnd
    }

    // MARK: Token helpers

    @inlinable public var count: Int { code.count }

    /// The code token indices from `lower` up to (not including) `upper`, clamped to the file;
    /// empty when `upper <= lower`. Build every token range from computed bounds with this, never
    /// with `..<` directly: on unfinished code the bounds need not be ordered.
    @inlinable
    public func span(_ lower: Int, _ upper: Int) -> Range<Int> {
        Range(clamping: lower, upper, within: code.count)
    }

    /// The text of code token `i`.
    public func text(_ i: Int) -> String {
        guard i >= 0 && i < code.count else { return "" }
        return file.text(code[i].range)
    }

    /// The text of code tokens `range`, joined as in the source (whitespace collapsed to one space).
    public func text(_ range: Range<Int>) -> String {
        guard !range.isEmpty, range.lowerBound >= 0, range.upperBound <= code.count else { return "" }
        var out = ""
        for i in range {
            if i > range.lowerBound && code[i].flags.contains(.spaceBefore) { out += " " }
            out += file.text(code[i].range)
        }
        return out
    }

    /// Whether code token `i` spells `s` exactly (compares bytes, no allocation).
    public func `is`(_ i: Int, _ s: StaticString) -> Bool {
        guard i >= 0 && i < code.count else { return false }
        let t = code[i]
        let n = s.utf8CodeUnitCount
        guard t.length == n else { return false }
        let base = Int(t.start)
        return s.withUTF8Buffer { sb in
            file.bytes.withUnsafeBufferPointer { fb in
                for k in 0..<n where fb[base + k] != sb[k] { return false }
                return true
            }
        }
    }

    /// Whether code token `i` spells `s` (a runtime string).
    public func `is`(_ i: Int, text s: String) -> Bool {
        guard i >= 0 && i < code.count else { return false }
        let t = code[i]
        var s = s
        return s.withUTF8 { sb in
            guard sb.count == t.length else { return false }
            let base = Int(t.start)
            return file.bytes.withUnsafeBufferPointer { fb in
                for k in 0..<sb.count where fb[base + k] != sb[k] { return false }
                return true
            }
        }
    }

    /// Whether code token `i` is the single punctuation or operator character `c`.
    @inlinable
    public func isChar(_ i: Int, _ c: UInt8) -> Bool {
        guard i >= 0 && i < code.count else { return false }
        let t = code[i]
        return t.length == 1 && (t.kind == .punctuation || t.kind == .operator) && file.bytes[Int(t.start)] == c
    }

    public func isKeyword(_ i: Int, _ w: Word) -> Bool {
        guard i >= 0 && i < code.count else { return false }
        return code[i].kind == .keyword && code[i].word == w
    }

    public func location(ofToken i: Int) -> SourceLocation {
        guard i >= 0 && i < code.count else { return file.location(file.bytes.count) }
        return file.location(Int(code[i].start))
    }

    public func line(ofToken i: Int) -> Int { location(ofToken: i).line }

    /// The type declarations (extensions and protocols included) named `name`, in source order.
    public func typeDecls(named name: String) -> [Int] { typesByName[name] ?? [] }

    /// The variable declarations whose type annotation or initializer holds token `i`, outermost
    /// first (a closure in an initializer may declare more).
    public func variableDeclarations(holding i: Int) -> [Int] {
        var lo = 0
        var hi = variableOrder.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if decls[variableOrder[mid]].keyword < i { lo = mid + 1 } else { hi = mid }
        }
        var out: [Int] = []
        var k = lo - 1
        while k >= 0 && variableMaxEnd[k] > i {
            let d = decls[variableOrder[k]]
            if i < d.end && (d.typeAnnotation.contains(i) || d.initializer.contains(i)) { out.append(variableOrder[k]) }
            k -= 1
        }
        return out.reversed()
    }

    /// The tokens in `range` naming `name` right before a single `=`, in order.
    public func assignments(of name: String, in range: Range<Int>) -> ArraySlice<Int> {
        let all = assignmentsByName[name] ?? []
        func firstAtOrAfter(_ k: Int) -> Int {
            var lo = 0
            var hi = all.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if all[mid] < k { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let lo = firstAtOrAfter(range.lowerBound)
        return all[lo..<max(lo, firstAtOrAfter(range.upperBound))]
    }

    /// The functions named `name`, in source order.
    public func functionDecls(named name: String) -> [Int] { functionsByName[name] ?? [] }

    /// The variable declarations named `name`, in source order.
    public func variableDecls(named name: String) -> [Int] { variablesByName[name] ?? [] }

    /// The variable declarations named `name` whose keyword lies in `range`, in source order.
    public func variableDecls(named name: String, keywordIn range: Range<Int>) -> ArraySlice<Int> {
        let all = variablesByName[name] ?? []
        func firstAtOrAfter(_ k: Int) -> Int {
            var lo = 0
            var hi = all.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if decls[all[mid]].keyword < k { lo = mid + 1 } else { hi = mid }
            }
            return lo
        }
        let lo = firstAtOrAfter(range.lowerBound)
        return all[lo..<max(lo, firstAtOrAfter(range.upperBound))]
    }

    /// The index of the first closure whose `{` comes after token `i` (`closures.count` when none
    /// does), by binary search: closures are in the order of their braces.
    public func firstClosure(openingAfter i: Int) -> Int {
        var lo = 0
        var hi = closures.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if closures[mid].open <= i { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// The declaration whose attributes and modifiers hold token `i` (`start <= i < keyword`),
    /// by binary search: declarations are in the order of their keywords.
    public func declaration(modifiedAt i: Int) -> Int? {
        var lo = 0
        var hi = decls.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if decls[mid].keyword <= i { lo = mid + 1 } else { hi = mid }
        }
        // `lo` is the first declaration whose keyword is after `i`.
        return lo < decls.count && decls[lo].start <= i ? lo : nil
    }

    // MARK: Conditional compilation

    /// The innermost `#if` branch holding token `i`, or -1 (by binary search: branches are in
    /// the order of their directives and nest).
    public func branch(of i: Int) -> Int {
        guard !branches.isEmpty else { return -1 }
        var lo = 0
        var hi = branches.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if branches[mid].start < i { lo = mid + 1 } else { hi = mid }
        }
        // The last branch starting before `i`, or one of its ancestors, holds it.
        var b = lo - 1
        while b >= 0 && !(branches[b].start < i && i < branches[b].end) { b = branches[b].parent }
        return b
    }

    /// Whether token `i` is compiled only for tests (inside `#if TESTING` and the like).
    public func inTestOnlyCode(_ i: Int) -> Bool {
        let b = branch(of: i)
        return b >= 0 && branches[b].testOnly
    }

    /// Whether any code of the file is compiled only for tests.
    public var hasTestOnlyCode: Bool { branches.contains { $0.testOnly } }

    /// Whether tokens `a` and `b` are never compiled together: one lies in code that assumes an
    /// `#if` condition true and the other in code that assumes it false (the two branches of one
    /// `#if`, or two `#if os(macOS)` … `#else` blocks of one type, a declaration in the first and
    /// a use in the second).
    public func exclusive(_ a: Int, _ b: Int) -> Bool {
        let x = branch(of: a)
        guard x >= 0 else { return false }
        let y = branch(of: b)
        guard y >= 0, x != y else { return false }
        let other = branches[y].assumes
        for c in branches[x].assumes {
            let flipped = (c.hasPrefix("+") ? "-" : "+") + c.dropFirst()
            if other.contains(flipped) { return true }
        }
        return false
    }

    /// Whether declaration `d` can be compiled together with token `i` (not in another branch
    /// of an `#if` that holds `i`).
    public func compatible(_ d: Int, with i: Int) -> Bool {
        branches.isEmpty || !exclusive(decls[d].keyword, i)
    }

    /// The type declarations named `name` that can be compiled together with token `i`: a twin
    /// declared in another branch of an `#if` is another type.
    public func typeDecls(named name: String, compatibleWith i: Int) -> [Int] {
        let all = typeDecls(named: name)
        return branches.isEmpty ? all : all.filter { compatible($0, with: i) }
    }

    // MARK: Scope queries

    /// The scopes holding token `i`, innermost first.
    public func enclosingScopes(of i: Int) -> ScopeChain {
        ScopeChain(scopes: scopes, current: i >= 0 && i < scopeOf.count ? Int(scopeOf[i]) : -1)
    }

    /// The innermost enclosing declaration of a kind in `kinds`, stopping at closures if asked.
    public func enclosingDecl(of i: Int, where predicate: (Decl) -> Bool) -> Int? {
        for s in enclosingScopes(of: i) {
            let d = scopes[s].decl
            if d >= 0 && predicate(decls[d]) { return d }
        }
        return nil
    }

    /// The `(` that opens function `d`'s parameter list: the first parenthesis of its signature
    /// (a generic clause `<T>` before it holds none), or nil.
    public func parameterListOpen(of d: Decl) -> Int? {
        var j = d.typeAnnotation.lowerBound
        while j < d.typeAnnotation.upperBound && !isChar(j, UInt8(ascii: "(")) { j += 1 }
        return j < d.typeAnnotation.upperBound ? j : nil
    }

    /// The innermost function-like body or closure holding token `i`: the unit of "the same function".
    public func enclosingExecutable(of i: Int) -> Int? {
        for s in enclosingScopes(of: i) {
            switch scopes[s].kind {
            case .functionBody, .closure: return s
            case .accessorBlock: return s
            default: continue
            }
        }
        return nil
    }

    /// The `(` of the argument list holding token `i`, walking back over earlier arguments
    /// (nested brackets skipped whole); nil when a `[`, `{` or `;` comes first.
    public func argumentListOpen(holding i: Int) -> Int? {
        var k = i - 1
        var steps = 0
        while k >= 0 && steps < 512 {
            steps += 1
            let t = code[k]
            if t.kind == .punctuation && t.length == 1 {
                switch file.bytes[Int(t.start)] {
                case UInt8(ascii: "("):
                    return k
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let m = Int(match[k])
                    guard m >= 0 && m < k else { return nil }
                    k = m - 1
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ";"):
                    return nil
                default:
                    break
                }
            }
            k -= 1
        }
        return nil
    }

    /// The closure (index into `closures`) whose body most closely holds token `i`.
    public func enclosingClosure(of i: Int) -> Int? {
        for s in enclosingScopes(of: i) where scopes[s].kind == .closure { return scopes[s].closure }
        return nil
    }

    /// True when scope `inner` is `outer` or nested in it.
    public func scope(_ inner: Int, isWithin outer: Int) -> Bool {
        var s = inner
        while s >= 0 {
            if s == outer { return true }
            s = scopes[s].parent
        }
        return false
    }

    /// The type declaration (class/struct/enum/actor/protocol/extension) a member belongs to:
    /// the decl's parent when that is a type.
    public func owningType(of declIndex: Int) -> Int? {
        let p = decls[declIndex].parent
        return p >= 0 && decls[p].kind.isType ? p : nil
    }

    /// Whether declaration `d` is a local of a closure: declared in a closure's body inside its
    /// parent (a property's initializer closure, `static let x = { var l = … }()`, whose locals
    /// the structure files under the type or the file), not a member or global.
    public func isClosureLocal(_ d: Int) -> Bool {
        guard let c = enclosingClosure(of: decls[d].keyword) else { return false }
        let p = decls[d].parent
        guard p >= 0, decls[p].body >= 0 else { return true }
        return closures[c].open > scopes[decls[p].body].open
    }

    /// The innermost type declaration whose body holds token `i`.
    public func enclosingType(of i: Int) -> Int? {
        enclosingDecl(of: i) { $0.kind.isType }
    }

    /// A type declaration's name as written: an extension's dotted name (`extension A.B`).
    public func writtenName(ofType d: Int) -> String {
        decls[d].kind == .extension && !decls[d].fullName.isEmpty ? decls[d].fullName : decls[d].nameText
    }

    /// The name, as written, of the type (declaration or extension) token `i` is in.
    public func enclosingTypeName(of i: Int) -> String? {
        enclosingType(of: i).map { writtenName(ofType: $0) }
    }

    /// The innermost function-like declaration whose body holds token `i` (through closures).
    public func enclosingFunction(of i: Int) -> Int? {
        for s in enclosingScopes(of: i) {
            let d = scopes[s].decl
            if d >= 0 {
                if decls[d].kind.isFunctionLike { return d }
                // A computed property's implicit getter (`var x: Int { … }`).
                if decls[d].kind == .variable && scopes[s].kind == .accessorBlock && decls[d].isComputed { return d }
                if decls[d].kind.isType { return nil }
            }
        }
        return nil
    }

    /// Names of the types in an inheritance clause, with `@unchecked` noted.
    public func inheritedTypes(of d: Int) -> [InheritedType] {
        let r = decls[d].inheritance
        var out: [InheritedType] = []
        var i = r.lowerBound
        var unchecked = false
        var depth = 0
        while i < r.upperBound {
            let t = code[i]
            if t.kind == .attribute && self.is(i, "@unchecked") {
                unchecked = true
            } else if isChar(i, UInt8(ascii: "<")) || (t.kind == .operator && file.bytes[Int(t.start)] == UInt8(ascii: "<")) {
                depth += 1
            } else if t.kind == .operator && file.bytes[Int(t.start)] == UInt8(ascii: ">") {
                depth = max(0, depth - t.length)
            } else if depth == 0 && isChar(i, UInt8(ascii: ",")) {
                unchecked = false
            } else if depth == 0 && t.kind == .identifier {
                // Take the last component of a dotted name (`Swift.Sendable`).
                var j = i
                while j + 2 < r.upperBound && isChar(j + 1, UInt8(ascii: ".")) && code[j + 2].kind == .identifier { j += 2 }
                out.append(InheritedType(name: text(j), token: j, unchecked: unchecked))
                i = j
            }
            i += 1
        }
        return out
    }

    /// First token after `i` that is not inside a bracket group opened at or after `i`, scanning
    /// forward until `stop` returns true (at depth 0) or `limit` is reached.
    public func scanForward(from i: Int, limit: Int, stop: (Int) -> Bool) -> Int? {
        var j = i
        let end = min(limit, code.count)
        while j < end {
            if stop(j) { return j }
            let m = Int(match[j])
            if m > j && (isChar(j, UInt8(ascii: "(")) || isChar(j, UInt8(ascii: "[")) || isChar(j, UInt8(ascii: "{"))) {
                j = m + 1
                continue
            }
            j += 1
        }
        return nil
    }
}

/// The declarations of one file by name and kind (see `FileStructure.typesByName`).
struct DeclNames {
    var types: [String: [Int]] = [:]
    var variables: [String: [Int]] = [:]
    var functions: [String: [Int]] = [:]

    init(_ decls: [Decl]) {
        // (By index: a `for (i, d) in decls.enumerated()` loop would copy every declaration.)
        for i in decls.indices where !decls[i].nameText.isEmpty {
            let kind = decls[i].kind
            if kind.isType { types[decls[i].nameText, default: []].append(i) }
            if kind == .variable { variables[decls[i].nameText, default: []].append(i) }
            if kind == .function { functions[decls[i].nameText, default: []].append(i) }
        }
    }
}

/// Where a name is bound: the introducing token, and the name token of a plain `let x` (else -1).
public struct BindingSite: Sendable {
    public var trigger: Int
    public var plainName: Int
}

public struct InheritedType: Sendable {
    public var name: String
    public var token: Int
    public var unchecked: Bool
}

/// An index of one file built once on first use by whichever thread asks first (the structure
/// is a value shared by copies, so the cache is a reference, guarded by a lock).
final class LazyIndex<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var built: Value?

    func value(_ make: () -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        if let built { return built }
        let made = make()
        built = made
        return made
    }
}

/// Iterates a scope and its ancestors, innermost first.
public struct ScopeChain: Sequence, IteratorProtocol {
    /// Only the scopes: a copy of the whole structure would retain and release every one of its
    /// arrays on each walk, and the walks run for most tokens a rule looks at.
    let scopes: [Scope]
    var current: Int
    public mutating func next() -> Int? {
        guard current >= 0 && current < scopes.count else { return nil }
        let s = current
        current = scopes[s].parent
        return s
    }
}

extension FileStructure {
    /// Test code: a file under a `Tests`/`Test` folder (or one whose name ends in `Tests`), named
    /// `…Tests.swift`/`…Test.swift`, or importing XCTest or Testing.
    /// Whether the file imports module `name` (`import Testing`, `@testable import X`).
    public func imports(_ name: StaticString) -> Bool {
        guard identifiers.mayContain(String(describing: name)) else { return false }
        for i in 0..<max(0, code.count - 1) where code[i].kind == .keyword && code[i].word == .import {
            if self.is(i + 1, name) { return true }
        }
        return false
    }

    /// The file's free functions (declared at file level), in source order.
    public var freeFunctions: [Int] { topLevel.filter { decls[$0].kind == .function } }

    /// The modules the file imports (`import X`, `@testable import X`, `import struct X.Y`), sorted.
    public func importedModules() -> [String] {
        var out = Set<String>()
        for i in 0..<max(0, code.count - 1) where code[i].kind == .keyword && code[i].word == .import {
            var j = i + 1
            // `import struct X.Y`: the kind of declaration comes first.
            if j < code.count && code[j].kind == .keyword && j + 1 < code.count { j += 1 }
            if j < code.count && code[j].kind == .identifier { out.insert(text(j)) }
        }
        return out.sorted()
    }

    /// The file imports XCTest or Testing: it is test code wherever it is.
    public var importsTestFramework: Bool {
        guard identifiers.mayContainAny(["XCTest", "Testing"]) else { return false }
        for i in 0..<max(0, code.count - 1) where code[i].kind == .keyword && code[i].word == .import {
            if self.is(i + 1, "XCTest") || self.is(i + 1, "Testing") { return true }
        }
        return false
    }
}

extension Range where Bound == Int {
    /// `lower..<upper` with both bounds clamped to `0...count` and `upper` raised to `lower` when
    /// smaller: a range that can always be built and always indexes a collection of `count`.
    @inlinable
    public init(clamping lower: Int, _ upper: Int, within count: Int) {
        let lo = Swift.min(Swift.max(lower, 0), Swift.max(count, 0))
        let hi = Swift.min(Swift.max(upper, lo), Swift.max(count, 0))
        self = lo..<hi
    }
}
