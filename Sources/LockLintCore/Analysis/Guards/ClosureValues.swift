/// A closure kept as a value runs where it is called, not where it is written: a local
/// (`let finish = { … }`), a closure stored in a private property of a type of this file
/// (`self.onTimeout = { … }`, `private lazy var retry = { … }`), or a closure handed to a private
/// method of the same type whose parameter that method only calls (or hands on to another such
/// method, or to a queue as `execute:`). When every use of the value is such a call or hand-off,
/// the places it runs are known: `GuardRegions` gives its body the guards held at every one of
/// them. Any other use (returned, stored elsewhere, handed to other code, captured by name, a
/// member of another instance) leaves the closure judged where it is written, as before.
enum ClosureValues {
    /// Where a closure value runs.
    enum Site: Equatable {
        /// Called where it stands (`finish(.ok)`, `self.onTimeout?()`): the name's token.
        case call(Int)
        /// Handed as `execute:` to a serial executor's method (`queue.async(execute: work)`): the
        /// method's token and its receiver as written.
        case submitted(callee: Int, receiver: String)
    }

    /// The closures of the file kept as values whose every use the tool can place, with where
    /// they run. One pass over the file's identifiers for the names so bound.
    static func values(_ s: FileStructure, inside: (Int) -> Bool) -> [(closure: Int, sites: [Site])] {
        // Candidates: (closure, name, home) where home is the executable scope of a local, or
        // -1 for a private stored property (its uses are the whole file's).
        var locals: [(closure: Int, name: Int, home: Int)] = []
        var fields: [String: [Int]] = [:]
        var handed: [(closure: Int, method: Int, parameter: String)] = []
        for (ci, c) in s.closures.enumerated() where c.close > c.open && inside(c.open) {
            if let (name, decl) = boundVariable(s, c) {
                if let home = s.enclosingExecutable(of: name), !s.decls[decl].kind.isType, s.decls[decl].parent < 0 || !s.decls[s.decls[decl].parent].kind.isType {
                    locals.append((ci, name, home))
                } else if isPrivateField(s, decl) {
                    fields[s.text(name), default: []].append(ci)
                }
            } else if let name = assignedField(s, c) {
                fields[name, default: []].append(ci)
            } else if let (method, parameter) = privateMethodParameter(s, c) {
                handed.append((ci, method, parameter))
            }
        }
        guard !locals.isEmpty || !fields.isEmpty || !handed.isEmpty else { return [] }
        var out: [(closure: Int, sites: [Site])] = []
        // The uses of every local's name in its home scope, found in one pass per home scope
        // (not one per local): (home, name) -> tokens, in order.
        var localUses: [Int: [String: [Int]]] = [:]
        for home in Set(locals.map(\.home)) {
            var names = Set<String>()
            for l in locals where l.home == home { names.insert(s.text(l.name)) }
            let lengths = Set(names.map { $0.utf8.count })
            let scope = s.scopes[home]
            var found: [String: [Int]] = [:]
            for k in s.span(scope.open + 1, scope.close) where s.code[k].kind == .identifier && lengths.contains(Int(s.code[k].length)) {
                let n = s.text(k)
                guard names.contains(n), !s.isChar(k - 1, UInt8(ascii: ".")) else { continue }  // not another value's member
                found[n, default: []].append(k)
            }
            localUses[home] = found
        }
        for l in locals {
            let c = s.closures[l.closure]
            let scope = s.scopes[l.home]
            guard scope.close - c.close <= 20_000 else { continue }
            let uses = (localUses[l.home]?[s.text(l.name)] ?? []).filter { $0 > c.close && $0 < scope.close }
            if let sites = sites(s, uses: uses, field: false, excluding: [(c.open, c.close)], depth: 0), !sites.isEmpty {
                out.append((l.closure, sites))
            }
        }
        if !fields.isEmpty {
            let lengths = Set(fields.keys.map { $0.utf8.count })
            var uses: [String: [Int]] = [:]
            for k in s.code.indices where s.code[k].kind == .identifier && lengths.contains(Int(s.code[k].length)) {
                let n = s.text(k)
                if fields[n] != nil { uses[n, default: []].append(k) }
            }
            for (name, list) in fields.sorted(by: { $0.key < $1.key }) {
                let decl = s.variableDecls(named: name)
                guard decl.count == 1, isPrivateField(s, decl[0]) else { continue }
                let declName = s.decls[decl[0]].name
                let spans = list.map { (s.closures[$0].open, s.closures[$0].close) }
                let all = (uses[name] ?? []).filter { $0 != declName }
                guard let sites = sites(s, uses: all, field: true, excluding: spans, depth: 0), !sites.isEmpty else { continue }
                for ci in list { out.append((ci, sites)) }
            }
        }
        for h in handed {
            if let sites = parameterSites(s, method: h.method, parameter: h.parameter, depth: 0), !sites.isEmpty {
                out.append((h.closure, sites))
            }
        }
        return out
    }

    /// The sites of `uses` (tokens naming the value), or nil when one of them lets the value go
    /// where the tool cannot follow it. `field`: the name is a stored property (`self.name`, and
    /// assignments of another closure or nil are fine). Uses inside `excluding` (the value's own
    /// bodies) are left out.
    static func sites(_ s: FileStructure, uses: [Int], field: Bool, excluding: [(Int, Int)], depth: Int) -> [Site]? {
        var out: [Site] = []
        for u in uses {
            if excluding.contains(where: { u > $0.0 && u < $0.1 }) { continue }
            var p = u
            if s.isChar(u - 1, UInt8(ascii: ".")) {
                // Only `self.name` for a property; a member of another instance escapes.
                guard field, u >= 2, s.isKeyword(u - 2, .self), !s.isChar(u - 3, UInt8(ascii: ".")) else { return nil }
                p = u - 2
            }
            if s.isKeyword(p - 1, .let) || s.isKeyword(p - 1, .var) || s.isKeyword(p - 1, .guard) || s.isKeyword(p - 1, .case) { return nil }
            var e = u + 1
            while e < s.code.count && s.code[e].length == 1 && (s.isChar(e, UInt8(ascii: "?")) || s.isChar(e, UInt8(ascii: "!"))) { e += 1 }
            if s.isChar(e, UInt8(ascii: "(")) && !s.code[e].flags.contains(.newlineBefore) {
                out.append(.call(u))
                continue
            }
            if s.isChar(e, UInt8(ascii: ".")) && e + 1 < s.code.count {
                if s.is(e + 1, "perform") && s.isChar(e + 2, UInt8(ascii: "(")) { out.append(.call(u)); continue }
                if s.is(e + 1, "cancel") || s.is(e + 1, "isCancelled") { continue }
                return nil
            }
            if field && s.isChar(e, UInt8(ascii: "=")) && s.code[e].length == 1 && e + 1 < s.code.count
                && (s.isKeyword(e + 1, .nil) || s.isChar(e + 1, UInt8(ascii: "{")) || s.is(e + 1, "DispatchWorkItem")) { continue }
            // An argument: `execute: name` to a serial executor's method, or `label: name` to a
            // private method of the type that only calls it.
            // (Or the first argument, unlabelled: `submit(work)` to a private method's `_ job`.)
            guard s.isChar(e, UInt8(ascii: ")")) || s.isChar(e, UInt8(ascii: ",")), p >= 2 else { return nil }
            let open: Int
            let label: String
            if s.isChar(p - 1, UInt8(ascii: "(")) && s.code[p - 2].kind == .identifier {
                open = p - 1
                label = "_"
            } else {
                guard s.isChar(p - 1, UInt8(ascii: ":")), s.code[p - 2].kind == .identifier || s.code[p - 2].isWord,
                      let o = s.argumentListOpen(holding: p - 2), o >= 1, s.code[o - 1].isWord else { return nil }
                open = o
                label = s.text(p - 2)
            }
            let callee = open - 1
            if s.isChar(callee - 1, UInt8(ascii: ".")) && !(s.isKeyword(callee - 2, .self) && !s.isChar(callee - 3, UInt8(ascii: "."))) {
                guard label == "execute", LockRegions.serialExecutorNames.contains(s, callee) else { return nil }
                var r = callee - 2
                while r >= 2 && s.isChar(r - 1, UInt8(ascii: ".")) && (s.code[r - 2].isWord) { r -= 2 }
                guard r >= 0, s.code[r].isWord else { return nil }
                out.append(.submitted(callee: callee, receiver: LockRegions.normalized(s.text(s.span(r, callee - 1)))))
                continue
            }
            guard depth < 3, let method = privateMethod(s, callee: callee, from: callee),
                  let parameter = parameter(s, method, label: label, trailing: false),
                  let more = parameterSites(s, method: method, parameter: parameter, depth: depth + 1) else { return nil }
            out.append(contentsOf: more)
        }
        return out
    }

    /// Where method `method` runs its closure parameter `parameter`, or nil when it lets it go.
    static func parameterSites(_ s: FileStructure, method: Int, parameter: String, depth: Int) -> [Site]? {
        let d = s.decls[method]
        guard d.body >= 0 else { return nil }
        let body = s.scopes[d.body]
        guard body.close - body.open <= 20_000 else { return nil }
        var uses: [Int] = []
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: parameter) {
            if s.isChar(k - 1, UInt8(ascii: ".")) { continue }
            // An argument label of the same spelling (`queue.async(execute: execute)`).
            if s.isChar(k + 1, UInt8(ascii: ":")) && (s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ","))) { continue }
            uses.append(k)
        }
        return sites(s, uses: uses, field: false, excluding: [], depth: depth)
    }

    /// `let name = { … }` / `let name: T = { … }` / `let name = DispatchWorkItem { … }`, also a
    /// stored property so declared: the name token and the declaration.
    static func boundVariable(_ s: FileStructure, _ c: Closure) -> (Int, Int)? {
        if c.callee >= 0 && !(s.is(c.callee, "DispatchWorkItem") && c.receiverStart < 0) { return nil }
        let start = c.callee >= 0 ? c.callee : c.open
        guard let d = s.variableDeclarations(holding: c.open).last, s.decls[d].kind == .variable,
              s.decls[d].initializer.lowerBound == start, s.decls[d].name >= 0, s.decls[d].isLet || s.decls[d].modifiers.contains(.lazy) else { return nil }
        let end = s.decls[d].initializer.upperBound
        guard end == c.close + 1 || (end == c.close + 2 && s.isChar(c.close + 1, UInt8(ascii: ")"))) else { return nil }
        return (s.decls[d].name, d)
    }

    /// A private, non-static stored property of a type (not computed, no wider setter).
    static func isPrivateField(_ s: FileStructure, _ d: Int) -> Bool {
        let v = s.decls[d]
        return v.kind == .variable && v.parent >= 0 && s.decls[v.parent].kind.isType && !v.isStaticMember && !v.isComputed
            && (v.modifiers.contains(.private) || v.modifiers.contains(.fileprivate)) && !v.modifiers.contains(.setterAccess)
    }

    /// `self.name = { … }` / `name = { … }` (or `= DispatchWorkItem { … }`) for a private
    /// stored property that is the only variable of that name in the file.
    static func assignedField(_ s: FileStructure, _ c: Closure) -> String? {
        if c.callee >= 0 && !(s.is(c.callee, "DispatchWorkItem") && c.receiverStart < 0) { return nil }
        let eq = (c.callee >= 0 ? c.callee : c.open) - 1
        guard eq >= 2, s.isChar(eq, UInt8(ascii: "=")), s.code[eq].length == 1, s.code[eq - 1].kind == .identifier else { return nil }
        let k = eq - 1
        if s.isChar(k - 1, UInt8(ascii: ".")) {
            guard k >= 2, s.isKeyword(k - 2, .self), !s.isChar(k - 3, UInt8(ascii: ".")) else { return nil }
        } else if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) {
            return nil
        }
        let name = s.text(k)
        let decls = s.variableDecls(named: name)
        guard decls.count == 1, isPrivateField(s, decls[0]) else { return nil }
        return name
    }

    /// A closure handed to a private method of the enclosing type, called on `self` (or with
    /// no receiver): that method and the parameter that receives it.
    static func privateMethodParameter(_ s: FileStructure, _ c: Closure) -> (Int, String)? {
        guard c.callee >= 0, s.code[c.callee].isWord else { return nil }
        if c.receiverStart >= 0 && !(c.receiverStart == c.callee - 2 && s.isKeyword(c.receiverStart, .self)) { return nil }
        guard let m = privateMethod(s, callee: c.callee, from: c.open) else { return nil }
        let trailing = c.label < 0
        guard let p = parameter(s, m, label: trailing ? "" : s.text(c.label), trailing: trailing) else { return nil }
        return (m, p)
    }

    /// The private (or file-private) method named at `callee`, declared in the type whose code
    /// holds token `from` (or an extension of it in this file), and the only function of that
    /// name there: other types of the file may have helpers of the same name.
    static func privateMethod(_ s: FileStructure, callee: Int, from: Int) -> Int? {
        guard let t = s.enclosingType(of: from) else { return nil }
        let typeName = s.decls[t].nameText
        var found: Int? = nil
        for f in s.functionDecls(named: s.text(callee)) {
            let d = s.decls[f]
            // A free function of the name loses to the type's method only if there is one:
            // with a free function in the file too, which one runs is left undecided.
            guard d.parent >= 0, s.decls[d.parent].kind.isType else { return nil }
            guard s.decls[d.parent].nameText == typeName else { continue }
            if found != nil { return nil }
            found = f
        }
        guard let f = found, s.decls[f].kind == .function, !s.decls[f].isStaticMember else { return nil }
        let d = s.decls[f]
        guard d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate) else { return nil }
        return f
    }

    /// The internal name of function `f`'s parameter of function type with external label
    /// `label` (or, for a trailing closure, its only parameter of function type).
    static func parameter(_ s: FileStructure, _ f: Int, label: String, trailing: Bool) -> String? {
        let sig = s.decls[f].typeAnnotation
        guard let open = sig.first(where: { s.isChar($0, UInt8(ascii: "(")) }) else { return nil }
        let close = Int(s.match[open])
        guard close > open else { return nil }
        var params: [(label: String, name: String, function: Bool)] = []
        var k = open + 1
        while k < close {
            // One parameter: names up to `:`, then its type up to a `,` outside brackets.
            var names: [String] = []
            while k < close && !s.isChar(k, UInt8(ascii: ":")) {
                if s.code[k].isWord { names.append(s.text(k)) }
                k += 1
            }
            var function = false
            var angle = 0
            k += 1
            while k < close {
                if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                    let m = Int(s.match[k])
                    if m > k && m < close {
                        if (k..<m).contains(where: { s.is($0, "->") }) { function = true }
                        k = m + 1
                        continue
                    }
                }
                if s.is(k, "<") { angle += 1 } else if s.is(k, ">") { angle -= 1 }
                if s.is(k, "->") { function = true }
                if s.isChar(k, UInt8(ascii: ",")) && angle <= 0 { break }
                k += 1
            }
            k += 1
            guard let last = names.last else { return nil }
            let attributesDropped = names.filter { $0 != "inout" }
            params.append((attributesDropped.first ?? last, last, function))
        }
        if trailing {
            let fns = params.filter { $0.function }
            return fns.count == 1 ? fns[0].name : nil
        }
        let hits = params.filter { $0.label == label && $0.function }
        return hits.count == 1 ? hits[0].name : nil
    }
}
