/// The stored properties of a class that hold atomics, seen by what the class's body does with
/// them: an atomic operation given a memory ordering (`x.load(ordering: .acquiring)`,
/// `x.compareExchange(expected:desired:ordering:)`), or a C atomic function given the
/// property's address (`OSAtomicIncrement32(&x)`). Shared by the rules that report a class's
/// unguarded state: state kept in an atomic is not such state.
public enum AtomicProperties {
    /// Atomic operations, by the name of the method on the stored value.
    static let operations: Set<String> = [
        "load", "store", "exchange", "compareExchange", "weakCompareExchange", "wrappingAdd", "wrappingSubtract",
        "wrappingIncrement", "wrappingDecrement", "loadThenWrappingIncrement", "loadThenWrappingDecrement",
        "wrappingIncrementThenLoad", "wrappingDecrementThenLoad", "add", "subtract", "bitwiseAnd", "bitwiseOr", "bitwiseXor",
        "logicalAnd", "logicalOr", "logicalXor", "min", "max",
    ]

    /// The stored properties of the class declared at `token` in file `s` that hold atomics
    /// (see above), sorted; none when no class is declared there.
    public static func of(_ s: FileStructure, classToken token: Int) -> [String] {
        guard let di = s.decls.firstIndex(where: { $0.name == token && $0.kind == .class }), s.decls[di].body >= 0 else { return [] }
        var stored = Set<String>()
        for m in s.children[di] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember { stored.insert(s.decls[m].nameText) }
        guard !stored.isEmpty else { return [] }
        let body = s.scopes[s.decls[di].body]
        let end = min(body.close, s.code.count)
        var found = Set<String>()
        // The token after the call's `(` at `open`, and whether `take` accepts one of its tokens
        // at the call's own depth.
        func argument(_ open: Int, _ take: (Int) -> Bool) -> Bool {
            var depth = 0
            var k = open
            while k < end {
                if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) { depth += 1 }
                else if s.isChar(k, UInt8(ascii: ")")) || s.isChar(k, UInt8(ascii: "]")) { depth -= 1; if depth == 0 { return false } }
                else if depth == 1 && take(k) { return true }
                k += 1
            }
            return false
        }
        var i = body.open + 1
        while i + 3 < end {
            defer { i += 1 }
            guard s.code[i].kind == .identifier else { continue }
            let name = s.text(i)
            if stored.contains(name), s.isChar(i + 1, UInt8(ascii: ".")), s.code[i + 2].kind == .identifier,
               operations.contains(s.text(i + 2)), s.isChar(i + 3, UInt8(ascii: "(")) {
                if argument(i + 3, { s.is($0, "ordering") && s.isChar($0 + 1, UInt8(ascii: ":")) }) { found.insert(name) }
            } else if name.hasPrefix("OSAtomic") || name.hasPrefix("atomic_"), s.isChar(i + 1, UInt8(ascii: "(")) {
                _ = argument(i + 1) { k in
                    guard s.text(k) == "&" else { return false }
                    var v = k + 1
                    if s.is(v, "self") && s.isChar(v + 1, UInt8(ascii: ".")) { v += 2 }
                    if v < end, stored.contains(s.text(v)) { found.insert(s.text(v)) }
                    return false
                }
            }
        }
        return found.sorted()
    }
}
