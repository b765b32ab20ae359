/// Test state that tests run in parallel cannot share.
///
/// Swift Testing runs a suite's tests one at a time when the suite, or a suite around it, has the
/// `.serialized` trait (`@Suite(.serialized)`, `@Suite("name", .serialized)`); XCTest runs the
/// methods of a test class one at a time. A mutable global or static var that only this file can
/// name (it, or a type around it, is `private`/`fileprivate`) is shared by no other test when
///
/// - every use of it outside the type declaring it lies in one such suite, in the test's own
///   statements (not in a closure that runs concurrently: a task, a child task, a dispatched
///   block, a thread);
/// - every write is one of those uses, or sits in a `static`/`class` method of the declaring type
///   that only that suite's own statements call (a setter in between); the declaring type's other
///   code only reads it (a stub the system calls, on its own thread, after the test set it up:
///   the request or task that runs the stub starts after the write);
/// - the declaring type is named, outside itself, by that suite only (no other suite, run in
///   parallel, can make the system call it).
///
/// A var written by the declaring type's other code (a stub that records what it received on the
/// system's thread) stays reported: the test reads what another thread writes.
///
/// One pass over the file's tokens, for the names of the declaring types and their static
/// methods only, on first ask.
public struct SerialTestSuites {
    let s: FileStructure
    /// Per type declaration (not extension): whether its tests run one at a time, worked out once.
    private var serialByType: [Int: Bool] = [:]
    /// The tokens spelling each name asked about (types declaring the vars, their static methods).
    private var mentions: [String: [Int]] = [:]

    /// `declarations`: the vars that may be asked about; the names their uses go through are
    /// gathered here, in one pass.
    public init(_ s: FileStructure, declarations: [Int]) {
        self.s = s
        var holders = Set<Int>()
        for d in declarations { if let h = Self.declaringType(s, d) { holders.insert(h) } }
        guard !holders.isEmpty else { return }
        var names = Set(holders.map { s.decls[$0].nameText })
        for m in s.decls where m.kind == .function && m.isStaticMember && holders.contains(m.parent) { names.insert(m.nameText) }
        for i in 0..<s.code.count where s.code[i].kind == .identifier {
            let t = s.text(i)
            if names.contains(t) { mentions[t, default: []].append(i) }
        }
    }

    /// The type declaring member `d`, nil for a global.
    static func declaringType(_ s: FileStructure, _ d: Int) -> Int? {
        let p = s.decls[d].parent
        return p >= 0 && s.decls[p].kind.isType ? p : nil
    }

    /// Whether only this file can name declaration `d`: it or a type around it is private.
    static func filePrivate(_ s: FileStructure, _ d: Int) -> Bool {
        var p = d
        while p >= 0 {
            let m = s.decls[p].modifiers
            if (m.contains(.private) || m.contains(.fileprivate)) && !m.contains(.setterAccess) { return true }
            p = s.decls[p].parent
        }
        return false
    }

    /// Whether type declaration `t` runs its tests one at a time: `@Suite(… .serialized …)`, or a
    /// class whose superclass is `XCTestCase` (or such a class of this file).
    mutating func isSerial(_ t: Int) -> Bool {
        if let known = serialByType[t] { return known }
        serialByType[t] = false
        let d = s.decls[t]
        var serial = false
        for a in s.attributes(of: d) where s.is(a, "@Suite") && s.isChar(a + 1, UInt8(ascii: "(")) {
            let close = Int(s.match[a + 1])
            if close > a + 1 && s.span(a + 2, close).contains(where: { s.is($0, "serialized") && s.isChar($0 - 1, UInt8(ascii: ".")) }) {
                serial = true
            }
        }
        if !serial && d.kind == .class && !d.inheritance.isEmpty {
            // The superclass comes first in the clause.
            let first = d.inheritance.lowerBound
            if first < s.code.count && s.code[first].kind == .identifier {
                let base = s.text(first)
                if base == "XCTestCase" {
                    serial = true
                } else if let b = s.typeDecls(named: base).first(where: { s.decls[$0].kind == .class && $0 != t }) {
                    serial = isSerial(b)
                }
            }
        }
        serialByType[t] = serial
        return serial
    }

    /// The suite whose tests run one at a time that token `i` is in (the outermost one, whose
    /// trait covers the suites nested in it), as the index of its type declaration.
    mutating func serialSuite(of i: Int) -> Int? {
        var out: Int? = nil
        for sc in s.enclosingScopes(of: i) {
            let d = s.scopes[sc].decl
            guard d >= 0, s.decls[d].kind.isType else { continue }
            var t = d
            if s.decls[d].kind == .extension {
                guard let real = s.typeDecls(named: s.decls[d].nameText).first(where: { s.decls[$0].kind != .extension }) else { continue }
                t = real
            }
            if isSerial(t) { out = t }
        }
        return out
    }

    /// Whether type declaration `t` declares a Swift Testing test (`@Test func`).
    func declaresTests(_ t: Int) -> Bool {
        s.decls.indices.contains(t) && (s.children[t]).contains { m in
            s.decls[m].kind == .function && s.attributes(of: s.decls[m]).contains { s.is($0, "@Test") }
        }
    }

    /// Whether token `i` is in a closure that runs concurrently with the code around it.
    func inConcurrentClosure(_ i: Int) -> Bool {
        for sc in s.enclosingScopes(of: i) {
            let scope = s.scopes[sc]
            guard scope.kind == .closure, scope.closure >= 0, scope.closure < s.closures.count else { continue }
            let c = s.closures[scope.closure]
            if c.callee >= 0 && VariableUses.concurrentCallees.contains(s.text(c.callee)) { return true }
        }
        return false
    }

    /// Whether token `i` lies in type declaration `h`'s body (or an extension of it in the file).
    func isInside(_ i: Int, _ h: Int) -> Bool {
        for sc in s.enclosingScopes(of: i) {
            let d = s.scopes[sc].decl
            guard d >= 0, s.decls[d].kind.isType else { continue }
            if d == h || (s.decls[d].kind == .extension && s.decls[d].nameText == s.decls[h].nameText) { return true }
        }
        return false
    }

    /// Whether the use of the name at `u` is var `di` (a global, or a static of `holder`), not a
    /// var of the same name of another type: `H.x` or `Self.x`/`x` inside `H`; a global bare,
    /// outside the types that declare a member of the name.
    func refersTo(_ u: Int, _ di: Int, holder: Int?) -> Bool {
        let qualified = s.isChar(u - 1, UInt8(ascii: "."))
        guard let h = holder else {
            guard !qualified else { return false }
            return !s.variableDecls(named: s.decls[di].nameText).contains { v in
                v != di && s.decls[v].parent >= 0 && s.decls[s.decls[v].parent].kind.isType && isInside(u, s.decls[v].parent)
            }
        }
        return namesMember(u, of: h)
    }

    /// Whether the name at `u` names a static member of type `h`: `H.x`, or `x`/`Self.x` inside `H`.
    func namesMember(_ u: Int, of h: Int) -> Bool {
        guard s.isChar(u - 1, UInt8(ascii: ".")) else { return isInside(u, h) }
        if s.isKeyword(u - 2, .Self) || s.isKeyword(u - 2, .self) { return isInside(u, h) }
        return u >= 2 && s.code[u - 2].kind == .identifier && s.text(u - 2) == s.decls[h].nameText
    }

    /// Whether global or static var `di` (a file-private one) is shared by no test that runs in
    /// parallel with another (see the type's comment). `uses`: every use of its name in the file
    /// but its declaration; `writes`: those that write it.
    public mutating func confinedToOneSerialSuite(_ di: Int, uses: [Int], writes: [Int]) -> Bool {
        guard Self.filePrivate(s, di) else { return false }
        let holder = Self.declaringType(s, di)
        // A holder that is itself a suite whose tests run one at a time (it declares tests, or is
        // a serial suite) holds the tests' own uses; a stub nested in a suite is still a stub.
        var suite: Int? = holder.flatMap { h in
            isSerial(h) ? h : serialSuite(of: s.decls[h].keyword).flatMap { declaresTests(h) ? $0 : nil }
        }
        let holderIsSuite = suite != nil
        let writeSet = Set(writes)
        // The suite's own statements, in that one suite.
        func inSuite(_ i: Int) -> Bool {
            guard !inConcurrentClosure(i), let t = serialSuite(of: i) else { return false }
            if let known = suite { return known == t }
            suite = t
            return true
        }
        for u in uses where refersTo(u, di, holder: holder) {
            if let h = holder, !holderIsSuite, isInside(u, h) {
                guard writeSet.contains(u) || StateWrites.mayWrite(s, u) else { continue }
                // A write in the holder: only in a static method the suite alone calls.
                guard let f = s.enclosingFunction(of: u), s.decls[f].parent == h, s.decls[f].kind == .function,
                      s.decls[f].isStaticMember, !inConcurrentClosure(u) else { return false }
                let calls = (mentions[s.decls[f].nameText] ?? []).filter { $0 != s.decls[f].name && namesMember($0, of: h) }
                guard !calls.isEmpty else { return false }
                for c in calls where !inSuite(c) { return false }
                continue
            }
            guard inSuite(u) else { return false }
        }
        guard suite != nil else { return false }
        // The holder is named, outside itself, by the suite only.
        if let h = holder, !holderIsSuite {
            for m in mentions[s.decls[h].nameText] ?? [] where m != s.decls[h].name && !isInside(m, h) {
                guard let t = serialSuite(of: m), t == suite else { return false }
            }
        }
        return true
    }
}
