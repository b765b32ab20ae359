/// Core Data contexts whose `perform { }` and `performAndWait { }` run their block on the main
/// queue, judged by what the run shows of the receiver: a persistent container's `viewContext`
/// (`container.viewContext`, the container declared or handed in as `NSPersistentContainer`),
/// a context made with `.mainQueueConcurrencyType`, and a variable, parameter-free computed
/// property or member of the run's types set to one of these (`var viewContext: NSManagedObjectContext
/// { container.viewContext }`, then `Store.shared.viewContext.perform { }`). Any other context's
/// `perform` runs on its own private queue, not the main one; a receiver the tool cannot follow
/// is not main.
public enum MainQueueContexts {
    static let performMethods: Set<String> = ["perform", "performAndWait"]
    static let containerTypes: Set<String> = ["NSPersistentContainer", "NSPersistentCloudKitContainer"]
    /// Names a file must spell to make or reach a main-queue context.
    static let spellings = ["viewContext", "mainQueueConcurrencyType"]

    /// Whether closure `c` is the block of `perform { }` / `performAndWait { }` on a main-queue
    /// context: it runs on the main queue.
    public static func runsOnMainQueue(_ s: FileStructure, _ c: Closure, context: RuleContext?) -> Bool {
        let m = c.callee
        guard m >= 2, s.code[m].kind == .identifier, performMethods.contains(s.text(m)), s.isChar(m - 1, UInt8(ascii: ".")),
              s.code[m - 2].kind == .identifier else { return false }
        return isMainQueueContext(s, endingAt: m - 2, context: context, depth: 0)
    }

    /// Whether the expression that ends at identifier token `r` (`viewContext`, `self.context`,
    /// `Store.shared.viewContext`) is a main-queue context.
    static func isMainQueueContext(_ s: FileStructure, endingAt r: Int, context: RuleContext?, depth: Int) -> Bool {
        guard depth < 4, r >= 0, s.code[r].kind == .identifier else { return false }
        let name = s.text(r)
        if s.isChar(r - 1, UInt8(ascii: ".")) {
            let base = r - 2
            guard base >= 0 else { return false }
            if name == "viewContext" && isContainer(s, endingAt: base, context: context) { return true }
            if s.isKeyword(base, .self) && !s.isChar(base - 1, UInt8(ascii: ".")),
               case .variable(let v) = s.lookupVariable(name, at: r, memberOnly: true) {
                return holdsMainQueueContext(s, v, context: context, depth: depth + 1)
            }
            // Another type's member: what the run's declarations of members of that name hold.
            return context?.isMainQueueContextMember(name) ?? false
        }
        switch s.lookupVariable(name, at: r) {
        case .variable(let v): return holdsMainQueueContext(s, v, context: context, depth: depth + 1)
        case .parameter: return false
        // A member declared in another file of its type.
        case .unknown: return context?.isMainQueueContextMember(name) ?? false
        }
    }

    /// Whether variable declaration `v` holds a main-queue context: made with
    /// `.mainQueueConcurrencyType`, or set to (or, computed, returning) an expression that is one.
    static func holdsMainQueueContext(_ s: FileStructure, _ v: Int, context: RuleContext?, depth: Int) -> Bool {
        let d = s.decls[v]
        guard d.kind == .variable else { return false }
        var made = false
        for k in d.initializer where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: ".")) {
            if s.is(k, "privateQueueConcurrencyType") { return false }
            if s.is(k, "mainQueueConcurrencyType") { made = true }
        }
        if made { return true }
        if let last = chainEnd(s, d.initializer) { return isMainQueueContext(s, endingAt: last, context: context, depth: depth) }
        // A computed property whose getter is one expression (`{ container.viewContext }`).
        if d.isComputed && d.body >= 0 {
            var inner = s.scopes[d.body].interior
            if let first = inner.first, s.isKeyword(first, .return) { inner = (first + 1)..<inner.upperBound }
            if let last = chainEnd(s, inner) { return isMainQueueContext(s, endingAt: last, context: context, depth: depth) }
        }
        return false
    }

    /// The last token of `range` when it is a plain member chain (`a.b.c`, `self.c`), else nil.
    static func chainEnd(_ s: FileStructure, _ range: Range<Int>) -> Int? {
        guard !range.isEmpty, range.count <= 9, s.code[range.upperBound - 1].kind == .identifier else { return nil }
        for k in range {
            let ok = s.code[k].kind == .identifier || s.isChar(k, UInt8(ascii: ".")) || s.isKeyword(k, .self)
            if !ok { return nil }
        }
        return range.upperBound - 1
    }

    /// Whether the expression ending at `r` is a persistent container: a variable or parameter
    /// declared or made as one.
    static func isContainer(_ s: FileStructure, endingAt r: Int, context: RuleContext?) -> Bool {
        guard r >= 0, s.code[r].kind == .identifier else { return false }
        let name = s.text(r)
        let memberOnly = s.isChar(r - 1, UInt8(ascii: ".")) && s.isKeyword(r - 2, .self)
        if s.isChar(r - 1, UInt8(ascii: ".")) && !memberOnly { return false }
        switch s.lookupVariable(name, at: r, memberOnly: memberOnly) {
        case .variable(let v):
            let d = s.decls[v]
            if d.typeAnnotation.contains(where: { s.code[$0].kind == .identifier && containerTypes.contains(s.text($0)) }) { return true }
            if let first = d.initializer.first, s.code[first].kind == .identifier, containerTypes.contains(s.text(first)) { return true }
            return false
        case .parameter(let f):
            // `name: NSPersistentContainer` in the function's signature.
            let sig = s.decls[f].typeAnnotation
            for k in sig where s.code[k].kind == .identifier && s.text(k) == name && s.isChar(k + 1, UInt8(ascii: ":")) {
                var t = k + 2
                while t < sig.upperBound && s.code[t].kind == .keyword { t += 1 }
                return t < sig.upperBound && s.code[t].kind == .identifier && containerTypes.contains(s.text(t))
            }
            return false
        case .unknown:
            return false
        }
    }

    /// The members of type declaration `d` (its own variables) that hold a main-queue context,
    /// judged by this file alone; and those that hold a context of another kind.
    static func members(of d: Int, in s: FileStructure) -> (main: [String], other: [String]) {
        guard s.identifiers.mayContain("NSManagedObjectContext") || s.identifiers.mayContainAny(spellings) else { return ([], []) }
        var main: [String] = []
        var other: [String] = []
        for m in s.children[d] where s.decls[m].kind == .variable && !s.decls[m].nameText.isEmpty {
            if holdsMainQueueContext(s, m, context: nil, depth: 0) {
                main.append(s.decls[m].nameText)
            } else if s.decls[m].typeAnnotation.contains(where: { s.is($0, "NSManagedObjectContext") })
                        || s.decls[m].initializer.contains(where: { s.is($0, "NSManagedObjectContext") }) {
                other.append(s.decls[m].nameText)
            }
        }
        return (main.sorted(), other.sorted())
    }
}
