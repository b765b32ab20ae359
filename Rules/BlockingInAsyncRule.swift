import LockLintCore

/// `blocking_in_async`: a call that blocks its thread (a semaphore or group wait, a sleep) in
/// async code, where the thread belongs to the cooperative pool (or, on the main actor, is the
/// main thread).
public struct BlockingInAsyncRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "blocking_in_async",
        name: "Blocking call in async code",
        summary: "A semaphore or group wait, or a thread sleep, blocks the thread of async code: a cooperative-pool thread, or the main thread on the main actor",
        rationale: """
            Async functions and tasks run on a small cooperative pool, about one thread per core, that expects \
            every task to give its thread back at each suspension. `DispatchSemaphore.wait()`, \
            `DispatchGroup.wait()`, `Thread.sleep`, `sleep`, `usleep` and `nanosleep` hold the thread instead: \
            other tasks queue behind it, and when the work that would signal the semaphore or leave the group \
            needs a pool thread itself, every thread can end up waiting and the process hangs. Async code on the \
            main actor runs on the main thread instead: there the call freezes the main thread, and a signaller \
            that needs the main actor (a main-queue block, a main-actor task) never runs.
            """,
        fix: """
            Suspend instead of blocking: `try await Task.sleep(for:)` for a delay; for a semaphore or group \
            waiting on other work, await that work (its async API, a task group, or a callback wrapped in \
            `withCheckedContinuation`). To bound concurrency, keep at most N child tasks running in a task group.
            """,
        knownLimits: """
            Async code is the body of an `async` function or accessor, an `async` closure, the body closure of \
            `withTaskGroup` and friends, or a closure passed to `Task`, `Task.detached`, `addTask` or a `.task` / \
            `.refreshable` modifier. Closures that run inline (continuation bodies, `forEach`, `map`, `withLock`, …) \
            count as their caller's code; any other closure inside async code (a completion handler, a stored \
            callback) may run on another thread later and is not reported. `wait()` is reported only when its \
            receiver is known to be a `DispatchSemaphore` or `DispatchGroup`: a property, local or top-level \
            variable of this file whose annotation or initializer names the type, or a parameter of an enclosing \
            function with that type; `await x.wait()` is an async API and never reported. `sleep`, `usleep` and \
            `nanosleep` must be the C functions: unqualified (or `Darwin.`/`Glibc.`/`Foundation.`), first argument \
            unlabelled, not awaited, and the file declares no function of that name taking an unlabelled argument. \
            Blocking `lock()` calls are left to the lock rules: a short critical section does not suspend. \
            Synchronous actor methods also run on the pool but are not treated as async code here (a semaphore \
            created in one is `lock_in_actor`'s finding). `wait(timeout: .now())` returns at once and is never \
            reported. Code isolated to the main actor (an `@MainActor` function or type, a UIKit/AppKit/SwiftUI \
            subclass, `Task { @MainActor in }`, a `Task { }` started there, through closures that pass their \
            isolation on) is said to block the main thread, not a pool thread. When code of the file that signals \
            the semaphore (or leaves the group) runs where the wait is (async code on the pool, or the main actor \
            for a wait there), a note shows it.
            """,
        inTests: .narrowed("only a semaphore or group wait whose waker, in the same file, needs the thread the wait blocks (a signal from a Task while the wait is on the pool, from main-actor code or the main queue while it is on the main actor): that can hang the test. A sleep ends on its own, and a signal from a dispatch queue or a thread of its own always gets to run"),
        triggeringExamples: [
            """
            func refresh() async {
                Thread.↓sleep(forTimeInterval: 0.5)
                await reload()
            }
            """,
            """
            final class Loader {
                private let done = DispatchSemaphore(value: 0)
                func load() async -> Data {
                    start { self.done.signal() }
                    self.done.↓wait()
                    return data
                }
            }
            """,
            """
            func poll(group: DispatchGroup) {
                Task {
                    _ = group.↓wait(timeout: .now() + 5)
                    ↓usleep(10_000)
                }
            }
            """,
            """
            func retry() async throws {
                for attempt in 1...3 {
                    if try await send() { return }
                    ↓sleep(UInt32(attempt))
                }
            }
            """,
            """
            @MainActor
            final class Screen {
                func show() async {
                    Thread.↓sleep(forTimeInterval: 0.3)
                    await reveal()
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            func refresh() async throws {
                try await Task.sleep(for: .milliseconds(500))
                await semaphore.wait()
            }
            """,
            """
            func blockingLoad() -> Data {
                let done = DispatchSemaphore(value: 0)
                start { done.signal() }
                done.wait()
                Thread.sleep(forTimeInterval: 0.1)
                return data
            }
            """,
            """
            func load() async {
                fetch { result in
                    Thread.sleep(forTimeInterval: 1)
                }
            }
            """,
            """
            struct FakeClock {
                func sleep(until deadline: Instant) async throws {}
                func run() async throws { try await sleep(until: .now) }
            }
            """,
            """
            func drain(queue: Worker) async {
                queue.wait()
                condition.wait()
            }
            """,
            """
            func poll(ready: DispatchSemaphore) async -> Bool {
                ready.wait(timeout: .now()) == .success
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContainAny(["wait", "sleep", "usleep", "nanosleep"]) else { return [] }
        var candidates: [Int] = []
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count where code[i].kind == .identifier {
                switch code[i].length {
                case 4: if s.is(i, "wait") { candidates.append(i) }
                case 5: if s.is(i, "sleep") { candidates.append(i) }
                case 6: if s.is(i, "usleep") { candidates.append(i) }
                case 9: if s.is(i, "nanosleep") { candidates.append(i) }
                default: break
                }
            }
        }
        guard !candidates.isEmpty else { return [] }
        var out: [Diagnostic] = []
        var ownSleeps: Set<String>? = nil
        var wakers: Wakers? = nil
        for i in candidates where s.isChar(i + 1, UInt8(ascii: "(")) {
            let call: BlockingCall
            if s.is(i, "wait") {
                guard let c = semaphoreWait(s, at: i) else { continue }
                call = c
            } else {
                if ownSleeps == nil { ownSleeps = Self.declaredSleeps(s) }
                guard let c = sleepCall(s, at: i, ownSleeps: ownSleeps ?? []) else { continue }
                call = c
            }
            guard let origin = AsyncContext.origin(s, at: i) else { continue }
            let main = AsyncContext.mainActor(origin, in: s, context: context)
            // The code that wakes a wait and needs the very thread it blocks: the pool for a wait
            // on the pool, the main thread for a wait on the main actor.
            var waker: (token: Int, runner: Waits.Runner)? = nil
            if case let .wait(receiver, type, declToken, _, _) = call, declToken >= 0 {
                if wakers == nil { wakers = Wakers(s) }
                let need: Waits.Runner = main == nil ? .pool : .main
                waker = wakers!.first(of: receiver, type: type, declaredAt: declToken, runningOn: need, context: context)
            }
            // In a test, only a wait that can hang the test is reported: one whose waker needs the
            // thread it blocks. A sleep ends on its own, and a waker on a dispatch queue or thread
            // of its own always gets to run.
            if context.isTestCode && waker == nil { continue }
            out.append(diagnostic(call, at: i, origin: origin, main: main, waker: waker?.token, context: context))
        }
        return out
    }

    /// The `signal()` and `leave()` calls of a file by receiver name, worked out once, and where
    /// each runs.
    struct Wakers {
        let signals: [String: [Int]]
        let leaves: [String: [Int]]
        /// Answers already worked out, by declaration and executor: one walk per semaphore.
        var known: [String: Int?] = [:]

        init(_ s: FileStructure) {
            let all = 0..<s.code.count
            signals = Waits.calls(s, "signal", in: all)
            leaves = Waits.calls(s, "leave", in: all)
        }

        /// The first waker of `receiver` (declared at token `declaredAt`, in the scope where that
        /// declaration is visible) that runs on `need`.
        mutating func first(of receiver: String, type: String, declaredAt: Int, runningOn need: Waits.Runner,
                            context: RuleContext) -> (token: Int, runner: Waits.Runner)? {
            let key = "\(declaredAt)/\(receiver)/\(need == .main)"
            if let k = known[key] { return k.map { ($0, need) } }
            let found = search(receiver, type: type, declaredAt: declaredAt, runningOn: need, context: context)
            known[key] = .some(found)
            return found.map { ($0, need) }
        }

        func search(_ receiver: String, type: String, declaredAt: Int, runningOn need: Waits.Runner, context: RuleContext) -> Int? {
            let s = context.structure
            let name = receiver.hasPrefix("Dispatch") ? "" : receiver
            let sites = (type == "DispatchGroup" ? leaves : signals)[name] ?? []
            let visible = Int(s.scopeOf[declaredAt])
            let range = visible >= 0 ? s.scopes[visible].open..<s.scopes[visible].close : 0..<s.code.count
            return Waits.within(sites, range).first { Waits.runner(s, at: $0, context: context) == need }
        }
    }

    // MARK: Recognising the calls

    enum BlockingCall {
        /// `name.wait(…)` on a DispatchSemaphore or DispatchGroup declared at `decl` (a token), with
        /// the semaphore's initial value when known.
        case wait(receiver: String, type: String, declToken: Int, value: String?, timeout: Bool)
        case threadSleep(label: String, argument: String)
        case cSleep(function: String, argument: String)
    }

    /// Whether the call's receiver expression (starting at `start`) is awaited.
    func isAwaited(_ s: FileStructure, before start: Int) -> Bool {
        var k = start - 1
        var steps = 0
        while k >= 0 && steps < 4 {
            if s.isKeyword(k, .await) { return true }
            if s.isKeyword(k, .try) || s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!")) {
                k -= 1
                steps += 1
                continue
            }
            return false
        }
        return false
    }

    func semaphoreWait(_ s: FileStructure, at i: Int) -> BlockingCall? {
        // `wait(timeout: .now())` returns at once: a poll, not a wait.
        guard s.isChar(i - 1, UInt8(ascii: ".")), !Waits.isPoll(s, open: i + 1) else { return nil }
        var r = i - 2
        if s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!")) { r -= 1 }
        let timeout = isTimeoutCall(s, open: i + 1)
        // `DispatchGroup().wait()` / `DispatchSemaphore(value: 0).wait()`
        if s.isChar(r, UInt8(ascii: ")")) {
            let open = Int(s.match[r])
            guard open > 0, s.is(open - 1, "DispatchSemaphore") || s.is(open - 1, "DispatchGroup") else { return nil }
            if isAwaited(s, before: open - 1) { return nil }
            let type = s.text(open - 1)
            let value = type == "DispatchSemaphore" ? semaphoreValue(s, open: open) : nil
            return .wait(receiver: "\(type)()", type: type, declToken: open - 1, value: value, timeout: timeout)
        }
        guard r >= 0, s.code[r].kind == .identifier else { return nil }
        var start = r
        let qualifiedBySelf = s.isChar(r - 1, UInt8(ascii: ".")) && (s.isKeyword(r - 2, .self) || s.isKeyword(r - 2, .Self))
        if qualifiedBySelf {
            start = r - 2
        } else if s.isChar(r - 1, UInt8(ascii: ".")) {
            return nil
        }
        if isAwaited(s, before: start) { return nil }
        let name = s.text(r)
        guard let (type, declToken, value) = resolve(s, name: name, at: i, skipLocals: qualifiedBySelf) else { return nil }
        return .wait(receiver: name, type: type, declToken: declToken, value: value, timeout: timeout)
    }

    func isTimeoutCall(_ s: FileStructure, open: Int) -> Bool {
        (s.is(open + 1, "timeout") || s.is(open + 1, "wallTimeout")) && s.isChar(open + 2, UInt8(ascii: ":"))
    }

    /// The type (DispatchSemaphore or DispatchGroup), declaration token and initial value of the
    /// variable or parameter `name` visible at token `at`, searching the innermost scope first.
    func resolve(_ s: FileStructure, name: String, at: Int, skipLocals: Bool) -> (String, Int, String?)? {
        let named = s.variableDecls(named: name)
        var sc = Int(s.scopeOf[at])
        while true {
            let kind: ScopeKind? = sc >= 0 ? s.scopes[sc].kind : nil
            let isTypeLevel = kind == .typeBody || sc < 0
            if !skipLocals || isTypeLevel {
                // The latest declaration in this very scope (before the use, for code scopes).
                // Declarations are in source order: the candidates are found by binary search.
                let lower = sc >= 0 ? s.scopes[sc].open : 0
                let end = sc >= 0 ? max(s.scopes[sc].close, lower) : s.code.count
                let upper = isTypeLevel ? end : min(at, end)
                func firstIndex(atLeast x: Int) -> Int {
                    var lo = 0
                    var hi = named.count
                    while lo < hi {
                        let mid = (lo + hi) / 2
                        if s.decls[named[mid]].keyword < x { lo = mid + 1 } else { hi = mid }
                    }
                    return lo
                }
                let candidates = named[firstIndex(atLeast: lower)..<firstIndex(atLeast: upper)]
                if let d = candidates.last(where: { Int(s.scopeOf[s.decls[$0].keyword]) == sc }) { return describeDecl(s, d) }
            }
            guard sc >= 0 else { return nil }
            let scope = s.scopes[sc]
            switch scope.kind {
            case .closure:
                if !skipLocals && s.closures[scope.closure].parameterNames.contains(name) { return nil }
            case .functionBody:
                let d = scope.decl
                if !skipLocals && d >= 0 && s.decls[d].parameterNames.contains(name) {
                    return parameterType(s, s.decls[d], name: name)
                }
            case .typeBody:
                // Properties declared in another declaration of the same type in this file.
                let d = scope.decl
                if d >= 0 {
                    let typeName = s.decls[d].nameText
                    for v in named.reversed() {
                        let p = s.decls[v].parent
                        if p >= 0 && p != d && s.decls[p].kind.isType && s.decls[p].nameText == typeName
                            && Int(s.scopeOf[s.decls[v].keyword]) == s.decls[p].body {
                            return describeDecl(s, v)
                        }
                    }
                }
                // An outer type's members are not visible unqualified from a nested type's
                // instance; top-level variables are.
                if skipLocals { return nil }
                sc = -1
                continue
            default:
                break
            }
            sc = scope.parent
        }
    }

    func describeDecl(_ s: FileStructure, _ di: Int) -> (String, Int, String?)? {
        let d = s.decls[di]
        if !d.typeAnnotation.isEmpty {
            // The annotation must be the type itself (`DispatchSemaphore`, `DispatchGroup?`), not a
            // collection or wrapper of it.
            var i = d.typeAnnotation.lowerBound
            if s.is(i, "Dispatch") && s.isChar(i + 1, UInt8(ascii: ".")) { i += 2 }
            guard s.is(i, "DispatchSemaphore") || s.is(i, "DispatchGroup") else { return nil }
            let type = s.text(i)
            var value: String? = nil
            if type == "DispatchSemaphore" {
                for j in d.initializer where s.isChar(j, UInt8(ascii: "(")) && s.is(j + 1, "value") {
                    value = semaphoreValue(s, open: j)
                    break
                }
            }
            return (type, d.name, value)
        }
        guard !d.initializer.isEmpty else { return nil }
        var j = d.initializer.lowerBound
        if s.isKeyword(j, .try) { j += 1 }
        if s.is(j, "Dispatch") && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
        guard s.is(j, "DispatchSemaphore") || s.is(j, "DispatchGroup") else { return nil }
        let type = s.text(j)
        guard s.isChar(j + 1, UInt8(ascii: "(")) else { return nil }
        // The whole initializer is the creation (not `DispatchGroup().something`).
        let close = Int(s.match[j + 1])
        guard close > j, close + 1 >= d.initializer.upperBound else { return nil }
        return (type, d.name, type == "DispatchSemaphore" ? semaphoreValue(s, open: j + 1) : nil)
    }

    /// A parameter's type, when it is a DispatchSemaphore or DispatchGroup (optional allowed).
    func parameterType(_ s: FileStructure, _ f: Decl, name: String) -> (String, Int, String?)? {
        let sig = f.typeAnnotation
        for i in sig where s.code[i].isWord && s.is(i, text: name) && s.isChar(i + 1, UInt8(ascii: ":")) {
            var j = i + 2
            while j < sig.upperBound && (s.code[j].kind == .attribute || s.code[j].kind == .keyword) { j += 1 }
            if s.is(j, "Dispatch") && s.isChar(j + 1, UInt8(ascii: ".")) { j += 2 }
            guard s.is(j, "DispatchSemaphore") || s.is(j, "DispatchGroup") else { return nil }
            let next = j + 1
            guard s.isChar(next, UInt8(ascii: ",")) || s.isChar(next, UInt8(ascii: ")")) || s.isChar(next, UInt8(ascii: "?"))
                || s.isChar(next, UInt8(ascii: "!")) || s.isChar(next, UInt8(ascii: "=")) else { return nil }
            return (s.text(j), i, nil)
        }
        return nil
    }

    func semaphoreValue(_ s: FileStructure, open: Int) -> String? {
        let close = Int(s.match[open])
        guard close > open + 2, s.is(open + 1, "value"), s.isChar(open + 2, UInt8(ascii: ":")) else { return nil }
        return s.text(s.span(open + 3, close))
    }

    /// Names of functions this file declares with an unlabelled first parameter, among the C sleeps.
    static func declaredSleeps(_ s: FileStructure) -> Set<String> {
        var out: Set<String> = []
        for d in s.decls where d.kind == .function && (d.nameText == "sleep" || d.nameText == "usleep" || d.nameText == "nanosleep") {
            var j = d.typeAnnotation.lowerBound
            while j < d.typeAnnotation.upperBound && !s.isChar(j, UInt8(ascii: "(")) { j += 1 }
            if s.is(j + 1, "_") || s.isChar(j + 1, UInt8(ascii: ")")) { out.insert(d.nameText) }
        }
        return out
    }

    static let moduleQualifiers: Set<String> = ["Darwin", "Glibc", "Foundation", "Musl", "WinSDK", "Android"]

    func sleepCall(_ s: FileStructure, at i: Int, ownSleeps: Set<String>) -> BlockingCall? {
        let name = s.text(i)
        let open = i + 1
        let close = Int(s.match[open])
        guard close > open else { return nil }
        let firstLabelled = s.code[open + 1].isWord && s.isChar(open + 2, UInt8(ascii: ":"))
        var start = i
        if s.isChar(i - 1, UInt8(ascii: ".")) {
            let q = i - 2
            guard q >= 0, s.code[q].kind == .identifier else { return nil }
            let qualifier = s.text(q)
            var qStart = q
            if qualifier == "Thread" {
                if s.isChar(q - 1, UInt8(ascii: ".")) {
                    guard s.is(q - 2, "Foundation") && !s.isChar(q - 3, UInt8(ascii: ".")) else { return nil }
                    qStart = q - 2
                }
                guard name == "sleep", firstLabelled, !isAwaited(s, before: qStart) else { return nil }
                let label = s.text(open + 1)
                guard label == "forTimeInterval" || label == "until" else { return nil }
                return .threadSleep(label: label, argument: s.text(s.span(open + 3, close)))
            }
            guard Self.moduleQualifiers.contains(qualifier), !s.isChar(q - 1, UInt8(ascii: ".")) else { return nil }
            start = q
        } else {
            // A declaration (`func sleep(`), or this file's own function of that name.
            if s.isKeyword(i - 1, .func) || ownSleeps.contains(name) { return nil }
        }
        guard !firstLabelled, close > open + 1, !isAwaited(s, before: start) else { return nil }
        return .cSleep(function: name, argument: s.text(s.span(open + 1, close)))
    }

    // MARK: The finding

    func diagnostic(_ call: BlockingCall, at i: Int, origin: AsyncOrigin, main: MainActorIsolation?, waker: Int?,
                    context: RuleContext) -> Diagnostic {
        let s = context.structure
        let where_ = AsyncContext.describe(origin, in: s)
        var notes: [Note] = []
        let anchor = AsyncContext.anchor(origin, in: s)
        // What the call blocks: the main thread in main-actor code, a pool thread elsewhere.
        let thread = main == nil ? "a cooperative-pool thread" : "the main thread"
        if let m = main {
            notes.append(context.note(at: m.anchor, "\(m.describe(in: s)): \(where_) runs on the main thread, not on the cooperative pool"))
        } else {
            switch origin {
            case .function:
                notes.append(context.note(at: anchor, "\(where_) runs on the cooperative thread pool"))
            case .closure, .task:
                notes.append(context.note(at: anchor, "\(where_) starts here and runs on the cooperative thread pool"))
            }
        }
        let message: String
        let fix: String
        switch call {
        case let .wait(receiver, type, declToken, value, timeout):
            let method = timeout ? "wait(timeout:)" : "wait()"
            let call = receiver.hasPrefix("Dispatch") ? "\(type)(…).\(method)" : "\(receiver).\(method)"
            let span = timeout ? " for up to the timeout" : ""
            let needs = main == nil ? "a pool thread" : "the main actor"
            if type == "DispatchGroup" {
                message = "\(call) in \(where_) blocks \(thread)\(span) until DispatchGroup '\(receiver)' is empty; if the group's work needs \(needs), nothing runs it"
                fix = timeout
                    ? "run the group's work as child tasks of withTaskGroup and race them against `Task.sleep` for the timeout, instead of waiting on '\(receiver)'"
                    : "run the group's work as child tasks of withTaskGroup and await it, or wrap `\(receiver).notify(queue:)` in withCheckedContinuation"
            } else {
                let valueText = value.map { " (created with value \($0))" } ?? ""
                let subject = receiver.hasPrefix("Dispatch") ? "the semaphore\(valueText)" : "DispatchSemaphore '\(receiver)'\(valueText)"
                message = main == nil
                    ? "\(call) in \(where_) blocks a cooperative-pool thread\(span) until another thread signals \(subject); if the signaller needs a pool thread, the pool deadlocks"
                    : "\(call) in \(where_) blocks the main thread\(span) until another thread signals \(subject); if the signaller needs the main actor, it never runs and the main thread hangs"
                if let v = value, let n = Int(v), n > 0 {
                    fix = n == 1
                        ? "protect the state with an actor (or a Mutex held without suspending) instead of waiting on '\(receiver)'"
                        : "bound the concurrency with a task group that keeps at most \(n) child tasks running, instead of waiting on '\(receiver)'"
                } else if timeout {
                    fix = "await the signalled work itself and race it against `Task.sleep` in a task group for the timeout, instead of waiting on '\(receiver)'"
                } else {
                    fix = "await the work that signals '\(receiver)': call its async API, or wrap its completion handler in withCheckedContinuation"
                }
            }
            if declToken >= 0 && s.line(ofToken: declToken) != s.line(ofToken: i) {
                notes.append(context.note(at: declToken, "'\(receiver)' is declared here as a \(type)"))
            }
            if let w = waker {
                let what = type == "DispatchGroup" ? "leaves '\(receiver)'" : "signals '\(receiver)'"
                notes.append(context.note(at: w, main == nil ? "this code \(what) and runs on the cooperative pool too: it needs a pool thread"
                                                             : "this code \(what) and runs on the main actor too: it needs the main thread"))
            }
        case let .threadSleep(label, argument):
            let arg = Self.short(argument)
            if label == "until" {
                message = "Thread.sleep(until:) in \(where_) blocks \(thread) until the deadline instead of suspending the task"
                fix = "suspend instead: `try await Task.sleep(for: .seconds((\(arg)).timeIntervalSinceNow))`"
            } else {
                message = "Thread.sleep(forTimeInterval: \(arg)) in \(where_) blocks \(thread) for the whole delay instead of suspending the task"
                fix = "suspend instead: `try await Task.sleep(for: .seconds(\(arg)))`"
            }
        case let .cSleep(function, argument):
            let arg = Self.short(argument)
            let unit: String
            switch function {
            case "usleep": unit = "microseconds"
            case "nanosleep": unit = ""
            default: unit = "seconds"
            }
            message = "\(function)(\(arg)) in \(where_) blocks \(thread) for the whole delay instead of suspending the task"
            fix = unit.isEmpty
                ? "suspend instead: `try await Task.sleep(nanoseconds:)` with the interval \(function) was given"
                : "suspend instead: `try await Task.sleep(for: .\(unit)(\(arg)))`"
        }
        return context.diagnostic(description, at: i, message: message, notes: notes, fixIt: FixIt(fix))
    }

    static func short(_ text: String) -> String {
        text.count <= 40 ? text : String(text.prefix(37)) + "…"
    }
}
