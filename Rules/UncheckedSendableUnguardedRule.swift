import LockLintCore

/// `unchecked_sendable_unguarded`: an `@unchecked Sendable` class with mutable stored state that
/// is not always accessed under one lock.
public struct UncheckedSendableUnguardedRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "unchecked_sendable_unguarded",
        name: "Unguarded state in @unchecked Sendable class",
        summary: "A mutable stored property of an @unchecked Sendable class is accessed without the class's lock",
        rationale: """
            `@unchecked Sendable` promises the compiler that the class synchronizes itself, and the compiler stops \
            checking. Every `var` the class stores must then be read and written under the same lock (or on the same \
            serial queue); one unguarded access is a data race the compiler will never report.
            """,
        fix: """
            Guard every access with the class's one lock, or move the state inside the lock (Mutex<State>, \
            OSAllocatedUnfairLock(initialState:)) so it cannot be touched without it; or make the type an actor. A \
            legacy wrapper should document its invariant: private state, one lock, no references escaping, no lock \
            held across await.
            """,
        knownLimits: """
            A guard is recognised by what the code does with it, not by its type's name: a receiver it locks and \
            unlocks (`x.lock()` … `x.unlock()`, `defer` before or after, along each path of the function; also a \
            local copy, `let l = self.lock`; not a type of the run whose `lock()` gives back what it takes before \
            it returns, a counter or a flag; not a `lock(value:)` that is tried or gives a value), a \
            semaphore it waits on and signals in one function (a mutex), the C lock functions, a closure run by a \
            withLock-style method or by a method of the run's own types whose body runs its closure under a lock \
            (a project's `Protected<T>.perform { }`, the class's own `withStateLock { }`), a closure handed to a method of \
            a stored property's type (or of every implementation in the run of its protocol) that submits it to a \
            serial queue the type makes, with sync or async (its blocks run one at a time either way; over a concurrent \
            queue, or kept for later, it is no guard; over a queue handed in, a possible one), a serial queue's blocks \
            (a `DispatchQueue` made without `.concurrent`, where it is declared or where init makes it, an \
            OperationQueue limited to one operation (a closure handed to its addOperation, or the one block of an operation the \
            same function then adds to it: `op.addExecutionBlock { }` or `BlockOperation { }`, then `q.addOperation(op)`; an \
            operation with two blocks runs them at once), and a URLSession's delegateQueue where the type makes the session with no queue or with such a one; when the session also calls the class back as its delegate, a possible guard), a concurrent queue used as a reader-writer lock (plain \
            `sync` reads, barrier writes; a write in a plain block is told to make that block a barrier, as a \
            barrier submitted from inside it would deadlock or run late; a `DispatchWorkItem(flags: .barrier)` keeps its \
            flag wherever it is submitted, and a closure kept in a local runs where it is called or submitted, \
            also behind a `getSpecific` check that says it already runs on the queue), an event loop's \
            blocks, and code on the main actor or asserted to run on a queue or loop (`dispatchPrecondition`, \
            `assertInEventLoop`, `assert(Thread.isMainThread)`, an `if loop.inEventLoop` branch). A `Task { }` made \
            on the main actor runs there, and so does a closure made there that is not `@Sendable` and is handed to \
            a function of the run that takes no `@Sendable` or `sending` closure and hands it to no other code (not \
            as an argument, not from a closure it gives away, not from a property it is kept in and called from \
            such a closure). The methods of a delegate made with `delegate: self` and a queue (`CBCentralManager(delegate: \
            self, queue: q)`, a URLSession's delegateQueue) that are named for it and take it first run on that queue, \
            unless the file calls them itself or makes it with other queues too. Async code that no actor isolates \
            never runs on the main actor: against a var whose writes and most accesses are there, it is reported. \
            A lock reached through a parameter or local (`entry.lock`) is another object's, only a possible guard \
            of the class's state; outside reads of a var whose writers run only when one other file's code calls \
            them, and that file makes every outside read, are left to that file's order. A member \
            holds the guards every call of it holds (the class's calls in any file, told apart by argument \
            labels, and the calls other types' code makes through a name whose declared type the file tells, \
            outside closures and tests; calls from init and deinit do not count against it); a public, overriding \
            or @objc member (a member of a `public extension` included) can be called from anywhere. In a class not marked \
            @unchecked Sendable, an access shows the var's guard only where every path to it holds one: a var whose only \
            guarded accesses sit in members some callers reach with the guard and others without it (a stop called from \
            inside a queue.sync block on an error path, and off the queue elsewhere) shows no guard, and is not reported. A member the class never calls itself, which another type \
            calls back through a parameter the class handed `self` in as (`parser.parse(data, self)`), holds what \
            those hand-outs hold; when other code of the module takes the class's guard through a reference \
            (`t.lock.withLock { t.apply(x) }`; for a public member, a public guard), a member the class never \
            calls itself may be entered with it held, and is not reported. A write is told to move into queue.async only when nothing \
            runs after it in its member, no caller in the run goes on after calling that member, and no code \
            outside the module can call it; else it is told to keep the order. A binding of the var's own name \
            (`if let x = x`, `if let x`) reads it. A class that holds a lock, queue or actor it never takes around \
            its state is told what it holds, not that it has none. A guard held on every path at every access of a var is its guard, \
            and nothing is reported for it (a second lock that some accesses, or some callers, also hold, or one taken after an access, \
            changes nothing). Otherwise a var's guard is a lock if the code takes one around it anywhere (a lock \
            exists to exclude other threads), else an executor; among those, the one held at most of its writes, \
            then on every path at most of its accesses, then at most of its accesses (a queue that only reads the var does not guard it; in a class not marked \
            @unchecked Sendable, a var only other code writes is judged only when most of its accesses hold the guard, \
            and one held at a single incidental access is not the var's). A message that counts accesses counts them. An access without \
            it is reported, with a note at a guarded one (the accesses under one wrong guard are one finding), and, when it sits in a member some call reaches \
            without the guard, a note at that call (the fix then goes there: locking inside the member would \
            deadlock its other callers, unless the lock is recursive: NSRecursiveLock, objc_sync, a type of the file wrapping one; \
            for a lock type the tool does not know, the deadlock is said as a condition). A var never accessed under any of the class's guards gets one finding (a lock of the type itself, `Self.lock` or `Type.lock`, shared by every instance, is not named as an instance var's guard: when the class holds no other, the finding says that its only lock belongs to the type, and offers a lock of the instance). \
            Exempt: construction (init, deinit, a test case's overriding setUp/tearDown, not a method of the class's own named setUp or setup; members only they call, methods called on a fresh local before it is handed on (`let x = T(); x.configure()`) that no code calls through a reference it holds outside an initializer, copy-on-write \
            after isKnownUniquelyReferenced; writes another type's initializer makes, on the spot, to an instance it made itself and \
            keeps in a non-public `let`, before handing it to anything but another initializer it calls there, and the observers \
            those writes run); closures that run later do not count as construction. When the \
            tool cannot tell (a closure method of a receiver it cannot resolve, a member whose name or doc \
            comment says its caller holds the lock, a member used as a value), it says nothing about that \
            access, and a class with such a possible guard is never told it has no lock. When no write holds a guard, the writes are reported \
            and the reads are not (they race only because of those writes). A class that gives its own queue to \
            other code as the queue to call it back on (`callbackQueue = queue`, `start(queue: queue)`) may run \
            the closures it hands over, and the local functions they call, on that queue: the tool cannot tell, \
            and says nothing about their accesses, unless the run shows the whole registration: every hand-out gives \
            the queue to an object the class keeps privately or makes in the function that hands it out, and the \
            closures given to that object then run on the queue and hold it, while the class's other closures do not. \
            A session task's completion handler (`dataTask(with:) { }`) runs later on the session's queue, not under \
            the queue or lock held where it is written. A var never written \
            outside construction cannot race; a weak reference is loaded and stored atomically, and is judged only \
            when the class's own writes of it hold the guard (in a class with no guard at all, never). Code under `#if` on a test flag (a name containing TEST, \
            not negated, that no other alternative of the condition stands in for) is test code. Two classes of one name in exclusive branches of an `#if` (`#if os(Windows)` \
            … `#else`, in one file or two) are two types: each is judged by its own guards, with its own branch's code \
            and the code every build compiles (a finding there is reported once). One name declared as a class by two files \
            of a module outside any `#if` (a redeclaration the compiler rejects: the two never build together) is two classes, each \
            judged with its own file's code; when an extension of the name in another file cannot be given to either, nothing is \
            said about them. A use through a reference counts for a class only when the type name it is declared with, as \
            written (`Transfer`, `Uploads.Transfer`), means that class alone in the run (not a namesake in another module or \
            nested in another type). A public var guarded \
            by a queue is never told to take an accessor that hops onto the queue with sync: code outside the module \
            may already run there; nor is a member deinit calls (deinit can run on the queue). A read in a synchronous member \
            that hands its caller the value before it returns (a getter, a result, a closure parameter it cannot keep) is \
            never told to read inside queue.async and hand the value on. A class that keeps \
            state in atomics (stored values it operates on with a memory ordering, `x.load(ordering:)`, `x.compareExchange(…, \
            ordering:)`, or hands by address to a C atomic function, `OSAtomicIncrement32(&x)`) is told that its other state sits \
            outside them, not that it has no lock, and those vars are not its unguarded state. A class with \
            mutable state and nothing that is or may be a guard gets one finding, at its name, with a note at \
            each var. Left alone: classes isolated to a global actor (declared, through a UIKit/AppKit or \
            SwiftUI superclass of the run or a superclass declared isolated in any module of the run (when several \
            modules declare the name, every one), or by the module's default isolation), NIO channel handlers and \
            executors, classes documented as single-threaded (or, with no guard of their own, as running on a queue or \
            lock of their owner or of the file: "mutations happen on `ioQueue`"), classes that implement lock()/unlock(), classes \
            named *Unchecked* or Unsafe*, property wrappers, and vars documented as protected by something the \
            class does not own. Another type's code that reaches a var through a reference to the class \
            (`store.count`, `self.store?.count`, a parameter `s: Store`; the reference declared as the class, `: Store`, `: Store?` or \
            `= Store(…)`) holds none of the class's guards: such an access is reported when the class's own writes of the var hold its \
            guard, with a fix-it that goes through a method of the class. Not followed: any of it when the class hands `self` to other code \
            (`plugin.attach(to: self)`) while it holds, or may hold, the var's guard (that code may run under it), a private or fileprivate var, a `let`, a weak \
            var or reference, a class with a guard the tool cannot resolve, a guard that is the main actor, a reference typed as a protocol \
            (even one only the class adopts), a reference through another member (`a.b.count`), a fresh instance the code sets up \
            (`let s = Store(); s.count = 1`), an initializer's own code, test code, an access under any lock or queue reached through a \
            reference (`store.lock`: it may be the class's), one in a closure handed to the reference itself or to a lock-scoped method, \
            and accesses through other instances within the class's own code (`other.count`). \
            A call of a member through another reference (`client.helper()`) made straight in the body of a \
            method, of any type, that its file calls only with a lock or a wrapper's closure held (through a \
            protocol, a free function, four calls deep at most) and that is not public, is a possible guard: \
            the tool cannot tell whether that lock is the instance's (calls of that method in other files are \
            not seen).
            """,
        inTests: .narrowed("only state that the test code itself touches from concurrent code (a Task, a dispatched block, concurrentPerform, a task group), there or in the members that code calls and the members they call; a public var of a test helper that nothing in the run sets after init is not written: then the unguarded access races and makes the test flaky. A test double touched by its test one step at a time is not reported. In a test function, an access the test's own order keeps apart from that code is not reported: one before the test starts any concurrent work (set-up), or one after it waits for all of it (on the group, semaphore or expectation that work signals, or through a helper that waits) or, for state written only on one queue, after an empty q.sync {} on that queue with no start since"),
        triggeringExamples: [
            """
            final class ↓Registry: @unchecked Sendable {
                private var names: [String] = []
                func add(_ n: String) { names.append(n) }
            }
            """,
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var count = 0
                func increment() { lock.lock(); count += 1; lock.unlock() }
                var current: Int { ↓count }
            }
            """,
            """
            final class Cache: @unchecked Sendable {
                private let lock = NSLock()
                private let otherLock = NSLock()
                private var items: [String: Int] = [:]
                func get(_ k: String) -> Int? { lock.withLock { items[k] } }
                func set(_ k: String, _ v: Int) { lock.withLock { items[k] = v } }
                func clear() { otherLock.withLock { ↓items = [:] } }
            }
            """,
            Example("""
            final class Session {
                private let lock = NSLock()
                private var token: String?
                func read() -> String? { lock.withLock { token } }
                func reset() { ↓token = nil }
            }
            """, otherFiles: ["extension Session: @unchecked Sendable {}"]),
        ],
        nonTriggeringExamples: [
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var count = 0
                init(start: Int) { count = start }
                func increment() {
                    lock.lock()
                    defer { lock.unlock() }
                    count += 1
                }
                func read() -> Int { lock.withLock { count } }
                private func bumpLocked() { count += 1 }
                func bumpTwice() { lock.withLock { bumpLocked(); bumpLocked() } }
                deinit { count = 0 }
            }
            """,
            """
            final class Store: @unchecked Sendable {
                private let queue = DispatchQueue(label: "store")
                private var values: [Int] = []
                func append(_ v: Int) { queue.sync { values.append(v) } }
                func snapshot() -> [Int] { queue.sync { values } }
            }
            """,
            """
            final class Box: @unchecked Sendable {
                let value: Int
                init(value: Int) { self.value = value }
            }
            """,
            """
            final class Model: @unchecked Sendable {
                private let state = Mutex<[String]>([])
                var computed: Int { 3 }
                func add(_ s: String) { state.withLock { $0.append(s) } }
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
            guard f.unchecked, !(context.isTestCode && f.quietInTests) else { return nil }
            // A class whose only mutable state is held in atomics it operates on.
            if f.kind == .unprotectedClass, f.holds.isEmpty {
                let atomics = AtomicProperties.of(context.structure, classToken: GuardReport.tokenIndex(context.structure, offset: f.site.offset))
                if !atomics.isEmpty && f.vars.allSatisfy({ atomics.contains($0.name) }) { return nil }
            }
            return GuardReport.diagnostic(f, rule: description, subject: "@unchecked Sendable class '\(f.typeName)'", context: context)
        }
    }
}
