import LockLintCore

/// `nonisolated_unsafe`: every `nonisolated(unsafe)` modifier.
public struct NonisolatedUnsafeRule: Rule {
    public init() {}

    /// Writes in other files of the run count (`RuleContext.externalWrites`).
    public var needsStateWrites: Bool { true }

    public let description = RuleDescription(
        id: "nonisolated_unsafe",
        name: "nonisolated(unsafe)",
        summary: "nonisolated(unsafe) switches off isolation checking without adding any synchronization",
        rationale: """
            `nonisolated(unsafe)` tells the compiler to stop checking a declaration; it does not protect it. A \
            mutable value marked this way can be written by one thread while another reads it, and a shared \
            instance of a non-Sendable class can be used from several threads at once. The compiler will not \
            warn again, so the race is found in production.
            """,
        fix: """
            Protect the value (Mutex, or Atomic for a counter or flag), isolate it to an actor or @MainActor, or \
            make it an immutable `let` of a Sendable type. A `let` of a Sendable type needs no modifier at all.
            """,
        knownLimits: """
            `nonisolated(unsafe)` is an explicit opt-in, so a finding must add something the code does not say. \
            A declaration compiled only for WebAssembly without threads (`#if os(WASI)` or `arch(wasm32)`, not with \
            `_runtime(_multithreaded)`) is not reported: that program runs one thread. On a function, an \
            initializer or a subscript, `(unsafe)` has no effect (it applies to storage alone; the compiler warns \
            about it and still checks the body): not reported, and with `"strict": true` reported as plain `nonisolated`. \
            Reported: a `var` (global, static, or instance) written after its initialization with no lock held, in \
            this file or in another file of the run (a global by its name, a member as `Type.name`, `Self.name` or \
            by name in an extension of its type); the message names the line (and file) of a write. Writes that \
            initialize are an instance var's in its type's `init` and `deinit` (and in a private or file-private \
            method of its class that only initializers call, before `self` is handed on), and anything's in a \
            once-initializer closure; a global or static var written in an `init` is written each time an instance is built. A \
            lock is held in a withLock-style closure, between an acquire and its release, in the closure of a \
            method whose name says it runs it under a lock by whole camel-case words (`withLockVoid`, \
            `performLocked`, `synchronized`; not `setCompletionBlock` or `synchronizeTerms`), of one of the file's \
            own methods that runs its closure with a lock held, or of a method that a lock type of the run (the \
            receiver's declared type, in any file) runs under its lock. A \
            lock is also held in a block submitted to a serial queue the file declares, and in a free function \
            every call of which in the run holds one (a write in one that some calls make with no lock held is not \
            judged: the tool cannot tell), and in a private instance method every call of which in its file (`f()`, \
            `self.f()`) holds one (one call with nothing held is a path with no lock). The main actor is a guard as well: a var every write of which runs on it (in \
            a `@MainActor` declaration or type, a member of a SwiftUI view or a UIKit/AppKit subclass or of a subclass of \
            a main-actor class of any module of the run, an observer of such \
            a member, a `Task { }` or a closure run on the spot inside such code, `MainActor.run { }`, a block sent to \
            `DispatchQueue.main`, the block of `perform { }` or `performAndWait { }` on a main-queue Core Data context: a \
            container's `viewContext`, a context made with `.mainQueueConcurrencyType`, or a variable or member of the \
            run set to one; a private function every call of which in its file runs there) is not reported; any other \
            context's `perform` runs on its own queue; when some writes run elsewhere, the message names one of those made \
            with no lock held (a detached task, another queue, a completion handler, a `nonisolated` member). A \
            method named like a mutating one whose result the code uses (`let u = base.appending(path: p)`, \
            `names.sorted()`) returns a new value and reads the var; a known mutating method (`append`, `popLast`) \
            writes it. A static and an instance member of one name are told apart: `Self.x`, \
            `Type.x`, and `x` or `self.x` in a static member write the static one. A var whose every use in \
            the file holds one lock shows no hazard and is not reported (with `"strict": true`, it is reported with \
            that lock, so it can move inside a lock that owns its state); when it is reached through a computed property whose getter and setter \
            each take the lock and the file updates it through that property (`x.append(…)`, `x[k] = v`, `x += 1`), \
            the message names the lost update instead, unless `split_critical_section` runs and reports that \
            update where it happens (one mistake, one finding). A local var is reported only when a closure that runs concurrently (a Task, \
            a child task, a detached task, a dispatched block) writes it, and not when the closure then leaves a \
            DispatchGroup the function entered (or signals a semaphore made with 0) and the local is used only after \
            the function's `wait()` or inside the group's `notify` block; a use outside those, or a write after the \
            signal, is named. A computed property is reported when \
            its accessors take no lock and reach no locking wrapper, not when each accessor only calls functions \
            of the file (directly or through helpers) that take a lock or make an atomic operation, or members of its \
            type that take a lock of their own; storage the accessors touch that is itself nonisolated(unsafe) is \
            reported where it is declared, not again on the property. An actor's instance var that its deinit uses (what \
            the modifier is for there), written only in the actor's isolated members, and read by no synchronous \
            nonisolated member, is not reported; one no deinit uses is reported as a modifier not needed (no hazard: the \
            message says so). A `var` with an initial value that no file of the \
            run writes in any form (an assignment, `&x`, a member set or a method called through it, `init` \
            included) and no client of the module can set is reported: as a `let` it may need no modifier (a public \
            global or static var, also a member of a `public extension` or of a type with no access word in one, that \
            nothing in the run writes is a knob for clients and is not reported; one the run writes only under a lock \
            is reported as settable by clients with no lock held); not when \
            it may satisfy a protocol's requirement (its type or extension conforms to a protocol of the run that \
            requires a property of its name, or to one of another module), which code the run does not show may set \
            through the protocol, and which a `let` may not satisfy. A `lazy` \
            var of a class or actor that nothing else writes is reported as written by its first read, on any thread. \
            A tuple assignment `(a, b) = (b, a)` writes each element. A `let` \
            of a Sendable type of the standard library or Foundation is reported as unnecessary (with a safe fix that \
            removes the modifier), and so is a `let` of a type the run declares Sendable (a conformance, \
            `@unchecked Sendable`, an actor, a global actor; the fix is left to the reader, since a conformance may \
            be conditional). A global, static or class member `let` of a class of the run that is not Sendable and has \
            mutable stored vars and no lock or queue of its own is reported as one mutable instance shared with \
            checking off. Not reported: a `let` of another type (a system class, a protocol existential, a local the \
            code hands over), a var only written while it is initialized, a declaration \
            whose comment states its contract (set once at startup, not thread-safe, guarded by …, used only by, from \
            or on one owner: `will only ever be accessed by the parser`, not `only used for logging`; or a setup-only \
            rule: `must not be modified once … is being used`, `configure before calling start()`, `never changed \
            after launch`, or why the modifier is sound: `nonisolated(unsafe) is fine here because …`, copy-on-write; also \
            a comment right above the `#if` that declares it, or heading the block of consecutive declarations it is in), a var passed by `&` to a call (a C out-parameter such as the \
            handle `pthread_create` fills in), a var set in the entry method of the `@main` type before anything \
            starts concurrent work (an await, a task, a thread, a dispatch), a raw C lock itself (`unsafe_os_lock` \
            covers it), code built only for a single-threaded runtime (`!_runtime(_multithreaded)` in any shape of \
            `&&`, `||`, `!` and parentheses, or the `#else` of `_runtime(_multithreaded)`). A \
            global used by a signal handler is told to use an Atomic: a lock is not safe there. A reviewed use can \
            be suppressed with a reason: `// swift-lock-lint:disable:next nonisolated_unsafe -- why`. The option \
            `"strict": true` (`{"rules": {"nonisolated_unsafe": {"strict": true}}}`) reports every modifier.
            """,
        inTests: .narrowed("only a mutable global or static var that the file writes after initialization: tests that run in parallel (Swift Testing's default) share it, and it makes them flaky; a `let`, a value set once, or file-private state that one suite running its tests one at a time (`.serialized`, an XCTest class) alone uses and writes in its own statements is not reported"),
        triggeringExamples: [
            """
            ↓nonisolated(unsafe) var cache: [String: Data] = [:]
            func remember(_ k: String, _ d: Data) { cache[k] = d }
            """,
            """
            enum Config {
                ↓nonisolated(unsafe) static var verbose = false
                static func enableLogging() { verbose = true }
            }
            """,
            "↓nonisolated(unsafe) let name = \"service\"",
            """
            final class Registry { var names: [String] = [] }
            enum Shared { ↓nonisolated(unsafe) static let registry = Registry() }
            """,
            """
            enum Limits {
                ↓nonisolated(unsafe) static var maximumUpload = 10_000_000
                static func allows(_ size: Int) -> Bool { size <= maximumUpload }
            }
            """,
            """
            final class Box {
                @usableFromInline
                ↓nonisolated(unsafe) var value: Int = 0
                func bump() { value += 1 }
            }
            """,
            """
            func f() async {
                ↓nonisolated(unsafe) var total = 0
                await withTaskGroup(of: Void.self) { group in
                    group.addTask { total += 1 }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            "enum Config { nonisolated(unsafe) static let formatter = DateFormatter() }",
            """
            func f() -> sending NonSendableBox {
                nonisolated(unsafe) let box = NonSendableBox()
                return box
            }
            """,
            """
            final class Handle {
                nonisolated(unsafe) var raw: OpaquePointer?
                init() { raw = open() }
                deinit { raw = nil }
            }
            """,
            """
            nonisolated(unsafe) var registered: [String] = []
            let registerOnce: Void = { registered = ["a", "b"] }()
            """,
            """
            final class Pool: @unchecked Sendable {
                private let lock = NIOLock()
                nonisolated(unsafe) var idle: [Int] = []
                func release(_ id: Int) { lock.withLockVoid { idle.append(id) } }
                var count: Int { idle.count }
            }
            """,
            "nonisolated func describe() -> String { \"\" }",
            "// nonisolated(unsafe) var old = 0",
            "let text = \"nonisolated(unsafe) var x\"",
            "nonisolated let id: UUID",
            "actor A { nonisolated var description: String { \"A\" } }",
        ]
    )

    static let sendableTypes: Set<String> = [
        "String", "Int", "Int8", "Int16", "Int32", "Int64", "UInt", "UInt8", "UInt16", "UInt32", "UInt64", "Bool",
        "Double", "Float", "Character", "Substring", "StaticString", "URL", "UUID", "Date", "Data", "Decimal",
        "TimeInterval", "Duration", "ContinuousClock", "SuspendingClock",
    ]

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        var uses = VariableUses(of: s.nonisolatedTokens.compactMap { s.declaration(modifiedAt: Int($0)) }, s, context)
        var reportedDeclarations = Set<String>()
        let runsTestsInParallel = context.isTestCode && s.imports("Testing")
        var suites: SerialTestSuites? = nil
        // Code built only for a single-threaded runtime cannot race.
        let singleThreaded = s.nonisolatedTokens.isEmpty ? [] : s.singleThreadedRanges()
        for k in s.nonisolatedTokens {
            let i = Int(k)
            if singleThreaded.contains(where: { $0.contains(i) }) { continue }
            let t = s.code[i]
            guard t.isWord, t.word == .nonisolated, !t.flags.contains(.escaped), s.isChar(i + 1, UInt8(ascii: "(")),
                  s.is(i + 2, "unsafe"), s.isChar(i + 3, UInt8(ascii: ")")) else { continue }
            let decl = s.declaration(modifiedAt: i)
            // In tests, only shared mutable state that parallel tests can race on: XCTest runs a
            // file's tests one at a time, Swift Testing in parallel.
            if context.isTestCode {
                guard runsTestsInParallel, let d = decl, s.decls[d].parent < 0 || s.decls[d].isStaticMember, s.decls[d].kind == .variable,
                      !s.decls[d].isLet, !s.decls[d].isComputed else { continue }
                let writes = uses.writesAfterInitialization(s, s.decls[d], d)
                if writes.isEmpty { continue }
                // State of one suite whose tests run one at a time is shared by no parallel test.
                if suites == nil { suites = SerialTestSuites(s, declarations: s.nonisolatedTokens.compactMap { s.declaration(modifiedAt: Int($0)) }) }
                if suites!.confinedToOneSerialSuite(d, uses: uses.uses(of: s.decls[d]), writes: writes) { continue }
            }
            // The same declaration in each branch of an #if is one variable: reported once (a
            // static and an instance member of one name are two).
            if let d = decl, s.decls[d].kind == .variable,
               !reportedDeclarations.insert("\(s.decls[d].parent)/\(s.decls[d].isStaticMember)/\(s.decls[d].nameText)").inserted { continue }
            var notes: [Note] = []
            guard let (message, fix) = describe(s, decl: decl, context: context, uses: &uses, notes: &notes) ?? strictFinding(s, decl, context)
            else { continue }
            var fixIt = FixIt(fix)
            if message.contains("is already Sendable"), i + 4 < s.code.count {
                // Removing the modifier from a `let` of a Sendable type cannot change behaviour.
                fixIt = FixIt(fix, edits: [Edit(range: Int(s.code[i].start)..<Int(s.code[i + 4].start), replacement: "")], applicability: .safe)
            }
            out.append(context.diagnostic(description, at: i, message: message, notes: notes, fixIt: fixIt))
        }
        return out
    }

    /// With `"strict": true`, every modifier is reported, also where the code shows no hazard.
    func strictFinding(_ s: FileStructure, _ decl: Int?, _ context: RuleContext) -> (String, String)? {
        guard context.strict else { return nil }
        if let d = decl, s.decls[d].kind != .variable {
            return ("nonisolated(unsafe) on \(s.decls[d].kind.keyword) '\(s.decls[d].nameText)' is plain nonisolated: '(unsafe)' applies only to stored variables, "
                        + "and the compiler still checks this body (reported by \"strict\": true)",
                    "write nonisolated")
        }
        let name = decl.map { "'\(s.decls[$0].nameText)'" } ?? "this declaration"
        return ("nonisolated(unsafe) on \(name) turns off isolation checking: the compiler no longer checks its accesses (reported by \"strict\": true)",
                "protect the value with \(LockAdvice.lock(context.deployment)) or Atomic, isolate it to an actor or @MainActor, or make it an immutable Sendable let")
    }

    /// For a value every use of which already holds `lock`: move it inside a lock that owns its
    /// state (the finding is made only where the package can use one).
    static func moveIntoLock(_ lock: String, type rawType: String, _ deployment: Deployment?) -> String {
        let type = LockAdvice.genericArgument(rawType)
        let keep = "otherwise keep it and document beside it that '\(lock)' guards every access"
        guard let d = deployment else {
            return "move the value inside a Mutex<\(type)> (iOS 18/macOS 15) or OSAllocatedUnfairLock(initialState:) (iOS 16/macOS 13) "
                + "so the compiler checks every access, then drop nonisolated(unsafe); \(keep)"
        }
        if d.hasMutex { return "move the value inside a Mutex<\(type)> so the compiler checks every access, then drop nonisolated(unsafe)" }
        // (Reported only where one of the two exists.)
        return "move the value inside an OSAllocatedUnfairLock(initialState:) so the compiler checks every access, then drop nonisolated(unsafe); off Apple platforms, \(keep)"
    }

    /// The message and fix-it for the `nonisolated(unsafe)` on `decl`, nil when it needs none;
    /// `notes` gets the write made in another file that the message names.
    func describe(_ s: FileStructure, decl: Int?, context: RuleContext, uses: inout VariableUses, notes: inout [Note]) -> (String, String)? {
        let lock = LockAdvice.lock(context.deployment)
        guard let di = decl else {
            return ("nonisolated(unsafe) turns off isolation checking here and adds no synchronization",
                    "protect the value with \(lock) or Atomic, or isolate it to an actor or @MainActor")
        }
        let d = s.decls[di]
        // On a function, an initializer or a subscript, `(unsafe)` has no effect (it applies to
        // storage alone): the declaration is plain `nonisolated`, the compiler still checks its
        // body, and the compiler itself warns about the word. Nothing to add but with "strict".
        guard d.kind == .variable else { return nil }
        let type = typeName(s, d)
        let typeText = type.map { " of type '\($0)'" } ?? ""
        // The lock itself (`os_unfair_lock()`): unsafe_os_lock says what is wrong with storing it.
        let rawLocks: Set<String> = ["os_unfair_lock", "os_unfair_lock_s", "pthread_mutex_t", "pthread_rwlock_t"]
        if let type, rawLocks.contains(type) { return nil }
        if let first = d.initializer.first, s.isChar(first + 1, UInt8(ascii: "(")), rawLocks.contains(s.text(first)) { return nil }
        // A computed property has no storage: what its accessors touch decides. Accessors that
        // take a lock, reach storage kept by a wrapper, or only call functions that synchronize
        // (a lock, an atomic) synchronize themselves.
        if d.isComputed {
            let ownerType = s.owningType(of: di).map { s.decls[$0].nameText } ?? ""
            var storage = Set<Int>()
            if uses.accessorsSynchronize(s, d, di, storage: &storage, locking: { !ownerType.isEmpty && context.lockingMembers(ofType: ownerType)[$0] != nil }) {
                return nil
            }
            // Storage the accessors touch that is itself declared nonisolated(unsafe) is judged
            // where it is declared: one finding there, not a second one here.
            if !storage.isEmpty && storage.allSatisfy({ s.decls[$0].modifiers.contains(.nonisolatedUnsafe) }) { return nil }
            return ("computed property '\(d.nameText)' can be called from any isolation with nonisolated(unsafe), and its accessors take no lock",
                    "take a lock inside the accessors (or reach the state through \(lock)), or leave the property isolated")
        }
        let owner = s.owningType(of: di).map { s.decls[$0] }
        // A pointer to a lock: sharing it is the point, and the lock synchronizes itself.
        if let type, type.hasPrefix("Unsafe"), type.contains("Pointer<"),
           context.vocabulary.lockTypes.contains(where: { type.contains("<\($0)>") }) {
            // A `static let` or global made once by its own initializer and never freed: it is
            // initialized before any use and lives as long as the program.
            if d.isLet && (d.isStaticMember || owner == nil) && VariableUses.allocatedOnceAndKept(s, d) { return nil }
            return ("'\(d.nameText)'\(typeText) shares a lock by pointer; the compiler cannot check that it is initialized before use and outlives every user",
                    "prefer \(lock), which owns its storage; otherwise document who allocates and frees this lock")
        }
        // Every use in this file holds a lock: the lock is the protection the compiler cannot see.
        if !d.isLet, let lock = uses.commonLock(s, d, context) {
            // Only worth saying where a lock that owns its state can replace the arrangement.
            // `split_critical_section` reports the same lost update at each update, when it runs
            // and sees the get/set pair: that finding is the one to keep.
            if let (wrapper, update) = VariableUses.splitUpdate(s, d, di),
               !(context.rulesRunning.contains("split_critical_section")
                 && owner.map { context.splitProperty(type: $0.nameText, property: wrapper) != nil } ?? false) {
                return ("'\(d.nameText)'\(typeText) is only used with '\(lock)' held, but '\(wrapper)' takes '\(lock)' once to get and again to set: "
                            + "the update through it at line \(s.line(ofToken: update)) reads and writes in two holds, so concurrent updates can be lost",
                        "make each update one critical section: take '\(lock)' once around the whole read-modify-write (\(lock).withLock { … }, "
                            + "or \(lock).lock(); defer { \(lock).unlock() }) instead of updating through the get/set pair")
            }
            // Guarded at every use: the modifier hides no hazard. Only `"strict": true` asks for
            // the lock that owns its state instead.
            guard context.strict else { return nil }
            if let dep = context.deployment, !dep.hasMutex && !dep.hasUnfairLock { return nil }
            return ("'\(d.nameText)'\(typeText) is only used with '\(lock)' held in this file, but the compiler cannot see that protection",
                    Self.moveIntoLock(lock, type: type ?? "Value", context.deployment))
        }
        let isLocal = d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike
        let isGlobalLike = d.parent < 0 || d.isStaticMember
        let scope: String
        if isLocal {
            scope = "local"
        } else if d.parent < 0 {
            scope = "global"
        } else if d.isStaticMember {
            scope = "static"
        } else {
            scope = "instance property"
        }
        if d.isLet {
            // A `let` is never written: the opt-out only matters for a non-Sendable instance
            // shared as it is, which the code states deliberately. Say something only when the
            // modifier is plainly unnecessary.
            if let type, Self.sendableTypes.contains(type) || context.vocabulary.lockTypes.contains(type) && type != "os_unfair_lock" && type != "pthread_mutex_t" {
                return ("\(scope) let '\(d.nameText)'\(typeText) is already Sendable: nonisolated(unsafe) is unnecessary here",
                        "remove nonisolated(unsafe); an immutable value of a Sendable type can be shared as it is")
            }
            // A mutable Foundation container shared as one instance: the `let` does not stop
            // its contents from being changed from several threads.
            if let type, isGlobalLike, Self.mutableContainers.contains(type) {
                return ("\(scope) let '\(d.nameText)'\(typeText) shares one mutable container across threads, and nothing synchronizes changes to its contents",
                        "\(LockAdvice.protect("its contents", context.deployment, state: type, usesWithLock: context.moduleCallsWithLock(on:))), or give each thread or actor its own instance")
            }
            // A type of the run, named plainly: what its declarations say decides. A local is
            // handed over deliberately; a struct's member is the holder's business.
            guard let type, !isLocal, type.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" }),
                  !(owner.map { ($0.kind == .struct || $0.kind == .enum) && !d.isStaticMember } ?? false) else { return nil }
            if context.declaresSendable(type) {
                return ("\(scope) let '\(d.nameText)'\(typeText) is of a type declared Sendable: nonisolated(unsafe) is unnecessary here",
                        "remove nonisolated(unsafe); the compiler checks a Sendable value shared as a let")
            }
            // One instance of a class with mutable state and no lock or queue of its own, shared
            // with isolation checking off.
            // (A class declared as twins in the branches of an `#if` may differ per platform: not judged.)
            if let f = context.classFacts(type), !f.hasTwins, !f.storedVars.isEmpty, f.lockProperties.isEmpty, f.queueProperties.isEmpty,
               !documented(s, di) {
                let shown = f.storedVars.prefix(3).map { "'\($0)'" }.joined(separator: ", ")
                let more = f.storedVars.count > 3 ? " and \(f.storedVars.count - 3) more" : ""
                return ("\(scope) let '\(d.nameText)' shares one instance of class '\(type)', which is not Sendable and has mutable state (\(shown)\(more)): "
                            + "with isolation checking off, any thread can change it and nothing synchronizes the changes",
                        "make '\(type)' safe to share (an actor, or its state inside \(lock)), isolate '\(d.nameText)' to an actor or @MainActor, "
                            + "or give each thread or task its own instance")
            }
            return nil
        }
        // A documented contract (`/// Set once at startup, before any task runs.`) is the
        // explanation the opt-out needs; a finding would only repeat it.
        if documented(s, di) { return nil }
        // Compiled only for a platform whose programs have one thread: no other thread to race.
        if singleThreadedOnly(s, d) { return nil }
        // A var: the opt-out matters where it is written after initialization. Written only in
        // an initializer, a once-initializer closure or deinit, it is set once and then read.
        // Writes made with no lock held (a write under a lock is the lock's business).
        // A value-typed var is also written through its members, as an inout argument and by its
        // mutating methods.
        let through = VariableUses.writesThrough(type: type, context)
        let allWrites = uses.writesAfterInitialization(s, d, di, through: through.writes, cannot: through.cannot)
        var writes = allWrites
            .filter { uses.regions.holding($0, in: s, directOnly: false).isEmpty }
            // In a free function some caller calls with a lock held: held there, or the tool
            // cannot tell (the lock may be taken only on some paths): not a write with no lock.
            .filter { uses.callerHold(s, $0, context) == .none }
        // The same, in the other files of the run.
        let key = isLocal ? nil : d.parent < 0 ? d.nameText : owner.map { "\($0.nameText).\(d.nameText)" }
        let allElsewhere = key.map { k in
            context.externalWrites(k).filter { w in
                (w.through.isEmpty ? w.method.isEmpty || !through.cannot(w.method) : through.writes(w.through)) && (w.memberKind.isEmpty || (w.memberKind == "s") == d.isStaticMember)
                    && !w.once && !(w.inInitializer && !isGlobalLike)
            }
        } ?? []
        var elsewhere = allElsewhere.filter { w in
            !w.guarded && !VariableUses.runsUnderLock(context, call: w.closureCall) && uses.callerHold(of: w, s, context) == .none
        }
        // The main actor is a guard too: writes that all run on it exclude one another. Off it,
        // the writes made with no lock held are the hazard (a main-actor write does not exclude
        // a write under a lock, so then it stays one with no lock held).
        // (Also in a file-private function that the file calls only from such code.)
        let onMain = Set(allWrites.filter { MainActorCode.runs(s, at: $0, context: context) || uses.calledOnlyOnMain(s, $0, context) })
        let mainConfined = !allWrites.isEmpty || !allElsewhere.isEmpty
            ? onMain.count == allWrites.count && !allElsewhere.contains { !$0.mainActor } : false
        if mainConfined {
            writes = []
            elsewhere = []
        } else if writes.contains(where: { !onMain.contains($0) }) || elsewhere.contains(where: { !$0.mainActor }) {
            writes.removeAll { onMain.contains($0) }
            elsewhere.removeAll { $0.mainActor }
        }
        // A public global or static var can be set by any client of the module, from any thread.
        let settableOutside = isGlobalLike && s.isSettableOutsideModule(d)
        // One the run never writes is a knob for clients: what they set, and when, is code the
        // tool does not see (not "never written": its setter is API, a `let` would break them).
        if settableOutside && allWrites.isEmpty && allElsewhere.isEmpty { return nil }
        // One with observers is there to be set after init: it stays a var.
        let observed = s.hasObservers(d)
        if isGlobalLike && settableOutside && writes.isEmpty && elsewhere.isEmpty && !uses.usedInSignalHandler(s, d) {
            return ("public \(scope) var '\(d.nameText)'\(typeText) can be set by any client of the module, from any thread, while this module reads it",
                    // Its setter is API: a `let` would break every client that sets it.
                    "make it private behind a public accessor that clients keep setting, and \(LockAdvice.protect("it", context.deployment, state: type ?? "Value", usesWithLock: context.moduleCallsWithLock(on:)))")
        }
        // Written only on the main actor: no write races another.
        if mainConfined { return nil }
        // An actor's instance var written only in the actor's isolated members: the actor runs
        // them one at a time, and no synchronous nonisolated member reads it meanwhile.
        // (Otherwise the message names a write made off the actor, when there is one.)
        if let o = owner, o.kind == .actor, !d.isStaticMember, !writes.isEmpty {
            let isolated = Set(writes.filter { w in
                if case .actor(let t, _)? = ConcurrencyIsolation.of(s, at: w, context: context) { return s.decls[t].nameText == o.nameText }
                return false
            })
            // (Only where deinit uses it, which is what the modifier is for there; a var every use
            // of which is isolated is told to stay isolated.)
            let deinitUses = s.owningType(of: di).map { t in
                s.children[t].contains { m in
                    s.decls[m].kind == .deinitializer && s.decls[m].body >= 0
                        && s.scopes[s.decls[m].body].interior.contains { s.code[$0].kind == .identifier && s.is($0, text: d.nameText) }
                }
            } ?? false
            if isolated.count == writes.count && elsewhere.isEmpty && !uses.readBySynchronousNonisolatedMember(s, d) {
                if deinitUses { return nil }
                // No hazard: only the modifier is not needed, and the message says so.
                return ("instance var '\(d.nameText)'\(typeText) of actor '\(o.nameText)' is written only in the actor's isolated members (first at line "
                            + "\(s.line(ofToken: writes[0]))) and read by no synchronous nonisolated member: nonisolated(unsafe) turns off a check it does not need",
                        "remove nonisolated(unsafe): the actor runs its isolated members one at a time, and code outside it reaches the var with await")
            }
            writes = writes.filter { !isolated.contains($0) } + writes.filter { isolated.contains($0) }
        }
        // A `lazy` var of a class or actor is written by its first read, from whichever thread
        // reads first.
        if writes.isEmpty && elsewhere.isEmpty && d.modifiers.contains(.lazy), let o = owner, o.kind == .class || o.kind == .actor || o.kind == .extension {
            return ("lazy var '\(d.nameText)'\(typeText) of '\(o.nameText)' is initialized by its first read, on whichever thread reads it first, with no lock: "
                        + "two threads can both run its initializer and each keep a different value",
                    "initialize it in init (as a `let` if it never changes), or guard its first access with one lock owned by '\(o.nameText)'")
        }
        if writes.isEmpty && elsewhere.isEmpty {
            // Never written at all: a `let` says so, and may need no modifier. Observers say it
            // is meant to be set by code the tool does not see: it cannot tell, and says nothing.
            guard !observed, uses.neverWritten(s, d, owner: owner, key: key, context: context, cannot: through.cannot) else { return nil }
            return ("\(d.parent >= 0 && !d.isStaticMember && !isLocal ? "instance" : scope) var '\(d.nameText)'\(typeText) is never written, not even in init, in any file of the run: as a `let` it needs nonisolated(unsafe) only if its type is not Sendable",
                    "declare it `let`, then remove nonisolated(unsafe) if \(type.map { "'\($0)'" } ?? "its type") is Sendable")
        }
        // Where it is written: in this file, or in another.
        let writeLine: String
        var writeNotes: [Note] = []
        if let firstWrite = writes.first {
            writeLine = "at line \(s.line(ofToken: firstWrite))"
        } else {
            let w = elsewhere[0]
            let file = w.path.split(separator: "/").last.map(String.init) ?? w.path
            writeLine = "in \(file) at line \(w.line)"
            writeNotes = [Note(path: w.path, location: SourceLocation(line: w.line, column: w.column), message: "'\(d.nameText)' is written here with no lock held")]
        }
        notes = writeNotes
        if isGlobalLike && uses.usedInSignalHandler(s, d) {
            return ("\(scope) var '\(d.nameText)'\(typeText) is used by a signal handler, which can interrupt any thread at any point, and nothing orders its accesses",
                    "make it an Atomic (or sig_atomic_t) and use only lock-free operations on it: a lock is not safe inside a signal handler")
        }
        if isLocal {
            // A local races only when a closure that runs concurrently writes it.
            // (A write the closure signals after, and the function waits for before its next use,
            // or uses only in the block the group runs once all have left, is ordered.)
            var ordering = VariableUses.WaitOrdering.none
            guard let w = writes.first(where: {
                guard VariableUses.writtenInConcurrentClosure(s, $0, di: di) else { return false }
                ordering = VariableUses.waitOrdering(s, $0, d)
                return ordering != .ordered
            }) else { return nil }
            if case .writtenAfterSignal(let k) = ordering {
                let signal = "\(s.text(k)).\(s.text(k + 2))()"
                return ("local var '\(d.nameText)'\(typeText) is written at line \(s.line(ofToken: w)) inside a closure that runs concurrently with the function, "
                            + "after its '\(signal)' at line \(s.line(ofToken: k)): what waits for that signal can read it while the write is still to come",
                        "call '\(signal)' after the write (as the closure's last statement, or in a defer), or return results from the tasks instead of capturing a shared var")
            }
            if case .unorderedUse(let use, let call) = ordering {
                let wait = call.hasSuffix("()")
                let written = "local var '\(d.nameText)'\(typeText) is written at line \(s.line(ofToken: w)) inside a closure that runs concurrently with the function"
                return (written + (wait ? ", and used at line \(s.line(ofToken: use)) before '\(call)', which orders the write only before the code after it"
                                        : ", and used at line \(s.line(ofToken: use)) outside the block of '\(call)', the only code ordered after the write"),
                        "use it only \(wait ? "after '\(call)'" : "inside the block of '\(call)'"), or return results from the tasks instead of capturing a shared var")
            }
            return ("local var '\(d.nameText)'\(typeText) is written at line \(s.line(ofToken: w)) inside a closure that runs concurrently with the function, and nothing orders the accesses",
                    "return results from the tasks (or collect them under \(lock)) instead of capturing a shared var")
        }
        // A stored property of a struct or enum is part of a value: whether it is shared is the
        // holder's business, and nothing here says which it is.
        if let o = owner, o.kind == .struct || o.kind == .enum, !d.isStaticMember { return nil }
        if isGlobalLike {
            return ("\(scope) var '\(d.nameText)'\(typeText) is written \(writeLine) with no lock held, and any thread may read it",
                    "\(LockAdvice.protect("it", context.deployment, state: type ?? "Value", usesWithLock: context.moduleCallsWithLock(on:))); for a single counter or flag, \(LockAdvice.counter(context.deployment)) will do; or isolate it with @MainActor if only main-actor code uses it")
        }
        let ownerName = owner.map { "'\($0.nameText)'" } ?? "its type"
        // Awaiting is no option where a synchronous nonisolated member reads it (it has to answer now).
        let isolatedOption = owner?.kind == .actor && !uses.readBySynchronousNonisolatedMember(s, d)
            ? ", or leave it isolated to the actor and reach it with await" : ""
        return ("instance var '\(d.nameText)'\(typeText) of \(ownerName) is written \(writeLine) with no lock held, and isolation checking is off for it",
                "guard every access with one lock owned by \(ownerName)\(isolatedOption)")
    }

    /// Whether declaration `d` is compiled only for WebAssembly/WASI without its threads
    /// (`#if os(WASI)`, not `&& _runtime(_multithreaded)`): such a program runs one thread.
    func singleThreadedOnly(_ s: FileStructure, _ d: Decl) -> Bool {
        let b = s.branch(of: d.keyword)
        guard b >= 0 else { return false }
        let assumes = s.branches[b].assumes
        return assumes.contains { $0.hasPrefix("+") && ($0.contains("os(WASI)") || $0.contains("arch(wasm32)")) && !$0.contains("||") }
            && !assumes.contains { $0.contains("_runtime(_multithreaded)") && !$0.hasPrefix("-") }
    }

    /// Whether declaration `di` states its contract in a comment: its own, the one right above
    /// the `#if` that declares it, or the one heading the block of declarations it belongs to
    /// (`// these are never modified` above three consecutive lines).
    func documented(_ s: FileStructure, _ di: Int) -> Bool {
        let d = s.decls[di]
        if ContractComments.documentsContract(s.leadingCommentText(d)) || ContractComments.documentsContract(commentAboveConditional(s, d)) { return true }
        let first = firstOfBlock(s, di)
        return first != di && ContractComments.documentsContract(s.leadingCommentText(s.decls[first]))
    }

    /// The first declaration of the block that `di` ends: siblings, each starting on the line
    /// right after the previous one ends, with no comment of their own in between.
    func firstOfBlock(_ s: FileStructure, _ di: Int) -> Int {
        let parent = s.decls[di].parent
        let siblings = parent >= 0 ? s.children[parent] : s.topLevel
        // Siblings are in source order: find `di` by binary search.
        var lo = 0
        var hi = siblings.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if siblings[mid] < di { lo = mid + 1 } else { hi = mid }
        }
        guard lo < siblings.count, siblings[lo] == di else { return di }
        var k = lo
        while k > 0 && lo - k < 64 {
            let d = s.decls[siblings[k]]
            let previous = s.decls[siblings[k - 1]]
            // Right after the previous one (no token, no comment, no blank line between).
            guard s.leadingCommentText(d).isEmpty, previous.kind == d.kind, previous.end == d.start,
                  s.line(ofToken: d.start) == s.line(ofToken: max(0, previous.end - 1)) + 1 else { break }
            k -= 1
        }
        return siblings[k]
    }

    /// The comment right above an `#if` line that directly precedes the declaration (a doc
    /// comment written once for the declaration's conditional variants).
    func commentAboveConditional(_ s: FileStructure, _ d: Decl) -> String {
        guard d.start >= 1 else { return "" }
        let line = s.line(ofToken: d.start - 1)
        guard line + 1 == s.line(ofToken: d.start) else { return "" }
        var p = d.start - 1
        while p >= 1 && s.line(ofToken: p - 1) == line { p -= 1 }
        guard s.code[p].kind == .pound, s.is(p, "#if") else { return "" }
        let from = p >= 1 ? Int(s.code[p - 1].end) : 0
        let to = Int(s.code[p].start)
        var lo = 0
        var hi = s.comments.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(s.comments[mid].start) < from { lo = mid + 1 } else { hi = mid }
        }
        var out = ""
        while lo < s.comments.count && Int(s.comments[lo].start) < to {
            out += s.file.text(s.comments[lo].range) + "\n"
            lo += 1
        }
        return out
    }

    static let mutableContainers: Set<String> = [
        "NSMutableArray", "NSMutableDictionary", "NSMutableSet", "NSMutableOrderedSet", "NSMutableString", "NSMutableData",
        "NSMutableAttributedString", "NSCountedSet", "NSHashTable", "NSMapTable", "NSPointerArray",
    ]

    /// The declared type: from the annotation, or from a literal or `Type(…)` initializer.
    func typeName(_ s: FileStructure, _ d: Decl) -> String? {
        if !d.typeAnnotation.isEmpty {
            let text = s.text(d.typeAnnotation)
            return text.isEmpty ? nil : text
        }
        let r = d.initializer
        guard let first = r.first else { return nil }
        switch s.code[first].kind {
        case .string where r.count == 1: return "String"
        case .integer where r.count == 1: return "Int"
        case .float where r.count == 1: return "Double"
        case .keyword where r.count == 1 && (s.code[first].word == .true || s.code[first].word == .false): return "Bool"
        case .identifier:
            var j = first
            while j + 2 < r.upperBound && s.isChar(j + 1, UInt8(ascii: ".")) && s.code[j + 2].kind == .identifier { j += 2 }
            let name = s.text(j)
            if let c = name.first, c.isUppercase, s.isChar(j + 1, UInt8(ascii: "(")) { return name }
            return nil
        default: return nil
        }
    }
}
