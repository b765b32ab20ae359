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
            the other way round, is another type).
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
            "// actor A { let lock = NSLock() }",
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        var out: [Diagnostic] = []
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
            checkActor(di, in: context, into: &out)
        }
        return out
    }

    func mentionsLockType(_ s: FileStructure, _ d: Decl, _ v: LockVocabulary) -> Bool {
        let body = s.scopes[d.body]
        for i in s.span(body.open, body.close) where s.code[i].kind == .identifier && v.lockTypeNames.contains(s, i) { return true }
        return false
    }

    func checkActor(_ actor: Int, in context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let a = s.decls[actor]
        let actorName = a.nameText
        // Walk the declarations under the actor without entering nested types.
        var stack = s.children[actor]
        var nonisolatedMembers: [Int] = s.children[actor].filter {
            s.decls[$0].kind.isFunctionLike && (s.decls[$0].modifiers.contains(.nonisolated) || s.decls[$0].modifiers.contains(.nonisolatedUnsafe))
        }
        nonisolatedMembers.sort()
        while let di = stack.popLast() {
            let d = s.decls[di]
            if d.kind.isType { continue }
            stack.append(contentsOf: s.children[di])
            // A static property is process-wide storage, not actor state: the actor does not
            // protect it, so a lock there is its only guard.
            guard d.kind == .variable, d.name >= 0, !(d.isStaticMember && d.parent >= 0 && s.decls[d.parent].kind.isType),
                  let lockType = context.vocabulary.lockType(of: d, in: s, strict: true) else { continue }
            let isLocal = d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike
            if isLocal {
                let fn = s.decls[d.parent]
                let fnName = fn.kind == .function ? "'\(fn.nameText)'" : fn.kind.keyword
                let fix: String
                if lockType == "DispatchSemaphore" {
                    fix = "await the work instead of waiting on a semaphore: a blocked actor method holds the actor and a cooperative thread"
                } else {
                    fix = "drop the lock: code in \(fnName) already runs isolated to actor '\(actorName)'; for work that must finish before returning, await it"
                }
                out.append(context.diagnostic(
                    description, at: d.name,
                    message: "actor '\(actorName)' method \(fnName) creates \(lockType) '\(d.nameText)': blocking inside an actor stalls the actor and a cooperative thread",
                    fixIt: FixIt(fix)))
                continue
            }
            // Used from a nonisolated member (synchronous access from outside)?
            let users = nonisolatedMembers.filter { m in
                let body = s.decls[m].body
                guard body >= 0 else { return false }
                let sc = s.scopes[body]
                for k in s.span(sc.open, sc.close) where s.code[k].kind == .identifier && s.is(k, text: d.nameText) { return true }
                return false
            }
            var notes: [Note] = []
            let fix: String
            if let u = users.first {
                let member = s.decls[u]
                notes.append(context.note(at: member.name >= 0 ? member.name : member.keyword,
                                          "'\(d.nameText)' is used here by nonisolated \(member.kind.keyword) '\(member.nameText)' for synchronous access"))
                fix = "if callers need synchronous access, make '\(actorName)' a final class that owns '\(d.nameText)'; otherwise make them await and keep the state as actor properties"
            } else if context.vocabulary.stateHoldingLockTypes.contains(lockType) {
                fix = "store the protected value as a plain actor property (e.g. `var \(d.nameText): State`) and delete the \(lockType): the actor already serializes access"
            } else if lockType == "DispatchSemaphore" {
                fix = "delete the semaphore: await the work it waits for, or bound concurrency with a TaskGroup; the actor already serializes its state"
            } else {
                fix = "delete '\(d.nameText)' and its lock/unlock calls, and keep the state it guards as ordinary actor properties"
            }
            out.append(context.diagnostic(
                description, at: d.name,
                message: "actor '\(actorName)' stores \(lockType) '\(d.nameText)': a second synchronization on top of the actor's isolation",
                notes: notes, fixIt: FixIt(fix)))
        }
    }
}
