import LockLintCore

/// The words for the guard inference's findings, shared by `unchecked_sendable_unguarded` and
/// `inconsistent_locking` (they differ only in the class they describe and its promise).
enum GuardReport {
    /// `'lock'`, `queue 'work'`, `the main actor`, `event loop 'loop'`.
    static func describe(_ g: HeldGuard) -> String {
        switch g.kind {
        case .lock: g.name == "self" ? "objc_sync/self" : "'\(g.name)'"
        case .serialQueue: "queue '\(g.name)'"
        case .readerWriter: "queue '\(g.name)'"
        case .mainActor: "the main actor"
        case .eventLoop: "event loop '\(g.name)'"
        }
    }

    static func list(_ gs: [HeldGuard]) -> String {
        gs.map(describe).joined(separator: ", ")
    }

    /// The diagnostic for finding `f`; `subject` names the class (`@unchecked Sendable class 'Pool'`).
    static func diagnostic(_ f: GuardFinding, rule: RuleDescription, subject: String, context: RuleContext) -> Diagnostic {
        let s = context.structure
        let token = tokenIndex(s, offset: f.site.offset)
        let verb = f.write ? "written" : "read"
        var notes: [Note] = []
        var fix: String
        let message: String
        let owner = "'\(f.variable)' of \(subject)"
        switch f.kind {
        case .unprotectedClass:
            return unprotected(f, rule: rule, token: token, context: context)
        case .publicVar:
            let p = f.primary!
            // Accesses that some paths reach with the guard and others without it are counted
            // apart: "holds at both" only when it holds on every path to both.
            let n = f.guardedCount, some = f.partlyGuardedCount
            let held = (n == 0 && some > 0
                ? "on some paths to \(some == f.accessCount ? (some == 1 ? "its one access" : some == 2 ? "both of its own accesses" : "all \(some) of its own accesses") : "\(some) of its \(f.accessCount) own accesses")"
                : n == f.accessCount ? "at \(f.accessCount == 1 ? "its one access" : f.accessCount == 2 ? "both of its own accesses" : "all \(f.accessCount) of its own accesses")"
                : "at \(n) of its \(f.accessCount) own accesses" + (some > 0 ? ", and on some paths to \(some) more" : "")) + uncounted(f)
            // Said as what outside code can do: the tool sees none of it.
            message = "\(owner) is public, so code outside the module can \(f.settable ? "read and write" : "read") it without \(describe(p)), "
                + "which the class holds " + held
            if let g = f.guardedAt { notes.append(note(g, "'\(f.variable)' is accessed under \(describe(p)) here")) }
            if p.kind == .lock {
                // The class's own code already holds the lock where it uses the var: through the
                // new accessor it would take the lock again (a deadlock when it is not recursive).
                fix = "keep the stored value in a private var and make '\(f.variable)' a public computed property whose getter"
                    + (f.settable ? " and setter take" : " takes") + " \(describe(p)), so that no caller can reach the value without the guard; "
                    + "inside the class, where \(describe(p)) is already held, use the private var, not the property, which would take the lock again "
                    + "(or keep the state inside one lock that owns it: \(LockAdvice.lock(context.deployment)))"
            } else {
                // Where code outside the module runs is unknown, and some of it may already run
                // on the queue (a block the class hands it, a callback it makes there): an
                // accessor that hops onto the queue with sync would deadlock it.
                fix = "make '\(f.variable)' private and guard it with one short lock (or a Mutex) that its public getter\(f.settable ? " and setter" : "") "
                    + "and every access inside the class take around the access alone; do not give it an accessor that runs on \(p.name) with "
                    + "\(queueVerbs(p.name, f, context: context).sync): code outside the class may already run on \(p.name) (a block or callback it runs there), and would deadlock"
            }
        case .neverGuarded:
            // A lazy var's first read stores its value: two first reads at once both make it
            // and both store it, unguarded.
            // Only locks of the type itself: none is this instance var's guard.
            if f.classGuards.filter({ $0.kind != .mainActor }).isEmpty && !f.typeLocks.isEmpty {
                message = "\(owner) is \(verb) here and never accessed under a guard of its own: the class's only \(f.typeLocks.count == 1 ? "lock" : "locks") (\(list(f.typeLocks))) \(f.typeLocks.count == 1 ? "belongs" : "belong") to the type, shared by every instance, and no access to '\(f.variable)' holds \(f.typeLocks.count == 1 ? "it" : "them")"
                for other in f.otherAccesses.prefix(3) { notes.append(note(other, "'\(f.variable)' is also accessed here without a guard")) }
                fix = LockAdvice.protect("'\(f.variable)'", context.deployment, usesWithLock: context.moduleCallsWithLock(on:))
                    + "; if '\(f.variable)' is set only before the object is shared, say so in a comment on its declaration"
                break
            }
            message = f.lazyRead
                ? "\(owner) is lazy, so its first read here stores its initial value, and it is never accessed under the class's \(f.classGuards.count == 1 ? "guard" : "guards") (\(list(f.classGuards))): two first reads at once both make and store it"
                : "\(owner) is \(verb) here and never accessed under the class's \(f.classGuards.count == 1 ? "guard" : "guards") (\(list(f.classGuards)))"
            for other in f.otherAccesses.prefix(3) { notes.append(note(other, "'\(f.variable)' is also accessed here without a guard")) }
            if f.lazyRead, let g = f.classGuards.first(where: { $0.kind == .lock }) {
                // Made in init, it is never written once the object is shared.
                fix = accessFix(g, f, context: context, what: "guard every access to '\(f.variable)', its first read included, with", tail: "")
                    + "; or, when its initial value does not need self, make it a `let` set in init, never written once the object is shared"
            } else if let g = f.classGuards.first(where: { $0.kind == .lock }) {
                fix = accessFix(g, f, context: context, what: "guard every access to '\(f.variable)', its reads and writes, with", tail: "")
            } else {
                // No access runs on the class's queue or actor: moving this one there would leave
                // the others as they are, and a hop can change when the code runs.
                fix = "no access to '\(f.variable)' runs on \(f.classGuards.map(describe).joined(separator: " or ")), so moving this one there would leave the others as they are: "
                    + LockAdvice.protect("'\(f.variable)'", context.deployment, usesWithLock: context.moduleCallsWithLock(on:))
                    + "; if '\(f.variable)' is set only before the object is shared, say so in a comment on its declaration"
            }
        case .plainBlockWrite:
            let q = f.plainBlock?.queue ?? "queue"
            message = "\(owner) is written in a plain block on concurrent queue '\(q)', which runs beside the blocks that read it"
            if let g = f.guardedAt { notes.append(note(g, "other accesses to '\(f.variable)' run in \(q)'s blocks, e.g. here")) }
            // The write already runs in a block on the queue: a barrier submitted from inside it
            // would deadlock (sync) or run after the block returns (async). The block itself is
            // what must run alone.
            if let b = f.plainBlock, b.workItem {
                // A work item keeps the flags it is made with wherever it is submitted.
                fix = "make the work item that writes it a barrier: DispatchWorkItem(flags: .barrier) { } at line \(b.line), so that it runs alone wherever it is submitted"
            } else if let b = f.plainBlock, b.method == "sync" || b.method == "async" {
                fix = "make the block that writes it a barrier: \(q).\(b.method)(flags: .barrier) { } in place of \(q).\(b.method) { } at line \(b.line), "
                    + "so that it runs alone; do not submit a barrier from inside that block (a sync one would deadlock, an async one would run after the block returns)"
            } else {
                fix = "submit the write with \(q).async(flags: .barrier) { } (or sync(flags: .barrier)), so that it runs alone"
            }
        case .otherGuard where !f.splitCalls.isEmpty:
            (message, fix) = splitCallsText(f, owner: owner, notes: &notes)
        case .otherGuard:
            let p = f.primary!
            let n = f.groupedAccesses.count
            // "and at 2 more places" says the same verb holds there; a mix is "accessed".
            let mixed = f.groupedAccesses.contains { ($0.state == .neverAssigned) == f.write }
            let places = n == 0 ? "" : mixed ? ", and accessed under \(f.here.count == 1 ? "it" : "them") at \(n) more place\(n == 1 ? "" : "s")," : " and at \(n) more place\(n == 1 ? "" : "s")"
            message = "\(owner) is \(verb) under \(list(f.here)) here\(places) but under \(describe(p)) elsewhere: they do not exclude each other"
            if let g = f.guardedAt { notes.append(note(g, "'\(f.variable)' is accessed under \(describe(p)) here")) }
            if p.kind == .mainActor && !f.write {
                // A read on another queue cannot just move to the main actor (a sync there can
                // deadlock): the value is handed over instead.
                fix = "the writes of '\(f.variable)' run on the main actor: read it there and hand a copy to the code that runs under \(list(f.here)), or guard every access to '\(f.variable)' with one lock"
            } else if let inverted = invertedOrder(taking: p, under: f.here, f, context: context) {
                // Taking the guard here, under the lock this access holds, would take the two
                // locks in the order the run takes them the other way round: a deadlock.
                fix = "use \(describe(p)) for every access to '\(f.variable)', but not by taking it here inside \(describe(inverted.held)): "
                    + "\(inverted.whereText) takes \(describe(inverted.held)) while \(describe(p)) is held, so taking \(describe(p)) here would take the two "
                    + "in the opposite order and can deadlock; make this access before \(describe(inverted.held)) is taken or after it is released, "
                    + "holding \(describe(p)) alone"
            } else if p.kind != .lock, let other = f.here.first(where: { $0.kind != .lock }) {
                // This access runs on a queue (or actor) too: which of the two is the var's home
                // the tool cannot tell (callbacks it does not see may run on either), and code
                // on one queue that waits for the other (`sync`) can deadlock.
                let elsewhere = f.guardedAt.map { " (such as line \($0.line)\($0.path == f.site.path ? "" : " of \(fileName($0.path))"))" } ?? ""
                fix = "keep every access to '\(f.variable)' on one of the two: move this one onto \(describe(p)), or the accesses on \(describe(p))\(elsewhere) "
                    + "onto \(describe(other)), whichever the rest of the code that uses '\(f.variable)' runs on; hop with async, "
                    + "not sync: code running on one of them that waits for the other can deadlock"
            } else {
                fix = "use \(describe(p)) for every access to '\(f.variable)'"
            }
        case .unguarded where f.fromOutside:
            return outside(f, rule: rule, subject: subject, token: token, context: context)
        case .unguarded:
            let p = f.primary!
            // No other access holds the guard: only other paths to this one do.
            let ownPathsOnly = f.guardedCount == 0 && f.partlyGuardedCount == 0
            switch p.kind {
            case .lock:
                message = "\(owner) is \(verb) without holding \(describe(p))" + (f.lazyRead ? " (it is lazy: its first read stores its initial value)" : "") + (ownPathsOnly ? " on this path, while other paths to it hold it" : "")
                    + (!f.noWriteHolds || flagDecidedRegion(f, lock: p.name, context) != nil ? "" : f.write ? ", like every write of it: only reads of it hold \(describe(p))" : ", which no write of it holds either")
                    + more(f, context: context)
                if let g = f.guardedAt { notes.append(note(g, heldBy(f, "hold", describe(p)) + ", e.g. here")) }
            case .serialQueue, .readerWriter, .eventLoop:
                message = "\(owner) is \(verb) outside \(describe(p))" + (f.lazyRead ? " (it is lazy: its first read stores its initial value)" : "") + (ownPathsOnly ? " on this path, while other paths to it run there"
                    : ", where " + heldBy(f, "run", "", lower: true)) + more(f, context: context)
                if let g = f.guardedAt { notes.append(note(g, heldBy(f, "run", "on \(describe(p))") + ", e.g. here")) }
            case .mainActor:
                message = "\(owner) is \(verb) off the main actor \(ownPathsOnly ? "on this path, while other paths to it run on it" : "here, while " + heldBy(f, "run", "on it", lower: true))" + more(f, context: context)
                if let g = f.guardedAt { notes.append(note(g, heldBy(f, "run", "on the main actor") + ", e.g. here")) }
            }
            // "Like the others" only when most of the other accesses hold it (counted), or, with none
            // holding it, the other paths to this one do.
            let mostHold = ownPathsOnly || (f.guardedCount + f.partlyGuardedCount) * 2 > max(f.accessCount - 1, 0)
            fix = accessFix(p, f, context: context, what: "wrap this access in", tail: mostHold ? " like the others"
                : f.guardedCount + f.partlyGuardedCount == 1 ? " like the access that holds it" : " like the accesses that hold it")
            if let inverted = invertedOrder(taking: p, under: f.mayHold, f, context: context) {
                // Some calls reach this access holding a lock the run takes while it holds the
                // guard: taking the guard here would take the two the other way round.
                fix = "use \(describe(p)) for '\(f.variable)', but not by taking it here: some calls reach this access holding \(describe(inverted.held)), "
                    + "and \(inverted.whereText) takes \(describe(inverted.held)) while \(describe(p)) is held, so taking \(describe(p)) here would take the two "
                    + "in the opposite order and can deadlock; read '\(f.variable)' before \(describe(inverted.held)) is taken (or after it is released), holding \(describe(p)) alone"
            } else if p.kind == .lock, p.name != "self", let other = f.mayHold.first(where: { $0.kind == .lock && $0.name != "self" && !nestedAlready(p, under: $0, f, context: context) }) {
                // Some calls reach this access holding another lock, and the run never takes the
                // guard inside that one: nesting them here starts an order the tool cannot check
                // against every path (one that takes them the other way deadlocks with it).
                fix = "hold \(describe(p)) for '\(f.variable)', but not nested inside \(describe(other)), which some calls hold when they reach this access: "
                    + "the code does not take \(describe(p)) inside \(describe(other)) anywhere else, and a path that takes the two the other way round would deadlock with it; "
                    + "read '\(f.variable)' under \(describe(p)) before \(describe(other)) is taken (or after it is released) and pass the value in"
            }
            if f.lazyRead && f.neverAssigned {
                // Only its first read races: made in init, the value exists before any thread
                // can read it. A signal sent through it may be what a block holding the guard
                // waits for: it must never wait for that guard itself.
                let made = "make '\(f.variable)' a `let` set in init (no code assigns it, so only its first read, which stores it, can race)"
                if let wake = wakes(s, token) {
                    fix = made + (p.kind == .lock ? "; do not hold \(describe(p)) around this \(wake)()" : "; do not move this \(wake)() onto \(describe(p))")
                        + ": code holding \(describe(p)) may be what waits for it, and then neither would ever run"
                } else {
                    fix = made + "; if it must stay lazy, " + fix
                }
            }
        }
        for g in f.groupedAccesses.prefix(8) {
            let verb = g.state == .neverAssigned ? "read" : "written"
            notes.append(note(g.site, f.kind == .otherGuard ? "'\(g.name)' is also \(verb) under \(list(f.here)) here"
                                                            : "'\(g.name)' is also \(verb) here, on the same unguarded path"))
        }
        // In a member its own callers reach with the guard held and outside code without it:
        // taking the guard inside would deadlock the callers that hold it.
        // (Or reached from another type's code, which cannot take the class's own guard.)
        if let helper = f.helper, f.helperCall == nil || f.helperCallOutside, f.helperHasGuardedCaller, let p = f.primary,
           p.kind == .lock, retaking(p, f, context: context) == .recursive {
            // A recursive lock taken again by the callers that hold it: no deadlock to avoid.
            fix = "take \(describe(p)) inside '\(helper)' around its access to '\(f.variable)': \(describe(p)) is recursive, so the callers "
                + "that already hold it take it again without deadlocking"
        } else if let helper = f.helper, f.helperCall == nil || f.helperCallOutside, f.helperHasGuardedCaller, let p = f.primary,
                  p.kind == .serialQueue || p.kind == .readerWriter, f.helperCalledFromDeinit {
            // The entry the split would add is called from deinit, which runs on the thread that
            // drops the last reference, a block on the queue among them: its sync hop would
            // deadlock there, and an async one would outlive the object.
            fix = "do not give '\(helper)' an entry that hops onto \(p.name): deinit calls it, and deinit runs on whichever thread drops the last "
                + "reference, \(p.name)'s blocks included, where \(p.name).sync deadlocks (and \(p.name).async would run after the object is gone); instead, "
                + LockAdvice.protect("'\(f.variable)'", context.deployment, usesWithLock: context.moduleCallsWithLock(on:))
        } else if let helper = f.helper, f.helperCall == nil || f.helperCallOutside, f.helperHasGuardedCaller, let p = f.primary,
                  p.kind == .lock, let taker = f.helperTakesGuardIn {
            fix = reentered(helper, taker: taker, p, f, context: context)
        } else if let helper = f.helper, f.helperCall == nil || f.helperCallOutside, f.helperHasGuardedCaller, let p = f.primary {
            fix = "split '\(helper)' in two: a private helper that expects \(describe(p)) to be held, for the class's callers that hold it, "
                + "and an entry for outside callers that \(p.kind == .lock ? "takes \(describe(p))" : "runs on \(describe(p))") and calls the helper; "
                + "taking it inside '\(helper)' would \(p.kind == .lock ? "deadlock" : (queueVerbs(p.name, f, context: context).async.hasSuffix(".addOperation") ? "deadlock (waiting for the operation) or reorder (addOperation)" : "deadlock (sync) or reorder (async)")) the callers that already hold it"
                + (p.kind == .lock && retaking(p, f, context: context) == .unknown ? " if \(describe(p)) is not recursive" : "")
                + (p.kind == .serialQueue || p.kind == .readerWriter ? " (the entry's own hop too: \(queueVerbs(p.name, f, context: context).sync) deadlocks a caller already on \(p.name), "
                    + "such as a callback the class runs there, and \(queueVerbs(p.name, f, context: context).async) runs after the code that follows the call)" : "")
        }
        // In a member some call reaches without the guard: that call is what needs the fix.
        if let helper = f.helper, let call = f.helperCall, let p = f.primary ?? f.classGuards.first {
            if f.helperCallHandsOut {
                notes.append(note(call, "'self' is handed here, without \(describe(p)), to code that calls \(callName(helper)) back through it, "
                                        + "so \(f.helperVia.map { "through it the access to '\(f.variable)' in '\($0)()'" } ?? "its access to '\(f.variable)'") is unguarded"))
            } else {
                // Reached with the guard on some paths into its member: only the others lack it.
                let without = f.helperCallPartlyHeld ? "on some paths without \(describe(p)) (others reach it holding it)" : "without \(describe(p))"
                if let via = f.helperVia {
                    notes.append(note(call, "\(used(helper, f)) here \(without), and through it the access to '\(f.variable)' in '\(via)()' is unguarded"))
                } else {
                    notes.append(note(call, "\(used(helper, f)) here \(without), so its access to '\(f.variable)' is unguarded"))
                }
            }
            if f.helperHasGuardedCaller && !f.helperCallOutside {
                let at = call.path == s.file.path ? "at line \(call.line)" : "in \(fileName(call.path)) at line \(call.line)"
                let name = f.helperProperty == nil ? "\(callName(helper))" : "'\(helper)'"
                let use = f.helperProperty == nil ? "call" : "use"
                // "Its other callers already hold it" only when they all do (counted): else how many do.
                let others = f.helperProperty == nil ? "its other callers" : "its other uses"
                let hold = f.helperUnguardedCalls > 1
                    ? "\(f.helperGuardedCalls) of its \(f.helperGuardedCalls + f.helperUnguardedCalls - 1) other \(f.helperProperty == nil ? "calls" : "uses") "
                        + "already hold\(f.helperGuardedCalls == 1 ? "s" : "") \(describe(p)) (\(f.helperUnguardedCalls - 1) \(f.helperUnguardedCalls == 2 ? "does" : "do") not)"
                    : "\(others) already hold \(describe(p))"
                // Taking the lock again on a thread that holds it: said only as far as the tool
                // knows the lock (recursive, or a kind that deadlocks).
                let again: String
                switch p.kind == .lock ? retaking(p, f, context: context) : .deadlocks {
                case .deadlocks: again = "do not lock inside \(name): \(hold), and taking it again would deadlock"
                case .unknown: again = "do not lock inside \(name): \(hold), and taking it again would deadlock "
                    + "if \(describe(p)) is not recursive"
                case .recursive: again = "\(hold); it is recursive, so taking it inside \(name) "
                    + "instead would not deadlock them either"
                }
                switch p.kind {
                case _ where p.kind != .mainActor && f.helperCallPartlyHeld && !f.helperCallIsReference:
                    // The call is reached with the guard on some paths already: a hop or an
                    // acquisition there would deadlock (or reorder) those; the path that lacks it
                    // is further up, where the tool cannot point with certainty.
                    let taking = p.kind == .lock ? "holding \(describe(p)) around it" : "\(queueVerbs(p.name, f, context: context).sync) there"
                    fix = "find the path that reaches the call of \(callName(helper)) \(at) without \(describe(p)) and make that path hold it: other paths reach "
                        + "that same call with \(describe(p)) held already, so \(taking) would deadlock them\(p.kind == .lock ? " unless it is recursive" : ""), "
                        + "and \(p.kind == .lock ? "a lock taken inside \(callName(helper))" : "a hop inside \(callName(helper))") would too"
                case _ where f.helperCallIsReference && (p.kind != .lock || f.helperTakesGuardIn == nil):
                    // Called later by the code it is handed to: nothing held where the reference
                    // is made holds then; a closure that takes the guard itself does.
                    let wrap = p.kind == .lock ? "holds \(describe(p)) around its call of '\(helper)'"
                        : p.kind == .mainActor ? "calls '\(helper)' on the main actor"
                        : "submits its call of '\(helper)' to \(p.name) (\(queueVerbs(p.name, f, context: context).async) { })"
                    fix = "in place of the method reference \(at), hand on a closure that \(wrap): the code it is given calls it later, "
                        + "from wherever that code runs, so nothing held where the reference is made holds then"
                case .lock where f.helperTakesGuardIn != nil:
                    fix = reentered(helper, taker: f.helperTakesGuardIn!, p, f, context: context)
                case .lock where f.helperCallHandsOut:
                    fix = "hold \(describe(p)) around the hand-out of 'self' \(at), like the class's other hand-outs to that code; " + again
                case .lock:
                    fix = "hold \(describe(p)) around the \(use) of \(name) \(at); " + again
                case .serialQueue, .readerWriter, .eventLoop:
                    let verbs = queueVerbs(p.name, f, context: context)
                    // "Its other callers already run there" only when they all do (counted): else how many do.
                    let runThere = f.helperUnguardedCalls > 1
                        ? "\(f.helperGuardedCalls) of its \(f.helperGuardedCalls + f.helperUnguardedCalls - 1) other calls already run"
                            + "\(f.helperGuardedCalls == 1 ? "s" : "") on \(p.name) (\(f.helperUnguardedCalls - 1) \(f.helperUnguardedCalls == 2 ? "does" : "do") not)"
                        : "its other callers already run on \(p.name)"
                    let like = f.helperUnguardedCalls > 1 ? "like its calls that already run there" : "like its other callers"
                    let hop = "do not make \(callName(helper)) hop to \(p.name) itself: \(runThere), and \(verbs.sync) there would deadlock"
                    if f.helperCallDeferrable {
                        let submit = f.primary?.name == p.name ? f.form.map { "\(p.name).\($0)" } ?? verbs.async : verbs.async
                        fix = "submit the call of \(callName(helper)) \(at) to \(p.name) (inside \(submit) { }) \(like); " + hop
                    } else {
                        // Sent with async, the call would run after the code that follows it,
                        // which may rely on it having run: the tool cannot tell, and offers no
                        // reordering.
                        fix = "run the call of \(callName(helper)) \(at) on \(p.name) \(like), in the order the code after it expects "
                            + "(\(verbs.async) would run it after that code; check whether that code relies on it first); " + hop
                    }
                case .mainActor:
                    fix = "make the call of \(callName(helper)) \(at) on the main actor, like its other callers"
                }
            }
        }
        return context.diagnostic(rule, at: token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    /// The fix-it for an access in a member that takes the var's lock itself on some path: holding
    /// the lock around a call of it, or in an entry that calls it, would deadlock there (unless
    /// the lock is recursive), so no such placement is offered.
    static func reentered(_ helper: String, taker: String, _ p: HeldGuard, _ f: GuardFinding, context: RuleContext) -> String {
        let certain = retaking(p, f, context: context) == .deadlocks
        let through = taker == helper ? "" : " (in '\(taker)', which it calls)"
        return "do not hold \(describe(p)) around the uses of '\(helper)': it takes \(describe(p)) itself on some path\(through), "
            + "so a thread that holds it there would deadlock\(certain ? "" : " if \(describe(p)) is not recursive"); instead make the access to '\(f.variable)' "
            + "and the step that takes \(describe(p)) one critical section, taken in one place"
    }

    /// What taking lock `p` again on a thread that already holds it does, as far as the tool
    /// knows the lock: a recursive one (NSRecursiveLock, objc_sync, a type of this file that
    /// wraps a recursive lock), one that deadlocks (or traps), or one it cannot tell.
    enum Retake { case deadlocks, recursive, unknown }

    static let nonRecursiveLockTypes: Set<String> = [
        "Mutex", "NSLock", "NSCondition", "NSConditionLock", "OSAllocatedUnfairLock", "os_unfair_lock", "os_unfair_lock_s",
        "NIOLock", "DispatchSemaphore",
    ]

    static func retaking(_ p: HeldGuard, _ f: GuardFinding, context: RuleContext) -> Retake {
        if p.name == "self" { return .recursive }
        if let form = f.form, form == "wait" || form.hasSuffix("()") { return .deadlocks }
        guard let type = f.lockType else { return .unknown }
        if type == "NSRecursiveLock" { return .recursive }
        if nonRecursiveLockTypes.contains(type) { return .deadlocks }
        let s = context.structure
        if type == "pthread_mutex_t" { return s.identifiers.mayContain("PTHREAD_MUTEX_RECURSIVE") ? .unknown : .deadlocks }
        return LockVocabulary.wrapsRecursiveLock(type, in: s) ? .recursive : .unknown
    }

    /// "'flush()' is called", "'limit' is set": how the call at `helperCall` uses the helper.
    static func used(_ helper: String, _ f: GuardFinding) -> String {
        f.helperProperty.map { "'\(helper)' is \($0)" }
            ?? (f.helperCallIsReference ? "'\(helper)' is handed on as a method reference (run when the code it is given calls it)" : helper == "subscript" ? "the subscript (self[…]) is used" : "\(callName(helper)) is called")
    }

    /// `'flush()'`, or for the class's subscript `the subscript (self[…])`.
    static func callName(_ helper: String) -> String {
        helper == "subscript" ? "the subscript (self[…])" : "'\(helper)()'"
    }

    /// `x.signal()`, `x?.leave()`: the access at token `t` only wakes code that waits on the
    /// value (a semaphore, a group, a condition): the method's name, or nil.
    static func wakes(_ s: FileStructure, _ t: Int) -> String? {
        var k = t + 1
        if s.isChar(k, UInt8(ascii: "?")) || s.isChar(k, UInt8(ascii: "!")) { k += 1 }
        guard s.isChar(k, UInt8(ascii: ".")), k + 2 < s.code.count, s.isChar(k + 2, UInt8(ascii: "(")) else { return nil }
        let name = s.text(k + 1)
        return ["signal", "leave", "resume", "broadcast", "unlock"].contains(name) ? name : nil
    }

    /// An access made by another type's code through a reference to the class: the guard is the
    /// class's, so the fix goes through the class.
    static func outside(_ f: GuardFinding, rule: RuleDescription, subject: String, token: Int, context: RuleContext) -> Diagnostic {
        let p = f.primary!
        let verb = f.write ? "written" : "read"
        let owner = "'\(f.variable)' of \(subject)"
        let how = p.kind == .lock ? "holding \(describe(p))" : "on \(describe(p))"
        let message = "\(owner) is \(verb) here through a reference to it, from outside the class, while the class's own writes of it run \(how)"
        var notes: [Note] = []
        if let g = f.guardedAt { notes.append(note(g, "'\(f.variable)' is written \(how) here")) }
        let action = f.write ? "set '\(f.variable)'" : "read '\(f.variable)'"
        var fix: String
        if let w = f.wrapper {
            fix = "\(action) in the closure of '\(f.typeName)'s own method '\(w)', which runs it \(how), or through another method of '\(f.typeName)' that does"
        } else if p.kind == .lock {
            fix = "\(action) through a method of '\(f.typeName)' that takes \(describe(p)) around the access (add one, e.g. a getter\(f.write ? " and setter" : ""), "
                + "if there is none) instead of reaching the var from here; \(describe(p)) is the class's own"
        } else {
            fix = "\(action) through a method of '\(f.typeName)' that accesses it on \(describe(p)) (add one if there is none) instead of reaching the var from here; "
                + "if that method uses \(queueVerbs(p.name, f, context: context).sync), no caller of it may already run on \(p.name) (it would deadlock)"
        }
        return context.diagnostic(rule, at: token, message: message, notes: notes, fixIt: FixIt(fix))
    }

    /// Nothing of its function (or closure) runs after the statement holding token `t`: only
    /// closing braces follow it, and no loop around it runs it again.
    static func nothingRunsAfter(_ s: FileStructure, _ t: Int) -> Bool {
        StateAccess.nothingRunsAfter(s, t)
    }

    /// " (and 3 more accesses in 'helper()')" for a finding that stands for several accesses.
    static func more(_ f: GuardFinding, context: RuleContext) -> String {
        guard !f.groupedAccesses.isEmpty else { return "" }
        let n = f.groupedAccesses.count
        let s = context.structure
        var place = f.helper.map { f.groupedBeyondHelper ? " reached through \(callName($0))" : " in \(callName($0))" } ?? ""
        if f.helper == nil, let d = s.enclosingFunction(of: tokenIndex(s, offset: f.site.offset)), !s.decls[d].nameText.isEmpty {
            let parent = s.decls[d].parent
            if s.decls[d].kind == .accessor, parent >= 0, !s.decls[parent].nameText.isEmpty {
                place = " in the \(s.decls[d].nameText) of '\(s.decls[parent].nameText)'"
            } else {
                place = " in '\(s.decls[d].nameText)\(s.decls[d].kind == .function ? "()" : "")'"
            }
        }
        return ", with \(n) more access\(n == 1 ? "" : "es")\(place) on the same path"
    }

    /// Which other accesses hold the guard, as a clause: "3 of its 7 other accesses run there",
    /// "its one other access runs there on some paths", or, when only other paths to the
    /// reported access itself hold it, "other paths to this access run there" (the reported
    /// access never counts as one of its own "other accesses"). `verb` is the plural verb
    /// ("run", "hold"), `rest` what follows it.
    static func heldBy(_ f: GuardFinding, _ verb: String, _ rest: String, lower: Bool = false) -> String {
        let total = max(f.accessCount - 1, f.guardedCount + f.partlyGuardedCount)
        let n = f.guardedCount, p = f.partlyGuardedCount
        let rest = rest.isEmpty ? "" : " " + rest
        if n > 0 {
            return "\(others(f, lower: lower)) \(verb)\(n == 1 ? "s" : "")\(rest)" + (p > 0 ? ", and \(p) more on some paths" : "") + uncounted(f)
        }
        if p > 0 {
            let who = total == 1 ? (lower ? "its one other access" : "The one other access to '\(f.variable)'")
                : p == total ? (lower ? "its other \(total) accesses" : "The other \(total) accesses to '\(f.variable)'")
                : (lower ? "\(p) of its \(total) other accesses" : "\(p) of the \(total) other accesses to '\(f.variable)'")
            return "\(who) \(verb)\(p == 1 ? "s" : "")\(rest) on some paths" + uncounted(f)
        }
        return "\(lower ? "o" : "O")ther paths to this access \(verb)\(rest)"
    }

    /// " (not counting 2 made in init, deinit or a test's set-up/tear-down)": the accesses a
    /// count leaves out, so that it matches what a reader of the class counts (those other
    /// types' code makes through a reference included: they are not the class's own).
    static func uncounted(_ f: GuardFinding) -> String {
        let n = f.uncountedCount, u = f.unreachedCount
        // Named from where they are, when each is directly in init, deinit or a test's
        // set-up/tear-down; all three otherwise.
        let p = f.uncountedPlaces
        let named: [(StateAccess.ConstructionPlaces, String)] = [(.initializer, "init"), (.deinitializer, "deinit"), (.testSetUp, "a test's set-up/tear-down")]
        let places = p.isEmpty || p.contains(.elsewhere) ? named.map(\.1) : named.filter { p.contains($0.0) }.map(\.1)
        let listed = places.count == 1 ? places[0] : places.dropLast().joined(separator: ", ") + " or " + places.last!
        let o = f.fromOutside ? 0 : f.throughOtherReferences
        let parts = (n == 0 ? [] : ["\(n) made in \(listed)"])
            + (u == 0 ? [] : ["\(u) in code that nothing calls"])
            + (o == 0 ? [] : ["\(o) made by other types' code through a reference"])
        return parts.isEmpty ? "" : " (not counting " + parts.joined(separator: " and ") + ")"
    }

    /// The accesses the guard is held at, counted: "the other 4 accesses to 'x'", "3 of the 7
    /// other accesses to 'x'" (a message says only what the tool counted).
    static func others(_ f: GuardFinding, lower: Bool = false) -> String {
        let total = max(f.accessCount - 1, f.guardedCount)
        let n = f.guardedCount
        if lower {
            if n >= total { return total == 1 ? "its one other access" : "its other \(total) accesses" }
            return "\(n) of its \(total) other accesses"
        }
        if n >= total { return total == 1 ? "The one other access to '\(f.variable)'" : "The other \(total) accesses to '\(f.variable)'" }
        return "\(n) of the \(total) other accesses to '\(f.variable)'"
    }

    /// How to hold guard `g` around an access.
    static func accessFix(_ g: HeldGuard, _ f: GuardFinding, context: RuleContext, what: String, tail: String) -> String {
        switch g.kind {
        case .lock:
            // The var that tells whether this thread already holds the lock: taking the lock to
            // read it would deadlock the thread that does.
            if OwnerChecks.isOwnerTest(context.structure, tokenIndex(context.structure, offset: f.site.offset), lock: g.name) {
                return "give '\(f.variable)' a lock of its own (or make it an atomic): it is read to tell whether this thread already holds "
                    + "'\(g.name)', so taking '\(g.name)' for this read would deadlock the thread that holds it"
            }
            // In a function that takes the lock only when a flag says so: holding it around the
            // access would take it twice on the path where the function took it.
            if let r = flagDecidedRegion(f, lock: g.name, context), let flag = FlagLocks.decidingFlag(context.structure, r) {
                let fn = context.structure.decls[flag.function].nameText
                return "do not take '\(g.name)' here: '\(fn)' takes it itself when '\(flag.parameter)' is \(flag.value); pass \(flag.parameter): "
                    + "\(flag.value) where its caller does not hold '\(g.name)', or hold '\(g.name)' around that call"
            }
            let base = lockFix(g.name == "self" ? "self" : g.name, wrapper: f.wrapper, deployment: context.deployment, lockType: f.lockType,
                               what: what, tail: tail, lockTypeMethods: f.lockType.flatMap { lockMethods($0, write: f.write, context: context) }, inAsync: f.inAsync,
                               form: f.primary?.name == g.name ? f.form : nil,
                               release: f.primary?.name == g.name ? f.form.flatMap { context.vocabulary.acquireRelease[$0] } : nil,
                               usesWithLock: f.lockType.map { context.moduleCallsWithLock(on: $0) } ?? false, optional: f.optionalLock,
                               ownMethod: f.primary?.name == g.name && f.form.map { isOwnLockMethod($0, lock: g.name, context) } == true)
            // One half of a check-then-act in one function: guarding each half on its own still
            // lets the value change in between, and holding the lock from the check to the write
            // is safe only when nothing between them calls out of the class.
            if tail.hasPrefix(" like the "), f.rechecked, let fn = checkThenActFunction(context.structure, f) {
                return base + " (a short acquisition for the read alone); '\(fn)' reads '\(f.variable)' again under '\(g.name)' before writing it, which "
                    + "keeps that write right, but this first read can run while another thread writes '\(f.variable)' there, and a var is not atomic: "
                    + "the read can see a half-written value"
            }
            if tail.hasPrefix(" like the "), let fn = checkThenActFunction(context.structure, f) {
                return base + "; '\(fn)' also decides on '\(f.variable)' by reading it before writing it: re-check the condition in the "
                    + "acquisition that writes, or make the check and the write one acquisition when nothing between them calls out of the class"
            }
            return base + " (around the access alone: copy the value out, so nothing that can call back into the class runs with it held)"
        case .serialQueue, .readerWriter:
            // One half of a check-then-act in one function: deferring the write alone lets a second
            // call pass the same check before it runs.
            // A write that code after it in its function may rely on: sent with async, it would
            // run after that code, so the tool offers no reordering it cannot judge.
            // So may code after a call of its member, in a caller of any type, and code outside the
            // module that calls it.
            let later = f.write && (f.orderMatters || !nothingRunsAfter(context.structure, tokenIndex(context.structure, offset: f.site.offset)))
            let handOff = f.primary?.name == g.name ? f.form : nil
            // A read in a member that answers its caller before it returns (a value, a run of a
            // closure it cannot keep) cannot be sent to run later and handed on.
            let now = f.write ? nil : StateAccess.answersCallerNow(context.structure, tokenIndex(context.structure, offset: f.site.offset))
            let base = "run this access on \(g.name) like the others: "
                + (handOff.map { handOffFix(g.name, method: $0, name: f.variable, write: f.write, keepOrder: later,
                                            because: later ? orderReason(f, context: context) : nil, answersNow: now) }
                   ?? queueFix(g.name, name: f.variable, write: f.write, keepOrder: later, because: later ? orderReason(f, context: context) : nil,
                               operationQueue: isOperationQueue(g.name, f, context: context), answersNow: now, barrier: g.kind == .readerWriter))
            if let fn = checkThenActFunction(context.structure, f) {
                return base + "; '\(fn)' also decides on '\(f.variable)' by reading it before writing it: re-check the condition in the block on "
                    + "\(g.name) that writes, so a second call cannot pass the same check first"
            }
            return base
        case .eventLoop:
            return "run this access on \(g.name) like the others (inside \(g.name).execute { }, or where \(g.name).inEventLoop holds)"
        case .mainActor:
            return "run this access on the main actor like the others (mark the method @MainActor, or move the access into "
                + "await MainActor.run { } or a main-queue block)"
        }
    }

    /// The region around the finding's access in which a flag parameter decides whether `lock`
    /// is taken (`if !alreadyLocked { lock.lock() }`), if any.
    static func flagDecidedRegion(_ f: GuardFinding, lock: String, _ context: RuleContext) -> LockRegion? {
        let regions = context.lockRegions.regions
        guard regions.contains(where: \.flagDecided) else { return nil }
        let at = tokenIndex(context.structure, offset: f.site.offset)
        return regions.first { $0.flagDecided && $0.lock == lock && $0.start < at && at < $0.end }
    }

    /// Whether `method` is one of the class's own methods that take or release `lock` (`_lock()`).
    static func isOwnLockMethod(_ method: String, lock: String, _ context: RuleContext) -> Bool {
        let own = context.vocabulary.ownLockMethods
        return !own.isEmpty && own.contains { $0.value == lock && $0.key.hasSuffix("|" + method) }
    }

    /// The closure methods of lock type `type` that hold it for this access: not one the tool
    /// could not resolve, and for a write not a reader's (a plain block of a concurrent queue).
    static func lockMethods(_ type: String, write: Bool, context: RuleContext) -> [String]? {
        guard let all = context.lockWrapperMethods(type) else { return nil }
        let readers = write ? Set(context.lockReaderMethods(type)) : []
        let usable = all.filter { !$0.hasSuffix("?") && !readers.contains($0) }
        return usable.isEmpty ? nil : usable
    }

    /// How to hold lock `p` around an access: the class's own wrapper method when it has one;
    /// `withLock` where the lock type has it (NSLock's needs macOS 14/iOS 17); else `lock()` with
    /// a deferred `unlock()`. In async code `lock()` is unavailable (`noasync`) and a lock must
    /// not be held across an `await`: only a closure form, around the access alone, is offered.
    static func lockFix(_ p: String, wrapper: String?, deployment: Deployment?, lockType: String?, what: String, tail: String,
                        lockTypeMethods: [String]? = nil, inAsync: Bool = false, form: String? = nil, release: String? = nil,
                        usesWithLock: Bool = false, optional: Bool = false, ownMethod: Bool = false) -> String {
        // An optional lock property is reached as written: `lock?.withLock { }`.
        let r = optional && p != "self" ? p + "?" : p
        // A conditional take the class uses (`if lock.try()`, `tryLock()`, `withLockIfAvailable`)
        // holds the lock only when it was free: never the way to hold it around an access.
        let form = form.flatMap { LockRegions.isConditionalTakeName($0) ? nil : $0 }
        if let w = wrapper { return "\(what) \(w) { } (the class's own way of holding '\(p)')\(tail)" }
        if p == "self" { return "\(what) objc_sync_enter(self) … objc_sync_exit(self) (with a defer)\(tail)" }
        // The project's closure method the class already uses for this lock; another form the
        // class uses (below) before a method it does not use.
        let usesOther = !(form ?? "").isEmpty && form != "withLock"
        if let ms = lockTypeMethods, let m = form.flatMap({ ms.contains($0) ? $0 : nil }) ?? (usesOther ? nil : ms.first) {
            return "\(what) \(r).\(m) { } (the project's own closure method on \(lockType ?? "the lock"))\(tail)"
        }
        // The form the class already uses for this lock.
        if let m = form, !m.isEmpty, m != "withLock" {
            // A semaphore taken as the class takes it elsewhere (an async one is awaited, and only
            // async code can wait for it).
            if m.hasSuffix("()") {
                let words = m.split(separator: " ")
                let prefix = words.dropLast().map { $0 + " " }.joined()
                return "\(what) \(prefix)\(r).\(words.last!) and \(r).signal() on every way out (a defer)"
                    + (prefix.isEmpty ? "" : ", from async code,") + tail
            }
            // A function of the run that runs its closure under the lock it is given, as called.
            if m.hasSuffix(")") { return "\(what) \(m) { }\(tail)" }
            // The class's own methods that take and release the lock (`_lock()`, `_unlock()`).
            if ownMethod, let release {
                if inAsync {
                    return "move the access into a synchronous helper that calls \(m)() and \(release)() (with a defer) and call it from here\(tail)"
                }
                return "\(what) \(m)(); defer { \(release)() }\(tail)"
            }
            switch m {
            case "wait":
                return "\(what) \(r).wait(); defer { \(r).signal() }\(tail)"
            case "lock", "lockRead", "lockWrite", "readLock", "writeLock":
                if inAsync {
                    return "move the access into a synchronous helper that takes '\(p)' (\(m)(); defer { unlock() }) and call it from here: "
                        + "lock() is unavailable in async code\(tail)"
                }
                return "\(what) \(r).\(m)(); defer { \(r).unlock() }\(tail)"
            case "pthread_mutex_lock", "os_unfair_lock_lock", "pthread_rwlock_rdlock", "pthread_rwlock_wrlock", "objc_sync_enter":
                return "\(what) the same \(m) call and its release (with a defer)\(tail)"
            default:
                // An acquire of the file's own pair (`_rawLock()` … `_rawUnlock()`), not a closure method.
                if let release {
                    if inAsync {
                        return "move the access into a synchronous helper that takes '\(p)' (\(m)(); defer { \(release)() }) and call it from here\(tail)"
                    }
                    return "\(what) \(r).\(m)(); defer { \(r).\(release)() }\(tail)"
                }
                return "\(what) \(r).\(m) { }\(tail)"
            }
        }
        let nsLocking: Set<String> = ["NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock"]
        // (Unless the module already calls withLock on that type: it has it, through its own
        // extension or where the OS has it.)
        if let t = lockType, nsLocking.contains(t), let d = deployment, !d.allows(Deployment.nsLockingWithLockSince), !usesWithLock {
            if inAsync {
                return "move the access into a synchronous helper that takes '\(p)' (lock(); defer { unlock() }) and call it from here: "
                    + "lock() is unavailable in async code, and NSLocking.withLock needs macOS 14/iOS 17\(tail)"
            }
            return "\(what) \(r).lock(); defer { \(r).unlock() } (NSLocking.withLock needs macOS 14/iOS 17)\(tail)"
        }
        if inAsync { return "\(what) \(r).withLock { } around the access alone, with no await inside\(tail)" }
        if let t = lockType, t == "DispatchSemaphore" { return "\(what) \(r).wait(); defer { \(r).signal() }\(tail)" }
        return "\(what) \(r).withLock { } (or \(r).lock(); defer { \(r).unlock() })\(tail)"
    }

    /// The member holding access `f` when the engine found it one half of a check-then-act
    /// there (a write after a read of the var itself in that member, or a read before a write).
    static func checkThenActFunction(_ s: FileStructure, _ f: GuardFinding) -> String? {
        f.checkThenAct ? memberName(s, f) : nil
    }

    /// The member holding access `f`, as written in a message (`'stop()'`, `init`).
    static func memberName(_ s: FileStructure, _ f: GuardFinding) -> String? {
        guard let inner = s.enclosingFunction(of: tokenIndex(s, offset: f.site.offset)) else { return nil }
        let d = s.decls[StateAccess.outermostMember(s, inner)]
        if d.nameText.isEmpty { return d.kind.keyword }
        return d.kind == .function ? d.nameText + "()" : d.nameText
    }

    /// How code goes onto guard queue `q` without waiting and waiting, as written for its kind:
    /// an OperationQueue has neither async nor sync (`addOperation`, and
    /// `addOperations(_:waitUntilFinished: true)`).
    static func queueVerbs(_ q: String, _ f: GuardFinding, context: RuleContext) -> (async: String, sync: String) {
        if isOperationQueue(q, f, context: context) {
            return ("\(q).addOperation", "\(q).addOperations(_:waitUntilFinished: true)")
        }
        return ("\(q).async", "\(q).sync")
    }

    /// Whether guard queue `q` of the finding's class is an OperationQueue: declared so in this
    /// file, or, for code in an extension in another file, in the class's declaration.
    static func isOperationQueue(_ q: String, _ f: GuardFinding, context: RuleContext) -> Bool {
        if GuardLogExtractor.isOperationQueue(named: q, at: tokenIndex(context.structure, offset: f.site.offset), in: context.structure) { return true }
        let bare = q.hasPrefix("self.") ? String(q.dropFirst(5)) : q
        return context.classFacts(f.typeName)?.operationQueues.contains(bare) == true
    }

    /// How to move an access onto serial queue `q`. `q.sync` is not offered on its own: the
    /// access may run on `q` already, or on a thread that work on `q` waits for, and then `sync`
    /// deadlocks.
    /// `answersNow` names the member of a read that hands its caller the value (or runs a
    /// closure it cannot keep) before it returns: reading inside a submitted block and handing
    /// the value on later cannot work there, and is not offered.
    /// `barrier`: `q` is a concurrent queue whose barrier blocks write; a write goes in one.
    static func queueFix(_ q: String, name: String, write: Bool, keepOrder: Bool = false, because: String? = nil, operationQueue: Bool = false,
                         answersNow: String? = nil, barrier: Bool = false) -> String {
        if let member = answersNow, !write {
            let wait = operationQueue ? "waiting for an operation (\(q).addOperations(_:waitUntilFinished: true))" : "\(q).sync { }"
            let on = operationQueue ? "no operation on \(q) waits for" : "no block on \(q) waits for"
            return "\(member) needs '\(name)' before it returns, so the read cannot be sent to \(q) to run later; \(wait) is safe only from callers "
                + "that never run on \(q) and that \(on), so where that is not certain, guard '\(name)' with one short lock at every access instead"
        }
        // An OperationQueue has neither async nor sync: a block goes in with addOperation, and
        // waiting for it is addOperations(_:waitUntilFinished:), with the same deadlock.
        if operationQueue {
            return (keepOrder ? "make the write on \(q) in the order the code after it expects (inside \(q).addOperation { } it would run after that code\(because ?? ""); check whether that code relies on it first)"
                : write ? "make the write inside \(q).addOperation { }" : "read '\(name)' inside \(q).addOperation { } and hand the value on from there")
                + "; waiting for the operation (\(q).addOperations(_:waitUntilFinished: true)) is safe only from callers that never run on \(q) and that no operation on \(q) waits for, "
                + "so where that is not certain, guard '\(name)' with one short lock at every access instead"
        }
        let flags = barrier && write ? "(flags: .barrier)" : ""
        return (keepOrder ? "make the write on \(q) in the order the code after it expects (inside \(q).async\(flags) { } it would run after that code\(because ?? ""); check whether that code relies on it first)"
            : write ? "make the write inside \(q).async\(flags) { }" : "read '\(name)' inside \(q).async { } and hand the value on from there")
            + "; \(q).sync\(flags) { } is safe only from callers that never run on \(q) and that no block on \(q) waits for, "
            + "so where that is not certain, guard '\(name)' with one short lock at every access instead"
    }

    /// How to move an access into the closure of `q.method { }`, a method that submits its
    /// closure to a serial queue (the class's other accesses go through it). The block may run
    /// after the code that follows the call, so a write that code may rely on keeps its order.
    static func handOffFix(_ q: String, method: String, name: String, write: Bool, keepOrder: Bool, because: String?, answersNow: String? = nil) -> String {
        if let member = answersNow, !write {
            return "\(member) needs '\(name)' before it returns, so the read cannot go through \(q).\(method) { }, whose block may run later; "
                + "guard '\(name)' with one short lock at every access instead"
        }
        if keepOrder {
            return "make the write through \(q).\(method) { } in the order the code after it expects (its block may run after that code"
                + "\(because ?? ""); check whether that code relies on it first), or guard '\(name)' with one short lock at every access instead"
        }
        return write ? "make the write inside \(q).\(method) { }, which runs its block on a serial queue"
            : "read '\(name)' inside \(q).\(method) { }, which runs its block on a serial queue, and hand the value on from there"
    }

    /// Why a deferred write could run after code that expects it done, when that is a caller's
    /// code or code outside the module (", such as the code after the call of 'stop()' in
    /// Owner.swift at line 12").
    static func orderReason(_ f: GuardFinding, context: RuleContext) -> String? {
        guard f.orderMatters, let fn = f.continuingCallee else { return nil }
        if let c = f.continuingCall {
            let at = c.path == context.structure.file.path ? "at line \(c.line)" : "in \(fileName(c.path)) at line \(c.line)"
            return ", such as the code after the call of '\(fn)' \(at)"
        }
        return ", such as the code of callers outside the module after a call of '\(fn)'"
    }

    /// A lock among `held` (held at the access) that the run takes while it holds `guardLock`:
    /// taking `guardLock` at the access would invert that order. With where the run does so.
    static func invertedOrder(taking guardLock: HeldGuard, under held: [HeldGuard], _ f: GuardFinding,
                              context: RuleContext) -> (held: HeldGuard, whereText: String)? {
        guard guardLock.kind == .lock, guardLock.name != "self" else { return nil }
        let key = { (g: HeldGuard) in lockKey(g, f, context: context) }
        for h in held where h.kind == .lock && h.name != "self" && h != guardLock {
            guard let e = context.lockTaken(key(h), whileHolding: key(guardLock)) else { continue }
            let site = e.call ?? e.innerSite
            let file = site.path == context.structure.file.path ? "" : " of \(fileName(site.path))"
            let through = e.call != nil && !e.callee.isEmpty ? " (through '\(e.callee)')" : ""
            return (h, "the code at line \(site.location.line)\(file)\(through)")
        }
        return nil
    }

    /// Whether the run already takes `guardLock` while it holds `held` somewhere (see
    /// `LockGraph`): taking it there again follows an order the code uses.
    static func nestedAlready(_ guardLock: HeldGuard, under held: HeldGuard, _ f: GuardFinding, context: RuleContext) -> Bool {
        context.lockTaken(lockKey(guardLock, f, context: context), whileHolding: lockKey(held, f, context: context)) != nil
    }

    /// A lock of the finding's class as the lock graph names it (`module::Type.name`).
    static func lockKey(_ g: HeldGuard, _ f: GuardFinding, context: RuleContext) -> String {
        let bare = g.name.hasPrefix("self.") ? String(g.name.dropFirst(5)) : g.name
        let module = LockGraph.moduleShortName(context.module)
        return bare.contains(".") ? "\(module)::\(bare)" : "\(module)::\(f.typeName).\(bare)"
    }

    /// Names a project commonly gives its own lock type.
    static let ownLockNames = ["Mutex", "Locked", "Protected", "LockedValueBox", "Lock", "UnfairLock", "ReadWriteLock"]

    /// A write in a member one call runs on one executor and another on another: the message,
    /// with a note at each call, and the fix (every call on one of the two, hopping with async).
    static func splitCallsText(_ f: GuardFinding, owner: String, notes: inout [Note]) -> (String, String) {
        let (a, b) = (f.splitCalls[0], f.splitCalls[1])
        let (here, there) = (describe(f.here[0]), describe(f.primary!))
        let member = "'\(f.helper ?? "")()'"
        func at(_ c: CodeSite) -> String { "line \(c.line)\(c.path == f.site.path ? "" : " of \(fileName(c.path))")" }
        notes.append(note(a, "\(member) is called here on \(here)"))
        notes.append(note(b, "and here on \(there)"))
        let message = "\(owner) is written in \(member), which runs on \(here) when called at \(at(a)) and on \(there) when called at \(at(b)): they do not exclude each other"
        let fix = "run every call of \(member) on one of the two: submit the call at \(at(b)) to \(here), or the one at \(at(a)) to \(there), "
            + "whichever the rest of the code that uses '\(f.variable)' runs on; hop with async, not sync: code running on one of them that waits for the other can deadlock"
        return (message, fix)
    }

    /// An `@unchecked Sendable` class with no guard at all.
    static func unprotected(_ f: GuardFinding, rule: RuleDescription, token: Int, context: RuleContext) -> Diagnostic {
        var notes: [Note] = []
        var onlyConstants = true
        // Public vars nothing in the run sets: code outside the module can, so never a `let`.
        var publicUnwritten: [String] = []
        // What the class holds, when it holds something: the tool saw it, and only that the
        // state is not touched under it.
        // A value box (its closures hand it their own value) guards only that value: not a
        // lock of the class's other state.
        let held = f.holds.filter { h in !f.valueBoxes.contains { h == "lock '\($0)'" } }
        let holds = held.isEmpty ? nil : held.joined(separator: ", ")
        // Vars the class keeps atomics in are not unguarded state.
        let atomicVars = holds == nil ? AtomicProperties.of(context.structure, classToken: token) : []
        let vars = atomicVars.isEmpty ? f.vars : f.vars.filter { !atomicVars.contains($0.name) }
        for v in vars {
            switch v.state {
            case .written(let w):
                onlyConstants = false
                notes.append(note(v.site, "'\(v.name)' is mutable"))
                notes.append(note(w, holds.map { "'\(v.name)' is written here outside \($0)" } ?? "'\(v.name)' is written here with nothing excluding other threads"))
            case .settableOutsideModule:
                onlyConstants = false
                notes.append(note(v.site, "'\(v.name)' is public and settable: any holder of the instance can write it from any thread"))
            case .settableUnwritten:
                publicUnwritten.append(v.name)
                notes.append(note(v.site, "'\(v.name)' is public and settable: nothing in the run writes it after init, but code outside the module can, from any thread"))
            case .writtenThroughOthers:
                onlyConstants = false
                notes.append(note(v.site, "'\(v.name)' is mutable and written through other references to '\(f.typeName)'"))
            case .settableBox:
                onlyConstants = false
                notes.append(note(v.site, "'\(v.name)' is settable from other files, and the class has no methods of its own: holders of the instance can write it, from any thread"))
            case .neverAssigned:
                notes.append(note(v.site, "'\(v.name)' is mutable, and never assigned outside init: it could be a 'let'"))
            }
        }
        let names = vars.map(\.name)
        let listText = names.count == 1 ? "'\(names[0])'" : "\(names.count) vars ('\(names.joined(separator: "', '"))')"
        var fix: String
        if onlyConstants && !publicUnwritten.isEmpty {
            fix = publicSettingsFix(publicUnwritten, constants: names.filter { !publicUnwritten.contains($0) }, context: context)
        } else if onlyConstants {
            fix = "declare \(names.count == 1 ? "it" : "them") 'let': \(listText) \(names.count == 1 ? "is" : "are") never assigned outside init"
        } else {
            // A lock it already holds, taken around nothing of its state: that lock, not a new one.
            if let lock = held.first(where: { $0.hasPrefix("lock '") }) {
                fix = "guard every access to the mutable state with the \(lock) it already holds, taken around the access alone (copy the value out)"
            } else {
                fix = ownLockAdvice(context) ?? LockAdvice.protect("the mutable state", context.deployment, usesWithLock: context.moduleCallsWithLock(on:))
            }
            fix += (f.isSubclass ? "" : "; or, if every caller can await, make '\(f.typeName)' an actor")
                + "; if one thread or queue owns every instance, say so in a doc comment on the class"
        }
        let boxes = f.valueBoxes.isEmpty ? "" : " ('\(f.valueBoxes.sorted().joined(separator: "', '"))' guards only the value inside it)"
        // A class that keeps its other state in atomics: what the tool saw is those atomics.
        let orderings = "(.relaxed for an independent flag or counter, .acquiring/.releasing when it publishes other data)"
        if !atomicVars.isEmpty {
            if onlyConstants && !publicUnwritten.isEmpty {
                let one = publicUnwritten.count == 1
                fix = "make '\(publicUnwritten.joined(separator: "', '"))' \(one ? "a computed property" : "computed properties") over private storage kept in an atomic, "
                    + "as '\(atomicVars[0])' is, with the same public getter\(one ? "" : "s") and setter\(one ? "" : "s") (\(one ? "its setter is" : "their setters are") API: "
                    + "a 'let' would break every client that sets \(one ? "it" : "one"))"
                    + ", and an ordering on each operation \(orderings)"
            } else if !onlyConstants {
                fix = "keep \(names.count == 1 ? "it" : "each") in an atomic too, as '\(atomicVars[0])' is, with an ordering on each operation "
                    + "\(orderings); an atomic guards one value: "
                    + "state that must change together with other state needs one lock around all of it; if one thread or queue owns every instance, "
                    + "say so in a doc comment on the class"
            }
            return context.diagnostic(rule, at: token,
                                      message: "@unchecked Sendable class '\(f.typeName)' has mutable state (\(listText)) outside the atomics it keeps "
                                        + "its other state in ('\(atomicVars.joined(separator: "', '"))')" + boxes,
                                      notes: notes, fixIt: FixIt(fix))
        }
        return context.diagnostic(rule, at: token,
                                  message: "@unchecked Sendable class '\(f.typeName)' has mutable state (\(listText)) and "
                                    + (holds.map { "holds \($0), but the tool sees no access to that state made under it" } ?? "no lock, queue or actor guarding it") + boxes,
                                  notes: notes, fixIt: FixIt(fix))
    }

    /// The fix for public settable vars nothing in the run writes: their setters are API (a
    /// `let` breaks every client that sets one), so they keep them, behind one lock; the vars
    /// only init assigns (`constants`) can still be `let`s.
    static func publicSettingsFix(_ settable: [String], constants: [String], context: RuleContext) -> String {
        func quoted(_ ns: [String]) -> String { ns.count == 1 ? "'\(ns[0])'" : "'\(ns.joined(separator: "', '"))'" }
        let one = settable.count == 1
        var fix = "make \(quoted(settable)) \(one ? "a computed property" : "computed properties") over private storage, with the same public getter\(one ? "" : "s") and setter\(one ? "" : "s") "
            + "(\(one ? "its setter is" : "their setters are") API: a 'let' would break every client that sets \(one ? "it" : "one")): "
            + LockAdvice.protect(one ? "that storage" : "that storage as one value", context.deployment, state: one ? "Value" : "Settings", usesWithLock: context.moduleCallsWithLock(on:))
            + "; have each operation of the class read one copy of it at its start"
        if !constants.isEmpty {
            fix += "; declare \(quoted(constants)) 'let': never assigned outside init"
        }
        return fix + "; or, if clients are to configure an instance before sharing it, drop the @unchecked Sendable claim, which the public setter\(one ? " does" : "s do") not keep"
    }

    /// When the module has a lock type of its own under a usual name, advise that type.
    static func ownLockAdvice(_ context: RuleContext) -> String? {
        for name in ownLockNames {
            guard let methods = context.lockWrapperMethods(name), let method = methods.sorted().first else { continue }
            // A value box guards the value inside it: the state moves into one.
            if context.handsStateToClosure(name) {
                return "keep the mutable state inside one of the module's own \(name), reached only through \(method) { }"
            }
            return "guard every access to the mutable state with the module's own \(name), through \(method) { }"
        }
        return nil
    }

    static func note(_ site: CodeSite, _ text: String) -> Note {
        Note(path: site.path, location: SourceLocation(line: site.line, column: site.column), message: text)
    }

    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// The code token starting at byte `offset` (binary search).
    static func tokenIndex(_ s: FileStructure, offset: Int) -> Int {
        var lo = 0
        var hi = s.code.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if Int(s.code[mid].start) < offset { lo = mid + 1 } else { hi = mid }
        }
        return min(lo, max(0, s.code.count - 1))
    }
}
