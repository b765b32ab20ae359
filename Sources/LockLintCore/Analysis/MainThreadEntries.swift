/// Code the main thread runs that no isolation attribute marks, judged by how the code is
/// started:
/// - an `@IBAction` method: the interface calls it on the main thread;
/// - the `#selector` target of `addObserver(self, selector: #selector(f), name: …)` for a
///   notification the application object posts about its own life (became active, resigns
///   active, enters the background or foreground, terminates, finished launching, memory
///   warning): they are posted on the main thread, and an observer runs where a notification is
///   posted; only a private method the file never calls itself (a direct call may come from anywhere);
/// - a timer or display link added to the main run loop (`RunLoop.main.add(t, forMode:)`,
///   `link.add(to: .main, forMode:)`): the closure it is made with and its `#selector` target
///   run there; a dispatch timer made with `queue: .main` (or `DispatchQueue.main`): its
///   `setEventHandler { }` block runs there;
/// - `Timer.scheduledTimer(…) { }` runs its block on the run loop of the thread that scheduled
///   it: on main when the scheduling code is (see `GuardRegions.assertions(around:)`);
/// - the closure handed to a function of the file whose one closure parameter it calls only on
///   the main thread: in the branch of `if Thread.isMainThread`, past `guard Thread.isMainThread
///   else { … }`, inside `DispatchQueue.main.async { }`, or handed to it (`execute: block`)
///   (`runOnMain { … }`, a helper that runs it at once when on main and hops there otherwise).
/// A target or timer the file cannot tie to one of these is not main.
public struct MainThreadEntries: Sendable {
    /// Method names of the file that run on the main thread when the run loop or notification
    /// centre calls them.
    public var selectorTargets: Set<String> = []
    /// Names bound to a timer, display link or dispatch timer that runs on the main thread, each
    /// with the function or closure that binds it (`exec:name`): the same name in another
    /// function is another timer.
    var mainTimers: Set<String> = []
    /// Functions of the file that run their one closure parameter on the main thread only.
    var mainRunners: Set<String> = []

    static func key(_ s: FileStructure, _ k: Int) -> String { "\(s.enclosingExecutable(of: k) ?? -1):\(s.text(k))" }

    /// Notifications the application object posts on the main thread about its own life.
    static let lifecycleNotifications = NameSet([
        "didBecomeActiveNotification", "willResignActiveNotification", "didEnterBackgroundNotification",
        "willEnterForegroundNotification", "willTerminateNotification", "didFinishLaunchingNotification",
        "didReceiveMemoryWarningNotification", "willBecomeActiveNotification", "didResignActiveNotification",
        "willFinishLaunchingNotification", "didHideNotification", "didUnhideNotification",
        "UIApplicationDidBecomeActive", "UIApplicationWillResignActive", "UIApplicationDidEnterBackground",
        "UIApplicationWillEnterForeground", "UIApplicationWillTerminate", "UIApplicationDidReceiveMemoryWarning",
    ])

    public init(_ s: FileStructure) {
        let timers = s.identifiers.mayContainAny(["RunLoop", "makeTimerSource", "add"])
        let observers = s.identifiers.mayContain("addObserver")
        if s.identifiers.mayContain("main") { mainRunners = Self.mainRunners(s) }
        guard timers || observers else { return }
        let n = s.code.count
        // Names added to the main run loop, and dispatch timers made on the main queue.
        var onMainLoop = Set<String>()
        if timers {
            for k in 2..<max(2, n - 3) where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && s.isChar(k - 1, UInt8(ascii: ".")) {
                if s.is(k, "add") {
                    // `RunLoop.main.add(t, forMode: …)`
                    if s.is(k - 2, "main") && s.isChar(k - 3, UInt8(ascii: ".")) && s.is(k - 4, "RunLoop"), s.code[k + 2].kind == .identifier {
                        onMainLoop.insert(Self.key(s, k + 2))
                    }
                    // `link.add(to: .main, forMode: …)` / `link.add(to: RunLoop.main, …)`
                    if s.is(k + 2, "to") && s.isChar(k + 3, UInt8(ascii: ":")) && Self.isMainValue(s, k + 4, type: "RunLoop"),
                       s.code[k - 2].kind == .identifier {
                        onMainLoop.insert(Self.key(s, k - 2))
                    }
                } else if s.is(k, "makeTimerSource"), let name = Self.boundName(s, call: k - 2) {
                    let bound = "\(s.enclosingExecutable(of: k) ?? -1):\(name)"
                    let close = Int(s.match[k + 1])
                    var j = k + 2
                    while j + 2 < close {
                        if s.is(j, "queue") && s.isChar(j + 1, UInt8(ascii: ":")) && Self.isMainValue(s, j + 2, type: "DispatchQueue") {
                            mainTimers.insert(bound)
                            break
                        }
                        j += 1
                    }
                }
            }
        }
        // Timers and display links bound to a name added to the main run loop: their targets.
        if !onMainLoop.isEmpty {
            for k in 0..<n where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "=")) && onMainLoop.contains(Self.key(s, k)) {
                guard k + 2 < n, s.code[k + 2].kind == .identifier else { continue }
                mainTimers.insert(Self.key(s, k))
                var open = k + 3
                if s.isChar(open, UInt8(ascii: ".")) && s.is(open + 1, "init") { open += 2 }
                guard s.isChar(open, UInt8(ascii: "(")) else { continue }
                if let f = Self.selectorArgument(s, open: open) { selectorTargets.insert(f) }
            }
        }
        if observers {
            for k in 2..<max(2, n - 3) where s.code[k].kind == .identifier && s.is(k, "addObserver") && s.isChar(k + 1, UInt8(ascii: "("))
                && s.isKeyword(k + 2, .self) && s.isChar(k + 3, UInt8(ascii: ",")) {
                let close = Int(s.match[k + 1])
                var lifecycle = false
                var j = k + 4
                while j < close {
                    if s.is(j, "name") && s.isChar(j + 1, UInt8(ascii: ":")) {
                        // The notification's name: the last name before the next argument.
                        var e = j + 2
                        while e < close && !s.isChar(e, UInt8(ascii: ",")) { e += 1 }
                        var last = e - 1
                        while last > j + 1 && s.code[last].kind != .identifier { last -= 1 }
                        lifecycle = Self.lifecycleNotifications.contains(s, last)
                        break
                    }
                    j += 1
                }
                if lifecycle, let f = Self.selectorArgument(s, open: k + 1) { selectorTargets.insert(f) }
            }
        }
        // A target other files can call may run wherever they call it.
        selectorTargets = selectorTargets.filter { name in
            let decls = s.functionDecls(named: name)
            return !decls.isEmpty && decls.allSatisfy { QueueReach.isPrivate(s, $0) }
        }
        guard !selectorTargets.isEmpty else { return }
        // A target the file also calls directly may run wherever that call runs.
        for k in 1..<n where s.code[k].kind == .identifier && s.isChar(k + 1, UInt8(ascii: "(")) && selectorTargets.contains(s.text(k))
            && !s.is(k - 2, "selector") && !(s.isChar(k - 1, UInt8(ascii: ".")) && s.is(k - 4, "selector")) && Self.isDirectCall(s, k) {
            selectorTargets.remove(s.text(k))
        }
    }

    /// Functions of the file whose one closure parameter runs only on the main thread; a name
    /// also declared otherwise in the file is left out.
    static func mainRunners(_ s: FileStructure) -> Set<String> {
        var out = Set<String>()
        var other = Set<String>()
        for di in s.decls.indices where s.decls[di].kind == .function && s.decls[di].body >= 0 {
            let name = s.decls[di].nameText
            let params = GuardLogExtractor.closureParameters(s, di, escaping: true)
            if params.count == 1 && runsOnlyOnMain(s, params[0], of: di) { out.insert(name) } else { other.insert(name) }
        }
        return out.subtracting(other)
    }

    /// Whether the body of function `di` uses closure parameter `name` only by calling it on the
    /// main thread or handing it to the main queue, at least once.
    static func runsOnlyOnMain(_ s: FileStructure, _ name: String, of di: Int) -> Bool {
        let body = s.decls[di].body
        var uses = 0
        for k in s.scopes[body].interior where s.code[k].kind == .identifier && s.is(k, text: name) {
            if s.isChar(k - 1, UInt8(ascii: ".")) && !s.isKeyword(k - 2, .self) { continue }
            if s.isChar(k + 1, UInt8(ascii: ":")) { continue }
            uses += 1
            // `DispatchQueue.main.async(execute: block)`
            if s.isChar(k - 1, UInt8(ascii: ":")) && s.is(k - 2, "execute") && s.isChar(k - 3, UInt8(ascii: "(")) {
                let m = k - 4
                if m >= 4 && (s.is(m, "async") || s.is(m, "sync")) && s.isChar(m - 1, UInt8(ascii: ".")) && s.is(m - 2, "main")
                    && s.isChar(m - 3, UInt8(ascii: ".")) && s.is(m - 4, "DispatchQueue") { continue }
                return false
            }
            guard s.isChar(k + 1, UInt8(ascii: "(")) || (s.isChar(k + 1, UInt8(ascii: "?")) && s.isChar(k + 2, UInt8(ascii: "("))) else { return false }
            if !calledOnMain(s, k, body: body) { return false }
        }
        return uses > 0
    }

    /// Whether the call at `k`, in function body `body`, runs on the main thread.
    static func calledOnMain(_ s: FileStructure, _ k: Int, body: Int) -> Bool {
        var sc = Int(s.scopeOf[k])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                let c = s.closures[scope.closure]
                if GuardRegions.closureIsMainActor(s, c) || ObserverDelivery.mainQueueBlock(s, c) { return true }
                guard c.callee >= 0, AsyncContext.inlineCallees.contains(s.text(c.callee)) else { return false }
            case .statement:
                let kw = scope.statementKeyword
                if kw >= 0 && s.isKeyword(kw, .if), GuardRegions.branchExecutor(s, condition: s.span(kw + 1, scope.open)) == .mainActor {
                    return true
                }
            default:
                break
            }
            sc = scope.parent
        }
        return GuardRegions.assertionPoints(s, in: body).contains { $0.token < k && $0.held == .mainActor }
    }

    /// Whether the call at `k` calls a method of `self` (not a declaration's name).
    static func isDirectCall(_ s: FileStructure, _ k: Int) -> Bool {
        if s.isKeyword(k - 1, .func) { return false }
        return !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)
    }

    /// `.main` or `T.main` at `k`.
    static func isMainValue(_ s: FileStructure, _ k: Int, type: String) -> Bool {
        (s.isChar(k, UInt8(ascii: ".")) && s.is(k + 1, "main")) || (s.text(k) == type && s.isChar(k + 1, UInt8(ascii: ".")) && s.is(k + 2, "main"))
    }

    /// `name = T.f(` or `let name = T.f(` with the type name ending at `t`: `name`.
    static func boundName(_ s: FileStructure, call t: Int) -> String? {
        guard t >= 2, s.isChar(t - 1, UInt8(ascii: "=")), s.code[t - 2].kind == .identifier else { return nil }
        return s.text(t - 2)
    }

    /// The method named by `selector: #selector(f)` (or `#selector(T.f)`, `#selector(f(_:))`) in
    /// the argument list opening at `open`.
    static func selectorArgument(_ s: FileStructure, open: Int) -> String? {
        let close = Int(s.match[open])
        var j = open + 1
        while j + 4 < close {
            if s.is(j, "selector") && s.isChar(j + 1, UInt8(ascii: ":")) {
                var k = j + 2
                if s.code[k].kind == .pound { k += 1 }
                guard s.is(k, "selector"), s.isChar(k + 1, UInt8(ascii: "(")) else { return nil }
                let end = Int(s.match[k + 1])
                var name: String? = nil
                var t = k + 2
                while t < end && !s.isChar(t, UInt8(ascii: "(")) {
                    if s.code[t].kind == .identifier { name = s.text(t) }
                    t += 1
                }
                return name
            }
            j += 1
        }
        return nil
    }

    /// Whether closure `c` is a handler the main run loop or main queue runs: the block of a
    /// timer added to the main run loop, or the event handler of a dispatch timer made on the main queue.
    public func closureRunsOnMain(_ s: FileStructure, _ c: Closure) -> Bool {
        guard c.callee >= 2, s.code[c.callee].kind == .identifier else { return false }
        let m = c.callee
        if mainRunners.contains(s.text(m)) && (s.isChar(m + 1, UInt8(ascii: "{")) || s.isChar(m + 1, UInt8(ascii: "("))) { return true }
        if Self.chainDeliversOnMain(s, call: m) { return true }
        guard !mainTimers.isEmpty else { return false }
        if s.is(m, "setEventHandler") && s.isChar(m - 1, UInt8(ascii: ".")) {
            return s.code[m - 2].kind == .identifier && mainTimers.contains(Self.key(s, m - 2))
        }
        // `t = Timer(timeInterval: …) { }` / `Timer.init(…)`, `t` added to the main run loop.
        var head = m
        if s.is(m, "init") && s.isChar(m - 1, UInt8(ascii: ".")) { head = m - 2 }
        guard s.code[head].kind == .identifier, !s.isChar(head - 1, UInt8(ascii: ".")) else { return false }
        if Self.boundName(s, call: head) != nil { return mainTimers.contains(Self.key(s, head - 2)) }
        return false
    }

    /// Whether the call at `m`, a method of an operator chain (`.sink { }`, `.subscribe(onNext:)`,
    /// `.map { }`), runs its closures where the chain delivers, and the nearest hop before it in
    /// the chain is to the main queue, run loop or scheduler:
    /// `publisher.receive(on: DispatchQueue.main).sink { }`,
    /// `stream.observe(on: MainScheduler.instance).subscribe(onNext: { })`.
    static func chainDeliversOnMain(_ s: FileStructure, call m: Int) -> Bool {
        guard let hop = chainScheduler(s, call: m) else { return false }
        return mainScheduler(s, hop)
    }

    /// The scheduler of the nearest hop before the call at `m` in its operator chain: the
    /// argument of `receive(on:)`, `observe(on:)`, `observeOn(_:)`, or one labelled `scheduler:`
    /// (`throttle(for: 0.2, scheduler: q, latest: true)`, `debounce(_:scheduler:)`); nil when the
    /// chain shows none.
    public static func chainScheduler(_ s: FileStructure, call m: Int) -> Range<Int>? {
        guard m >= 2, s.isChar(m - 1, UInt8(ascii: ".")),
              s.identifiers.mayContainAny(["receive", "observe", "observeOn", "scheduler"]) else { return nil }
        var j = m - 2
        var steps = 0
        while j > 0 && steps < 16 {
            steps += 1
            // The previous link: `.name(…)` or `.name { }` (a closure argument with no parentheses).
            guard s.isChar(j, UInt8(ascii: ")")) || s.isChar(j, UInt8(ascii: "}")) else { return nil }
            let open = Int(s.match[j])
            guard open > 0, open < j else { return nil }
            var name = open - 1
            // `.map({ … })` / `.filter(x) { … }`: step over the parenthesised arguments too.
            if s.isChar(open, UInt8(ascii: "{")) && s.isChar(name, UInt8(ascii: ")")) {
                let inner = Int(s.match[name])
                guard inner > 0, inner < name else { return nil }
                name = inner - 1
            }
            guard name > 0, s.code[name].kind == .identifier else { return nil }
            if s.isChar(open, UInt8(ascii: "(")) {
                if s.is(name, "observeOn") { return argument(s, from: open + 1, to: j) }
                if (s.is(name, "receive") || s.is(name, "observe")) && s.is(open + 1, "on") && s.isChar(open + 2, UInt8(ascii: ":")) {
                    return argument(s, from: open + 3, to: j)
                }
                var k = open + 1
                while k < j {
                    if s.is(k, "scheduler") && s.isChar(k + 1, UInt8(ascii: ":")) && Int(s.scopeOf[k]) == Int(s.scopeOf[open + 1]) {
                        return argument(s, from: k + 2, to: j)
                    }
                    if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) {
                        k = max(k, Int(s.match[k]))
                    }
                    k += 1
                }
            }
            guard s.isChar(name - 1, UInt8(ascii: ".")) else { return nil }
            j = name - 2
        }
        return nil
    }

    /// The argument starting at `first`, up to the `,` at its level or `close`.
    static func argument(_ s: FileStructure, from first: Int, to close: Int) -> Range<Int>? {
        var k = first
        while k < close && !s.isChar(k, UInt8(ascii: ",")) {
            if s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{")) { k = max(k, Int(s.match[k])) }
            k += 1
        }
        return k > first ? first..<min(k, close) : nil
    }

    /// Whether token `i` runs on a thread that is never the main one: in a block submitted
    /// (not `sync`) to a global queue (`DispatchQueue.global().async { }`), or the body of a thread
    /// of its own (`Thread.detachNewThread { }`, `Thread { }`), with only closures run on the spot
    /// in between.
    public static func runsOffMain(_ s: FileStructure, at i: Int) -> Bool {
        guard i >= 0 && i < s.scopeOf.count else { return false }
        var sc = Int(s.scopeOf[i])
        var steps = 0
        while sc >= 0 && steps < 64 {
            steps += 1
            let scope = s.scopes[sc]
            if scope.kind == .closure {
                let c = s.closures[scope.closure]
                guard c.callee >= 0 else { return false }
                if s.is(c.callee, "async") || s.is(c.callee, "asyncAfter") {
                    // `DispatchQueue.global(…).async`, the receiver exactly that call.
                    let r = c.receiverStart
                    return r >= 0 && s.is(r, "DispatchQueue") && s.isChar(r + 1, UInt8(ascii: ".")) && s.is(r + 2, "global")
                        && s.isChar(r + 3, UInt8(ascii: "(")) && Int(s.match[r + 3]) + 1 == c.callee - 1
                }
                if s.is(c.callee, "detachNewThread") { return c.receiverStart >= 0 && s.is(c.receiverStart, "Thread") && c.receiverStart + 2 == c.callee }
                if s.is(c.callee, "Thread") { return !s.isChar(c.callee - 1, UInt8(ascii: ".")) }
                guard GuardRegions.runsNowNames.contains(s, c.callee) else { return false }
            } else if scope.kind != .statement {
                return false
            }
            sc = scope.parent
        }
        return false
    }

    /// `DispatchQueue.main`, `RunLoop.main`, `.main`, `MainScheduler.instance`,
    /// `MainScheduler.asyncInstance`, `OperationQueue.main`, `UIScheduler()`, `QueueScheduler.main`.
    public static func mainScheduler(_ s: FileStructure, _ r: Range<Int>) -> Bool {
        guard !r.isEmpty else { return false }
        let text = LockRegions.normalized(s.text(s.span(r.lowerBound, r.upperBound)))
        return ["DispatchQueue.main", "RunLoop.main", ".main", "MainScheduler.instance", "MainScheduler.asyncInstance", "OperationQueue.main",
                "UIScheduler()", "UIScheduler.shared", "QueueScheduler.main", "MainScheduler()", "DispatchQueue.main.eraseToAnyScheduler()"].contains(text)
    }

    /// Whether closure `c` is the block of `Timer.scheduledTimer(…) { }`: it runs on the run loop
    /// of the thread that schedules it.
    public static func scheduledOnCurrentLoop(_ s: FileStructure, _ c: Closure) -> Bool {
        let m = c.callee
        return m >= 2 && s.is(m, "scheduledTimer") && s.isChar(m - 1, UInt8(ascii: ".")) && s.is(m - 2, "Timer")
    }

    /// An `@IBAction` method: the interface calls it on the main thread.
    /// An `override` of a method in a class that inherits a UIKit or AppKit class (a view, a
    /// view controller, a window: `MainActorTypes`), declared in the class's body: the interface
    /// calls its view and controller methods on the main thread (`layoutSubviews`,
    /// `viewDidLoad`). Not the methods every object inherits from `NSObject`, which run wherever
    /// their caller does (a key-value observation arrives on the thread that changed the value).
    public static func isInterfaceOverride(_ s: FileStructure, _ d: Int) -> Bool {
        let decl = s.decls[d]
        guard decl.kind == .function, decl.modifiers.contains(.override), !anyThreadOverrides.contains(decl.nameText),
              decl.parent >= 0, s.decls[decl.parent].kind == .class else { return false }
        return MainActorTypes.inheritsIsolation(decl.parent, s)
    }

    /// `NSObject` methods a subclass overrides that are called on any thread.
    static let anyThreadOverrides: Set<String> = [
        "observeValue", "isEqual", "responds", "forwardingTarget", "copy", "mutableCopy", "encode", "value", "setValue",
        "methodSignature", "forwardInvocation", "doesNotRecognizeSelector", "dealloc", "finalize",
    ]

    public static func isInterfaceAction(_ s: FileStructure, _ d: Decl) -> Bool {
        d.hasAttributes && d.kind == .function && s.attributes(of: d).contains { s.is($0, "@IBAction") }
    }
}
