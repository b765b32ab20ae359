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
            `Thread.isMainThread ? … : …`, also spelt `Thread.current.isMainThread`, or in another such function). Reported at the inner `sync`, with notes at the call and the \
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
            object goes by is in the file (a local that, from its declaration on, goes nowhere but into private \
            properties (`self.listener = listener` is the property; `listener` before the local's declaration is not the local), a private \
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

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContainAny(["sync", "asyncAndWait"]) else { return [] }
        let calls = QueueReach.syncCalls(s)
        guard !calls.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var reported = Set<Int>()
        var fromFunctions: [QueueReach.SyncCall] = []
        var placeChecked: [Int: Bool] = [:]
        var onceCandidates: [QueueReach.SyncCall] = []
        var mainSyncFunctions: [Int: QueueReach.SyncCall] = [:]
        var privateUses: [String: [Int]]? = nil
        for c in calls {
            // Asked once per function, not once per sync call in it.
            let f = s.enclosingFunction(of: c.token) ?? -1
            let checks = placeChecked[f] ?? QueueReach.checksPlace(s, c.token)
            placeChecked[f] = checks
            if checks { continue }
            switch QueueReach.onQueue(s, from: c.token, queue: c.queue) {
            case .closure(let ci)?:
                reported.insert(c.token)
                out.append(nested(c, outer: ci, context: context))
            case .mainActor(let token, let what)?:
                // Reached only off the main thread: under `if !Thread.isMainThread`, or in a
                // private helper every call of which is.
                if c.queue == "main" && QueueReach.offMainOnly(s, c.token, uses: &privateUses) { continue }
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

    // MARK: Messages

    func syncText(_ c: QueueReach.SyncCall, _ s: FileStructure) -> String { "'\(c.receiver).\(s.text(c.token))'" }

    func nested(_ c: QueueReach.SyncCall, outer ci: Int, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let outer = s.closures[ci]
        let method = s.text(outer.callee)
        let line = s.line(ofToken: outer.callee)
        // A `DispatchQueue.main.sync` between them runs this code on the main thread while the
        // block on the queue waits for it: the same deadlock, but not "already on the queue".
        if let hop = mainHop(s, from: c.token, upTo: ci) {
            let hopLine = s.line(ofToken: s.closures[hop].callee)
            let message = "\(syncText(c, s)) waits for '\(c.receiver)', whose block (line \(line)) is itself waiting for this code through 'DispatchQueue.main.\(s.text(s.closures[hop].callee))' (line \(hopLine)): the queues deadlock"
            let notes = [context.note(at: outer.callee, "this block runs on '\(c.receiver)' and waits until the main-queue block at line \(hopLine) ends")]
            let fix = "do not wait for '\(c.receiver)' from code its own running block waits for: do this work in that block before it waits (it runs on '\(c.receiver)' there), or submit it with async"
            return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
        }
        let message = "\(syncText(c, s)) inside a '\(c.receiver).\(method)' closure (line \(line)) waits for the block it is running in: the serial queue deadlocks"
        let notes = [context.note(at: outer.callee, "this closure already runs on '\(c.receiver)'")]
        let fix = "run the work directly: this code is already on '\(c.receiver)', so call the closure's body without \(s.text(c.token))"
        return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    /// The closure of a waiting call on the main queue (`DispatchQueue.main.sync { }`) between
    /// token `t` and closure `outer`, which holds it; nil when there is none.
    func mainHop(_ s: FileStructure, from t: Int, upTo outer: Int) -> Int? {
        var sc = Int(s.scopeOf[t])
        while sc >= 0 {
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let ci = scope.closure
                if ci == outer { return nil }
                let c = s.closures[ci]
                if c.callee >= 0, c.callee != t, QueueReach.waitingMethods.contains(s.text(c.callee)), s.isChar(c.callee - 1, UInt8(ascii: ".")),
                   let (_, key) = QueueReach.queueKey(s, dot: c.callee - 1), key == "main" {
                    return ci
                }
            }
            sc = scope.parent
        }
        return nil
    }

    func mainActor(_ c: QueueReach.SyncCall, at token: Int, what: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let message = "\(syncText(c, s)) waits for the main queue, which is already running this code (\(what)): the main thread deadlocks"
        let notes = [context.note(at: token, "this runs on the main actor, on the main queue")]
        let fix = "call the closure's body directly: main-actor code already runs on the main queue"
        return context.diagnostic(description, at: c.token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    // MARK: Through methods of the same type

    func viaCalls(_ syncs: [QueueReach.SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard !syncs.isEmpty else { return [] }
        var out: [Diagnostic] = []
        // Members (by declaration) whose body syncs on a queue, directly.
        var syncingMembers: [Int: [QueueReach.SyncCall]] = [:]
        for c in syncs {
            if case .function(let d)? = QueueReach.onQueue(s, from: c.token, queue: c.queue), s.owningType(of: d) != nil {
                syncingMembers[d, default: []].append(c)
            }
        }
        guard !syncingMembers.isEmpty else { return [] }
        // Outer contexts: closures passed to a queue method, in the same type.
        for (ci, oc) in s.closures.enumerated() where oc.callee >= 0 && s.isChar(oc.callee - 1, UInt8(ascii: ".")) {
            guard QueueReach.onQueueMethods.contains(s.text(oc.callee)), let (receiver, key) = QueueReach.queueKey(s, dot: oc.callee - 1),
                  let typeDecl = s.enclosingType(of: oc.open) else { continue }
            let members = QueueReach.collectMembers(s.decls[typeDecl].nameText, s)
            guard !members.isEmpty else { continue }
            var k = oc.open + 1
            while k < oc.close {
                defer { k += 1 }
                guard s.code[k].kind == .identifier, let m = QueueReach.calledMember(s, k, members) else { continue }
                guard case .closure(let at)? = QueueReach.onQueue(s, from: k, queue: key), at == ci else { continue }
                var visiting = Set<Int>()
                guard let chain = QueueReach.reach(members[m].decl, key: key, members: members, syncing: syncingMembers, s: s, visiting: &visiting),
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

}

// MARK: Initializers that run once under a lock

extension QueueSyncReentrancyRule {
    func onceInitializers(_ candidates: [QueueReach.SyncCall], functions: [Int: QueueReach.SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        for c in candidates {
            guard let v = QueueReach.onceVariable(s, c.token, syncToken: c.token), !QueueReach.initializerChecksPlace(s, v),
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
                guard QueueReach.onceVariable(s, k, syncToken: -2) == v, !QueueReach.initializerChecksPlace(s, v), reported.insert(sync.token).inserted else { continue }
                out.append(onceDiagnostic(sync, variable: v, call: k, context: context))
            }
        }
        return out
    }

    func onceDiagnostic(_ c: QueueReach.SyncCall, variable v: Int, call: Int?, context: RuleContext) -> Diagnostic {
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
    func handedOutQueues(_ syncs: [QueueReach.SyncCall], reported: inout Set<Int>, context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var handOutsOf: [Int: [QueueHandOuts.HandOut]] = [:]
        var callbacksOf: [Int: QueueHandOuts.Callbacks?] = [:]
        var fileIndex = QueueHandOuts.CallbackIndex()
        // One finding per queue, at its first such sync; the others are notes: one mistake, one fix.
        var first: [Int: Int] = [:]
        var candidates: [(sync: QueueReach.SyncCall, queue: Int, function: Int)] = []
        for c in syncs where !reported.contains(c.token) && c.queue.hasPrefix("decl:") {
            guard let q = Int(c.queue.dropFirst(5)), s.decls.indices.contains(q) else { continue }
            guard case .function(let f)? = QueueReach.onQueue(s, from: c.token, queue: c.queue), s.decls[f].kind == .function || s.decls[f].kind == .variable,
                  s.owningType(of: f) == s.decls[q].parent else { continue }
            candidates.append((c, q, f))
        }
        // Functions the test runner calls, and whether code of the file calls them too (one pass).
        let runnerCalled = Set(candidates.map(\.function).filter { QueueReach.isRunByTestRunner(s, $0) })
        let uses = s.uses(of: Set(runnerCalled.map { s.decls[$0].nameText }))
        for (c, q, f) in candidates {
            let hs = handOutsOf[q] ?? QueueHandOuts.handOuts(context, queue: q)
            handOutsOf[q] = hs
            guard let at = hs.first?.token else { continue }
            // Run by the test runner and called by nothing else: never a callback.
            if runnerCalled.contains(f) && (uses[s.decls[f].nameText] ?? []).allSatisfy({ $0 == s.decls[f].name }) { continue }
            // Every callback that runs on the queue is in sight: the sync deadlocks only if one reaches it.
            if callbacksOf[q] == nil { callbacksOf[q] = .some(QueueHandOuts.callbacks(s, of: hs, type: s.decls[q].parent, index: &fileIndex)) }
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
