/// Closures a thread (or task) runs once per instance: the body an initializer hands to a thread
/// or task it creates (`Thread { }`, `Thread(block:)`, `Thread.detachNewThread { }`, the
/// initializer of a `Thread` subclass or alias the file declares, `Task { }`,
/// `Task.detached { }`, a block submitted with `queue.async { }`), directly or through a local
/// closure that only such calls receive, and not in a loop or another closure of the
/// initializer (or of a private method the initializer alone calls, once). The initializer runs once per instance
/// and the thread runs its body once, so the body's statements run one after another on that
/// one thread: only code of other entry points can run beside them.
public enum ThreadBodies {
    /// Calls that run their closure once, on a thread or task of its own.
    static let starters: Set<String> = ["Thread", "detachNewThread", "Task", "detached"]

    /// `calls` gives the file's call sites per function name (see `callSites`), to accept a
    /// private method that the type's initializer alone calls, once, as an initializer.
    public static func isStartedOnce(_ s: FileStructure, _ c: Closure, calls: () -> [String: [Int]] = { [:] }) -> Bool {
        guard let f = s.enclosingFunction(of: c.open), s.decls[f].body >= 0 else { return false }
        guard s.decls[f].kind == .initializer || runsOnceFromInitializer(s, f, calls: calls) else { return false }
        let body = s.decls[f].body
        // Made once per run of the initializer: no loop and no other closure around it there.
        guard onceIn(s, from: s.scopes[c.scope].parent, body: body) else { return false }
        if c.callee >= 0 { return startsThread(s, c.callee) }
        // `let work = { … }`, then only handed to thread starts (`Thread(block: work)`).
        guard c.open >= 3, s.isChar(c.open - 1, UInt8(ascii: "=")), s.code[c.open - 2].kind == .identifier,
              s.isKeyword(c.open - 3, .let) else { return false }
        let name = s.text(c.open - 2)
        let end = s.scopes[body].close
        var uses = 0
        var k = c.close + 1
        while k < end {
            if s.code[k].kind == .identifier && s.is(k, text: name) && !s.isChar(k - 1, UInt8(ascii: ".")) {
                guard s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")),
                      let callee = calleeOfArgument(s, k, after: s.scopes[body].open), startsThread(s, callee) else { return false }
                uses += 1
            }
            k += 1
        }
        return uses > 0
    }

    /// Whether the scopes from `sc` out to `body` are plain statements, none a loop.
    static func onceIn(_ s: FileStructure, from start: Int, body: Int) -> Bool {
        var sc = start
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            guard scope.kind == .statement else { return false }
            let k = scope.statementKeyword
            if k >= 0 && (s.isKeyword(k, .for) || s.isKeyword(k, .while) || s.isKeyword(k, .repeat)) { return false }
            sc = scope.parent
        }
        return sc == body
    }

    /// Whether function `f` is a private instance method of a type that the file calls once, from
    /// an initializer of the same type, outside any loop or closure there (`init() { start() }`).
    static func runsOnceFromInitializer(_ s: FileStructure, _ f: Int, calls: () -> [String: [Int]]) -> Bool {
        let d = s.decls[f]
        guard d.kind == .function, d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate), !d.isStaticMember,
              let owner = s.owningType(of: f), let all = calls()[d.nameText] else { return false }
        let type = s.decls[owner].nameText
        let sites = all.filter { s.enclosingType(of: $0).map { s.decls[$0].nameText } == type }
        guard sites.count == 1 else { return false }
        let k = sites[0]
        guard let g = s.enclosingFunction(of: k), s.decls[g].kind == .initializer, s.decls[g].body >= 0,
              s.owningType(of: g).map({ s.decls[$0].nameText }) == s.decls[owner].nameText else { return false }
        return onceIn(s, from: Int(s.scopeOf[k]), body: s.decls[g].body)
    }

    /// Per function name, the tokens where the file calls it on `self` or bare (`start()`,
    /// `self.start()`), in one pass.
    public static func callSites(_ s: FileStructure) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            if k >= 1 && s.isKeyword(k - 1, .func) { continue }
            out[s.text(k), default: []].append(k)
        }
        return out
    }

    /// The name token of the call whose parentheses hold the argument at `k` (`T(block: k)`).
    static func calleeOfArgument(_ s: FileStructure, _ k: Int, after start: Int) -> Int? {
        var j = k - 1
        while j > start {
            if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                let o = Int(s.match[j])
                guard o >= 0 && o < j else { return nil }
                j = o - 1
                continue
            }
            if s.isChar(j, UInt8(ascii: "(")) {
                return j >= 1 && s.code[j - 1].kind == .identifier ? j - 1 : nil
            }
            if s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) { return nil }
            j -= 1
        }
        return nil
    }

    /// `Thread`, `Task` and their one-shot starts, or a class of the file that inherits from
    /// `Thread` (or a typealias of it there).
    static func startsThread(_ s: FileStructure, _ callee: Int) -> Bool {
        let name = s.text(callee)
        if starters.contains(name) { return true }
        // A block submitted once to a queue (`queue.async { }`): it runs once, its statements
        // one after another.
        if name == "async" && s.isChar(callee - 1, UInt8(ascii: ".")) { return true }
        guard name.first?.isUppercase ?? false, s.identifiers.mayContain("Thread") else { return false }
        for d in s.decls.indices where s.decls[d].nameText == name {
            if s.decls[d].kind == .class && s.inheritedTypes(of: d).contains(where: { $0.name == "Thread" || $0.name.hasSuffix(".Thread") }) {
                return true
            }
            if s.decls[d].kind == .other && s.isKeyword(s.decls[d].keyword, .typealias) && ProjectIndex.aliasTarget(s, d) == "Thread" {
                return true
            }
        }
        return false
    }
}
