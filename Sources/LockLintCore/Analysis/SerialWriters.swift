/// Whether the state an actor method decides on and writes can change while that method is
/// suspended, when every call of the method runs on one serial executor (`SerialCallSites`): only
/// if another member of the actor writes it from somewhere else. Members of the actor declared in
/// other files are not seen.
public enum SerialWriters {
    /// Every member of the actor (the declarations in `bodies`, its type body and extensions in
    /// this file) other than `method` that assigns `property` runs on `executor` too: an
    /// initializer or deinitializer; a method whose calls all run on it (`executorOf`); or a
    /// private synchronous method called only from such members (not from a `Task` in them). A
    /// `Task { }` body that assigns it runs at any time.
    /// - Parameters:
    ///   - writes: the properties a member's body (a function body scope, or a Task closure's
    ///     scope) assigns directly.
    ///   - tasks: member → its Task closures.
    public static func onlyOn(_ executor: String, property: String, except method: Int, s: FileStructure, bodies: [Int],
                              tasks: [Int: [Int]], writes: (Int, Int) -> Set<String>, executorOf: (String) -> String?) -> Bool {
        let members = bodies.flatMap { s.children[$0] }.filter { s.decls[$0].body >= 0 && s.decls[$0].kind.isFunctionLike }
        let memberSet = Set(members)
        var safeCache: [Int: Bool] = [:]
        // Call tokens (`name(`) by name, read once.
        var callsByName: [String: [Int]]? = nil
        func calls(of name: String) -> [Int] {
            if callsByName == nil {
                var map: [String: [Int]] = [:]
                for t in 0..<s.code.count where s.code[t].kind == .identifier && s.isChar(t + 1, UInt8(ascii: "(")) {
                    map[s.text(t), default: []].append(t)
                }
                callsByName = map
            }
            return callsByName?[name] ?? []
        }
        func safe(_ m: Int, depth: Int) -> Bool {
            if m == method { return true }
            if let known = safeCache[m] { return known }
            let d = s.decls[m]
            var ok = false
            if d.kind == .initializer || d.kind == .deinitializer {
                ok = true
            } else if !d.nameText.isEmpty && executorOf(d.nameText) == executor {
                ok = true
            } else if !d.isAsync && (d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)) && depth < 4 && !d.nameText.isEmpty {
                // Called (by name) only straight in members that are safe themselves.
                ok = true
                var count = 0
                for t in calls(of: d.nameText) where t != d.name {
                    count += 1
                    guard let f = s.enclosingFunction(of: t), memberSet.contains(f), !inClosure(t, of: f, s), safe(f, depth: depth + 1) else { ok = false; break }
                }
                if count == 0 { ok = false }
            }
            safeCache[m] = ok
            return ok
        }
        for m in members {
            for c in tasks[m] ?? [] where writes(m, s.closures[c].scope).contains(property) { return false }
            if m != method && writes(m, s.decls[m].body).contains(property) && !safe(m, depth: 0) { return false }
        }
        return true
    }

    /// Token `t` sits in a closure inside function `f` (one that may run later).
    static func inClosure(_ t: Int, of f: Int, _ s: FileStructure) -> Bool {
        for sc in s.enclosingScopes(of: t) {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                if c.callee >= 0 && GuardRegions.plainClosureNames.contains(s, c.callee) { continue }
                return true
            }
            if scope.decl == f { return false }
        }
        return false
    }
}
