import LockLintCore

/// `queue_sync_reentrancy`: `q.sync` from code that is already running on `q`.
public struct QueueSyncReentrancyRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "queue_sync_reentrancy",
        name: "Queue sync while on that queue",
        summary: "DispatchQueue.sync called from code already running on that serial queue, or that can be (a lazy static/global initializer syncing on main, a queue also handed out for callbacks), which deadlocks",
        rationale: """
            `sync` enqueues a block and waits for it to finish. On a serial queue the block cannot start until the \
            block that is running now returns; if the caller is that running block, it waits for itself and the \
            queue never moves again. The same holds for `DispatchQueue.main.sync` from code that runs on the main \
            thread: main-actor code, or a `DispatchQueue.main.async` closure. Using a queue's `sync` as a lock makes \
            this easy to do by accident, through a helper method that syncs again.
            """,
        fix: """
            Run the work directly where the code already is on the queue, and keep `sync` only at the entry points \
            that come from outside it (a private helper that expects to be on the queue, checked with \
            `dispatchPrecondition(condition: .onQueue(q))`). For state shared across threads, prefer a lock \
            (Mutex, OSAllocatedUnfairLock) or an actor to a queue used as one.
            """,
        knownLimits: """
            The queue must be `DispatchQueue.main`, or a property, local, global or parameter declared as a \
            DispatchQueue (created without `.concurrent`), or a receiver named like a queue (`self.storage.queue`), \
            matched by the same name. Code is on the queue in the body of a `sync`, `async`, `asyncAfter` or \
            `asyncAndWait` closure on it (also inside `sync` closures on other queues and closures run on the spot \
            such as forEach, nested in it), and, for the main queue, in @MainActor functions and types (and UIKit, \
            AppKit and SwiftUI view types), `MainActor.run` and `Task { @MainActor in }` closures. Calls are followed \
            through methods of the same type in the same file, on `self`. A function that checks where it runs \
            (DispatchQueue.getSpecific, Thread.isMainThread, dispatchPrecondition, MainActor.assumeIsolated) before \
            syncing is trusted and never reported; so is `DispatchQueue.main.sync` in a private function every call \
            of which in the file runs only off the main thread (under `if !Thread.isMainThread`, in the `else` of \
            `if Thread.isMainThread`, after `guard !Thread.isMainThread else { … }`, in the false arm of \
            `Thread.isMainThread ? … : …`, or in another such function). Reported at the inner `sync`, with notes at the call and the \
            outer closure. Two more places can deadlock: `DispatchQueue.main.sync` in the initializer of a static \
            or global variable (directly, in an immediately-invoked closure, or in a global or static function of \
            the same file called from it), which runs once under a lock that the main thread waits on when it \
            reads the variable while another thread initializes it; not reported when the initializer checks \
            `Thread.isMainThread` (or another place check), nor for instance, `lazy` or computed properties or \
            globals of `main.swift`. And `sync` on a serial queue property that its type also hands to other code \
            to call back on (an argument labelled `queue:`, `delegateQueue:`, `callbackQueue:`, \
            `completionQueue:` and the like to a function that is not declared in the file nor a class or actor \
            of the run, an OperationQueue's `underlyingQueue`, or the queue returned by a method or computed \
            property that is not private), when the sync is in \
            a method or computed property of that type. When every hand-out names the object that calls back \
            (`listener.start(queue: q)`, `let timer = DispatchSource.makeTimerSource(queue: q)`), every name that \
            object goes by is in the file (a local that goes nowhere but into private properties, a private \
            property, a parameter of a private function and the names its callers pass), and none also gets \
            `self` (a delegate, whose methods the tool cannot list), the callbacks are the closures and methods \
            handed to those objects in the file: the sync is reported only when one of them reaches it \
            (followed through the type's members by name), with a note at that callback. A test method, \
            `setUp`/`tearDown` or `@Test` function that no code of the file calls is run by the test runner, never \
            by a callback: its `queue.sync {}` (waiting for work sent before it) is not reported.
            """,
        triggeringExamples: [
            """
            final class Store {
                private let queue = DispatchQueue(label: "store")
                private var items: [String] = []
                func add(_ s: String) {
                    queue.async {
                        self.items.append(s)
                        let n = self.queue.↓sync { self.items.count }
                        print(n)
                    }
                }
            }
            """,
            """
            final class Store {
                private let queue = DispatchQueue(label: "store")
                private var items: [String] = []
                var count: Int { queue.↓sync { items.count } }
                func add(_ s: String) {
                    queue.sync {
                        items.append(s)
                        if count > 10 { items.removeFirst() }
                    }
                }
            }
            """,
            """
            @MainActor
            final class ViewModel {
                func refresh() {
                    DispatchQueue.main.↓sync { print("reload") }
                }
            }
            """,
            """
            func notify() {
                DispatchQueue.main.async {
                    DispatchQueue.main.↓sync { print("done") }
                }
            }
            """,
            """
            enum Metrics {
                static let scale: Double = {
                    DispatchQueue.main.↓sync { screenScale() }
                }()
            }
            """,
            """
            final class Watcher {
                private let queue = DispatchQueue(label: "watcher")
                private var events = 0
                func start() {
                    let timer = DispatchSource.makeTimerSource(queue: queue)
                    timer.setEventHandler { if self.count > 9 { timer.cancel() } }
                    timer.resume()
                }
                var count: Int { queue.↓sync { events } }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Store {
                private let queue = DispatchQueue(label: "store")
                private var items: [String] = []
                func add(_ s: String) { queue.async { self.items.append(s) } }
                func count() -> Int { queue.sync { items.count } }
            }
            """,
            """
            final class Store {
                private let queue = DispatchQueue(label: "store", attributes: .concurrent)
                func read() { queue.async { self.queue.sync { } } }
            }
            """,
            """
            func onMain<T>(_ work: () -> T) -> T {
                if Thread.isMainThread { return work() }
                return DispatchQueue.main.sync { work() }
            }
            """,
            """
            final class Two {
                private let a = DispatchQueue(label: "a")
                private let b = DispatchQueue(label: "b")
                func f() { a.async { self.b.sync { } } }
            }
            """,
            """
            final class Store {
                private let queue = DispatchQueue(label: "store")
                private let key = DispatchSpecificKey<Void>()
                func perform(_ work: () -> Void) {
                    if DispatchQueue.getSpecific(key: key) != nil { work() } else { queue.sync(execute: work) }
                }
                func outer() { queue.sync { perform { } } }
            }
            """,
            """
            enum Metrics {
                static let scale: Double = {
                    if Thread.isMainThread { return screenScale() }
                    return DispatchQueue.main.sync { screenScale() }
                }()
            }
            """,
            """
            final class Watcher {
                private let queue = DispatchQueue(label: "watcher")
                private var events = 0
                func start() {
                    let timer = DispatchSource.makeTimerSource(queue: queue)
                    timer.setEventHandler { self.events += 1 }
                    timer.resume()
                }
                var count: Int { queue.sync { events } }
            }
            """,
            """
            final class Screen: UIViewController {
                func refresh() {
                    if Thread.isMainThread { render() } else { renderOnMain() }
                }
                private func renderOnMain() { DispatchQueue.main.sync { self.render() } }
            }
            """,
            """
            final class Watcher {
                private let callbacks = DispatchQueue(label: "callbacks")
                private let state = DispatchQueue(label: "state")
                private var events = 0
                func start() {
                    let timer = DispatchSource.makeTimerSource(queue: callbacks)
                    timer.setEventHandler { self.state.async { self.events += 1 } }
                    timer.resume()
                }
                var count: Int { state.sync { events } }
            }
            """,
        ]
    )

    /// Methods whose closure runs on the receiving queue.
    static let onQueueMethods: Set<String> = ["sync", "async", "asyncAfter", "asyncAndWait", "asyncUnsafe"]
    /// Methods that wait for their block (the caller blocks until it has run).
    static let waitingMethods: Set<String> = ["sync", "asyncAndWait"]
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
    struct SyncCall {
        var token: Int
        var receiver: String
        var queue: String
    }

    enum Context {
        /// A closure passed to a method of the queue (index into `closures`).
        case closure(Int)
        /// Main-actor code: a declaration (function or type) or a closure token.
        case mainActor(token: Int, what: String)
        /// Reached the body of function-like declaration `decl` without leaving the queue's context.
        case function(Int)
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContainAny(["sync", "asyncAndWait"]) else { return [] }
        var calls: [SyncCall] = []
        for k in 2..<max(2, s.code.count) where s.code[k].kind == .identifier && s.isChar(k - 1, UInt8(ascii: ".")) {
            guard s.is(k, "sync") || s.is(k, "asyncAndWait") else { continue }
            guard s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) else { continue }
            guard let (receiver, queue) = queueKey(s, dot: k - 1) else { continue }
            calls.append(SyncCall(token: k, receiver: receiver, queue: queue))
        }
        guard !calls.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var reported = Set<Int>()
        var fromFunctions: [SyncCall] = []
        var placeChecked: [Int: Bool] = [:]
        var onceCandidates: [SyncCall] = []
        var mainSyncFunctions: [Int: SyncCall] = [:]
        var privateUses: [String: [Int]]? = nil
        for c in calls {
            // Asked once per function, not once per sync call in it.
            let f = s.enclosingFunction(of: c.token) ?? -1
            let checks = placeChecked[f] ?? checksPlace(s, c.token)
            placeChecked[f] = checks
            if checks { continue }
            switch onQueue(s, from: c.token, queue: c.queue) {
            case .closure(let ci)?:
                reported.insert(c.token)
                out.append(nested(c, outer: ci, context: context))
            case .mainActor(let token, let what)?:
                // Reached only off the main thread: under `if !Thread.isMainThread`, or in a
                // private helper every call of which is.
                if c.queue == "main" && offMainOnly(s, c.token, uses: &privateUses) { continue }
                reported.insert(c.token)
                out.append(mainActor(c, at: token, what: what, context: context))
            case .function(let d)?:
                fromFunctions.append(c)
                if c.queue == "main" && mainSyncFunctions[d] == nil { mainSyncFunctions[d] = c }
            case nil:
                if c.queue == "main" { onceCandidates.append(c) }
            }
        }
        out += viaCalls(fromFunctions, reported: &reported, context: context)
        out += onceInitializers(onceCandidates, functions: mainSyncFunctions, reported: &reported, context: context)
        out += handedOutQueues(fromFunctions, reported: &reported, context: context)
        return out
    }

    // MARK: Off the main thread

    /// Whether the code at token `t` runs only off the main thread: a branch whose condition says
    /// so (see `ThreadChecks`), or a private function every call of which in the file is in such
    /// a branch (or in such a function, two levels deep).
    func offMainOnly(_ s: FileStructure, _ t: Int, uses: inout [String: [Int]]?, depth: Int = 0) -> Bool {
        if ThreadChecks.offMainThread(s, at: t) { return true }
        guard depth < 2, let f = s.enclosingFunction(of: t), s.decls[f].kind == .function, isPrivate(s, f),
              s.enclosingClosure(of: t).map({ s.scope(s.closures[$0].scope, isWithin: s.decls[f].body) }) != true else { return false }
        if uses == nil { uses = s.privateFunctionUses() }
        let sites = (uses?[s.decls[f].nameText] ?? []).filter { $0 != s.decls[f].name }
        guard !sites.isEmpty, sites.count <= 16 else { return false }
        return sites.allSatisfy { k in s.isChar(k + 1, UInt8(ascii: "(")) && offMainOnly(s, k, uses: &uses, depth: depth + 1) }
    }

    // MARK: Queues

    /// The receiver's text and the queue's identity for the `.` at `dot`, when it is a serial queue.
    func queueKey(_ s: FileStructure, dot: Int) -> (String, String)? {
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
    func checksPlace(_ s: FileStructure, _ i: Int) -> Bool {
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
    func onQueue(_ s: FileStructure, from t: Int, queue: String) -> Context? {
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

    func isMainActorClosure(_ s: FileStructure, _ c: Closure) -> Bool {
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
    func mainActorDecl(_ s: FileStructure, _ d: Int) -> String? {
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

    // MARK: Messages

    func syncText(_ c: SyncCall, _ s: FileStructure) -> String { "'\(c.receiver).\(s.text(c.token))'" }

    func nested(_ c: SyncCall, outer ci: Int, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let outer = s.closures[ci]
        let method = s.text(outer.callee)
        let line = s.line(ofToken: outer.callee)
        let message = "\(syncText(c, s)) inside a '\(c.receiver).\(method)' closure (line \(line)) waits for the block it is running in: the serial queue deadlocks"
        let notes = [context.note(at: outer.callee, "this closure already runs on '\(c.receiver)'")]
        let fix = "run the work directly: this code is already on '\(c.receiver)', so call the closure's body without \(s.text(c.token))"
        return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    func mainActor(_ c: SyncCall, at token: Int, what: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let message = "\(syncText(c, s)) waits for the main queue, which is already running this code (\(what)): the main thread deadlocks"
        let notes = [context.note(at: token, "this runs on the main actor, on the main queue")]
        let fix = "call the closure's body directly: main-actor code already runs on the main queue"
        return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    // MARK: Through methods of the same type

    struct Member {
        var decl: Int
        var name: String
        var body: Int
        var isProperty: Bool
    }

    func viaCalls(_ syncs: [SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard !syncs.isEmpty else { return [] }
        var out: [Diagnostic] = []
        // Members (by declaration) whose body syncs on a queue, directly.
        var syncingMembers: [Int: [SyncCall]] = [:]
        for c in syncs {
            if case .function(let d)? = onQueue(s, from: c.token, queue: c.queue), s.owningType(of: d) != nil {
                syncingMembers[d, default: []].append(c)
            }
        }
        guard !syncingMembers.isEmpty else { return [] }
        // Outer contexts: closures passed to a queue method, in the same type.
        for (ci, oc) in s.closures.enumerated() where oc.callee >= 0 && s.isChar(oc.callee - 1, UInt8(ascii: ".")) {
            guard Self.onQueueMethods.contains(s.text(oc.callee)), let (receiver, key) = queueKey(s, dot: oc.callee - 1),
                  let typeDecl = s.enclosingType(of: oc.open) else { continue }
            let members = collectMembers(s.decls[typeDecl].nameText, s)
            guard !members.isEmpty else { continue }
            var k = oc.open + 1
            while k < oc.close {
                defer { k += 1 }
                guard s.code[k].kind == .identifier, let m = calledMember(s, k, members) else { continue }
                guard case .closure(let at)? = onQueue(s, from: k, queue: key), at == ci else { continue }
                var visiting = Set<Int>()
                guard let chain = reach(members[m].decl, key: key, members: members, syncing: syncingMembers, s: s, visiting: &visiting),
                      reported.insert(chain.sync.token).inserted else { continue }
                let method = s.text(oc.callee)
                let fnName = members[m].name
                let message = "\(syncText(chain.sync, s)) deadlocks when '\(fnName)' is called from the '\(receiver).\(method)' closure at line \(s.line(ofToken: oc.callee)), which already runs on '\(receiver)'"
                var notes = [context.note(at: k, "'\(fnName)' is called here, on '\(receiver)'")]
                for step in chain.calls { notes.append(context.note(at: step, "which calls '\(s.text(step))' here")) }
                notes.append(context.note(at: oc.callee, "this closure runs on '\(receiver)'"))
                let fix = "call a variant of '\(fnName)' that expects to be on '\(receiver)' (no \(s.text(chain.sync.token))) from the closure, or keep \(s.text(chain.sync.token)) only in entry points called from outside the queue"
                out.append(context.diagnostic(description, at: chain.sync.token, message: message, notes: notes, fixIt: FixIt(fix)))
            }
        }
        return out
    }

    /// From member declaration `d`: a `sync` on `key` it reaches, through calls on `self`.
    func reach(_ d: Int, key: String, members: [Member], syncing: [Int: [SyncCall]], s: FileStructure,
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

    func shadowedByBinding(_ s: FileStructure, _ k: Int, _ name: String) -> Bool {
        guard let f = s.enclosingFunction(of: k), s.decls[f].body >= 0 else { return false }
        return s.binds(name, in: s.span(s.scopes[s.decls[f].body].open, k))
    }

    func collectMembers(_ name: String, _ s: FileStructure) -> [Member] {
        s.callableMembers(ofTypeNamed: name).map { c in
            let m = s.decls[c]
            return Member(decl: c, name: m.nameText, body: m.body, isProperty: m.kind == .variable)
        }
    }

    /// The member called (or computed property read) on `self` at token `k`.
    func calledMember(_ s: FileStructure, _ k: Int, _ members: [Member]) -> Int? {
        let onSelf = !s.isChar(k - 1, UInt8(ascii: ".")) || (s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: ".")))
        guard onSelf, !s.isKeyword(k - 1, .func), !s.isKeyword(k - 1, .var), !s.isKeyword(k - 1, .let) else { return nil }
        let isCall = s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "{")) && !s.code[k + 1].flags.contains(.newlineBefore))
        for (n, m) in members.enumerated() where s.is(k, text: m.name) {
            if m.isProperty && (isCall || s.isChar(k + 1, UInt8(ascii: ":"))) { continue }
            if !m.isProperty && !isCall { continue }
            // A parameter, local or closure parameter of that name hides the member.
            if !s.isChar(k - 1, UInt8(ascii: ".")) {
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
}

// MARK: Initializers that run once under a lock

extension QueueSyncReentrancyRule {
    /// The static or global variable whose initializer runs token `t` while it initializes:
    /// directly, or inside immediately-invoked closures, closures run on the spot and `sync`
    /// closures. Nil for anything else (instance properties, functions, closures run later).
    func onceVariable(_ s: FileStructure, _ t: Int, syncToken: Int) -> Int? {
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
    func initializerChecksPlace(_ s: FileStructure, _ v: Int) -> Bool {
        s.decls[v].initializer.contains { s.code[$0].kind == .identifier && Self.placeChecks.contains(s, $0) }
    }

    func onceInitializers(_ candidates: [SyncCall], functions: [Int: SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        for c in candidates {
            guard let v = onceVariable(s, c.token, syncToken: c.token), !initializerChecksPlace(s, v),
                  reported.insert(c.token).inserted else { continue }
            out.append(onceDiagnostic(c, variable: v, call: nil, context: context))
        }
        guard !functions.isEmpty else { return out }
        // Functions of this file (global, or static in the initializer's type) called from a
        // once-initializer and syncing on the main queue in their own body.
        for (v, d) in s.decls.enumerated() where d.kind == .variable && !d.isComputed && !d.initializer.isEmpty && (d.parent < 0 || d.isStaticMember) {
            for k in d.initializer where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) {
                let qualified = s.isChar(k - 1, UInt8(ascii: "."))
                if qualified && !(s.is(k - 2, "Self") || (d.parent >= 0 && s.is(k - 2, text: s.decls[d.parent].nameText))) { continue }
                let name = s.text(k)
                guard let f = s.functionDecls(named: name).first(where: { f in
                    functions[f] != nil && (s.decls[f].parent < 0 && !qualified || s.decls[f].parent == d.parent && s.decls[f].isStaticMember)
                }), let sync = functions[f] else { continue }
                guard onceVariable(s, k, syncToken: -2) == v, !initializerChecksPlace(s, v), reported.insert(sync.token).inserted else { continue }
                out.append(onceDiagnostic(sync, variable: v, call: k, context: context))
            }
        }
        return out
    }

    func onceDiagnostic(_ c: SyncCall, variable v: Int, call: Int?, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let d = s.decls[v]
        let what = d.parent < 0 ? "global '\(d.nameText)'" : "static '\(d.nameText)'"
        let through = call.map { " (through '\(s.text($0))()' at line \(s.line(ofToken: $0)))" } ?? ""
        let message = "\(syncText(c, s)) in the initializer of \(what)\(through), which runs once under a lock: when the main thread first reads '\(d.nameText)' while another thread is initializing it, each waits for the other and both hang"
        var notes = [context.note(at: d.name >= 0 ? d.name : d.keyword, "'\(d.nameText)' is initialized lazily, once, under a lock that other threads reading it wait on")]
        if let k = call { notes.append(context.note(at: k, "'\(s.text(k))' is called here, during the initialization")) }
        let fix = "do not wait for the main queue while initializing '\(d.nameText)': check `Thread.isMainThread` and run the work directly on the main thread (sync only from other threads), or compute the value without the main queue"
        return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
    }
}

// MARK: Queues handed out as callback queues

extension QueueSyncReentrancyRule {
    /// Argument labels (and the `OperationQueue` property) that hand a queue to other code to call back on.
    static let callbackQueueLabels: Set<String> = [
        "delegateQueue", "queue", "callbackQueue", "completionQueue", "handlerQueue", "eventQueue", "responseQueue",
        "underlyingQueue",
    ]

    /// Where the type hands a queue out: the token of the queue there, and the object that runs
    /// callbacks on it when the code shows it (`listener.start(queue: q)`, `let timer =
    /// DispatchSource.makeTimerSource(queue: q)`), nil when it cannot (a queue returned to other
    /// code, an OperationQueue's `underlyingQueue`, `self` handed over too, as a delegate).
    struct HandOut {
        var token: Int
        var object: String?
        /// The statement that hands it out (its closures are callbacks of the object).
        var statement: Range<Int>
    }

    /// Where the type declaring queue property `q` hands it to other code to run callbacks on: an
    /// argument labelled like a callback queue to a function not declared in this file (nor an
    /// initializer of an actor or class of the run), an
    /// `underlyingQueue =` assignment, or a `return` of the queue from a method or computed property
    /// that is not private.
    func handOuts(_ context: RuleContext, queue q: Int) -> [HandOut] {
        let s = context.structure
        let d = s.decls[q]
        guard d.parent >= 0, s.decls[d.parent].kind.isType, s.decls[d.parent].body >= 0, !d.isStaticMember else { return [] }
        let body = s.scopes[s.decls[d.parent].body]
        var out: [HandOut] = []
        for k in s.span(body.open + 1, body.close) where s.code[k].kind == .identifier && s.is(k, text: d.nameText) {
            guard out.count < 16 else { break }
            let qualified = s.isChar(k - 1, UInt8(ascii: "."))
            if qualified && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
            // The queue itself, not a member of it.
            if s.isChar(k + 1, UInt8(ascii: ".")) || s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "[")) { continue }
            let before = qualified ? k - 3 : k - 1
            // Returned from a method or computed property other code can call (`return queue`, or a
            // body that is just the queue).
            let sc = Int(s.scopeOf[k])
            let wholeBody = sc >= 0 && s.scopes[sc].kind != .closure && s.scopes[sc].open == (qualified ? k - 3 : k - 1) && s.scopes[sc].close == k + 1
            if (s.isKeyword(before, .return) && s.enclosingClosure(of: k) == nil) || wholeBody {
                if let f = s.enclosingFunction(of: k), !isPrivate(s, f) { out.append(HandOut(token: k, object: nil, statement: k..<k + 1)) }
                continue
            }
            if s.isChar(before, UInt8(ascii: "=")) && s.is(before - 1, "underlyingQueue") {
                out.append(HandOut(token: k, object: nil, statement: k..<k + 1))
                continue
            }
            guard s.isChar(before, UInt8(ascii: ":")), before - 1 >= 0, s.code[before - 1].isWord,
                  Self.callbackQueueLabels.contains(s.text(before - 1)),
                  s.isChar(k + 1, UInt8(ascii: ",")) || s.isChar(k + 1, UInt8(ascii: ")")) else { continue }
            // The call's callee: not a function of this file (those are read like any other code).
            var j = before - 2
            var steps = 0
            while j > body.open && steps < 200 {
                if s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "]")) {
                    let m = Int(s.match[j])
                    if m >= 0 && m < j { j = m - 1; steps += 1; continue }
                }
                if s.isChar(j, UInt8(ascii: "(")) || s.isChar(j, UInt8(ascii: "{")) || s.isChar(j, UInt8(ascii: "}")) { break }
                j -= 1
                steps += 1
            }
            guard s.isChar(j, UInt8(ascii: "(")), j - 1 > body.open, s.code[j - 1].isWord else { continue }
            let callee = s.text(j - 1)
            if !s.functionDecls(named: callee).isEmpty || s.is(j - 1, "init") || s.is(j - 1, "DispatchQueue") { continue }
            // A type of the run (an actor using the queue as its executor, a class of the project):
            // the project's own code, not a framework calling back.
            if context.isActor(callee) || context.classFacts(callee) != nil { continue }
            out.append(handOutObject(s, token: k, callee: j - 1, open: j, limit: body.close))
        }
        return out
    }

    /// The object a queue is handed to at the call whose callee is at `callee`: the receiver of
    /// `object.start(queue: q)`, or the variable a creation is assigned to (`let timer =
    /// DispatchSource.makeTimerSource(queue: q)`). None when `self` is an argument of the call (a
    /// delegate: the type's own methods are the callbacks) or the object is not named.
    func handOutObject(_ s: FileStructure, token k: Int, callee: Int, open: Int, limit: Int) -> HandOut {
        let close = Int(s.match[open])
        let end = s.statementEnd(from: max(close, open), limit: limit)
        var start = callee
        if s.isChar(callee - 1, UInt8(ascii: ".")) { start = LockRegions.receiverStart(s, dot: callee - 1) }
        let statement = max(0, start)..<end
        guard start >= 0, close > open,
              !s.span(open + 1, close).contains(where: { s.isKeyword($0, .self) && !s.isChar($0 + 1, UInt8(ascii: ".")) && !s.isChar($0 + 1, UInt8(ascii: "?")) })
        else { return HandOut(token: k, object: nil, statement: statement) }
        var object: String? = nil
        if start < callee {
            // `object.method(queue: q)`, unless the receiver is a type (`DispatchSource.make…`).
            let receiver = LockRegions.normalized(s.text(s.span(start, callee - 1)))
            var plain = receiver.hasPrefix("self.") ? String(receiver.dropFirst(5)) : receiver
            while plain.last == "?" || plain.last == "!" { plain.removeLast() }
            if let first = plain.first, first.isLowercase, !plain.contains("(") { object = plain }
        }
        if object == nil {
            // `let x = …(queue: q)`, `x = …`, `self.x = …`
            let eq = start - 1
            if eq >= 1 && s.isChar(eq, UInt8(ascii: "=")) && s.code[eq - 1].kind == .identifier { object = s.text(eq - 1) }
        }
        return HandOut(token: k, object: object, statement: statement)
    }

    /// What runs on a handed-out queue when every hand-out names its object: the closures handed
    /// to those objects (in statements on them, or in the hand-out itself), and the members those
    /// closures call, followed through the type's members. Nil when some object also gets `self`
    /// (a delegate) or a hand-out names no object: then the callbacks are not all visible.
    struct Callbacks {
        /// Closures that run on the queue: the `{` of each, and its range.
        var closures: [(open: Int, range: Range<Int>)] = []
        /// Members reached from them, with the callback closure that reaches each.
        var members: [Int: Int] = [:]
    }

    /// What the callback questions need from the whole file, worked out once: the names used as
    /// receivers (`x.`, `x?.`) with their tokens, and the uses of the file's private functions.
    struct CallbackIndex {
        var receivers: [String: [Int]]? = nil
        var privateUses: [String: [Int]]? = nil

        mutating func build(_ s: FileStructure) {
            guard receivers == nil else { return }
            var out: [String: [Int]] = [:]
            for k in 0..<s.code.count where s.code[k].kind == .identifier
                && (s.isChar(k + 1, UInt8(ascii: ".")) || ((s.isChar(k + 1, UInt8(ascii: "?")) || s.isChar(k + 1, UInt8(ascii: "!"))) && s.isChar(k + 2, UInt8(ascii: ".")))) {
                // On its own or on `self`, not a member of something else.
                if s.isChar(k - 1, UInt8(ascii: ".")) && !(s.isKeyword(k - 2, .self) && !s.isChar(k - 3, UInt8(ascii: "."))) { continue }
                out[s.text(k), default: []].append(k)
            }
            receivers = out
            privateUses = s.privateFunctionUses()
        }
    }

    func callbacks(_ s: FileStructure, of handOuts: [HandOut], type t: Int, index: inout CallbackIndex) -> Callbacks? {
        index.build(s)
        var objects = Set<String>()
        for h in handOuts {
            guard let o = h.object, let names = namesOf(s, object: o, at: h.token, uses: index.privateUses ?? [:]) else { return nil }
            objects.formUnion(names)
        }
        guard s.decls[t].body >= 0 else { return nil }
        var statements = handOuts.map(\.statement)
        // Statements on the objects anywhere in the file (a name used for another object too only
        // adds callbacks): `timer.setEventHandler { }`, `listener.stateUpdateHandler = { }`.
        for o in objects {
            for k in index.receivers?[o] ?? [] {
                guard statements.count < 64 else { return nil }
                let sc = Int(s.scopeOf[k])
                statements.append(k..<s.statementEnd(from: k, limit: sc >= 0 ? s.scopes[sc].close : s.code.count))
            }
        }
        var out = Callbacks()
        var memberCallbacks: [(decl: Int, via: Int)] = []
        let members = Dictionary(grouping: collectMembers(s.decls[t].nameText, s), by: \.name)
        let memberNames = NameSet(Set(members.keys))
        for r in statements {
            var k = r.lowerBound
            while k < r.upperBound {
                if s.isChar(k, UInt8(ascii: "{")) {
                    let m = Int(s.match[k])
                    if m > k {
                        out.closures.append((k, k..<m + 1))
                        k = m + 1
                        continue
                    }
                }
                // `self` handed over (a delegate): its methods are callbacks the tool cannot list.
                if s.isKeyword(k, .self) && !s.isChar(k + 1, UInt8(ascii: ".")) && !s.isChar(k + 1, UInt8(ascii: "?")) { return nil }
                // A method handed over by name: `handler = self.tick`, `= tick`.
                if s.code[k].kind == .identifier && !s.isChar(k + 1, UInt8(ascii: "(")) && memberNames.contains(s, k),
                   let m = members[s.text(k)]?.first(where: { !$0.isProperty }) {
                    memberCallbacks.append((m.decl, k))
                }
                k += 1
            }
        }
        // Members reached from the callbacks, breadth first: any call of a member's name counts.
        var queue: [(decl: Int, via: Int)] = memberCallbacks
        for c in out.closures { queue += calledMembers(s, in: c.range, members, memberNames).map { ($0, c.open) } }
        var next = 0
        while next < queue.count && next < 512 {
            let (d, via) = queue[next]
            next += 1
            guard out.members[d] == nil else { continue }
            out.members[d] = via
            if s.decls[d].body >= 0 {
                queue += calledMembers(s, in: s.scopes[s.decls[d].body].interior, members, memberNames).map { ($0, via) }
            }
        }
        return out
    }

    /// The names under which the object a queue is handed to (`object`, named at token `at`) can
    /// be given callbacks, when all of them are in this file: a local that goes nowhere but into
    /// private properties (those join it), a private property, or a parameter of a private function
    /// (the names its callers pass join it). Nil when code elsewhere may hold it: a property other
    /// files can reach, a local that escapes (returned, passed on), a parameter of a function
    /// others can call.
    func namesOf(_ s: FileStructure, object o: String, at k: Int, uses: [String: [Int]], depth: Int = 0) -> Set<String>? {
        guard depth < 3 else { return nil }
        switch s.lookupVariable(o, at: k) {
        case .variable(let d):
            let v = s.decls[d]
            if v.parent >= 0 && s.decls[v.parent].kind.isType {
                return v.modifiers.contains(.private) || v.modifiers.contains(.fileprivate) ? [o] : nil
            }
            guard v.parent >= 0, s.decls[v.parent].kind.isFunctionLike, s.decls[v.parent].body >= 0 else { return nil }
            var names: Set<String> = [o]
            for u in s.scopes[s.decls[v.parent].body].interior where s.code[u].kind == .identifier && s.is(u, text: o) && u != v.name {
                if s.isChar(u + 1, UInt8(ascii: ".")) || s.isChar(u + 2, UInt8(ascii: ".")) && (s.isChar(u + 1, UInt8(ascii: "?")) || s.isChar(u + 1, UInt8(ascii: "!"))) { continue }
                if s.isChar(u - 1, UInt8(ascii: ".")) { continue }  // a member of something else
                // `property = o`, `self.property = o`: a private property of the type keeps it.
                guard s.isChar(u - 1, UInt8(ascii: "=")), s.startsStatementAfter(u), u >= 2, s.code[u - 2].kind == .identifier,
                      let kept = namesOf(s, object: s.text(u - 2), at: u - 2, uses: uses, depth: depth + 1) else { return nil }
                names.formUnion(kept)
            }
            return names
        case .parameter(let f):
            let fn = s.decls[f]
            guard fn.kind == .function, fn.modifiers.contains(.private) || fn.modifiers.contains(.fileprivate) else { return nil }
            var names: Set<String> = [o]
            for call in uses[fn.nameText] ?? [] where call != fn.name {
                guard s.isChar(call + 1, UInt8(ascii: "(")) else { return nil }
                let close = Int(s.match[call + 1])
                guard close > call + 1 else { return nil }
                // The names the callers pass (every plain name among the arguments).
                for a in s.span(call + 2, close) where s.code[a].kind == .identifier && !s.isChar(a + 1, UInt8(ascii: ":")) && !s.isChar(a - 1, UInt8(ascii: ".")) {
                    names.insert(s.text(a))
                }
            }
            return names
        case .unknown:
            return nil
        }
    }

    /// The members whose name is called (or, for computed properties, read) in `range`.
    func calledMembers(_ s: FileStructure, in range: Range<Int>, _ members: [String: [Member]], _ names: NameSet) -> [Int] {
        var out: [Int] = []
        for k in range where s.code[k].kind == .identifier && names.contains(s, k) {
            for m in members[s.text(k)] ?? [] where m.isProperty || s.isChar(k + 1, UInt8(ascii: "(")) || s.isChar(k + 1, UInt8(ascii: "{")) {
                out.append(m.decl)
            }
        }
        return out
    }

    /// A function the test runner calls: an XCTest `test…` method or `setUp`/`tearDown` of an
    /// `XCTestCase` subclass, or a `@Test` function. When no code of the file calls it too, it
    /// never runs as a callback on a queue.
    func isRunByTestRunner(_ s: FileStructure, _ f: Int) -> Bool {
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
    func isPrivate(_ s: FileStructure, _ f: Int) -> Bool {
        var d = s.decls[f]
        if d.kind == .accessor, d.parent >= 0 { d = s.decls[d.parent] }
        return d.modifiers.contains(.private) || d.modifiers.contains(.fileprivate)
    }

    func handedOutQueues(_ syncs: [SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var handOutsOf: [Int: [HandOut]] = [:]
        var callbacksOf: [Int: Callbacks?] = [:]
        var fileIndex = CallbackIndex()
        // One finding per queue, at its first such sync; the others are notes: one mistake, one fix.
        var first: [Int: Int] = [:]
        var candidates: [(sync: SyncCall, queue: Int, function: Int)] = []
        for c in syncs where !reported.contains(c.token) && c.queue.hasPrefix("decl:") {
            guard let q = Int(c.queue.dropFirst(5)), s.decls.indices.contains(q) else { continue }
            guard case .function(let f)? = onQueue(s, from: c.token, queue: c.queue), s.decls[f].kind == .function || s.decls[f].kind == .variable,
                  s.owningType(of: f) == s.decls[q].parent else { continue }
            candidates.append((c, q, f))
        }
        // Functions the test runner calls, and whether code of the file calls them too (one pass).
        let runnerCalled = Set(candidates.map(\.function).filter { isRunByTestRunner(s, $0) })
        let uses = s.uses(of: Set(runnerCalled.map { s.decls[$0].nameText }))
        for (c, q, f) in candidates {
            let hs = handOutsOf[q] ?? handOuts(context, queue: q)
            handOutsOf[q] = hs
            guard let at = hs.first?.token else { continue }
            // Run by the test runner and called by nothing else: never a callback.
            if runnerCalled.contains(f) && (uses[s.decls[f].nameText] ?? []).allSatisfy({ $0 == s.decls[f].name }) { continue }
            // Every callback that runs on the queue is in sight: the sync deadlocks only if one reaches it.
            if callbacksOf[q] == nil { callbacksOf[q] = .some(callbacks(s, of: hs, type: s.decls[q].parent, index: &fileIndex)) }
            var reachedVia: Int? = nil
            if let known = callbacksOf[q] ?? nil {
                reachedVia = known.members[f] ?? known.closures.first { $0.range.contains(c.token) }?.open
                if reachedVia == nil { continue }
            }
            guard reported.insert(c.token).inserted else { continue }
            if let k = first[q] {
                out[k].notes.append(context.note(at: c.token, "'\(c.receiver)' is also waited on with sync here"))
                continue
            }
            first[q] = out.count
            let qualified = s.isChar(at - 1, UInt8(ascii: "."))
            let before = qualified ? at - 3 : at - 1
            let how = s.isKeyword(before, .return) || s.isChar(before, UInt8(ascii: "{")) ? "returns it to other code"
                : s.isChar(before, UInt8(ascii: "=")) ? "makes it an OperationQueue's 'underlyingQueue'"
                : "passes it as '\(s.text(s.isChar(at - 1, UInt8(ascii: ".")) ? at - 4 : at - 2))'"
            let message = reachedVia == nil
                ? "\(syncText(c, s)) on a queue this type also hands out for callbacks (it \(how) at line \(s.line(ofToken: at))): a callback running on '\(c.receiver)' that reaches this sync waits for itself and the queue deadlocks"
                : "\(syncText(c, s)) on a queue this type also hands out for callbacks (it \(how) at line \(s.line(ofToken: at))), and a callback that runs on '\(c.receiver)' reaches this sync: it waits for itself and the queue deadlocks"
            var notes = [context.note(at: at, "'\(c.receiver)' is handed out here: callbacks run on it")]
            if let via = reachedVia { notes.append(context.note(at: via, "this callback runs on '\(c.receiver)' and reaches the sync")) }
            let fix = "keep the queue handed out for callbacks separate from the one used with sync (a private queue or a lock for the state), or check with a DispatchSpecificKey whether the code already runs on '\(c.receiver)' and do the work directly"
            out.append(context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix)))
        }
        return out
    }
}
