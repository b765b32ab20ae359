/// Which stored state of its type each member of a type reads and writes, in its whole body and,
/// transitively, in the members of the same type it calls (`helper()`, `self.helper()`, a computed
/// property read). Worked out once per file, for every type of it: read by the lock graph, which
/// records it with the members that lock, so that `split_critical_section` can tell whether a call
/// that acts on an object (`handler.subscribe(…)`) writes the state a check made through another
/// member (`handler.currentState`) read, or state of its own.
///
/// A stored property is read where it is named (bare or through `self.`) and written where it is
/// assigned, changed in place, passed `inout`, or changed by a mutating method of the standard
/// values; a method called on a property that holds an object (a box, a counter, a task) may
/// change it, so it counts as a write too. A lock taken on a property is not its state (`lock.lock()`,
/// `lock.withLock { }`, a block sent to a queue), unless the closure receives the value the property holds and reads or
/// writes it (`box.withLockedValue { $0 = … }`). A member that calls, through `self.`, a method
/// this file does not declare for the type is unknown (nil): the tool cannot see what it writes.
/// A bare call of a name the type does not declare here is taken for a free function.
public enum MemberState {
    public struct Touches: Sendable, Equatable {
        public var reads: [String]
        public var writes: [String]

        public init(reads: [String], writes: [String]) {
            self.reads = reads
            self.writes = writes
        }
    }

    /// Member declaration (a function, a computed property, a subscript) → what it touches;
    /// nil for a member whose calls reach code the file does not show.
    public static func touches(_ s: FileStructure, regions: [LockRegion]) -> [Int: Touches?] {
        // The type's stored properties and members, by the type's name as written.
        var stored: [String: [String: Int]] = [:]
        var members: [String: [String: [Int]]] = [:]
        for d in s.decls.indices {
            guard let owner = s.owningType(of: d) else { continue }
            let type = s.writtenName(ofType: owner)
            let decl = s.decls[d]
            switch decl.kind {
            case .variable where !decl.isComputed: stored[type, default: [:]][decl.nameText] = d
            case .function, .variable, .subscript: members[type, default: [:]][decl.nameText, default: []].append(d)
            default: break
            }
        }
        guard !members.isEmpty else { return [:] }
        // The receivers of lock regions: the state they hand over (a closure receiving the value),
        // or none (a lock). And the method names that take or release a lock.
        var state = CriticalSectionState(s)
        var receiverState: [Int: (read: Bool, write: Bool)] = [:]
        var lockMethods = Set<String>()
        for r in regions {
            switch r.form {
            case .closure(let m, _): lockMethods.insert(m)
            case .manual(let a, let b), .deferred(let a, let b): lockMethods.insert(a); lockMethods.insert(b)
            case .unreleased(let a): lockMethods.insert(a)
            case .queue(let m, _): lockMethods.insert(m)
            case .heldOnEntry: continue
            }
            guard s.isChar(r.acquireToken - 1, UInt8(ascii: ".")), r.acquireToken >= 2, s.code[r.acquireToken - 2].kind == .identifier else { continue }
            var handed = (read: false, write: false)
            if case .closure = r.form {
                let a = state.accesses(in: r, s)
                handed = (a.reads.contains(CriticalSectionState.wholeValue), a.writes.contains { $0.name == CriticalSectionState.wholeValue })
            }
            receiverState[r.acquireToken - 2] = handed
        }
        // What a lock function is handed (`pthread_mutex_lock(&mutex)`) is the lock, not state.
        var lockArguments = Set<Int>()
        for r in regions {
            for t in [r.acquireToken, r.releaseToken] where t >= 0 && s.isChar(t + 1, UInt8(ascii: "(")) && !s.isChar(t - 1, UInt8(ascii: ".")) {
                let close = Int(s.match[t + 1])
                if close > t + 1 { lockArguments.formUnion(s.span(t + 2, close)) }
            }
        }
        let mutating = Set(StateWrites.mutatingNames + ["removeAll", "removeValue", "removeFirst", "removeLast"])
        // Each member's own reads, writes and calls.
        var nodes: [String: Int] = [:]
        var reads: [Set<String>] = []
        var writes: [Set<String>] = []
        var unknown: [Bool] = []
        var edges: [[Int]] = []
        func node(_ type: String, _ name: String) -> Int {
            let key = type + "|" + name
            if let n = nodes[key] { return n }
            nodes[key] = reads.count
            reads.append([]); writes.append([]); unknown.append(false); edges.append([])
            return reads.count - 1
        }
        var memberNode: [Int: Int] = [:]
        for (type, byName) in members {
            let props = stored[type] ?? [:]
            let own = byName
            for (name, decls) in byName {
                let n = node(type, name)
                for d in decls {
                    memberNode[d] = n
                    for body in bodies(of: d, s) {
                        for k in s.span(s.scopes[body].open + 1, s.scopes[body].close) where s.code[k].kind == .identifier {
                            let dotted = s.isChar(k - 1, UInt8(ascii: "."))
                            let viaSelf = dotted && s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))
                            if dotted && !viaSelf { continue }
                            if s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var) { continue }
                            // An argument label (`write(operation: …)`), not a use.
                            if !dotted && s.isChar(k + 1, UInt8(ascii: ":")) { continue }
                            let text = s.text(k)
                            if let p = props[text], !lockArguments.contains(k) {
                                touch(k, property: p, s, receiverState, lockMethods, mutating, &reads[n], &writes[n], &state)
                            } else if own[text] != nil && text != name {
                                edges[n].append(node(type, text))
                            } else if viaSelf && s.isChar(k + 1, UInt8(ascii: "(")) && own[text] == nil {
                                unknown[n] = true
                            }
                        }
                    }
                }
            }
        }
        let closed = closure(reads: reads, writes: writes, unknown: unknown, edges: edges)
        var out: [Int: Touches?] = [:]
        for (d, n) in memberNode { out[d] = closed[n] }
        return out
    }

    /// The first token of the mention at `k`: `self` in `self.k`, else `k`.
    static func viaSelfStart(_ k: Int, _ s: FileStructure) -> Int {
        s.isChar(k - 1, UInt8(ascii: ".")) && s.isKeyword(k - 2, .self) ? k - 2 : k
    }

    /// The bodies a member runs: its own, or its accessors'.
    static func bodies(of d: Int, _ s: FileStructure) -> [Int] {
        if s.decls[d].body >= 0 { return [s.decls[d].body] }
        return s.children[d].compactMap { s.decls[$0].kind == .accessor && s.decls[$0].body >= 0 ? s.decls[$0].body : nil }
    }

    /// How the mention of stored property `p` at `k` touches it.
    private static func touch(_ k: Int, property p: Int, _ s: FileStructure, _ receiverState: [Int: (read: Bool, write: Bool)],
                              _ lockMethods: Set<String>, _ mutating: Set<String>,
                              _ reads: inout Set<String>, _ writes: inout Set<String>, _ state: inout CriticalSectionState) {
        let name = s.decls[p].nameText
        if let handed = receiverState[k] {
            if handed.read { reads.insert(name) }
            if handed.write { writes.insert(name) }
            return
        }
        // `p.method(…)` / `p?.method(…)`: a lock's own method is not state; a value's mutating
        // method writes it; any method of an object may change it.
        var j = k + 1
        while s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
        if s.isChar(j, UInt8(ascii: ".")), j + 2 < s.code.count, s.code[j + 1].kind == .identifier,
           s.isChar(j + 2, UInt8(ascii: "(")) || s.isChar(j + 2, UInt8(ascii: "{")) {
            let method = s.text(j + 1)
            if lockMethods.contains(method) || isQueue(s.decls[p], s) { return }
            reads.insert(name)
            if !LockGraph.isValueType(s.decls[p], s) || mutating.contains(method) { writes.insert(name) }
            return
        }
        // Handed `inout` (`body(&value)`): the callee may change it.
        let amp = viaSelfStart(k, s) - 1
        if amp >= 0 && s.code[amp].kind == .operator && s.is(amp, "&") {
            reads.insert(name)
            writes.insert(name)
            return
        }
        switch state.assignment(after: k) {
        case .plain: writes.insert(name)
        case .compound: reads.insert(name); writes.insert(name)
        case .none:
            reads.insert(name)
            if StateAccess.mayWrite(s, k) { writes.insert(name) }
        }
    }

    /// A property declared as a dispatch or operation queue: blocks sent to it are not its state.
    static func isQueue(_ d: Decl, _ s: FileStructure) -> Bool {
        d.typeAnnotation.contains { s.is($0, "DispatchQueue") || s.is($0, "OperationQueue") }
            || d.initializer.contains { s.is($0, "DispatchQueue") || s.is($0, "OperationQueue") }
    }

    /// Each node's reads and writes joined with those of every node it reaches (strongly
    /// connected components, each worked out once); nil when any reached node is unknown.
    static func closure(reads: [Set<String>], writes: [Set<String>], unknown: [Bool], edges: [[Int]]) -> [Touches?] {
        let count = reads.count
        var index = [Int](repeating: -1, count: count)
        var low = [Int](repeating: 0, count: count)
        var onStack = [Bool](repeating: false, count: count)
        var stack: [Int] = []
        var component = [Int](repeating: -1, count: count)
        var compReads: [Set<String>] = []
        var compWrites: [Set<String>] = []
        var compUnknown: [Bool] = []
        var next = 0
        // Iterative Tarjan: (node, next edge to look at).
        for root in 0..<count where index[root] < 0 {
            var work: [(Int, Int)] = [(root, 0)]
            index[root] = next; low[root] = next; next += 1
            stack.append(root); onStack[root] = true
            while let (v, e) = work.last {
                if e < edges[v].count {
                    work[work.count - 1].1 += 1
                    let w = edges[v][e]
                    if index[w] < 0 {
                        index[w] = next; low[w] = next; next += 1
                        stack.append(w); onStack[w] = true
                        work.append((w, 0))
                    } else if onStack[w] {
                        low[v] = min(low[v], index[w])
                    }
                    continue
                }
                work.removeLast()
                if let (parent, _) = work.last { low[parent] = min(low[parent], low[v]) }
                guard low[v] == index[v] else { continue }
                // A component, finished after every component it reaches.
                let c = compReads.count
                var r = Set<String>(), w = Set<String>(), u = false
                var members: [Int] = []
                while let x = stack.popLast() {
                    onStack[x] = false
                    component[x] = c
                    members.append(x)
                    if x == v { break }
                }
                for x in members {
                    r.formUnion(reads[x]); w.formUnion(writes[x]); u = u || unknown[x]
                    for y in edges[x] where component[y] != c && component[y] >= 0 {
                        r.formUnion(compReads[component[y]]); w.formUnion(compWrites[component[y]]); u = u || compUnknown[component[y]]
                    }
                }
                compReads.append(r); compWrites.append(w); compUnknown.append(u)
            }
        }
        return (0..<count).map { n in
            let c = component[n]
            return compUnknown[c] ? nil : Touches(reads: compReads[c].sorted(), writes: compWrites[c].sorted())
        }
    }
}
