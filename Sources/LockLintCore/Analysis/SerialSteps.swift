/// Whether code runs in blocks of one serial queue of its type, and whether every write of a
/// name in the file does: a check and an act that both run there, on state that is only ever
/// written there, cannot be split by another thread (the queue runs one block at a time).
///
/// A token runs on queue `q` when it is in a block sent to `q` (`async`, `asyncAfter`, `sync`)
/// through closures that run on the spot, or in a private function of the type every call of
/// which in the file runs on `q`. `q` is a stored property of the type that nothing shows to be
/// concurrent (not `.concurrent`, not a global queue, not an operation queue); a queue whose
/// kind the tool cannot see (a protocol-typed property) counts, since it cannot tell otherwise.
///
/// Other serial contexts count as queues too: the main thread; a channel handler's event loop
/// (its callbacks, and blocks handed to that loop with `execute`, `submit` or `scheduleTask`);
/// and the body of a `for await` loop that an initializer starts, once per instance, which takes
/// one element at a time.
public struct SerialSteps {
    let s: FileStructure
    /// Function declaration → the queue every call of it runs on ("" for none).
    private var byFunction: [Int: String] = [:]
    /// Name → the tokens that write it (worked out once, on first use).
    private var writes: [String: [Int]]? = nil
    /// Name → the tokens that use it as a receiver (`name.…`, `self.name.…`).
    private var uses: [String: [Int]]? = nil
    /// Name → the direct calls of it (worked out once, on first use).
    private var callTokens: [String: [Int]]? = nil

    /// The types the file declares channel handlers (see `typeIsChannelHandler`).
    private var handlerTypes: Set<String>? = nil
    /// What the file starts on the main thread without saying so (see `MainThreadEntries`).
    private var entries: MainThreadEntries? = nil
    /// The main thread, as a queue: it runs one thing at a time, as a serial queue does.
    public static let mainThread = "@main"

    public init(_ s: FileStructure) { self.s = s }

    /// The queue property token `t` runs on, or nil.
    public mutating func queue(at t: Int) -> String? {
        var sc = t >= 0 && t < s.scopeOf.count ? Int(s.scopeOf[t]) : -1
        while sc >= 0 {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                if GuardRegions.closureIsMainActor(s, c) { return Self.mainThread }
                guard c.callee >= 0 else { return nil }
                // A main-queue block, a main-queue observer block, a main run loop timer's block;
                // `Timer.scheduledTimer { }` scheduled from the main thread.
                if entries == nil { entries = MainThreadEntries(s) }
                if ObserverDelivery.mainQueueBlock(s, c) || entries!.closureRunsOnMain(s, c) { return Self.mainThread }
                if MainThreadEntries.scheduledOnCurrentLoop(s, c) { return queue(at: c.callee) == Self.mainThread ? Self.mainThread : nil }
                let name = s.text(c.callee)
                if QueueReach.onQueueMethods.contains(name) && s.isChar(c.callee - 1, UInt8(ascii: ".")) {
                    return serialProperty(dot: c.callee - 1)
                }
                if Self.loopHops.contains(name) && s.isChar(c.callee - 1, UInt8(ascii: ".")) { return eventLoop(dot: c.callee - 1) }
                guard QueueReach.onTheSpot.contains(name) else { return nil }
            case .statement:
                // The body of the one `for await` loop of an instance: it takes one element at
                // a time, and nothing else consumes for it.
                if let loop = onceLoop(sc) { return loop }
            case .functionBody:
                let d = scope.decl
                guard d >= 0, s.decls[d].kind == .function else { return nil }
                if mainThreadFunction(d, before: t) { return Self.mainThread }
                if handlerCallback(d) { return Self.handlerLoop }
                return queue(ofFunction: d)
            case .typeBody, .accessorBlock:
                return nil
            default:
                break
            }
            sc = scope.parent
        }
        return nil
    }

    /// The event loop of a channel handler of the file (see `handlerCallback`), as a queue.
    public static let handlerLoop = "@eventLoop"

    /// The methods of an event loop that run a block on it later, one at a time with the rest
    /// of its work.
    static let loopHops: Set<String> = ["execute", "submit", "flatSubmit", "scheduleTask", "flatScheduleTask"]

    /// The requirements of the channel-handler protocols that the channel calls, on its event
    /// loop, with the handler's context.
    static let handlerEvents: Set<String> = [
        "channelRegistered", "channelUnregistered", "channelActive", "channelInactive", "channelRead", "channelReadComplete",
        "channelWritabilityChanged", "userInboundEventTriggered", "errorCaught", "handlerAdded", "handlerRemoved",
        "write", "flush", "read", "bind", "connect", "close", "register", "triggerUserOutboundEvent",
    ]

    /// Function `d` is a callback of a channel handler: a type (or extension) that conforms to a
    /// channel-handler protocol implements a handler event that takes the handler's context
    /// (`func channelRead(context: ChannelHandlerContext, …)`). The channel calls it on its
    /// event loop, one event at a time.
    private mutating func handlerCallback(_ d: Int) -> Bool {
        let decl = s.decls[d]
        guard Self.handlerEvents.contains(decl.nameText), !decl.isAsync, decl.parent >= 0,
              decl.typeAnnotation.contains(where: { s.is($0, "ChannelHandlerContext") }) else { return false }
        return typeIsChannelHandler(decl.parent)
    }

    /// The type or extension `d` (or another declaration of its type in the file) conforms to a
    /// channel-handler protocol.
    private mutating func typeIsChannelHandler(_ d: Int) -> Bool {
        guard s.decls[d].kind.isType else { return false }
        if handlerTypes == nil {
            // (Worked out once, on first use.)
            handlerTypes = Set(s.decls.indices.filter { s.decls[$0].kind.isType && Confinement.isChannelHandler($0, s) }.map { s.decls[$0].nameText })
        }
        return handlerTypes!.contains(s.decls[d].nameText)
    }

    /// The loop a block handed to `loop.execute { }` (`submit`, `scheduleTask`) runs on, for the
    /// receiver before `.` at `dot`: `eventLoop` of the handler's context or of a member of its
    /// type (`channel?.eventLoop`, or a local made from one), in a channel handler: the loop its
    /// callbacks run on; elsewhere that member's loop by its spelling. Nil for any other receiver.
    private mutating func eventLoop(dot: Int) -> String? {
        let r = LockRegions.receiverStart(s, dot: dot)
        guard r >= 0 else { return nil }
        // How a loop is spelled: no optional marks, no `self.`.
        func spelling(_ range: Range<Int>) -> String {
            var name = LockRegions.normalized(s.text(range)).replacingOccurrences(of: "?", with: "").replacingOccurrences(of: "!", with: "")
            if name.hasPrefix("self.") { name.removeFirst(5) }
            return name
        }
        var name = spelling(s.span(r, dot))
        if !name.contains("."), let f = s.enclosingFunction(of: dot), s.decls[f].body >= 0 {
            // A local bound to a member's loop (`guard let loop = channel?.eventLoop`): the
            // nearest `let loop = …` before it in the function.
            var k = dot - 1
            let open = s.scopes[s.decls[f].body].open
            while k > open && !(s.is(k, text: name) && (s.isKeyword(k - 1, .let) || s.isKeyword(k - 1, .var)) && s.isChar(k + 1, UInt8(ascii: "="))) { k -= 1 }
            if k > open {
                var e = k + 2
                while e < dot && (s.code[e].kind == .identifier || s.isKeyword(e, .self) || s.isChar(e, UInt8(ascii: ".")) || s.isChar(e, UInt8(ascii: "?"))
                                  || s.isChar(e, UInt8(ascii: "!"))) { e += 1 }
                guard e > k + 2 else { return nil }
                name = spelling(s.span(k + 2, e))
            }
        }
        let parts = name.split(separator: ".").map(String.init)
        guard parts.last == "eventLoop", parts.count <= 2, let type = s.enclosingType(of: dot) else { return nil }
        if parts.count == 1 {
            // A stored loop of the type, not a loop handed in.
            guard case .variable(let v) = s.lookupVariable(parts[0], at: dot), s.decls[v].parent >= 0, s.decls[s.decls[v].parent].kind.isType else { return nil }
        } else {
            switch s.lookupVariable(parts[0], at: dot) {
            case .variable(let v):
                let owner = s.decls[v].parent
                // A member of the type, or the context a callback was handed.
                let member = owner >= 0 && s.decls[owner].kind.isType
                let context = owner >= 0 && s.decls[owner].kind.isFunctionLike && handlerCallback(owner)
                guard member || context else { return nil }
            case .parameter(let function):
                // The context a callback was handed.
                guard handlerCallback(function) else { return nil }
            default:
                return nil
            }
        }
        return typeIsChannelHandler(type) ? Self.handlerLoop : "@loop:" + name
    }

    /// The key of `for await` loop statement `sc` when it runs once per instance: its body runs
    /// one element at a time. It sits in an initializer, straight or in a `Task { }` it starts;
    /// nil for any other place (a method may start it again, beside the first).
    private func onceLoop(_ sc: Int) -> String? {
        let scope = s.scopes[sc]
        let kw = scope.statementKeyword
        guard s.isKeyword(kw, .for) else { return nil }
        let next = s.isKeyword(kw + 1, .try) ? kw + 2 : kw + 1
        guard s.isKeyword(next, .await) else { return nil }
        var p = scope.parent
        var inTask = false
        while p >= 0 {
            let ps = s.scopes[p]
            switch ps.kind {
            case .closure:
                let c = s.closures[ps.closure]
                guard c.callee >= 0, s.is(c.callee, "Task") || (s.is(c.callee, "detached") && s.is(c.callee - 2, "Task")) else { return nil }
                inTask = true
            case .statement:
                // A task started in a loop: one consumer per turn, all at once.
                let k = ps.statementKeyword
                if inTask && (s.isKeyword(k, .for) || s.isKeyword(k, .while) || s.isKeyword(k, .repeat)) { return nil }
            case .functionBody:
                guard ps.decl >= 0, s.decls[ps.decl].kind == .initializer else { return nil }
                return "@for-await:\(kw)"
            case .typeBody, .accessorBlock:
                return nil
            default:
                break
            }
            p = ps.parent
        }
        return nil
    }

    /// Whether only code of this file can write property `p`: it is `private` or `fileprivate`,
    /// or its setter is (`public private(set) var`).
    public static func writtenOnlyInFile(_ s: FileStructure, _ p: Int) -> Bool {
        if QueueReach.isPrivate(s, p) { return true }
        let setter = s.setterAccess(s.decls[p])
        return setter == "private" || setter == "fileprivate"
    }

    /// Whether function `d` runs on the main thread at token `t`: isolated to the main actor by
    /// its own attribute or its type's, an `@IBAction`, a private target of the main run loop or
    /// of a lifecycle notification (see `MainThreadEntries`), or past `guard Thread.isMainThread
    /// else { …; return }` (or an assertion of it) in its body.
    private mutating func mainThreadFunction(_ d: Int, before t: Int) -> Bool {
        var p = d
        while p >= 0 {
            if s.hasMainActorAttribute(s.decls[p]) { return true }
            p = s.decls[p].parent
        }
        if MainThreadEntries.isInterfaceAction(s, s.decls[d]) { return true }
        if entries == nil { entries = MainThreadEntries(s) }
        if entries!.selectorTargets.contains(s.decls[d].nameText) { return true }
        let body = s.decls[d].body
        guard body >= 0, s.identifiers.mayContain("isMainThread") else { return false }
        return GuardRegions.assertionPoints(s, in: body).contains { $0.token < t && $0.held == .mainActor }
    }

    /// Whether every write of `name` in the file (outside initializers and the accessors of
    /// `besides`) runs on `q`.
    public mutating func everyWrite(of name: String, on q: String, inType type: String, besides: Int = -1) -> Bool {
        if writes == nil { writes = Self.writeTokens(s) }
        for k in writes![name] ?? [] where inType(k, type) {
            guard let f = s.enclosingFunction(of: k) else { return false }
            // (Not in a closure an initializer starts, which runs later, beside other code.)
            if (s.decls[f].kind == .initializer || s.decls[f].kind == .deinitializer) && !SerialWriters.inClosure(k, of: f, s) { continue }
            if besides >= 0 && s.decls[f].kind == .accessor && s.decls[f].parent == besides { continue }
            if queue(at: k) != q { return false }
        }
        return true
    }

    /// Whether every use of stored property `name` of the type in the file (`name`, `self.name`;
    /// outside initializers) runs on `q`: for state kept inside it (a lock that owns its value).
    public mutating func everyUse(of name: String, on q: String, inType type: String) -> Bool {
        if uses == nil {
            var byName: [String: [Int]] = [:]
            for k in 0..<s.code.count where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "."))
                && (!s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))) {
                byName[s.text(k), default: []].append(k)
            }
            uses = byName
        }
        for k in uses![name] ?? [] where inType(k, type) {
            guard let f = s.enclosingFunction(of: k) else { return false }
            if s.decls[f].kind == .initializer || s.decls[f].kind == .deinitializer { continue }
            if queue(at: k) != q { return false }
        }
        return true
    }

    /// The names the setter of property `p` writes (its storage), besides `p` itself.
    public func setterWrites(of p: Int) -> Set<String> {
        var out = Set<String>()
        for a in s.children[p] where s.decls[a].kind == .accessor && s.is(s.decls[a].keyword, "set") && s.decls[a].body >= 0 {
            for k in s.scopes[s.decls[a].body].interior where s.code[k].kind == .identifier && StateAccess.mayWrite(s, k) {
                // A stored property of a type (not `$0`, a local, or a parameter).
                guard case .variable(let v) = s.lookupVariable(s.text(k), at: k), s.decls[v].parent >= 0,
                      s.decls[s.decls[v].parent].kind.isType else { continue }
                out.insert(s.text(k))
            }
        }
        out.remove(s.decls[p].nameText)
        return out
    }

    /// Token `k` is in type `type` (its declaration or an extension of it).
    private func inType(_ k: Int, _ type: String) -> Bool {
        s.enclosingTypeName(of: k) == type
    }

    private mutating func queue(ofFunction d: Int) -> String? {
        if let known = byFunction[d] { return known.isEmpty ? nil : known }
        guard QueueReach.isPrivate(s, d), s.owningType(of: d) != nil else { return nil }
        byFunction[d] = ""
        let name = s.decls[d].nameText
        var on: String? = nil
        var calls = 0
        let body = s.decls[d].body >= 0 ? s.scopes[s.decls[d].body] : nil
        if callTokens == nil { callTokens = QueueAlternatives.directCalls(s) }
        for k in callTokens![name] ?? [] {
            if let b = body, b.open < k && k < b.close { continue }
            calls += 1
            guard let q = queue(at: k), on == nil || on == q else { return nil }
            on = q
        }
        guard calls > 0, let q = on else { return nil }
        byFunction[d] = q
        return q
    }

    /// The queue property named before `.` at `dot` when it may be serial.
    private func serialProperty(dot: Int) -> String? {
        let r = LockRegions.receiverStart(s, dot: dot)
        guard r >= 0 else { return nil }
        var name = LockRegions.normalized(s.text(s.span(r, dot)))
        if name.hasPrefix("self.") { name.removeFirst(5) }
        guard !name.isEmpty, !name.contains("."), !name.contains("(") else { return nil }
        guard case .variable(let v) = s.lookupVariable(name, at: dot, memberOnly: s.isKeyword(r, .self)) else { return nil }
        let decl = s.decls[v]
        guard decl.parent >= 0, s.decls[decl.parent].kind.isType, !decl.isStaticMember else { return nil }
        if GuardLogExtractor.isConcurrentQueue(decl, s) || GuardLogExtractor.isOperationQueue(decl, s) { return nil }
        if decl.initializer.contains(where: { s.is($0, "global") || s.is($0, "concurrent") }) { return nil }
        return name
    }

    /// Every identifier the file writes: assigned, changed in place, or through a mutating
    /// method of the standard collections.
    static func writeTokens(_ s: FileStructure) -> [String: [Int]] {
        var out: [String: [Int]] = [:]
        let mutating = Set(StateWrites.mutatingNames + ["removeAll", "removeValue", "removeFirst", "removeLast"])
        for k in 0..<s.code.count where s.code[k].kind == .identifier {
            if s.isKeyword(k - 1, .var) || s.isKeyword(k - 1, .let) { continue }
            var written = StateAccess.mayWrite(s, k)
            if !written, s.isChar(k + 1, UInt8(ascii: ".")), k + 3 < s.code.count, s.code[k + 2].kind == .identifier,
               s.isChar(k + 3, UInt8(ascii: "(")), mutating.contains(s.text(k + 2)) {
                written = true
            }
            if written { out[s.text(k), default: []].append(k) }
        }
        return out
    }
}
