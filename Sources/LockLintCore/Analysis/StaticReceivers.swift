/// The receiver of a member change as written (`box.value[k] = v`, `Type.shared.value += 1`):
/// the declaration it names, the type that declaration gives it, and what its generic
/// arguments say about the member's type.
public enum StaticReceivers {
    /// Whether token `t` names a type (a capitalised identifier before `.`): `Manager` in
    /// `Manager.pending.value`.
    public static func isTypeName(_ s: FileStructure, _ t: Int) -> Bool {
        guard t >= 0, t < s.code.count, s.code[t].kind == .identifier, s.isChar(t + 1, UInt8(ascii: ".")) else { return false }
        let b = s.file.bytes[Int(s.code[t].start)]
        return b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z")
    }

    /// Whether receiver `r` is written after a type (`Type.r`, `Self.r`): a static member of it.
    static func afterType(_ s: FileStructure, _ r: Int) -> Bool {
        s.isChar(r - 1, UInt8(ascii: ".")) && (isTypeName(s, r - 2) || s.isKeyword(r - 2, .Self))
    }

    /// The declaration of the variable receiver `r` names: a static member of the type written
    /// before it (`Type.r`, `Self.r`), or what the name means where it is written.
    public static func declaration(_ s: FileStructure, receiver r: Int) -> Int? {
        let name = s.text(r)
        if afterType(s, r) {
            let types = s.isKeyword(r - 2, .Self) ? s.enclosingType(of: r).map { [$0] } ?? [] : s.typeDecls(named: s.text(r - 2))
            for t in types {
                if let v = s.children[t].first(where: { s.decls[$0].kind == .variable && s.decls[$0].nameText == name && s.decls[$0].isStaticMember }) {
                    return v
                }
            }
            return nil
        }
        if case .variable(let v) = s.lookupVariable(name, at: r) { return v }
        return nil
    }

    /// The type receiver `r` is declared with, for a static member of a named type; nil
    /// otherwise (the caller resolves other receivers its own way).
    public static func staticMemberType(_ s: FileStructure, receiver r: Int) -> String? {
        guard afterType(s, r), let v = declaration(s, receiver: r) else { return nil }
        return LockGraph.declaredTypeName(s.decls[v], s)
    }

    /// Whether the receiver's declaration gives a value type as generic argument `index` of its
    /// type (`Atomic<[String: Bool]>(…)`, `let x: Box<Int>`): the member whose type is that
    /// generic parameter holds a value, changed in place only through its setter.
    public static func holdsValue(_ s: FileStructure, receiver r: Int, genericParameter index: Int?) -> Bool {
        guard let index, let v = declaration(s, receiver: r) else { return false }
        let d = s.decls[v]
        let first = !d.typeAnnotation.isEmpty ? d.typeAnnotation.lowerBound
            : d.initializer.lowerBound < d.initializer.upperBound ? d.initializer.lowerBound : -1
        guard first >= 0, s.code[first].kind == .identifier else { return false }
        let arguments = LockGraph.genericList(s, after: first)
        return index < arguments.count && LockGraph.isValueTypeWritten(arguments[index], s)
    }
}
