/// Which acquisitions of a lock each function body makes, in the order they run, and what each
/// one reads and writes. An acquisition is a lock region (withLock, lock() … unlock(), `wait()` …
/// `signal()` on a semaphore made a mutex, a call of the file's own wrapper method), a read of a
/// getter that locks, a call of a method that locks (of the type, of a box it holds, of a property
/// wrapper's storage), or a call of one of the file's helper methods whose body makes exactly one
/// acquisition. Read by `split_critical_section`, which judges each acquisition against the next
/// one of the same lock in the same body.

/// One acquisition of a lock in a body: a lock region (withLock, lock() … unlock(), a wrapper's
/// closure), a read of a getter that locks (`count`, `box.value`), or a call of a method that
/// locks (`setCount(…)`, `box.setValue(…)`).
public struct LockAcquisition {
    /// The lock (as written in the type, or the receiver whose own lock it is).
    public var lock: String
    public var body: Int
    /// Where it is reported: the acquire, the getter's name, the method's name.
    public var acquireToken: Int
    /// When it runs, for ordering: a call runs after its arguments.
    public var at: Int
    /// Its critical section lies strictly between `start` and `end` (a call's parentheses).
    public var start: Int
    public var end: Int
    /// The first token of the expression whose value it gives (-1 for lock() … unlock()).
    public var exprStart: Int
    public var region: LockRegion?
    public var member: LockGraph.LockingMember? = nil
    public var memberName = ""
    /// A property's setter, called by assigning the property (`count = v`).
    public var isSetter = false
    /// The state of another object (a box, a wrapper's storage): its whole value.
    public var instance = false
    /// The stored state of that object the member reads and writes (see `MemberState`); nil
    /// when the tool cannot see it.
    public var touches: MemberState.Touches? = nil
    /// The lock as messages name it.
    public var display: String
    /// For a member of another object (`handler.currentState`) that takes a lock the object's
    /// class stores (its `state` box, its `lock`): that stored lock, which is the guard, not the
    /// object that owns it. Nil otherwise.
    public var ownedLock: OwnedLock? = nil

    /// A lock stored in another object's class: its property, and whether it is a value box
    /// (`NIOLockedValueBox`, `Mutex<State>`) that guards only the value it keeps.
    public struct OwnedLock: Equatable, Sendable {
        public var property: String
        public var box: Bool
    }

    init(region r: LockRegion, _ s: FileStructure) {
        lock = r.lock
        body = r.executableBody(s)
        acquireToken = r.acquireToken
        at = r.acquireToken
        start = r.start
        end = r.end
        region = r
        display = "'\(r.lock)'"
        switch r.form {
        case .closure(_, let ci), .queue(_, let ci):
            let c = s.closures[ci]
            exprStart = c.receiverStart >= 0 ? c.receiverStart : c.callee
        default:
            exprStart = -1
        }
    }

    init(member: LockGraph.LockingMember, name: String, lock: String, token: Int, exprStart: Int, body: Int, instance: Bool, _ s: FileStructure) {
        self.lock = lock
        self.body = body
        acquireToken = token
        self.exprStart = exprStart
        self.member = member
        memberName = name
        self.instance = instance
        touches = member.touches
        region = nil
        display = "'\(lock)'"
        if !member.isGetter, s.isChar(token + 1, UInt8(ascii: "(")), Int(s.match[token + 1]) > token + 1 {
            start = token + 1
            end = Int(s.match[token + 1])
        } else {
            start = token
            end = token + 1
        }
        at = end
    }
}

/// The acquisitions of one file (see the file's comment), with what each reads and writes.
public struct LockAcquisitions {
    public let structure: FileStructure
    /// Every acquisition made directly in a body (not in a closure inside it), in no set order.
    public private(set) var all: [LockAcquisition] = []
    private var state: CriticalSectionState

    public init(_ context: RuleContext) {
        let s = context.structure
        structure = s
        for r in Self.regions(context) where !r.lock.isEmpty && r.blocks && s.enclosingExecutable(of: r.acquireToken) == r.executableBody(s) {
            all.append(LockAcquisition(region: r, s))
        }
        for r in Self.readerWriterBlocks(context) {
            var a = LockAcquisition(region: r, s)
            a.body = s.enclosingExecutable(of: r.acquireToken) ?? -1
            all.append(a)
        }
        all += Self.memberAcquisitions(context, regionTokens: Set(all.map(\.acquireToken)))
        state = CriticalSectionState(s)
        all += Self.helperAcquisitions(all, s, &state)
    }

    /// Each acquisition with the next of the same lock in the same body, in the order they run.
    /// Left out: a getter or call inside a region of the same lock (it takes the lock again:
    /// `recursive_lock`'s case), one acquisition seen twice (a lock() released on two paths), and
    /// one nested in the other.
    public func consecutivePairs() -> [(first: LockAcquisition, second: LockAcquisition)] {
        guard all.count >= 2 else { return [] }
        var out: [(first: LockAcquisition, second: LockAcquisition)] = []
        var groups: [Pair: [LockAcquisition]] = [:]
        for a in all { groups[Pair(body: a.body, lock: a.lock), default: []].append(a) }
        for (_, list) in groups where list.count >= 2 {
            let regions = list.filter { $0.region != nil }.sorted { $0.start < $1.start }
            var reach: [Int] = []
            for r in regions { reach.append(max(reach.last ?? Int.min, r.end)) }
            func insideRegion(_ t: Int) -> Bool {
                var lo = 0
                var hi = regions.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if regions[mid].start < t { lo = mid + 1 } else { hi = mid }
                }
                return lo > 0 && reach[lo - 1] > t
            }
            let sorted = list.filter { $0.region != nil || !insideRegion($0.acquireToken) }.sorted { $0.at < $1.at }
            guard sorted.count >= 2 else { continue }
            for k in 1..<sorted.count {
                let first = sorted[k - 1]
                let second = sorted[k]
                if first.region != nil && second.region != nil && first.end >= second.acquireToken { continue }
                guard first.acquireToken != second.acquireToken, first.at < second.at,
                      !(first.start < second.acquireToken && second.acquireToken < first.end) else { continue }
                if second.region != nil && second.start < first.acquireToken && first.acquireToken < second.end { continue }
                out.append((first, second))
            }
        }
        return out
    }

    /// What acquisition `a` reads and writes (see `accesses(_:_:_:)`).
    public mutating func accesses(of a: LockAcquisition) -> CriticalSectionState.Accesses {
        Self.accesses(a, &state, structure)
    }

    /// The file's acquisitions: its lock regions, semaphores created as mutexes (`wait()` …
    /// `signal()`), and calls of the file's own wrapper methods (`locked { }`, whose body runs the
    /// closure under its lock), each named by the lock it takes. The same lock is named the same
    /// way however it is reached: `Self.lock` and `Type.lock` are the type's `lock`.
    static func regions(_ context: RuleContext) -> [LockRegion] {
        let s = context.structure
        let semaphores = LockRegions.semaphoreMutexRegions(s)
        var base = context.lockRegions
        var wrappers = context.wrapperMethods
        if !semaphores.isEmpty {
            let withSemaphores = base.adding(semaphores, s)
            wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: context.vocabulary, regions: withSemaphores)
            base = withSemaphores
        }
        var regions = base.regions
        if !wrappers.isEmpty {
            // Only the closure forms are read: not the manual forms again.
            let calls = LockRegions.closureForms(s, vocabulary: context.vocabulary, extraScopedMethods: Set(wrappers.keys))
            for var r in calls {
                guard case .closure(let method, _) = r.form, let lock = wrappers[method], r.lock.isEmpty || r.lock == "self",
                      !context.vocabulary.lockScopedMethods.contains(method) else { continue }
                r.lock = lock
                regions.append(r)
            }
        }
        for k in regions.indices { regions[k].lock = Self.lockName(regions[k].lock, at: regions[k].acquireToken, s) }
        return regions
    }

    /// The blocks a function submits to a concurrent queue used as a reader-writer lock, each
    /// one acquisition of the queue: a `sync` block (plain, which reads, or a barrier) and a
    /// barrier block sent with `async(flags: .barrier)`, which writes. (A plain `async` block's
    /// reads cannot decide anything in the function that sends it.)
    static func readerWriterBlocks(_ context: RuleContext) -> [LockRegion] {
        let s = context.structure
        var out: [LockRegion] = []
        var kinds: [String: Bool] = [:]
        for (ci, c) in s.closures.enumerated() where c.callee >= 0 && c.close > c.open && c.receiverStart >= 0 {
            let method = s.text(c.callee)
            guard method == "sync" || (method == "async" && GuardRegions.isBarrier(s, c)) else { continue }
            var receiver = LockRegions.normalized(s.text(s.span(c.receiverStart, c.callee - 1)))
            if receiver.hasPrefix("self.") { receiver.removeFirst(5) }
            guard !receiver.isEmpty, !receiver.contains("."), s.enclosingExecutable(of: c.callee) != nil else { continue }
            let key = "\(s.enclosingTypeName(of: c.callee) ?? "")|\(receiver)"
            let readerWriter = kinds[key] ?? {
                if case .guarded(.readerWriter) = GuardLogExtractor.executorKind(context, receiver: receiver, at: c.callee) { return true }
                return false
            }()
            kinds[key] = readerWriter
            guard readerWriter else { continue }
            let r = LockRegion(form: .queue(method: method, closure: ci), lock: receiver, acquireToken: c.callee,
                               releaseToken: -1, start: c.open, end: c.close, executable: c.scope)
            out.append(r)
        }
        return out
    }

    /// Whether an acquisition is a block on a reader-writer queue that cannot write (a plain
    /// `sync` block): only a barrier block is the second of a split.
    public static func isPlainQueueBlock(_ a: LockAcquisition, _ s: FileStructure) -> Bool {
        guard let r = a.region, case .queue(_, let ci) = r.form else { return false }
        return !GuardRegions.isBarrier(s, s.closures[ci])
    }

    /// `Self.lock` and `Type.lock` inside `Type` are its `lock`, as written bare.
    static func lockName(_ lock: String, at t: Int, _ s: FileStructure) -> String {
        if lock.hasPrefix("Self.") { return String(lock.dropFirst(5)) }
        guard let d = s.enclosingType(of: t) else { return lock }
        let owner = s.decls[d].nameText
        if !owner.isEmpty && lock.hasPrefix(owner + ".") { return String(lock.dropFirst(owner.count + 1)) }
        return lock
    }

    /// The reads of getters that lock and the calls of methods that lock, of the enclosing type
    /// (`count`, `self.setCount(…)`), of a box held in a property or local (`box.value`,
    /// `box.setValue(…)`, `box.withValue { }`), and of a property wrapper's storage (`count`
    /// through `wrappedValue`, `_count.set(…)`). Not in initializers and deinitializers, which run
    /// while no other reference exists.
    static func memberAcquisitions(_ context: RuleContext, regionTokens: Set<Int>) -> [LockAcquisition] {
        let s = context.structure
        var out: [LockAcquisition] = []
        var membersOf: [String: [String: LockGraph.LockingMember]] = [:]
        func members(_ type: String) -> [String: LockGraph.LockingMember] {
            if let known = membersOf[type] { return known }
            let m = context.lockingMembers(ofType: type)
            membersOf[type] = m
            return m
        }
        var closureAt: [Int: Int] = [:]
        var wrappers: [Int: [String: String]] = [:]
        var receiverTypes: [ReceiverKey: String?] = [:]
        // Per enclosing type (by declaration): its locking members and wrapped properties, so
        // that a name in a type with neither is passed over without making its text.
        var ownMembers: [Int: [String: LockGraph.LockingMember]] = [:]
        // A property wrapper needs an attribute on a var: a file without one has no wrapped
        // property in any type, and its types are not looked up for them.
        let anyAttributedVar = s.decls.indices.contains { s.decls[$0].kind == .variable && s.decls[$0].hasAttributes }
        // The answers of `isLockingMemberName` by name: asked (and recorded) once per name, not
        // once per `a.b` (the same name, the same index, the same answer).
        var lockingNames: [String: Bool] = [:]
        func isLockingMemberName(_ name: String) -> Bool {
            if let known = lockingNames[name] { return known }
            let answer = context.isLockingMemberName(name)
            lockingNames[name] = answer
            return answer
        }
        // The enclosing type of the last token looked at, with its name, locking members and
        // wrapped properties: the next token is most often in the same type (no lookup then).
        var current = -1
        var type = ""
        var typeMembers: [String: LockGraph.LockingMember] = [:]
        var ownWrapped: [String: String] = [:]
        for t in 0..<s.code.count where s.code[t].kind == .identifier {
            // Only names that start an access: bare, or after `self.`.
            let dotted = s.isChar(t - 1, UInt8(ascii: "."))
            if dotted && !(s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))) { continue }
            // `if let x {` binds a local from the property `x`: a read of it.
            let shorthand = !dotted && Self.isShorthandBinding(t, s)
            if !shorthand && (s.isKeyword(t - 1, .let) || s.isKeyword(t - 1, .var)) || s.isKeyword(t - 1, .func) || s.isKeyword(t - 1, .case) { continue }
            // (Asked after the shape tests: a hash per token otherwise.)
            if regionTokens.contains(t) { continue }
            guard let f = s.enclosingFunction(of: t), s.decls[f].kind != .initializer, s.decls[f].kind != .deinitializer,
                  s.decls[f].kind != .accessor, s.decls[f].kind != .variable,
                  let owner = s.enclosingType(of: t), let body = s.enclosingExecutable(of: t) else { continue }
            if owner != current {
                current = owner
                type = s.decls[owner].nameText
                if let known = ownMembers[owner] {
                    typeMembers = known
                } else {
                    typeMembers = members(type)
                    ownMembers[owner] = typeMembers
                }
                if let known = wrappers[owner] {
                    ownWrapped = known
                } else {
                    ownWrapped = anyAttributedVar ? Self.wrappedProperties(s, type: type) : [:]
                    wrappers[owner] = ownWrapped
                }
            }
            // Neither a member of the type nor a wrapped property: only `box.member` is left,
            // with a member that locks in some type.
            if typeMembers.isEmpty && ownWrapped.isEmpty {
                guard s.isChar(t + 1, UInt8(ascii: ".")), t + 2 < s.code.count, s.code[t + 2].kind == .identifier,
                      isLockingMemberName(s.text(t + 2)) else { continue }
            }
            let name = s.text(t)
            // An argument label (`make(options: x)`) names a parameter, not the member.
            if !dotted && s.isChar(t + 1, UInt8(ascii: ":")) { continue }
            let start = dotted ? t - 2 : t
            // (A parameter, or a local of that name in a block holding `t`, hides the member;
            // asked only of candidates, below.)
            func shadowed() -> Bool { !dotted && !shorthand && StateAccess.isShadowed(s, name, at: t, in: f) }
            // A member of the type itself.
            if let m = typeMembers[name] {
                if shadowed() { continue }
                if let a = acquisition(m, name: name, lock: m.lock, token: t, exprStart: start, body: body, instance: false, s, &closureAt) { out.append(a) }
                else if m.isGetter, let a = setterAcquisition(typeMembers, name: name, token: t, exprStart: start, body: body, s) { out.append(a) }
                continue
            }
            if s.isChar(t + 1, UInt8(ascii: "=")), typeMembers[LockGraph.LockingMember.setterName(name)] != nil {
                if shadowed() { continue }
                if let a = setterAcquisition(typeMembers, name: name, token: t, exprStart: start, body: body, s) { out.append(a) }
                continue
            }
            // A wrapped property: reading it is its wrapper's `wrappedValue` getter.
            var receiver = name
            if name.hasPrefix("_") || name.hasPrefix("$") { receiver = String(name.dropFirst()) }
            if let w = ownWrapped[name], !s.isChar(t + 1, UInt8(ascii: ".")), let m = members(w)["wrappedValue"], m.isGetter {
                if shadowed() { continue }
                // Read through `wrappedValue`'s getter, or assigned through its setter.
                if var a = acquisition(m, name: name, lock: "_" + name, token: t, exprStart: start, body: body, instance: true, s, &closureAt)
                    ?? setterAcquisition(members(w), name: name, property: "wrappedValue", lock: "_" + name, token: t, exprStart: start, body: body, s) {
                    a.display = "the lock of @\(w) '\(name)'"
                    out.append(a)
                }
                continue
            }
            // `box.member` on a receiver of a type whose members lock.
            guard s.isChar(t + 1, UInt8(ascii: ".")), t + 2 < s.code.count, s.code[t + 2].kind == .identifier else { continue }
            let storage = receiver != name ? ownWrapped[receiver] : nil
            // Only a member that locks in some type is worth the receiver's type.
            if storage == nil && !isLockingMemberName(s.text(t + 2)) { continue }
            var boxType: String? = nil
            if let w = storage {
                boxType = w
            } else if let known = receiverTypes[ReceiverKey(function: f, name: name)] {
                boxType = known
            } else {
                boxType = LockGraph.declaredTypeName(of: name, at: t, in: s)
                receiverTypes[ReceiverKey(function: f, name: name)] = boxType
            }
            guard let bt = boxType, bt != type, let m = members(bt)[s.text(t + 2)], storage == nil || !shadowed() else { continue }
            // (`box.member = v` on a member whose setter locks too: a call of that setter.)
            if var a = acquisition(m, name: s.text(t + 2), lock: storage != nil ? "_" + receiver : name, token: t + 2, exprStart: start, body: body,
                                   instance: true, s, &closureAt)
                ?? (storage == nil && m.isGetter ? setterAcquisition(members(bt), name: s.text(t + 2), lock: name, token: t + 2, exprStart: start, body: body, s) : nil) {
                if storage != nil { a.display = "the lock of @\(bt) '\(receiver)'" }
                // (A lock its class stores is the guard the member takes: named through the receiver.)
                else if let f = context.classFacts(bt), case let inner = a.member?.lock ?? m.lock, f.lockProperties.contains(inner) {
                    a.ownedLock = LockAcquisition.OwnedLock(property: inner, box: f.valueBoxes.contains(inner))
                }
                out.append(a)
            }
        }
        return out
    }

    private struct ReceiverKey: Hashable {
        var function: Int
        var name: String
    }

    /// Calls of the file's own helper methods that make exactly one acquisition: calling one is
    /// that acquisition (`transition(to:)` whose body is `phase.withValue { $0 = next }`), writing
    /// the caller's argument when the helper writes one of its parameters.
    static func helperAcquisitions(_ all: [LockAcquisition], _ s: FileStructure, _ state: inout CriticalSectionState) -> [LockAcquisition] {
        var byBody: [Int: [LockAcquisition]] = [:]
        for a in all { byBody[a.body, default: []].append(a) }
        var helpers: [String: [(decl: Int, owner: Int, member: LockGraph.LockingMember, acquisition: LockAcquisition)]] = [:]
        for di in s.decls.indices where s.decls[di].kind == .function && s.decls[di].body >= 0 && !s.decls[di].nameText.isEmpty {
            guard let list = byBody[s.decls[di].body], list.count == 1, let owner = s.owningType(of: di) else { continue }
            let d = s.decls[di]
            let a = list[0]
            let acc = accesses(a, &state, s)
            guard !acc.reads.isEmpty || !acc.writes.isEmpty else { continue }
            let parameters = Set(d.parameterNames)
            let writesArgument = acc.writes.contains { w in
                w.value >= 0 && s.span(w.value, a.region == nil ? a.end : s.statementEnd(from: w.value, limit: a.end)).contains {
                    s.code[$0].kind == .identifier && parameters.contains(s.text($0))
                }
            }
            // What the helper returns comes out of its one acquisition, or it is something else.
            let returnsRead = a.region.map { LockGraph.returnsRegionValue(s, $0, body: d.body) }
                ?? ((a.member?.returnsRead ?? true) && LockGraph.returnsExpression(s, start: a.exprStart, last: a.member?.isGetter == true ? a.end - 1 : a.end, body: d.body))
            var m = LockGraph.LockingMember(isGetter: false, lock: a.lock, reads: acc.reads.sorted(), writes: Array(Set(acc.writes.map(\.name))).sorted(),
                                            writesArgument: writesArgument, runsClosure: false, site: nil, returnsRead: returnsRead)
            m.claims = CriticalSectionState.claims(acc, s)
            helpers[d.nameText, default: []].append((di, owner, m, a))
        }
        guard !helpers.isEmpty else { return [] }
        var out: [LockAcquisition] = []
        for t in 0..<s.code.count where s.code[t].kind == .identifier && s.isChar(t + 1, UInt8(ascii: "(")) {
            guard let candidates = helpers[s.text(t)] else { continue }
            let dotted = s.isChar(t - 1, UInt8(ascii: "."))
            if dotted && !(s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))) { continue }
            if s.isKeyword(t - 1, .func) { continue }
            guard let f = s.enclosingFunction(of: t), s.decls[f].kind != .initializer, s.decls[f].kind != .deinitializer,
                  let owner = s.enclosingType(of: t),
                  let body = s.enclosingExecutable(of: t), let h = candidates.first(where: { s.decls[$0.owner].nameText == s.decls[owner].nameText }),
                  h.decl != f else { continue }
            var a = LockAcquisition(member: h.member, name: s.text(t), lock: h.member.lock, token: t, exprStart: dotted ? t - 2 : t, body: body,
                                instance: false, s)
            a.display = h.acquisition.display
            a.ownedLock = h.acquisition.ownedLock
            out.append(a)
        }
        return out
    }

    /// `if let x {`, `guard var x else`, `while let x,`: an optional binding that reads `x` into
    /// a local of the same name (no `=` and no type after it).
    static func isShorthandBinding(_ t: Int, _ s: FileStructure) -> Bool {
        guard t >= 2, s.isKeyword(t - 1, .let) || s.isKeyword(t - 1, .var) else { return false }
        let after = s.isChar(t + 1, UInt8(ascii: "{")) || s.isKeyword(t + 1, .else) || s.isChar(t + 1, UInt8(ascii: ","))
        guard after else { return false }
        return s.isKeyword(t - 2, .if) || s.isKeyword(t - 2, .guard) || s.isKeyword(t - 2, .while)
            || (s.isChar(t - 2, UInt8(ascii: ",")) && !s.isChar(t + 1, UInt8(ascii: ",")))
    }

    /// A whole assignment of a property whose setter takes the lock (`count = v`, `self.count =
    /// v`): a call of the setter with the assigned value, which runs after that value is made.
    static func setterAcquisition(_ members: [String: LockGraph.LockingMember], name: String, property: String? = nil, lock: String? = nil,
                                  token: Int, exprStart: Int, body: Int, _ s: FileStructure) -> LockAcquisition? {
        guard let m = members[LockGraph.LockingMember.setterName(property ?? name)], !m.writes.isEmpty,
              case .plain(let value) = CriticalSectionState(s).assignment(after: token), value == token + 2, body >= 0 else { return nil }
        var a = LockAcquisition(member: m, name: name, lock: lock ?? m.lock, token: token, exprStart: exprStart, body: body, instance: lock != nil, s)
        a.start = token + 1
        a.end = s.statementEnd(from: value, limit: s.scopes[body].close)
        a.at = a.end
        a.isSetter = true
        return a
    }

    /// The acquisition a use of member `m` at `token` makes: a getter read (not a write of the
    /// property), a call, or a closure run under the lock (`withValue { }`) as a region.
    static func acquisition(_ m: LockGraph.LockingMember, name: String, lock: String, token: Int, exprStart: Int, body: Int, instance: Bool,
                             _ s: FileStructure, _ closureAt: inout [Int: Int]) -> LockAcquisition? {
        if m.isGetter {
            guard !s.isChar(token + 1, UInt8(ascii: "(")) else { return nil }
            if case .none = CriticalSectionState(s).assignment(after: token) {} else { return nil }
            return LockAcquisition(member: m, name: name, lock: lock, token: token, exprStart: exprStart, body: body, instance: instance, s)
        }
        guard s.isChar(token + 1, UInt8(ascii: "(")) || s.isChar(token + 1, UInt8(ascii: "{")) else { return nil }
        if m.runsClosure {
            if closureAt.isEmpty { for (ci, c) in s.closures.enumerated() where c.callee >= 0 { closureAt[c.callee] = ci } }
            guard let ci = closureAt[token], s.closures[ci].close > s.closures[ci].open else { return nil }
            var a = LockAcquisition(region: LockRegion(closure: ci, method: name, lock: lock, in: s), s)
            a.body = body
            a.exprStart = exprStart
            a.instance = instance
            a.touches = m.touches
            return a
        }
        return LockAcquisition(member: m, name: name, lock: lock, token: token, exprStart: exprStart, body: body, instance: instance, s)
    }

    /// The wrapped stored properties of a type in this file: name → wrapper type.
    static func wrappedProperties(_ s: FileStructure, type: String) -> [String: String] {
        var out: [String: String] = [:]
        for td in s.typeDecls(named: type) {
            for m in s.children[td] where s.decls[m].kind == .variable && s.decls[m].hasAttributes {
                for a in s.attributes(of: s.decls[m]) {
                    let text = String(s.text(a).dropFirst())
                    let base = String(text.prefix { $0 != "(" && $0 != "<" })
                    if let c = base.unicodeScalars.first, c.value >= 65 && c.value <= 90 { out[s.decls[m].nameText] = base }
                }
            }
        }
        return out
    }

    private struct Pair: Hashable {
        var body: Int
        var lock: String
    }

    /// What an acquisition reads and writes: a region's state by name; a member's, as the lock
    /// graph describes it (the written value is the call's arguments when it stores one of its
    /// parameters). Another object's state is its whole value.
    static func accesses(_ a: LockAcquisition, _ state: inout CriticalSectionState, _ s: FileStructure) -> CriticalSectionState.Accesses {
        var out = CriticalSectionState.Accesses()
        if let r = a.region {
            out = state.accesses(in: r, s)
        } else if let m = a.member {
            out.reads = Set(m.reads)
            out.writes = m.writes.map { ($0, a.acquireToken, m.writesArgument && a.end > a.start + 1 ? a.start + 1 : -1) }
        }
        if a.instance {
            out.reads = out.reads.isEmpty ? [] : [CriticalSectionState.wholeValue]
            out.writes = out.writes.map { (CriticalSectionState.wholeValue, $0.token, $0.value) }
        }
        return out
    }
}
