import LockLintCore

/// `inconsistent_locking`: a class that guards some accesses to a stored var and not others.
public struct InconsistentLockingRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "inconsistent_locking",
        name: "Inconsistent locking",
        summary: "A stored var of a class that owns a lock or serial queue is accessed under it in some places and without it in others (also static or global state behind a lock of its type or file)",
        rationale: """
            A class that takes a lock (or runs blocks on its own serial queue) around a var shows, by its own code, \
            that the var is shared across threads. An access somewhere else that does not hold that lock races with \
            the guarded ones: a torn read, a lost write, or a crash in a collection being resized. The compiler does not \
            see it when the class is not Sendable-checked (Swift 5 mode, or a class shared through an @unchecked \
            wrapper), so the class's own locking is the only statement of intent.
            """,
        fix: """
            Hold the same lock (or run on the same queue) at every access, or move the var inside the lock \
            (Mutex<State>, OSAllocatedUnfairLock(initialState:)) so that it cannot be reached without it. When the \
            unguarded access is in a helper that its other callers call with the lock held, take the lock around the \
            call that lacks it, not inside the helper.
            """,
        knownLimits: """
            The same inference as unchecked_sendable_unguarded (see its --explain): guards are recognised by what \
            the code does (lock/unlock pairs, withLock-style and the run's own closure methods, serial and \
            reader-writer queues, event loops, the main actor, asserted executors), members hold what every call \
            of them holds, construction is exempt, and what the tool cannot resolve is not reported. Unlike that \
            rule, a var never accessed under any guard is not reported (nothing shows it is shared), and neither is \
            a class without a guard; the stored vars a class inherits from a plain superclass of the run (one that \
            guards nothing itself, outside test code) are its state too, judged by the subclass's code (a var \
            declared with a class type is read, not written, by a call through it); \
            a project's lock type whose base `lock()` only traps (`fatalError()`, an abstract method its subclasses \
            override) is judged by its subclasses, not by that body; \
            a guard is the var's only when the code shows it means it: its writes hold it, \
            or, when only other code writes the var, most of its accesses do (one read in a block on the queue, a \
            log call, is not a guard). A weak reference set by others and only read is loaded atomically: not \
            reported. A write in a setter that nothing in the run calls (and that code outside the module cannot \
            call) is no write: a var written only there keeps what init gave it, and its reads (a method called on \
            the object it holds is a read) are not reported. Several reads (or writes) of one var on one unguarded path of a body are one finding. Classes marked @unchecked Sendable are reported by unchecked_sendable_unguarded \
            instead. A read on the queue or event loop where every write of the var runs needs no lock. \
            A member that code outside the class cannot call, every call of which runs on one executor but not \
            all on the same (a block on the class's serial queue calls it, and so does a main-queue block or a block \
            on another serial queue), writes on either: reported at its first write, with a note at each of the two \
            calls, when no access to the var holds a lock. \
            Static state counts too, for a type of any kind (class, struct, enum): a static stored var that the code \
            of the file declaring it writes under a static lock or serial queue of the type (or a lock declared at \
            file level), and reaches without it elsewhere in that file; likewise a global var behind a lock or \
            serial queue the file declares at top level (taken directly, or through a file-level function that runs \
            its closure under it). A method called on an object held in a \
            static var changes the object, not the var; an access holding only a lock the tool cannot tie to the \
            type (one reached through another value) is not reported; nor is one in a helper that some call in \
            the file makes with the lock held, or whose name or comment says its caller holds it.
            """,
        inTests: .narrowed("only state that the test code itself touches from concurrent code (a Task, a dispatched block, concurrentPerform, a task group), there or in the members that code calls and the members they call; a public var of a test helper that nothing in the run sets after init is not written. In a test function, an access the test's own order keeps apart from that code is not reported: one before the test starts any concurrent work (set-up), or one after it waits for all of it (on the group, semaphore or expectation that work signals, or through a helper that waits) or, for state written only on one queue, after an empty q.sync {} on that queue with no start since"),
        triggeringExamples: [
            """
            final class Meter {
                private let lock = NSLock()
                private var samples: [Double] = []
                func add(_ x: Double) { lock.withLock { samples.append(x) } }
                var count: Int { ↓samples.count }
            }
            """,
            """
            final class Downloader {
                private let queue = DispatchQueue(label: "downloads")
                private var active: [Int: String] = [:]
                func start(_ id: Int, _ url: String) { queue.async { self.active[id] = url } }
                func cancel(_ id: Int) { ↓active[id] = nil }
            }
            """,
            """
            enum Tokens {
                private static let lock = NSLock()
                private static var all: [String] = []
                static func add(_ t: String) { lock.withLock { all.append(t) } }
                static func clear() { ↓all = [] }
            }
            """,
            """
            private let tokensQueue = DispatchQueue(label: "tokens")
            private var tokens: [String] = []
            func add(_ t: String) { tokensQueue.sync { tokens.append(t) } }
            func clear() { ↓tokens = [] }
            """,
            Example("""
            extension Cache {
                func clear() { ↓entries.removeAll() }
            }
            """, otherFiles: ["""
            final class Cache {
                let lock = NSLock()
                var entries: [String: Int] = [:]
                func put(_ k: String, _ v: Int) { lock.lock(); defer { lock.unlock() }; entries[k] = v }
            }
            """]),
        ],
        nonTriggeringExamples: [
            """
            final class Meter {
                private let lock = NSLock()
                private var samples: [Double] = []
                func add(_ x: Double) { lock.withLock { appendLocked(x) } }
                private func appendLocked(_ x: Double) { samples.append(x) }
                var count: Int { lock.withLock { samples.count } }
            }
            """,
            """
            final class Session {
                private let queue = DispatchQueue(label: "session")
                private var token: String?
                init(token: String?) { self.token = token }
                func refresh() { queue.async { self.token = nil } }
                func read(_ done: @escaping (String?) -> Void) { queue.async { done(self.token) } }
            }
            """,
            """
            enum Tokens {
                private static let lock = NSLock()
                private static var all: [String] = []
                static func add(_ t: String) { lock.withLock { all.append(t) } }
                static func clear() { lock.withLock { all = [] } }
            }
            """,
            """
            final class Plain {
                var count = 0
                func bump() { count += 1 }
            }
            """,
        ]
    )

    public var needsGuardInference: Bool { true }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        context.guardFindings().compactMap { f in
            guard !f.unchecked, !(context.isTestCode && f.quietInTests) else { return nil }
            switch f.kind {
            case .unguarded, .otherGuard, .plainBlockWrite, .publicVar:
                return GuardReport.diagnostic(f, rule: description, subject: "class '\(f.typeName)'", context: context)
            case .neverGuarded, .unprotectedClass:
                return nil
            }
        } + staticDiagnostics(context)
    }

    /// One finding per statement: other static vars reached without their guard in the same
    /// statement are notes on it.
    func staticDiagnostics(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var byLine: [Int: (index: Int, token: Int)] = [:]
        for a in StaticState.unguardedAccesses(context).sorted(by: { $0.access < $1.access }) {
            let line = s.line(ofToken: a.access)
            if let (k, t) = byLine[line], s.enclosingFunction(of: a.access) == s.enclosingFunction(of: t) {
                out[k].notes.append(context.note(at: a.access, "'\(s.decls[a.variable].nameText)' is also \(a.isWrite ? "written" : "read") here without \(Self.guardText(a)), which its writes hold"))
                continue
            }
            byLine[line] = (out.count, a.access)
            out.append(staticDiagnostic(a, context))
        }
        return out
    }

    /// The guard as messages name it: `'lock'`, `queue 'work'`.
    static func guardText(_ a: StaticStateAccess) -> String {
        a.isQueue ? "queue '\(a.guardName)'" : "'\(a.guardName)'"
    }

    /// Static state that the type's code reaches under its guard in some places, not at `a`.
    func staticDiagnostic(_ a: StaticStateAccess, _ context: RuleContext) -> Diagnostic {
        let s = context.structure
        let d = s.decls[a.variable]
        let type = a.typeName
        let g = Self.guardText(a)
        let lines = a.guardedWrites.prefix(3).map { String(s.line(ofToken: $0)) }
        let at = lines.count == 1 ? "line \(lines[0])" : "lines " + lines.dropLast().joined(separator: ", ") + " and " + lines.last!
        let subject = type.isEmpty ? "global var '\(d.nameText)'" : "static var '\(d.nameText)' of '\(type)'"
        let message = "\(subject) is \(a.isWrite ? "written" : "read") here without \(g), which "
            + "\(a.guardedWrites.count == 1 ? "its write" : "its writes") at \(at) \(a.guardedWrites.count == 1 ? "holds" : "hold")"
            + ": \(type.isEmpty ? "global" : "static") state is shared by every thread, so this \(a.isWrite ? "write" : "read") can run during \(a.guardedWrites.count == 1 ? "that write" : "one of them")"
        let notes = (a.guardedWrites + a.guarded.filter { !a.guardedWrites.contains($0) }).prefix(2).map {
            context.note(at: $0, "'\(d.nameText)' is accessed with \(g) held here")
        } + a.alsoUnguarded.prefix(3).map { context.note(at: $0, "'\(d.nameText)' is also reached here without \(g), in the same function") }
        let fix = a.isQueue ? GuardReport.queueFix(a.guardName, name: d.nameText, write: a.isWrite,
                                                        operationQueue: GuardLogExtractor.isOperationQueue(named: a.guardName, at: a.access, in: context.structure))
            : a.gate.map { "guard '\(d.nameText)' with a lock of its own (taken around each access alone): '\(a.guardName)' is also taken with "
                + "\(s.text($0))() at line \(s.line(ofToken: $0)), which fails while any other code holds it, so holding it around this access would "
                + "change what that code decides" }
            ?? "hold '\(a.guardName)' around this access too, only for the access itself (\(a.form)), as the writes do"
        return context.diagnostic(description, at: a.access, message: message, notes: Array(notes), fixIt: FixIt(fix))
    }
}
