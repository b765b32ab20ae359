import LockLintCore

/// `lock_order_inversion`: two locks taken in opposite orders somewhere in the run.
public struct LockOrderInversionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "lock_order_inversion",
        name: "Lock order inversion",
        summary: "Two locks taken in opposite orders: B while A is held in one place, A while B is held in another",
        rationale: """
            A thread that holds A and waits for B, and another that holds B and waits for A, wait for each other \
            forever. Neither place is wrong on its own, and tests rarely run them at the same moment, so the \
            deadlock shows up under load. Waiting counts like taking a lock: `queue.sync` on a serial queue waits \
            for the work already on that queue (and code in a block on the queue holds it), and \
            `semaphore.wait()` waits for a holder to signal. The second acquisition is often far from the first, \
            in a method called while the first lock is held.
            """,
        fix: """
            Take the locks in one order everywhere (always A before B), or release the first before taking the \
            second: copy what you need under A, unlock, then take B. Simplest of all, keep the state both locks \
            guard behind one lock (one lock around one state struct).
            """,
        knownLimits: """
            Locks are told apart by where they live, not by instance: `Cache.lock` is the `lock` property of any \
            Cache, a global lock is its name, `DispatchQueue.main` is the main queue; two instances of one type \
            taking each other's lock are not judged, and neither are locks held in locals and parameters. \
            A `lock()` on a value whose type in the run takes no lock there (it sets state, calls a service) or has \
            no zero-argument `unlock()` is a domain action and orders nothing. \
            Acquisitions are withLock-style closures, lock() and the C lock functions (tryLock and \
            withLockIfAvailable never wait, so they only count as held), `sync` on a queue property created serial \
            (and `async` blocks on it, which hold it), and `wait()` without a timeout on a DispatchSemaphore or \
            DispatchGroup property (a semaphore waited on and signalled in the same body is held like a lock in \
            between). Calls made while a lock is held are followed into methods of the run reached through `self`, \
            the type itself, or a property or parameter whose type is declared in the same file, four calls deep; \
            a lock held around both orders (a gate) makes them safe. A closure passed to a method of the run that \
            calls that closure parameter while holding a lock (a memoizing cache that fills a missing value under \
            its own lock) runs under that lock: what the closure takes, directly or through the calls it makes, is \
            taken while that lock is held (the parameter matched by its label, or the last one for a trailing \
            closure). Only two-lock inversions are reported, not \
            longer cycles. Two instances of one type are judged in one place: a lock taken while another value \
            of the same type (a parameter, `self`) holds the same lock (`lock` then `other.lock`, \
            `lhs.using { rhs.using { } }` on the run's own lock type) is reported at the inner acquisition, \
            unless the function orders them by ObjectIdentifier. A task's internal lock takes part too: an \
            `onCancel:` handler of withTaskCancellationHandler runs holding it and resuming a continuation takes \
            it (as Swift's documentation of withTaskCancellationHandler warns), so a lock taken in the handler \
            and held around a `resume` is an inversion. Code in a closure counts as running under the lock only \
            when the closure is passed to a function that runs it before returning (forEach, filter, sync, \
            withLock, …); a closure stored or handed to anything else runs later.
            """,
        inTests: .reported("the same as in other code: an inversion can hang the test"),
        triggeringExamples: [
            """
            final class Accounts: @unchecked Sendable {
                private let balances = NSLock()
                private let history = NSLock()
                func deposit() {
                    balances.lock(); defer { balances.unlock() }
                    history.↓lock(); defer { history.unlock() }
                }
                func audit() {
                    history.withLock {
                        balances.↓withLock { }
                    }
                }
            }
            """,
            """
            final class Store: @unchecked Sendable {
                private let lock = NSLock()
                private let queue = DispatchQueue(label: "store")
                func save() {
                    lock.withLock {
                        queue.↓sync { }
                    }
                }
                func load() {
                    queue.async {
                        self.refresh()
                    }
                }
                private func refresh() {
                    lock.↓withLock { }
                }
            }
            """,
            """
            final class Account: @unchecked Sendable {
                let lock = NSLock()
                var balance = 0
                func transfer(_ amount: Int, to other: Account) {
                    lock.withLock {
                        other.lock.↓withLock {
                            balance -= amount
                            other.balance += amount
                        }
                    }
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class Accounts: @unchecked Sendable {
                private let balances = NSLock()
                private let history = NSLock()
                func deposit() {
                    balances.withLock { history.withLock { } }
                }
                func audit() {
                    balances.withLock { history.withLock { } }
                }
            }
            """,
            """
            final class Accounts: @unchecked Sendable {
                private let balances = NSLock()
                private let history = NSLock()
                func deposit() {
                    balances.withLock { history.withLock { } }
                }
                func audit() {
                    let entries = history.withLock { 0 }
                    balances.withLock { _ = entries }
                }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        // Findings sit at acquisitions: a file that takes no lock has none to ask about.
        guard LockGraph.mayAcquire(context.structure, vocabulary: context.vocabulary) else { return twoInstances(context) }
        // A `lock()` on a value whose type's lock() is not a mutex (a store's, a document's) orders nothing.
        let path = context.file.path
        func domain(_ site: LockSite) -> Bool { site.path == path && LockReceivers.isDomainAcquire(at: site.token, context) }
        let inversions = context.lockOrderInversions().filter { !domain($0.edge.innerSite) && !domain($0.edge.outerSite) }
        return twoInstances(context) + inversions.map { inversion in
            let e = inversion.edge
            let r = inversion.reverse
            let a = LockGraph.display(e.outer)
            let b = LockGraph.display(e.inner)
            var notes: [Note] = []
            notes.append(note(e.outerSite, e.outerKind == .signaller ? "'\(a)' is signalled here, only after that" : "\(Self.holding(a, e.outerKind)) from here"))
            if let call = e.call {
                notes.append(note(call, Self.callNote(e, a)))
            }
            notes.append(note(r.outerSite, r.outerKind == .signaller ? "elsewhere '\(b)' is signalled here, only after" : "elsewhere \(Self.holding(b, r.outerKind)) from here"))
            if let call = r.call {
                notes.append(note(call, Self.callNote(r, b)))
            }
            notes.append(note(r.innerSite, "and \(Self.taking(a, r.innerKind)) here \(Self.while(b, r.outerKind))"))
            for other in inversion.sameOrderElsewhere.prefix(3) {
                notes.append(note(other, "\(Self.taking(b, e.innerKind)) here too \(Self.while(a, e.outerKind))"))
            }
            let place = e.call == nil ? "" : e.viaClosure ? " in a closure that \(e.callee)() runs" : " in \(e.callee)(), called"
            return context.diagnostic(
                description, at: e.innerSite.token,
                message: "\(Self.taking(b, e.innerKind))\(place) \(Self.while(a, e.outerKind)), but elsewhere \(Self.taking(a, r.innerKind)) \(Self.while(b, r.outerKind)): two threads doing both wait for each other forever",
                notes: notes,
                fixIt: FixIt(e.viaClosure
                    ? "do not take '\(b)' in a closure that \(e.callee)() runs while holding '\(a)': work out what the closure needs before the call, or have \(e.callee)() run its closure after releasing '\(a)'; or take '\(a)' and '\(b)' in one order everywhere"
                    : Self.fix(a, e.outerKind, b, e.innerKind)))
        }
    }

    /// The note at the call through which an edge's inner lock is reached.
    static func callNote(_ e: LockGraph.Edge, _ outer: String) -> String {
        e.viaClosure ? "this closure is passed to \(e.callee)(), which runs it \(Self.while(outer, e.outerKind))"
            : "\(e.callee)() is called \(Self.while(outer, e.outerKind))"
    }

    /// "'B' is taken", "code waits for queue 'B' (sync)", "code waits on 'B'".
    static func taking(_ name: String, _ kind: LockGraph.Kind) -> String {
        switch kind {
        case .lock: "'\(name)' is taken"
        case .queue: "queue '\(name)' is waited for with sync"
        case .semaphore, .signaller: "'\(name)' is waited on"
        case .task: "a continuation is resumed (taking the task's internal lock)"
        }
    }

    static func fix(_ a: String, _ outer: LockGraph.Kind, _ b: String, _ inner: LockGraph.Kind) -> String {
        let order = "take '\(a)' and '\(b)' in one order everywhere"
        switch (outer, inner) {
        case (_, .task):
            return "resume the continuation after releasing '\(a)': take what it needs under the lock, unlock, then resume; a cancellation handler that takes '\(a)' can run at any moment holding the task's internal lock"
        case (.task, _):
            return "do not take '\(b)' in the cancellation handler (record the cancellation in an Atomic the other code reads), or never resume a continuation or cancel a task while holding '\(b)'"
        case (_, .semaphore), (_, .signaller):
            return "never wait on '\(b)' \(Self.while(a, outer)): wait first and take '\(a)' afterwards, or let the code that signals '\(b)' run without '\(a)'"
        case (.signaller, _):
            return "signal '\(a)' before taking '\(b)', or never wait on '\(a)' while holding '\(b)'"
        case (_, .queue):
            return "never wait for queue '\(b)' \(Self.while(a, outer)): dispatch with async, or leave '\(a)' first (copy what you need); or \(order)"
        case (.queue, _):
            return "\(order): take '\(b)' outside the blocks that run on queue '\(a)', or never wait for '\(a)' with sync while '\(b)' is held"
        default:
            return "\(order), or release '\(a)' before taking '\(b)' (copy what you need first); simplest, guard the state of both with one lock"
        }
    }

    /// "while 'A' is held", "in a block running on queue 'A'".
    static func `while`(_ name: String, _ kind: LockGraph.Kind) -> String {
        switch kind {
        case .lock, .semaphore: "while '\(name)' is held"
        case .queue: "on queue '\(name)'"
        case .signaller: "before '\(name)' is signalled"
        case .task: "in a cancellation handler (which runs holding the task's internal lock)"
        }
    }

    static func holding(_ name: String, _ kind: LockGraph.Kind) -> String {
        switch kind {
        case .lock, .semaphore: "'\(name)' is held"
        case .queue: "a block runs on queue '\(name)'"
        case .signaller: "'\(name)' is waited for"
        case .task: "a cancellation handler runs"
        }
    }

    // MARK: Two instances of one type, locked in argument order

    /// `lhs.lock` taken while `rhs.lock` is held (or `a.withLock { b.withLock { } }` on two values of
    /// one lock type): the same code called with the two swapped takes them in the other order.
    private func twoInstances(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        // Only a file that nests one method call with a closure inside another on a different
        // receiver (`a.withLock { b.withLock { } }`, `lhs.using { rhs.using { } }`) can have one.
        let nested = s.closures.contains { inner in
            guard inner.callee >= 0, inner.receiverStart >= 0, let outer = s.enclosingClosure(of: inner.callee) else { return false }
            let o = s.closures[outer]
            return o.callee >= 0 && o.receiverStart >= 0 && s.text(o.callee) == s.text(inner.callee)
        }
        guard nested || LockGraph.mayAcquire(s, vocabulary: context.vocabulary) else { return [] }
        // This file's types that are locks of the run (`Synchronized<T>` with `using { }`): their
        // closure methods hold them.
        var wrapperMethods = Set<String>()
        if nested {
            for d in s.decls where d.kind.isType && !d.nameText.isEmpty {
                if let m = context.lockWrapperMethods(d.nameText) { wrapperMethods.formUnion(m) }
            }
        }
        let regions = wrapperMethods.isEmpty ? context.lockRegions
            : context.lockRegions.with(s, vocabulary: context.vocabulary, extraScopedMethods: wrapperMethods)
        var out: [Diagnostic] = []
        for inner in regions.regions where inner.blocks {
            for outer in regions.holding(inner.acquireToken, in: s, directOnly: false) where outer.acquireToken != inner.acquireToken {
                guard let pair = twoInstancesOfOneType(outer, inner, s) else { continue }
                let body = s.enclosingFunction(of: inner.acquireToken).map { s.span(s.decls[$0].start, s.decls[$0].end) } ?? 0..<0
                // Ordered by identity first: safe.
                if body.contains(where: { s.is($0, "ObjectIdentifier") }) { continue }
                let a = outer.lock.isEmpty ? "self" : outer.lock
                let b = inner.lock
                out.append(context.diagnostic(
                    description, at: inner.acquireToken,
                    message: "'\(b)' is taken while '\(a)' is held, two \(pair) values locked in the order the code names them: the same code running on another thread with the two swapped takes them in the opposite order, and both wait forever",
                    notes: [context.note(at: outer.acquireToken, "'\(a)' is taken here")],
                    fixIt: FixIt("take the two locks in one fixed order (for example, the lower ObjectIdentifier first), or read one value under its own lock and release it before taking the other")))
                break
            }
        }
        return out
    }


    /// The type both receivers are instances of, when they are two different values of one type
    /// with the same lock member (`lhs.lock` / `rhs.lock`, `lock` / `other.lock`, `lhs` / `rhs`).
    private func twoInstancesOfOneType(_ outer: LockRegion, _ inner: LockRegion, _ s: FileStructure) -> String? {
        let at = inner.acquireToken
        // Receiver → (the instance, the lock member of it): `lock` is `self`'s member unless it is a
        // parameter (a lock value of its own); `""` is `self` itself (a lock type's own method).
        func parts(_ receiver: String) -> (base: String, member: String)? {
            let p = receiver.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            switch p.count {
            case 1 where p[0].isEmpty: return ("self", "")
            case 1: return s.parameterTypeName(p[0], at: at) != nil ? (p[0], "") : ("self", p[0])
            case 2: return (p[0], p[1])
            default: return nil
            }
        }
        func type(_ base: String) -> String? {
            if base == "self" { return s.enclosingType(of: at).map { s.decls[$0].nameText } }
            return s.parameterTypeName(base, at: at)
        }
        guard let o = parts(outer.lock), let i = parts(inner.lock), o.base != i.base, o.member == i.member,
              let ot = type(o.base), let it = type(i.base), ot == it, !ot.isEmpty else { return nil }
        return "'\(ot)'"
    }

    private func note(_ site: LockSite, _ message: String) -> Note {
        Note(path: site.path, location: site.location, message: message)
    }
}
