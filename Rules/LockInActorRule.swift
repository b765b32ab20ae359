import LockLintCore

/// `lock_in_actor`: a lock stored in an actor, or created inside an actor's method.
public struct LockInActorRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "lock_in_actor",
        name: "Lock in actor",
        summary: "A lock stored in an actor (or created in an actor method) doubles the actor's own synchronization",
        rationale: """
            An actor already runs one piece of its code at a time. A lock inside it adds a second, independent \
            synchronization: code that holds the lock across an `await` lets other calls into the actor run and \
            block on it, and a blocking wait (a semaphore, a contended lock) stalls the actor's executor and a \
            cooperative-pool thread. Either the actor's isolation protects the state, or the lock does; not both.
            """,
        fix: """
            Delete the lock and keep the state as ordinary actor properties. If callers need synchronous access, \
            make the type a final class that owns the lock (Mutex / OSAllocatedUnfairLock) instead of an actor.
            """,
        knownLimits: """
            Locks are recognised by type (Mutex, NSLock, NSRecursiveLock, NSCondition, NSConditionLock, \
            OSAllocatedUnfairLock, os_unfair_lock, os_unfair_lock_s, os_unfair_lock_t, pthread_mutex_t, pthread_rwlock_t, SRWLOCK, \
            CRITICAL_SECTION, DispatchSemaphore, NIOLock, NIOLockedValueBox, LockIsolated, ManagedCriticalState, and the \
            configuration's `lockTypes`), from the type annotation or \
            the initializer (`NSLock()`, `Mutex<Int>(0)`, `.init()` with an annotation). An actor extended in \
            another file is recognised through the project-wide facts; only declarations that can be compiled with \
            the extension count (a class declared in another branch of an `#if` than an actor of the same name, or \
            the other way round, is another type). A lock that code outside the actor's isolation uses is not \
            reported: a lock declared `nonisolated`, or one used by a `nonisolated` function, subscript or computed \
            var of the actor (in its body or an extension in the same file) guards the synchronous access that the \
            actor cannot, and deleting it would break that access. A lock made in a `nonisolated` member, or made \
            or taken only in closures that run off the actor (marked `@Sendable`, a detached or child task, a block \
            on a queue other than main, a callback stored in another object's property such as a file handle's \
            handler), never blocks the actor and is not reported; a `Task { }` body runs on the actor.
            """,
        inTests: .skipped("a lock inside an actor is a design to simplify, not a failure of the test; reported only outside tests"),
        triggeringExamples: [
            """
            actor ImageCache {
                private let ↓lock = NSLock()
                private var images: [URL: Image] = [:]
            }
            """,
            """
            actor Counter {
                let ↓state = Mutex<Int>(0)
            }
            """,
            """
            @available(macOS 15, *)
            distributed actor Worker {
                private let ↓guardLock: OSAllocatedUnfairLock<Int>
                init() { guardLock = .init(initialState: 0) }
            }
            """,
            """
            actor Loader {
                func load() -> Data {
                    let ↓done = DispatchSemaphore(value: 0)
                    done.wait()
                    return Data()
                }
            }
            """,
            Example("""
            extension Store {
                func flush() {
                    let ↓lock = NSRecursiveLock()
                    lock.lock(); lock.unlock()
                }
            }
            """, otherFiles: ["actor Store {}"]),
        ],
        nonTriggeringExamples: [
            "final class Cache { private let lock = NSLock() }",
            "actor Counter { private let value = ManagedAtomic<Int>(0) }",
            "actor Worker { private let queue = DispatchQueue(label: \"w\") }",
            "actor Registry { let id: UUID; var names: [String] = [] }",
            """
            actor Outer {
                final class Inner { let lock = NSLock() }
            }
            """,
            "struct S { let actor = NSLock() }",
            """
            actor Store {
                private let storage = Mutex<[String]>([])
                nonisolated func snapshot() -> [String] { storage.withLock { $0 } }
            }
            """,
            """
            actor Index {
                private let cached = OSAllocatedUnfairLock<Int?>(initialState: nil)
            }
            extension Index {
                nonisolated var count: Int? { cached.withLock { $0 } }
            }
            """,
            """
            actor Server {
                nonisolated let options = Mutex<[String: String]>([:])
            }
            """,
            "// actor A { let lock = NSLock() }",
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
        // The file's extensions by the name they extend, gathered once (not searched per actor).
        var extensions: [String: [Int]] = [:]
        for k in s.decls.indices where s.decls[k].kind == .extension { extensions[s.decls[k].nameText, default: []].append(k) }
        for (di, d) in s.decls.enumerated() {
            let isActor: Bool
            switch d.kind {
            case .actor:
                isActor = true
            case .extension:
                // Only ask the project when the extension mentions a lock type at all. Only the
                // declarations compiled with the extension count: a twin in another branch of an
                // `#if` (an actor on one platform, a class on another) is another type.
                isActor = d.body >= 0 && mentionsLockType(s, d, context.vocabulary) && context.isActor(d.nameText, compiledWith: d.keyword)
            default:
                continue
            }
            guard isActor else { continue }
            checkActor(di, extensions: extensions, in: context, into: &out)
        }
        return out
    }

    func mentionsLockType(_ s: FileStructure, _ d: Decl, _ v: LockVocabulary) -> Bool {
        let body = s.scopes[d.body]
        for i in s.span(body.open, body.close) where s.code[i].kind == .identifier && v.lockTypeNames.contains(s, i) { return true }
        return false
    }

    func checkActor(_ actor: Int, extensions: [String: [Int]], in context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let a = s.decls[actor]
        let actorName = a.nameText
        // Walk the declarations under the actor without entering nested types.
        var stack = s.children[actor]
        // Members that run outside the actor's isolation: nonisolated functions, subscripts and
        // computed vars, in the actor's body or in an extension of it in this file.
        var nonisolatedMembers: [Int] = []
        let scopesOfActor = [actor] + (extensions[actorName] ?? [])
        for owner in scopesOfActor {
            nonisolatedMembers += s.children[owner].filter {
                let m = s.decls[$0]
                return (m.kind.isFunctionLike || (m.kind == .variable && m.isComputed)) && m.body >= 0
                    && (m.modifiers.contains(.nonisolated) || m.modifiers.contains(.nonisolatedUnsafe))
            }
        }
        while let di = stack.popLast() {
            let d = s.decls[di]
            if d.kind.isType { continue }
            stack.append(contentsOf: s.children[di])
            // A static property is process-wide storage, not actor state: the actor does not
            // protect it, so a lock there is its only guard.
            guard d.kind == .variable, d.name >= 0, !(d.isStaticMember && d.parent >= 0 && s.decls[d.parent].kind.isType),
                  let lockType = context.vocabulary.lockType(of: d, in: s, strict: true) else { continue }
            let isLocal = d.parent >= 0 && (s.decls[d.parent].kind.isFunctionLike || (s.decls[d.parent].kind == .variable && s.decls[d.parent].isComputed))
            if isLocal {
                // A member that leaves the actor (`nonisolated`) runs on its caller's thread; a lock
                // made for, or taken only in, closures that run off the actor (an escaping
                // `@Sendable` callback, a detached task, another queue) never blocks the actor.
                if LockUses.outsideActor(s, lock: di) { continue }
                let fn = s.decls[d.parent]
                let fnName = fn.kind == .function || fn.kind == .variable ? "'\(fn.nameText)'" : fn.kind.keyword
                let member = fn.kind == .variable ? "computed var \(fnName)" : "method \(fnName)"
                let fix: String
                if lockType == "DispatchSemaphore" {
                    fix = "await the work instead of waiting on a semaphore: a blocked actor method holds the actor and a cooperative thread"
                } else {
                    fix = "drop the lock: code in \(fnName) already runs isolated to actor '\(actorName)'; for work that must finish before returning, await it"
                }
                out.append(context.diagnostic(
                    description, at: d.name,
                    message: "actor '\(actorName)' \(member) creates \(lockType) '\(d.nameText)': blocking inside an actor stalls the actor and a cooperative thread",
                    fixIt: FixIt(fix)))
                continue
            }
            // A lock that code outside the actor's isolation uses (a nonisolated member, or a lock
            // declared nonisolated for callers outside) guards what the actor cannot: it is not a
            // second synchronization, and deleting it would break the synchronous access.
            if d.modifiers.contains(.nonisolated) || d.modifiers.contains(.nonisolatedUnsafe) { continue }
            let usedOutsideIsolation = nonisolatedMembers.contains { m in
                let sc = s.scopes[s.decls[m].body]
                for k in s.span(sc.open, sc.close) where s.code[k].kind == .identifier && s.is(k, text: d.nameText) { return true }
                return false
            }
            if usedOutsideIsolation { continue }
            let fix: String
            if context.vocabulary.stateHoldingLockTypes.contains(lockType) {
                fix = "store the protected value as a plain actor property (e.g. `var \(d.nameText): State`) and delete the \(lockType): the actor already serializes access"
            } else if lockType == "DispatchSemaphore" {
                fix = "delete the semaphore: await the work it waits for, or bound concurrency with a TaskGroup; the actor already serializes its state"
            } else {
                fix = "delete '\(d.nameText)' and its lock/unlock calls, and keep the state it guards as ordinary actor properties"
            }
            out.append(context.diagnostic(
                description, at: d.name,
                message: "actor '\(actorName)' stores \(lockType) '\(d.nameText)': a second synchronization on top of the actor's isolation",
                fixIt: FixIt(fix)))
        }
    }
}
