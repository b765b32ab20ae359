/// The typed receivers of one file (`r` in `r.x`, `r?.x`, `self.r.x`), worked out once and read by
/// both scans of member uses through references (`GuardLogExtractor.outsideCalls` and
/// `OutsideAccesses`): each variable's declared type name, the names that can be a typed receiver
/// at all (a variable of a capitalised type the file tells, or a parameter: the cheap first test),
/// and the declaration each receiver token resolves to, looked up once per token.
final class ReceiverTable {
    /// Variable declaration → its declared type name ("" for a local without a type annotation,
    /// which the code makes fresh, or when the file does not tell it).
    let typeOf: [Int: String]
    /// The names declared as a variable of a capitalised type, or as a parameter.
    let typed: Set<String>
    /// (Receiver token × 2 + memberOnly) → what the name there refers to.
    private var bindings: [Int: NameBinding] = [:]

    init(_ s: FileStructure) {
        var typeOf: [Int: String] = [:]
        var typed = Set<String>()
        for (name, list) in s.variablesByName {
            for d in list {
                let v = s.decls[d]
                let fresh = v.parent >= 0 && s.decls[v.parent].kind.isFunctionLike && v.typeAnnotation.isEmpty
                let type = fresh ? "" : GuardLogExtractor.declaredTypeName(v, s) ?? ""
                typeOf[d] = type
                if Self.capitalized(type) { typed.insert(name) }
            }
        }
        for d in s.decls where d.kind.isFunctionLike { typed.formUnion(d.parameterNames) }
        self.typeOf = typeOf
        self.typed = typed
    }

    /// The receiver of member token `i` (`r` in `r.x`, `r?.x`, `r!.x`, `self.r.x`, and with
    /// `optionalSelf` also `self?.r.x` and `self!.r.x`), and whether it is reached through `self.`
    /// (a member only); nil for any other shape (`a.b.x`, `Type.x`, a call's result).
    static func receiver(_ s: FileStructure, ofMember i: Int, optionalSelf: Bool) -> (token: Int, memberOnly: Bool)? {
        var r = i - 2
        if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
        guard r >= 0, s.code[r].kind == .identifier, !GuardLogExtractor.startsUppercase(s, r) else { return nil }
        guard r >= 1 && s.isChar(r - 1, UInt8(ascii: ".")) else { return (r, false) }
        let me = optionalSelf && r >= 3 && (s.isChar(r - 2, UInt8(ascii: "?")) || s.isChar(r - 2, UInt8(ascii: "!"))) ? r - 3 : r - 2
        guard me >= 0, s.isKeyword(me, .self), !s.isChar(me - 1, UInt8(ascii: ".")) else { return nil }
        return (r, true)
    }

    /// Whether a type name starts with an uppercase letter (ASCII, or any by `Character`: the
    /// widest of the tests the two scans make after the lookup).
    static func capitalized(_ type: String) -> Bool {
        guard let first = type.unicodeScalars.first else { return false }
        return Capitalized.isUpper(first) || (type.first?.isUppercase ?? false)
    }

    /// Variable `d`'s declared type name as written, with the types it is nested in (`Outer.Inner`
    /// for `let x: Outer.Inner`, `= Outer.Inner(…)`): uses through it are filed under that name,
    /// which `GuardInference.findings` matches against the qualified names of the run's classes.
    /// `typeOf[d]` when the declaration writes no dotted name.
    func typePath(_ s: FileStructure, _ d: Int) -> String {
        let simple = typeOf[d] ?? ""
        guard !simple.isEmpty else { return "" }
        let v = s.decls[d]
        if let first = v.typeAnnotation.first {
            var k = first
            while k < v.typeAnnotation.upperBound && (s.code[k].kind == .attribute || s.code[k].kind == .keyword) { k += 1 }
            guard k < v.typeAnnotation.upperBound, s.code[k].kind == .identifier else { return simple }
            let path = s.dottedName(from: k, before: v.typeAnnotation.upperBound)
            return path.hasSuffix(simple) ? path : simple
        }
        if let first = v.initializer.first, s.code[first].kind == .identifier {
            let path = s.dottedName(from: first, before: v.initializer.upperBound)
            return path.hasSuffix("." + simple) ? path : simple
        }
        return simple
    }

    /// `s.lookupVariable(name, at: r, memberOnly:)`, once per receiver token.
    func binding(_ s: FileStructure, _ name: String, at r: Int, memberOnly: Bool) -> NameBinding {
        let key = r * 2 + (memberOnly ? 1 : 0)
        if let known = bindings[key] { return known }
        let b = s.lookupVariable(name, at: r, memberOnly: memberOnly)
        bindings[key] = b
        return b
    }
}
