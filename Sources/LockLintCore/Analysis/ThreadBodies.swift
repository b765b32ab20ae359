/// Closures a thread (or task) runs once per instance: the body an initializer hands to a thread
/// or task it creates (`Thread { }`, `Thread(block:)`, `Thread.detachNewThread { }`, the
/// initializer of a `Thread` subclass or alias the file declares, `Task { }`,
/// `Task.detached { }`), directly or through a local closure that only such calls receive, and
/// not in a loop or another closure of the initializer. The initializer runs once per instance
/// and the thread runs its body once, so the body's statements run one after another on that
/// one thread: only code of other entry points can run beside them.
public enum ThreadBodies {
    /// Calls that run their closure once, on a thread or task of its own.
    static let starters: Set<String> = ["Thread", "detachNewThread", "Task", "detached"]

    public static func isStartedOnce(_ s: FileStructure, _ c: Closure) -> Bool {
        guard let f = s.enclosingFunction(of: c.open), s.decls[f].kind == .initializer, s.decls[f].body >= 0 else { return false }
        let body = s.decls[f].body
        // Made once per run of the initializer: no loop and no other closure around it there.
        var sc = s.scopes[c.scope].parent
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            guard scope.kind == .statement else { return false }
            let k = scope.statementKeyword
            if k >= 0 && (s.isKeyword(k, .for) || s.isKeyword(k, .while) || s.isKeyword(k, .repeat)) { return false }
            sc = scope.parent
        }
        guard sc == body else { return false }
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
