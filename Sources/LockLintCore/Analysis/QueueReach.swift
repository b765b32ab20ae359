/// Where code runs with respect to a serial dispatch queue: which queue a receiver names (a
/// stored or global serial queue, a queue parameter, the main queue), the `sync` calls made on
/// one, whether code runs on that queue (in a closure sent to it, in main-actor code for the main
/// queue) or in a function body whose callers decide, which members of the type reach a `sync`
/// through calls on `self`, whether a function checks where it runs or runs only off the main
/// thread, and which static or global initializer (run once, under a lock) runs a token.
public enum QueueReach {
    /// The `sync` and `asyncAndWait` calls of the file whose receiver is a known serial queue
    /// (see `queueKey`), in token order.
    public static func syncCalls(_ s: FileStructure) -> [SyncCall] {
        var calls: [SyncCall] = []
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: ".")) {
            guard s.is(k, "sync") || s.is(k, "asyncAndWait") else { continue }
            guard s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) else { continue }
            guard let (receiver, queue) = queueKey(s, dot: k - 1) else { continue }
            calls.append(SyncCall(token: k, receiver: receiver, queue: queue))
        }
        return calls
    }

    /// Methods whose closure runs on the receiving queue.
    public static let onQueueMethods: Set<String> = ["sync", "async", "asyncAfter", "asyncAndWait", "asyncUnsafe"]

    /// Methods that wait for their block (the caller blocks until it has run).
    public static let waitingMethods: Set<String> = ["sync", "asyncAndWait"]

    /// Callees whose closure runs on the spot, on the calling thread.
    static let onTheSpot: Set<String> = [
        "forEach", "filter", "reduce", "contains", "first", "allSatisfy", "sorted", "sort", "removeAll",
        "withExtendedLifetime", "autoreleasepool", "withUnsafePointer", "withUnsafeMutablePointer", "withUnsafeBytes",
        "withUnsafeMutableBytes", "withUnsafeBufferPointer", "withUnsafeMutableBufferPointer", "withLock",
        "withLockedValue", "withCriticalRegion", "withoutActuallyEscaping",
    ]

    /// Calls that check (or assert) where the code runs.
    static let placeChecks = NameSet([
        "getSpecific", "isMainThread", "dispatchPrecondition", "assumeIsolated", "assertIsolated", "preconditionIsolated",
        "DISPATCH_CURRENT_QUEUE_LABEL", "__dispatch_queue_get_label", "currentQueueLabel", "isOnQueue", "onQueue",
    ])

    /// Framework types whose methods run on the main actor.
    static let mainActorBases: Set<String> = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UIView", "UITableViewCell", "UICollectionViewCell", "NSViewController", "NSView", "NSWindowController",
        "View", "App", "Scene",
    ]

    /// A `sync` call on a known serial queue.
    public struct SyncCall {
        public var token: Int
        public var receiver: String
        /// The queue's identity (`main`, `decl:<n>`, `param:<f>:<name>`, `text:<receiver>`).
        public var queue: String
    }

    /// Where code runs with respect to a queue (see `onQueue`).
    public enum Place {
        /// A closure passed to a method of the queue (index into `closures`).
        case closure(Int)
        /// Main-actor code: a declaration (function or type) or a closure token.
        case mainActor(token: Int, what: String)
        /// Reached the body of function-like declaration `decl` without leaving the queue's context.
        case function(Int)
    }

    /// Whether the code at token `t` runs only off the main thread, or may: a branch whose
    /// condition says so (see `ThreadChecks`), a block on a global queue or a thread of its own,
    /// a closure an operator chain delivers on a scheduler it names other than the main one
    /// (`throttle(for: 0.2, scheduler: worker).sink { }`: the tool cannot tell that it is main),
    /// or a private function every call of which in the file is in such code (or in such a
    /// function, two levels deep).
    public static func offMainOnly(_ s: FileStructure, _ t: Int, uses: inout [String: [Int]]?, depth: Int = 0) -> Bool {
        if ThreadChecks.offMainThread(s, at: t) || MainThreadEntries.runsOffMain(s, at: t) { return true }
        if let ci = s.enclosingClosure(of: t), s.closures[ci].callee >= 0,
           let hop = MainThreadEntries.chainScheduler(s, call: s.closures[ci].callee), !MainThreadEntries.mainScheduler(s, hop) {
            return true
        }
        guard depth < 2, let f = s.enclosingFunction(of: t), s.decls[f].kind == .function, isPrivate(s, f),
              s.enclosingClosure(of: t).map({ s.scope(s.closures[$0].scope, isWithin: s.decls[f].body) }) != true else { return false }
        if uses == nil { uses = s.privateFunctionUses() }
        let sites = (uses?[s.decls[f].nameText] ?? []).filter { $0 != s.decls[f].name }
        guard !sites.isEmpty, sites.count <= 16 else { return false }
        return sites.allSatisfy { k in s.isChar(k + 1, UInt8(ascii: "(")) && offMainOnly(s, k, uses: &uses, depth: depth + 1) }
    }

    /// The receiver's text and the queue's identity for the `.` at `dot`, when it is a serial queue.
    public static func queueKey(_ s: FileStructure, dot: Int) -> (String, String)? {
        let r = LockRegions.receiverStart(s, dot: dot)
        guard r >= 0 else { return nil }
        let receiver = LockRegions.normalized(s.text(s.span(r, dot)))
        if receiver == "DispatchQueue.main" || receiver == "Dispatch.DispatchQueue.main" { return ("DispatchQueue.main", "main") }
        guard !receiver.contains("("), !receiver.contains("["), !receiver.isEmpty else { return nil }
        let explicitSelf = s.isKeyword(r, .self)
        var name = receiver
        var memberOnly = explicitSelf
        if name.hasPrefix("Self.") {
            name.removeFirst(5)
            memberOnly = true
        }
        if !name.contains(".") {
            switch s.lookupVariable(name, at: dot, memberOnly: memberOnly) {
            case .variable(let d):
                return ProjectIndex.isSerialQueue(s.decls[d], in: s) ? (receiver, "decl:\(d)") : nil
            case .parameter(let f):
                guard let t = s.parameterType(name, of: f), t.contains(where: { s.is($0, "DispatchQueue") }) else { return nil }
                return (receiver, "param:\(f):\(name)")
            case .unknown:
                return nil
            }
        }
        // `self.storage.queue`: matched by name when it is named like a queue.
        let last = name.split(separator: ".").last.map(String.init) ?? name
        guard last.hasSuffix("queue") || last.hasSuffix("Queue") else { return nil }
        return (receiver, "text:\(receiver)")
    }

    /// Whether the function holding token `i` checks where it runs before syncing.
    public static func checksPlace(_ s: FileStructure, _ i: Int) -> Bool {
        guard let f = s.enclosingFunction(of: i) else { return false }
        let body = s.decls[f].body
        guard body >= 0 else { return false }
        let sc = s.scopes[body]
        for k in s.span(sc.open, sc.close) where s.code[k].kind == .identifier && Self.placeChecks.contains(s, k) { return true }
        return false
    }

    /// Where token `t` runs, walking out through closures run on the spot and `sync` closures of
    /// other queues: on `queue` (a closure of it, or main-actor code for the main queue), in a
    /// function's body (not known), or nil when a closure that runs elsewhere intervenes.
    public static func onQueue(_ s: FileStructure, from t: Int, queue: String) -> Place? {
        var sc = Int(s.scopeOf[t])
        while sc >= 0 {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let ci = scope.closure
                let c = s.closures[ci]
                // The closure passed to the inner call itself is not a context.
                if c.callee == t { break }
                let name = c.callee >= 0 ? s.text(c.callee) : ""
                if c.callee >= 0 && Self.onQueueMethods.contains(name) && s.isChar(c.callee - 1, UInt8(ascii: ".")),
                   let (_, key) = queueKey(s, dot: c.callee - 1) {
                    if key == queue { return .closure(ci) }
                    if Self.waitingMethods.contains(name) { break }
                    return nil
                }
                if queue == "main" && isMainActorClosure(s, c) { return .mainActor(token: c.callee >= 0 ? c.callee : c.open, what: "a main-actor closure") }
                if Self.onTheSpot.contains(name) { break }
                return nil
            case .functionBody, .accessorBlock:
                let d = scope.decl
                guard d >= 0 else { return nil }
                if queue == "main", let what = mainActorDecl(s, d) {
                    return .mainActor(token: s.decls[d].name >= 0 ? s.decls[d].name : s.decls[d].keyword, what: what)
                }
                if s.decls[d].kind == .accessor, s.decls[d].parent >= 0, s.decls[s.decls[d].parent].kind == .variable {
                    return .function(s.decls[d].parent)
                }
                return .function(d)
            case .typeBody:
                return nil
            default:
                break
            }
            sc = scope.parent
        }
        return nil
    }

    static func isMainActorClosure(_ s: FileStructure, _ c: Closure) -> Bool {
        if c.callee >= 0 && s.is(c.callee, "run") && s.isChar(c.callee - 1, UInt8(ascii: ".")) && s.is(c.callee - 2, "MainActor") { return true }
        // `{ @MainActor in … }`
        var j = c.open + 1
        while j < c.close && j < c.open + 4 {
            if s.is(j, "@MainActor") { return true }
            j += 1
        }
        return false
    }

    /// A description of why declaration `d` runs on the main actor, or nil.
    static func mainActorDecl(_ s: FileStructure, _ d: Int) -> String? {
        let decl = s.decls[d]
        if decl.modifiers.contains(.nonisolated) || decl.modifiers.contains(.nonisolatedUnsafe) { return nil }
        let fn = decl.nameText.isEmpty ? decl.kind.keyword : "'\(decl.nameText)'"
        if s.attributes(of: decl).contains(where: { s.is($0, "@MainActor") }) { return "@MainActor \(fn)" }
        var p = decl.parent
        while p >= 0 {
            let t = s.decls[p]
            if t.kind.isType {
                if s.attributes(of: t).contains(where: { s.is($0, "@MainActor") }) { return "\(fn) of @MainActor '\(t.nameText)'" }
                if let base = s.inheritedTypes(of: p).first(where: { Self.mainActorBases.contains($0.name) }) {
                    return "\(fn) of '\(t.nameText)', a \(base.name)"
                }
                return nil
            }
            if s.decls[p].modifiers.contains(.nonisolated) { return nil }
            p = t.parent
        }
        return nil
    }

    /// From member declaration `d`: a `sync` on `key` it reaches, through calls on `self`.
    public static func reach(_ d: Int, key: String, members: [SelfCalls.Member], syncing: [Int: [SyncCall]], s: FileStructure,
               visiting: inout Set<Int>) -> (sync: SyncCall, calls: [Int])? {
        guard visiting.count < 8, visiting.insert(d).inserted else { return nil }
        if let direct = syncing[d]?.first(where: { $0.queue == key }) { return (direct, []) }
        let body = s.decls[d].body
        guard body >= 0, !checksPlace(s, s.scopes[body].open + 1) else { return nil }
        let sc = s.scopes[body]
        var k = sc.open + 1
        while k < sc.close {
            defer { k += 1 }
            guard s.code[k].kind == .identifier, let m = calledMember(s, k, members) else { continue }
            guard case .function(let f)? = onQueue(s, from: k, queue: key), f == d else { continue }
            if let chain = reach(members[m].decl, key: key, members: members, syncing: syncing, s: s, visiting: &visiting) {
                return (chain.sync, [k] + chain.calls)
            }
        }
        return nil
    }

    static func shadowedByBinding(_ s: FileStructure, _ k: Int, _ name: String) -> Bool {
        guard let f = s.enclosingFunction(of: k), s.decls[f].body >= 0 else { return false }
        return s.bindsLocal(name, from: s.scopes[s.decls[f].body].open, at: k)
    }

    public static func collectMembers(_ name: String, _ s: FileStructure) -> [SelfCalls.Member] {
        s.callableMembers(ofTypeNamed: name).map { c in
            let m = s.decls[c]
            let isProperty = m.kind == .variable
            return SelfCalls.Member(decl: c, name: m.nameText, body: m.body, isProperty: isProperty,
                                    labels: isProperty ? [] : SelfCalls.parameterLabels(s, m))
        }
    }

    /// The member called (or computed property read) on `self` at token `k`.
    /// Whether a function named `name` declared inside a function or closure body (not a member)
    /// encloses the call at `k` in its scope: the bare call names that local function.
    static func hiddenByLocalFunction(_ s: FileStructure, _ k: Int, _ name: String) -> Bool {
        let here = Int(s.scopeOf[k])
        for d in s.functionDecls(named: name) where s.owningType(of: d) == nil && s.decls[d].parent >= 0 {
            let around = Int(s.scopeOf[s.decls[d].keyword])
            if around >= 0 && here >= 0 && s.scopes[around].kind != .typeBody && s.scope(here, isWithin: around) { return true }
        }
        return false
    }

    public static func calledMember(_ s: FileStructure, _ k: Int, _ members: [SelfCalls.Member]) -> Int? {
        let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
        guard onSelf, !s.isKeyword(k - 1, .func), !s.isKeyword(k - 1, .var), !s.isKeyword(k - 1, .let) else { return nil }
        let isCall = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "{")) && !s.code[k + 1].flags.contains(.newlineBefore))
        var labels: [String]? = nil
        for (n, m) in members.enumerated() where s.is(k, text: m.name) {
            if m.isProperty && (isCall || s.isChar(k + 1, UInt8(ascii: ":"))) { continue }
            if !m.isProperty && (!isCall || SelfCalls.isMethodReference(s, k)) { continue }
            // Overloads are told apart by their argument labels (`removePair(for:)` is not
            // `removePair(operationId:taskId:)`).
            if !m.isProperty && m.decl >= 0 && s.decls[m.decl].kind == .function {
                if labels == nil { labels = SelfCalls.argumentLabels(s, k) }
                if !SelfCalls.labelsMatch(labels!, m.labels) { continue }
            }
            // A parameter, local or closure parameter of that name hides the member; so does a
            // local function declared in a body around the call.
            if !s.isChar(k - 1, UInt8(ascii: ".")) {
                if hiddenByLocalFunction(s, k, m.name) { continue }
                switch s.lookupVariable(m.name, at: k) {
                case .parameter: continue
                case .variable(let d) where s.decls[d].parent >= 0 && s.decls[s.decls[d].parent].kind.isFunctionLike: continue
                case .unknown where shadowedByBinding(s, k, m.name): continue
                default: break
                }
            }
            return n
        }
        return nil
    }

    /// The static or global variable whose initializer runs token `t` while it initializes:
    /// directly, or inside immediately-invoked closures, closures run on the spot and `sync`
    /// closures. Nil for anything else (instance properties, functions, closures run later).
    public static func onceVariable(_ s: FileStructure, _ t: Int, syncToken: Int) -> Int? {
        var sc = Int(s.scopeOf[t])
        loop: while sc >= 0 {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                if c.callee == syncToken { break }
                let invoked = s.isChar(c.close + 1, UInt8(ascii: "(")) && !s.code[c.close + 1].flags.contains(.spaceBefore)
                let name = c.callee >= 0 ? s.text(c.callee) : ""
                if invoked || Self.onTheSpot.contains(name) || (Self.waitingMethods.contains(name) && s.isChar(c.callee - 1, UInt8(ascii: "."))) { break }
                return nil
            case .statement:
                break
            case .typeBody:
                break loop
            default:
                return nil
            }
            sc = scope.parent
        }
        guard let v = s.variableDeclarations(holding: t).first else { return nil }
        let d = s.decls[v]
        guard d.kind == .variable, !d.isComputed, d.initializer.contains(t) else { return nil }
        if d.parent < 0 {
            // Globals of `main.swift` are top-level code, run in order on the main thread.
            let file = s.file.path.split(separator: "/").last.map(String.init) ?? s.file.path
            return file == "main.swift" ? nil : v
        }
        return d.isStaticMember && s.decls[d.parent].kind.isType ? v : nil
    }

    /// Whether the initializer of `v` checks where it runs (`Thread.isMainThread`, …).
    public static func initializerChecksPlace(_ s: FileStructure, _ v: Int) -> Bool {
        s.decls[v].initializer.contains { s.code[$0].kind == .identifier && Self.placeChecks.contains(s, $0) }
    }

    /// A function the test runner calls: an XCTest `test…` method or `setUp`/`tearDown` of an
    /// `XCTestCase` subclass, or a `@Test` function. When no code of the file calls it too, it
    /// never runs as a callback on a queue.
    public static func isRunByTestRunner(_ s: FileStructure, _ f: Int) -> Bool {
        let d = s.decls[f]
        guard d.kind == .function else { return false }
        let runnerCalls: Bool
        if s.attributes(of: d).contains(where: { s.is($0, "@Test") }) {
            runnerCalls = true
        } else if d.nameText.hasPrefix("test") || ["setUp", "tearDown", "setUpWithError", "tearDownWithError"].contains(d.nameText),
                  let t = s.owningType(of: f) {
            let names = s.inheritedTypes(of: t).map(\.name) + s.typeDecls(named: s.decls[t].nameText).flatMap { s.inheritedTypes(of: $0).map(\.name) }
            runnerCalls = names.contains { $0 == "XCTestCase" || $0.hasSuffix("TestCase") }
        } else {
            runnerCalls = false
        }
        return runnerCalls
    }

    /// A `private`/`fileprivate` function or property (for an accessor, its property's modifiers).
    public static func isPrivate(_ s: FileStructure, _ f: Int) -> Bool {
        var d = s.decls[f]
        if d.kind == .accessor, d.parent >= 0 { d = s.decls[d.parent] }
        return d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)
    }
}
