/// Stored `var` members that the file's code assigns after construction (outside initializers):
/// `self.lock = made` in a method. A lock held in one is not one object for the instance's
/// lifetime (it may be nil, or another instance, at an access), so it is no guard the tool can
/// name. Worked out once per name asked (the receivers of lock regions: few per file).
final class ReplacedVars {
    let s: FileStructure
    private var known: [String: Bool] = [:]

    init(_ s: FileStructure) { self.s = s }

    /// Whether `receiver` (`lock`, `self.lock`, `lock?`) is such a var of the type whose code
    /// holds token `at`.
    func isReplaced(_ receiver: String, at: Int) -> Bool { replaced(receiver, at: at, byParameter: false) }

    /// Whether `receiver` is such a var that a method sets to a queue its caller passes in
    /// (`lastQueue = queue`, `queue` a parameter): its blocks run on whatever queue the last
    /// caller named, maybe the one the caller already runs on, so it guards nothing.
    func isCallersQueue(_ receiver: String, at: Int) -> Bool { replaced(receiver, at: at, byParameter: true) }

    private func replaced(_ receiver: String, at: Int, byParameter: Bool) -> Bool {
        var name = Substring(receiver)
        if name.hasPrefix("self.") { name = name.dropFirst(5) }
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        guard !name.isEmpty, !name.contains("."), !name.contains("(") else { return false }
        let n = String(name)
        guard case .member(let d) = GuardLogExtractor.receiverDecl(s, n, at: at), !d.isLet, !d.isComputed, !d.isStaticMember else { return false }
        guard d.parent >= 0, s.decls[d.parent].kind.isType else { return false }
        let type = s.decls[d.parent].nameText
        let key = (byParameter ? "(param)" : "") + type + "." + n
        if let k = known[key] { return k }
        let answer = assignedAfterConstruction(n, type: type, byParameter: byParameter)
        known[key] = answer
        return answer
    }

    /// Whether some function of type `type` (its declaration or an extension in the file) other
    /// than an initializer assigns `name` as a whole (`name = x`, `self.name = x`; not a local's
    /// declaration, not another object's member).
    /// With `byParameter`, only an assignment of a parameter of that function, alone (`= queue`).
    private func assignedAfterConstruction(_ name: String, type: String, byParameter: Bool = false) -> Bool {
        guard s.identifiers.mayContain(name) else { return false }
        for k in s.assignmentsByName[name] ?? [] {
            if s.isChar(k - 1, UInt8(ascii: ".")) {
                guard s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { continue }
            } else if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) || s.isKeyword(k - 1, .case) || s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) {
                continue
            }
            guard let fn = s.enclosingFunction(of: k) else { continue }
            if s.decls[fn].kind == .initializer || s.decls[fn].kind == .deinitializer { continue }
            if byParameter {
                guard s.isChar(k + 1, UInt8(ascii: "=")), k + 2 < s.code.count, s.code[k + 2].kind == .identifier,
                      s.decls[fn].parameterNames.contains(s.text(k + 2)),
                      !(s.isChar(k + 3, UInt8(ascii: ".")) || s.isChar(k + 3, UInt8(ascii: "(")) || s.isChar(k + 3, UInt8(ascii: "?"))
                        || s.isChar(k + 3, UInt8(ascii: "!")) || s.isChar(k + 3, UInt8(ascii: "["))) else { continue }
            }
            var owner = s.decls[fn].parent
            while owner >= 0 && !s.decls[owner].kind.isType { owner = s.decls[owner].parent }
            if owner >= 0 && s.decls[owner].nameText == type { return true }
        }
        return false
    }
}
