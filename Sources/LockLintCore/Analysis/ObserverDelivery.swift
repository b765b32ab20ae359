/// Where the run delivers calls to observers: a method called through another reference
/// (`observer.feed(self, didUpdate: n)`) runs where its callers run it. When every such call of
/// a method's name and labels in the run is made on the main queue (inside a
/// `DispatchQueue.main.async` block, a main-queue operation or notification block, a `@MainActor`
/// closure or function), an observer method of that signature that its own class never calls
/// runs on the main thread. A closure handed to a type of the run (`Relay(onChange: { … })`) runs
/// where that type calls it: when the type keeps it and calls it only from such methods, the
/// closure runs on the main thread too. Any call off the main queue, a closure passed to code the
/// tool cannot follow, or no call at all in the run: not main.
public enum ObserverDelivery {
    /// A call made on the main queue with nothing in between.
    static let direct = ""
    /// A call not (or not visibly) on the main queue.
    static let off = "!"

    /// The run's facts, merged from every file.
    public struct Table: Sendable, Equatable {
        /// `name(labels:)` → how each call through another reference is made: `direct`, `off`, or
        /// the names of the functions whose closure arguments it sits in, inside a main-queue block
        /// (`notify`: `list.notify { o in o.feed(…) }` in `DispatchQueue.main.async { }`).
        public var calls: [String: Set<String>] = [:]
        /// Function name → bit 1: some declaration takes only closures it runs during the call;
        /// bit 2: some takes a closure it may keep; bit 4: some takes a closure marked
        /// `@Sendable` or `sending` (it may run on any thread); bit 8: some hands a closure
        /// parameter on (as an argument, or called inside a closure given to other code).
        public var closureTakers: [String: UInt8] = [:]
        /// Type name → `label>name(labels:)`: a closure its initializer takes with that label is
        /// kept and called only from that method; `label>!` when it escapes otherwise.
        public var relays: [String: Set<String>] = [:]

        public init() {}

        /// No facts at all: a file that only declares a function taking closures still has some.
        public var isEmpty: Bool { calls.isEmpty && closureTakers.isEmpty && relays.isEmpty }

        /// Adds `o`'s entries; whether that changed the table.
        @discardableResult
        public mutating func merge(_ o: Table) -> Bool {
            var changed = false
            // (One lookup per key: a key that was not there yet is a change, seen as a new count.)
            for (k, v) in o.calls {
                let keys = calls.count
                if Self.grows(&calls[k, default: []], by: v) || calls.count != keys { changed = true }
            }
            for (k, v) in o.closureTakers {
                let keys = closureTakers.count
                if Self.grows(&closureTakers[k, default: 0], by: v) || closureTakers.count != keys { changed = true }
            }
            for (k, v) in o.relays {
                let keys = relays.count
                if Self.grows(&relays[k, default: []], by: v) || relays.count != keys { changed = true }
            }
            return changed
        }

        /// Adds `v` to `set`; whether that added anything.
        static func grows(_ set: inout Set<String>, by v: Set<String>) -> Bool {
            let before = set.count
            set.formUnion(v)
            return set.count != before
        }

        /// Sets the bits of `v` in `bits`; whether that set any.
        static func grows(_ bits: inout UInt8, by v: UInt8) -> Bool {
            let before = bits
            bits |= v
            return bits != before
        }

        /// Whether every call in the run of method `key` through another reference is made on the
        /// main queue (and there is one).
        public func onMain(_ key: String) -> Bool {
            guard let vias = calls[key], !vias.isEmpty else { return false }
            for via in vias where via != ObserverDelivery.direct {
                if via == ObserverDelivery.off { return false }
                // Through closures of functions that run them during the call, and only such.
                for name in via.split(separator: ",") where closureTakers[String(name)].map({ $0 & 3 }) != 1 { return false }
            }
            return true
        }

        /// Whether a closure handed to type `type` with label `label` runs on the main queue: the
        /// type keeps it and calls it only from methods every call of which is on the main queue.
        /// For a key of `ObserverDelivery.inheritedKey`: whether the function it is handed to is
        /// declared in the run, takes no closure that may run on any thread, and hands none on.
        public func callbackOnMain(_ key: String) -> Bool {
            if let name = ObserverDelivery.inheritingFunction(key) {
                guard let bits = closureTakers[String(name)] else { return false }
                return bits & 12 == 0
            }
            guard let bar = key.firstIndex(of: "|") else { return false }
            let type = String(key[..<bar])
            let label = String(key[key.index(after: bar)...])
            guard let list = relays[type] else { return false }
            var any = false
            for r in list where r.hasPrefix(label + ">") {
                let method = String(r.dropFirst(label.count + 1))
                if method == ObserverDelivery.off || !onMain(method) { return false }
                any = true
            }
            return any
        }
    }

    /// Whether some code of a class's logs is delivered on the main queue (a closure it hands to
    /// a type of the run, an observer method it never calls itself) and none is delivered
    /// otherwise where the run shows it.
    static func allOnMain(_ logs: [TypeGuardLog], _ t: Table) -> Bool {
        var any = false
        func judge(_ key: String?) -> Bool {
            // Isolation a closure takes from the code that makes it is judged on its own.
            guard let key, ObserverDelivery.inheritingFunction(key) == nil, let bar = key.firstIndex(of: "|"), let list = t.relays[String(key[..<bar])] else { return true }
            let label = String(key[key.index(after: bar)...]) + ">"
            guard list.contains(where: { $0.hasPrefix(label) }) else { return true }
            if t.callbackOnMain(key) { any = true; return true }
            return false
        }
        for l in logs {
            for a in l.accesses where !judge(a.callback) { return false }
            for c in l.calls where !judge(c.callback) { return false }
        }
        let selfCalled = Set(logs.flatMap { $0.calls.map(\.callee) })
        // Members whose code touches the class's state or calls its members.
        let active = Set(logs.flatMap { $0.accesses.map(\.member) + $0.calls.map(\.member) })
        for l in logs {
            for m in l.members where m.access != .world && !m.enteredFromOutside && !selfCalled.contains(m.key) && active.contains(m.key)
                && t.calls[m.key] != nil {
                if t.onMain(m.key) { any = true } else { return false }
            }
        }
        return any
    }

    // MARK: One file

    /// The file's part of the table.
    public static func table(_ s: FileStructure) -> Table {
        var t = Table()
        for k in 0..<s.code.count where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k - 1, UInt8(ascii: ".")) {
            // `x.name(…)`, `x?.name(…)`: through another reference, with at least one argument.
            var r = k - 2
            if s.isChar(r, UInt8(ascii: "?")) { r -= 1 }
            guard r >= 0, s.code[r].kind == .identifier || s.isKeyword(r, .self), !s.isChar(r - 1, UInt8(ascii: ".")) else { continue }
            // At least one argument (in the parentheses or a trailing closure), before the key
            // is built.
            let close = Int(s.match[k + 1])
            guard close > k + 2 || (close > k + 1 && s.isChar(close + 1, UInt8(ascii: "{"))) else { continue }
            let key = StateAccess.callKey(s, k)
            guard key.utf8.contains(UInt8(ascii: ":")) else { continue }
            t.calls[key, default: []].insert(delivery(s, at: k))
        }
        var kept: [(initializer: Int, parameters: [(label: String, property: String)])] = []
        // Per type: the names its code uses inside closures it gives to other code (see `handsOn`).
        var handedInType: [Int: Set<String>] = [:]
        for (i, d) in s.decls.enumerated() where d.kind == .function || d.kind == .initializer {
            guard d.kind == .function else {
                let k = keptParameters(s, initializer: i)
                if !k.isEmpty { kept.append((i, k)) }
                continue
            }
            if let bit = closureTaking(s, i, handedInType: &handedInType) { t.closureTakers[d.nameText, default: 0] |= bit }
        }
        guard !kept.isEmpty else { return t }
        // Only a property the file calls as a function can relay a callback.
        let called = calledNames(s, among: Set(kept.flatMap { $0.parameters.map(\.property) }))
        for (i, parameters) in kept {
            relays(s, initializer: i, parameters: parameters.filter { called.contains($0.property) }, into: &t)
        }
        return t
    }

    /// How the code at `k` is run: on the main queue directly, through closures of named
    /// functions inside a main-queue block, or off it.
    static func delivery(_ s: FileStructure, at k: Int) -> String {
        var via: [String] = []
        for sc in s.enclosingScopes(of: k) {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .statement:
                continue
            case .closure:
                let c = s.closures[scope.closure]
                if GuardRegions.closureIsMainActor(s, c) || mainQueueBlock(s, c) { return via.joined(separator: ",") }
                guard c.callee >= 0, s.code[c.callee].kind == .identifier else { return off }
                if AsyncContext.inlineCallees.contains(s.text(c.callee)) { continue }
                via.append(s.text(c.callee))
            case .functionBody, .accessorBlock:
                guard scope.decl >= 0 else { return off }
                var d = scope.decl
                while d >= 0 {
                    if s.hasMainActorAttribute(s.decls[d]) { return via.joined(separator: ",") }
                    d = s.decls[d].parent
                }
                return off
            default:
                return off
            }
        }
        return off
    }

    /// A block the main queue runs: `DispatchQueue.main.async { }` / `asyncAfter`,
    /// `OperationQueue.main.addOperation { }`, an observer block registered with `queue: .main`.
    static func mainQueueBlock(_ s: FileStructure, _ c: Closure) -> Bool {
        let m = c.callee
        guard m >= 4, s.code[m].kind == .identifier else { return false }
        let name = s.text(m)
        if (name == "async" || name == "asyncAfter" || name == "addOperation") && s.isChar(m - 1, UInt8(ascii: ".")) && s.is(m - 2, "main")
            && s.isChar(m - 3, UInt8(ascii: ".")) && (s.is(m - 4, "DispatchQueue") || s.is(m - 4, "OperationQueue")) {
            return true
        }
        if name == "addObserver" && s.isChar(m + 1, UInt8(ascii: "(")) {
            let close = Int(s.match[m + 1])
            var j = m + 2
            while j < close {
                if s.is(j, "queue") && s.isChar(j + 1, UInt8(ascii: ":")) {
                    if s.isChar(j + 2, UInt8(ascii: ".")) && s.is(j + 3, "main") { return true }
                    if s.is(j + 2, "OperationQueue") && s.isChar(j + 3, UInt8(ascii: ".")) && s.is(j + 4, "main") { return true }
                    return false
                }
                j += 1
            }
        }
        return false
    }

    /// For a function with closure parameters: 1 when it only runs them during the call (none is
    /// `@escaping`), 2 when it may keep one; nil when it takes none. Plus 4 when one is
    /// `@Sendable` or `sending`, 8 when the body hands one on (see `handsOn`).
    static func closureTaking(_ s: FileStructure, _ f: Int, handedInType: inout [Int: Set<String>]) -> UInt8? {
        let d = s.decls[f]
        var arrow = false
        var bits: UInt8 = 0
        for k in d.typeAnnotation {
            if s.code[k].kind == .attribute && s.is(k, "@escaping") { bits |= 2 }
            if (s.code[k].kind == .attribute && s.is(k, "@Sendable")) || s.is(k, "sending"), LockWrappers.insideParameterList(k, d, s) { bits |= 4 }
            if s.is(k, "->") && LockWrappers.insideParameterList(k, d, s) { arrow = true }
        }
        guard arrow || bits & 2 != 0 else { return nil }
        if handsOn(s, f, handedInType: &handedInType) { bits |= 8 }
        return bits & 2 != 0 ? bits : bits | 1
    }

    /// Whether function `f`'s body hands a closure parameter on: names it as a call's argument
    /// (`queue.async(execute: block)`, `other.register(block)`), or uses it in a closure that it
    /// gives to other code (`session.dataTask(with: u) { … completion(d) }`), where it may run
    /// on any thread. Storing it (`self.block = block`), or in a closure stored so, is keeping it.
    /// - Parameter handedInType: per type, the names its code uses inside closures it gives to
    ///   other code: worked out once per type (asked per method, a scan of the type's body each
    ///   time grew with methods × type size).
    static func handsOn(_ s: FileStructure, _ f: Int, handedInType: inout [Int: Set<String>]) -> Bool {
        let d = s.decls[f]
        guard d.body >= 0 else { return false }
        // The closure parameters' names: the word before each segment's first `:` when an
        // arrow follows it in that segment.
        var names = Set<String>()
        guard let j = s.parameterListOpen(of: d) else { return false }
        let close = Int(s.match[j])
        var name: String? = nil
        var arrow = false
        var k = j + 1
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                if arrow, let n = name { names.insert(n) }
                name = nil
                arrow = false
            } else if name == nil && s.isChar(k, UInt8(ascii: ":")) && s.code[k - 1].isWord {
                name = s.text(k - 1)
            } else if s.is(k, "->") {
                arrow = true
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) {
                // Inside nested parentheses, only an arrow matters.
                let m = Int(s.match[k])
                if m > k {
                    if (k..<m).contains(where: { s.is($0, "->") }) { arrow = true }
                    k = m
                }
            }
            k += 1
        }
        guard !names.isEmpty else { return false }
        let body = s.scopes[d.body]
        for k in body.interior where s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: ".")) && names.contains(s.text(k)) {
            if s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) || (s.isChar(k - 1, UInt8(ascii: ":")) && !s.isChar(k + 1, UInt8(ascii: ":"))) {
                return true
            }
            if let c = s.enclosingClosure(of: k), s.closures[c].open > body.open {
                let callee = s.closures[c].callee
                if callee >= 0 && !AsyncContext.inlineCallees.contains(s.text(callee)) { return true }
            }
        }
        // Kept in a property of its type (`self.block = block`, `handlers.append(block)`, or in
        // a closure stored so): the type calls it later, and hands it on when it calls that
        // property in a closure it gives to other code (`queue.async { self.block?(v) }`).
        guard d.parent >= 0, s.decls[d.parent].kind.isType, s.decls[d.parent].body >= 0 else { return false }
        var kept = Set<String>()
        for k in body.interior where s.isChar(k, UInt8(ascii: "=")) && s.code[k].length == 1 && s.code[k - 1].kind == .identifier {
            let end = s.statementEnd(from: k + 1, limit: body.close)
            if (k + 1..<end).contains(where: { s.code[$0].kind == .identifier && names.contains(s.text($0)) && !s.isChar($0 - 1, UInt8(ascii: ".")) }) {
                kept.insert(s.text(k - 1))
            }
        }
        // (A body cut off at the end of the file can end right after `append(`.)
        for k in body.interior where s.is(k, "append") && s.isChar(k - 1, UInt8(ascii: ".")) && s.code[k - 2].kind == .identifier
            && k + 2 < s.code.count && s.code[k + 2].kind == .identifier && names.contains(s.text(k + 2)) {
            kept.insert(s.text(k - 2))
        }
        guard !kept.isEmpty else { return false }
        if handedInType[d.parent] == nil {
            var names = Set<String>()
            for c in s.closures where c.callee >= 0 && c.close > c.open && !AsyncContext.inlineCallees.contains(s.text(c.callee))
                && s.scope(c.scope, isWithin: s.decls[d.parent].body) {
                for k in c.interior where s.code[k].kind == .identifier { names.insert(s.text(k)) }
            }
            handedInType[d.parent] = names
        }
        return !kept.isDisjoint(with: handedInType[d.parent]!)
    }

    /// Which of `names` the file calls as functions (`name(`, `name?(`, `name!(`).
    static func calledNames(_ s: FileStructure, among names: Set<String>) -> Set<String> {
        // The names' lengths as bits (longer names share the top bit): most tokens are passed
        // over on a mask test.
        var lengths: UInt64 = 0
        for n in names { lengths |= 1 << UInt64(min(n.utf8.count, 63)) }
        var out: Set<String> = []
        for k in 0..<s.code.count where s.code[k].kind == .identifier
            && lengths & (1 << UInt64(min(max(Int(s.code[k].end - s.code[k].start), 0), 63))) != 0 {
            var j = k + 1
            if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
            guard s.isChar(j, UInt8(ascii: "(")) else { continue }
            let name = s.text(k)
            if names.contains(name) { out.insert(name) }
        }
        return out
    }

    /// An initializer's parameters it keeps in a stored property (`self.prop = name` or
    /// `prop = name`): each parameter's label and the property.
    static func keptParameters(_ s: FileStructure, initializer i: Int) -> [(label: String, property: String)] {
        let d = s.decls[i]
        guard d.body >= 0, d.parent >= 0, s.decls[d.parent].kind.isType else { return [] }
        let sig = d.typeAnnotation
        // Parameters: `label name: Type`, the label being the name when only one is written.
        var j = sig.lowerBound
        while j < sig.upperBound && !s.isChar(j, UInt8(ascii: "(")) { j += 1 }
        guard j < sig.upperBound else { return [] }
        let close = Int(s.match[j])
        guard close > j else { return [] }
        var k = j + 1
        var params: [(label: String, name: String, segment: Range<Int>)] = []
        var segStart = k
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                let seg = segStart..<k
                var a = seg.lowerBound
                while a < seg.upperBound && s.code[a].kind == .attribute { a += 1 }
                if a + 1 < seg.upperBound, s.code[a].isWord {
                    if s.isChar(a + 1, UInt8(ascii: ":")) { params.append((s.text(a), s.text(a), seg)) }
                    else if s.code[a + 1].isWord && s.isChar(a + 2, UInt8(ascii: ":")) { params.append((s.text(a), s.text(a + 1), seg)) }
                }
                segStart = k + 1
                if k == close { break }
            } else if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "<")) {
                let m = Int(s.match[k])
                if m > k { k = m }
            }
            k += 1
        }
        guard !params.isEmpty else { return [] }
        let body = s.scopes[d.body]
        // `self.prop = name` or `prop = name` in the initializer: the first property each name is
        // assigned to, found in one pass over the body.
        var keptIn: [String: String] = [:]
        for a in body.interior where s.isChar(a - 1, UInt8(ascii: "=")) && s.code[a].isWord && !s.isChar(a + 1, UInt8(ascii: ".")) {
            let lhs = a - 2
            if lhs >= 0, s.code[lhs].kind == .identifier {
                let name = s.text(a)
                if keptIn[name] == nil { keptIn[name] = s.text(lhs) }
            }
        }
        return params.compactMap { p in keptIn[p.name].map { (p.label, $0) } }
    }

    /// Where the type calls the properties an initializer keeps its closure parameters in.
    /// Recorded for the type as `label>method(labels:)`, `label>!` when the property is used any
    /// other way (handed on, captured, assigned elsewhere).
    static func relays(_ s: FileStructure, initializer i: Int, parameters: [(label: String, property: String)], into t: inout Table) {
        let d = s.decls[i]
        let type = s.decls[d.parent].nameText
        // A parameter the type keeps and calls is a closure, whatever its type is spelled as.
        for p in parameters {
            let found = callers(s, type: d.parent, property: p.property, initializer: i)
            // Kept but never called: not a callback (or called where the tool cannot see).
            guard !found.isEmpty else { continue }
            for r in found { t.relays[type, default: []].insert(p.label + ">" + r) }
        }
    }

    /// The methods of type `t` that call stored closure `property` directly in their body; `off`
    /// when it is used any other way outside initializer `initializer`.
    static func callers(_ s: FileStructure, type t: Int, property: String, initializer: Int) -> [String] {
        let decl = s.decls[t]
        guard decl.body >= 0 else { return [] }
        let initBody = s.decls[initializer].body
        var out: [String] = []
        var called = false
        var other = false
        for k in s.scopes[decl.body].interior where s.code[k].kind == .identifier && s.is(k, text: property) {
            if initBody >= 0 && s.scopes[initBody].open < k && k < s.scopes[initBody].close { continue }
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            // A label (in a signature or a call), or a token outside any code.
            if s.isChar(k + 1, UInt8(ascii: ":")) || s.enclosingExecutable(of: k) == nil { continue }
            // The declaration itself.
            if case .variable(let v) = s.lookupVariable(property, at: k), s.decls[v].name == k { continue }
            var j = k + 1
            if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) { j += 1 }
            guard s.isChar(j, UInt8(ascii: "(")), let exec = s.enclosingExecutable(of: k), s.scopes[exec].kind == .functionBody,
                  s.scopes[exec].decl >= 0, s.decls[s.scopes[exec].decl].kind == .function, s.decls[s.scopes[exec].decl].parent == t else {
                other = true
                continue
            }
            called = true
            out.append(StateAccess.memberKey(s, s.scopes[exec].decl))
        }
        guard called else { return [] }
        return other ? out + [off] : out
    }

    /// The prefix of a key for a closure that takes its isolation from the code that makes it.
    static let inherits = "\u{2}"

    /// The function named in a key of `inheritedKey`; nil for any other key.
    static func inheritingFunction(_ key: String) -> Substring? {
        key.hasPrefix(inherits) ? key.dropFirst(inherits.count) : nil
    }

    /// Swift gives a closure that is not `@Sendable` the isolation of the code that makes it: one
    /// made on the main actor and handed to a function of the run as an argument (`p.onDone.delegate
    /// { … }`, `relay.add(handler: { … })`) is main-actor code wherever it is kept, when that
    /// function takes no closure marked `@Sendable` or `sending` and hands none on (see
    /// `Table.callbackOnMain`). A `Task { }` inside it inherits that too. The key of the closure
    /// around token `i` that runs later, `inherits` + the function's name, when the code that
    /// makes it runs on the main actor (`onMain`); nil otherwise.
    static func inheritedKey(_ s: FileStructure, at i: Int, onMain: (Int) -> Bool) -> String? {
        var k = i
        for _ in 0..<8 {
            guard let sc = DispatchedBlocks.runningScope(s, of: k), s.scopes[sc].kind == .closure else { return nil }
            let c = s.closures[s.scopes[sc].closure]
            guard c.callee >= 0, s.code[c.callee].kind == .identifier,
                  AsyncContext.closureActorAttribute(s, c) == nil, !AsyncContext.isSendableClosure(s, c) else { return nil }
            let name = s.text(c.callee)
            // `Task { }` (not `Task.detached`) takes the isolation of the code around it.
            if name == "Task" && !s.isChar(c.callee - 1, UInt8(ascii: ".")) { k = c.callee; continue }
            // A queue, thread, run loop or session the SDK runs it on: not the maker's isolation.
            guard let first = name.first, first.isLowercase, !LockRegions.deferredCallees.contains(name),
                  !LockRegions.sessionTaskCallees.contains(name) else { return nil }
            return onMain(c.callee) ? inherits + name : nil
        }
        return nil
    }

    /// The key of the closure that runs token `i` later, when it is one handed to a type's
    /// initializer (see `callbackKey(_:closure:)`): the innermost closure around it that does not
    /// run on the spot.
    public static func callbackKey(_ s: FileStructure, at i: Int) -> String? {
        guard let sc = DispatchedBlocks.runningScope(s, of: i), s.scopes[sc].kind == .closure else { return nil }
        return callbackKey(s, closure: s.closures[s.scopes[sc].closure])
    }

    /// The key of a closure handed to a type's initializer as a labelled argument
    /// (`Relay(onChange: { … })`): `Type|label`; nil for any other closure.
    public static func callbackKey(_ s: FileStructure, closure c: Closure) -> String? {
        let callee = c.callee
        guard callee >= 0, s.code[callee].kind == .identifier, s.isChar(callee + 1, UInt8(ascii: "(")),
              s.isChar(c.open - 1, UInt8(ascii: ":")), c.open >= 2, s.code[c.open - 2].isWord,
              c.open < Int(s.match[callee + 1]) else { return nil }
        let name = s.text(callee)
        guard name.first?.isUppercase ?? false else { return nil }
        return name + "|" + s.text(c.open - 2)
    }
}
