/// Which method calls through a stored var change the var itself: for a var of a value type
/// (or a protocol) the run declares, a call of a method that the type, one of its extensions
/// or a protocol it conforms to declares `mutating` (`map.reset()` assigns the var as surely
/// as `map = [:]`). For a type the run does not declare, nothing is known here: the caller
/// keeps to the standard collections' methods (`StateAccess.mutatingMethods`).
///
/// Used by the guard inference, which must call such a call a write, and shares the index's
/// per-type `mutatingMethods` with `nonisolated_unsafe`'s typed writes (`VariableUses`).
public enum ValueMutations {
    /// `name=Type` for the stored instance `var`s of type declaration `di` whose declared type
    /// the tool can name (`var map = Table<K, V>()`, `var state: Machine?`), sorted.
    public static func storedVarTypes(of di: Int, in s: FileStructure) -> [String] {
        var out: [String] = []
        for m in s.children[di] where s.decls[m].kind == .variable && !s.decls[m].isStaticMember && !s.decls[m].isLet && !s.decls[m].isComputed {
            let v = s.decls[m]
            guard !v.nameText.isEmpty, let t = GuardLogExtractor.declaredTypeName(v, s) else { continue }
            out.append(v.nameText + "=" + t)
        }
        return out.sorted()
    }

    /// The stored vars of class `name` (from the declarations `declared` in this file, else
    /// from the index) mapped to the methods whose call writes them; a var of a type the run
    /// does not declare as a value type or protocol is left out.
    public static func writingMethods(className name: String, declared: [Int], vars: Set<String>, _ context: RuleContext) -> [String: Set<String>] {
        let s = context.structure
        var types: [String] = []
        if declared.isEmpty {
            types = context.classFacts(name)?.storedVarTypes ?? []
        } else {
            for d in declared { types += storedVarTypes(of: d, in: s) }
        }
        var out: [String: Set<String>] = [:]
        var byType: [String: Set<String>] = [:]
        for entry in types {
            guard let eq = entry.firstIndex(of: "=") else { continue }
            let v = String(entry[..<eq])
            var t = String(entry[entry.index(after: eq)...])
            guard vars.contains(v) else { continue }
            if let target = context.aliasTarget(t), target.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }) { t = target }
            if byType[t] == nil {
                byType[t] = context.isValueType(t) || context.isProtocol(t) ? Set(context.mutatingMethods(t)) : []
            }
            if let ms = byType[t], !ms.isEmpty { out[v] = ms }
        }
        return out
    }

    /// The method called directly on the var named at token `i` (`x.reset()`, `x?.reset()`,
    /// `self.x.clear { }`), or nil when the use is anything else.
    public static func calledMethod(_ s: FileStructure, _ i: Int) -> String? {
        var j = i + 1
        while s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        guard s.isChar(j, UInt8(ascii: ".")), j + 2 < s.code.count, s.code[j + 1].kind == .identifier,
              s.isChar(j + 2, UInt8(ascii: "(")) || s.isChar(j + 2, UInt8(ascii: "{")) else { return nil }
        return s.text(j + 1)
    }
}
