/// Stored `var` members that the file's code assigns after construction (outside initializers):
/// `self.lock = made` in a method. A lock held in one is not one object for the instance's
/// lifetime (it may be nil, or another instance, at an access), so it is no guard the tool can
/// name. Worked out once per name asked (the receivers of lock regions: few per file).
final class ReplacedVars {
    let s: FileStructure
    private var known: [String: Bool] = [:]
    private var perCall: [String: Bool] = [:]

    init(_ s: FileStructure) { self.s = s }

    /// Whether `receiver` (`lock`, `self.lock`, `lock?`) is such a var of the type whose code
    /// holds token `at`.
    func isReplaced(_ receiver: String, at: Int) -> Bool {
        guard let (n, type) = member(receiver, at: at) else { return false }
        return answer(n, type: type, fromParameter: false)
    }

    /// Whether `receiver` is such a var that a method sets to one of its own parameters
    /// (`self.queue = queue` in `schedule(on queue:)`): it holds whatever the last caller passed,
    /// so blocks submitted to it at two points may run on two different queues.
    func isSetPerCall(_ receiver: String, at: Int) -> Bool {
        guard let (n, type) = member(receiver, at: at) else { return false }
        return answer(n, type: type, fromParameter: true)
    }

    /// `isSetPerCall` for stored property `d` of type declaration `type`.
    func isSetPerCall(member d: Decl, of type: Int) -> Bool {
        guard !d.isLet, !d.isComputed, !d.isStaticMember else { return false }
        return answer(d.nameText, type: s.decls[type].nameText, fromParameter: true)
    }

    /// `assignedAfterConstruction`, worked out once per name, type and question.
    private func answer(_ name: String, type: String, fromParameter: Bool) -> Bool {
        let key = type + "." + name
        if let k = fromParameter ? perCall[key] : known[key] { return k }
        let a = assignedAfterConstruction(name, type: type, fromParameter: fromParameter)
        if fromParameter { perCall[key] = a } else { known[key] = a }
        return a
    }

    /// The stored `var` member `receiver` names and its type's name.
    private func member(_ receiver: String, at: Int) -> (String, String)? {
        var name = Substring(receiver)
        if name.hasPrefix("self.") { name = name.dropFirst(5) }
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        guard !name.isEmpty, !name.contains("."), !name.contains("(") else { return nil }
        let n = String(name)
        guard case .member(let d) = GuardLogExtractor.receiverDecl(s, n, at: at), !d.isLet, !d.isComputed, !d.isStaticMember else { return nil }
        guard d.parent >= 0, s.decls[d.parent].kind.isType else { return nil }
        return (n, s.decls[d.parent].nameText)
    }

    /// Whether some function of type `type` (its declaration or an extension in the file) other
    /// than an initializer assigns `name` as a whole (`name = x`, `self.name = x`; not a local's
    /// declaration, not another object's member). With `fromParameter`, only an assignment of a
    /// parameter of the assigning function (`name = queue`) counts.
    private func assignedAfterConstruction(_ name: String, type: String, fromParameter: Bool) -> Bool {
        guard s.identifiers.mayContain(name) else { return false }
        for k in s.assignmentsByName[name] ?? [] {
            if s.isChar(k - 1, UInt8(ascii: ".")) {
                guard s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { continue }
            } else if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) || s.isKeyword(k - 1, .case) || s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) {
                continue
            }
            guard let fn = s.enclosingFunction(of: k) else { continue }
            if s.decls[fn].kind == .initializer || s.decls[fn].kind == .deinitializer { continue }
            if fromParameter {
                // `name = p` (or `= p!`), the whole right-hand side one parameter of the function.
                guard s.isChar(k + 1, UInt8(ascii: "=")), k + 2 < s.code.count, s.code[k + 2].kind == .identifier,
                      s.decls[fn].parameterNames.contains(s.text(k + 2)) else { continue }
                let after = k + 3 < s.code.count && (s.isChar(k + 3, UInt8(ascii: "!")) || s.isChar(k + 3, UInt8(ascii: "?"))) ? k + 4 : k + 3
                guard after >= s.code.count || !(s.isChar(after, UInt8(ascii: ".")) || s.isChar(after, UInt8(ascii: "("))
                                                 || s.isChar(after, UInt8(ascii: "[")) || s.code[after].kind == .operator) else { continue }
            }
            var owner = s.decls[fn].parent
            while owner >= 0 && !s.decls[owner].kind.isType { owner = s.decls[owner].parent }
            if owner >= 0 && s.decls[owner].nameText == type { return true }
        }
        return false
    }
}
