import LockLintCore

/// `split_critical_section`: a check under one acquisition of a lock, and the act it decides
/// under a later acquisition of the same lock, with no re-check in between.
public struct SplitCriticalSectionRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "split_critical_section",
        name: "Check and act split over two acquisitions",
        summary: "State read under one acquisition of a lock decides a write under a later acquisition of the same lock, with no re-check (also `x += 1` through a getter and a setter that lock separately)",
        rationale: """
            A lock makes each critical section atomic, not the code between two of them. When a function reads \
            state under the lock, releases it, decides from what it read, and takes the lock again to write, \
            another thread can change the state in between: the write acts on a stale decision. Counters reset \
            after concurrent increments lose them, a value cached twice replaces one another, a state machine \
            moves from a state it is no longer in. The same split hides in a property (or a property wrapper's \
            `wrappedValue`) whose getter and setter each take the lock: `count += 1`, `items.append(x)` and \
            `table[key] = value` get the value under one acquisition and set it back under another, so \
            concurrent updates are lost although every access is locked.
            """,
        fix: """
            Do the check and the write under one acquisition (a single withLock whose closure decides and \
            writes), or re-check the state inside the second acquisition before writing. Keep slow work (I/O, \
            callbacks) outside the lock by computing it first and re-checking when you take the lock to store it.
            """,
        knownLimits: """
            Both acquisitions must be on the same lock, directly in one function body: withLock-style closures, \
            lock()/unlock() stretches, `wait()` … `signal()` on a semaphore the file creates with \
            `DispatchSemaphore(value: 1)`, calls of the file's own wrapper methods that run their closure \
            under a lock (`locked { }`), and the blocks of a concurrent queue used as a reader-writer lock \
            (a `sync` block that reads, then a barrier block, `async(flags: .barrier)` or `sync(flags: .barrier)`, \
            that writes), and the getters and setters of the run's properties that take a lock (a setter whose body \
            is one call of a method of its type that writes the argument under the lock, `set { apply(newValue) }`, \
            takes it as that method does). The lock is named as written, with `self.`, `Self.` and the type's own \
            name left out. The decision is a local bound from the first (the closure's result, or a local \
            of the function assigned inside the closure or the lock()/unlock() stretch) or the first acquisition \
            itself inside a condition; the second must sit in that `if` or `while`, in its `else`, in a case of a \
            `switch` over it (not over a call made with it), or after that `guard` (or an `if` that leaves the \
            function). \
            Or the decision is made inside the second: the value written, or an `if`/`guard`/`switch` around the \
            write, uses a local that carries the written state (or a local made from one, not through a \
            closure), unless the first acquisition wrote that state too (a reservation filled in later, a saved \
            value restored). State is a stored property of the type (bare, through `self.`, `Self.` or the \
            type's name), a file-level var in a free function, or the value a withLock closure receives (`$0`, \
            its named parameter). A value found absent and filled under the second (a cache) is not reported \
            unless the write clears it, or the same file sets that whole state, under the same lock, to a value \
            its caller hands in (a setter's `newValue`, a parameter), which a fill made earlier would replace (a value bound by `if let`/`guard let` on the path of the write, and \
            written back made from it, or tested further in the condition, was found present: `if let old = … { … = old + 1 }` and \
            `if let last, isExpired(last) { … }` are reported), and neither is a flag every write in the file sets to the same value, nor state the first acquisition read and set to a fixed value (a test-and-set claim, a read-and-reset): the caller owns it until it writes it back. When the code between the two acquisitions calls anything, the fix-it asks only for a re-check, never for one acquisition held across that call. \
            Acquisitions also include reading a getter of the type that takes the lock (`count`, also `if let count`), \
            assigning a property whose setter takes it (`count = 0`, also through a wrapped property's `wrappedValue`; \
            judged only when the value assigned is made from what was read, the value read was bound and is cleared, \
            the value assigned is a case of an enum the check does not name (`guard state == .idle …; state = .running`, a \
            transition), or a flag is turned over where its own test held (`guard !busy …; busy = true`, a claim; `if pending \
            { pending = false …`, a consume; the test alone or joined by `&&`, and some write of the file sets it back): any \
            other check followed by a plain assignment through a setter is most often a flag whose callers \
            already take turns), reading a getter whose one short expression reads exactly one such getter of the type \
            (`isOpen { state == .open }`, in any file of the run), calling a \
            method of the type that takes it (`setCount(…)`; all declared in any file of the run, in the type or its \
            superclasses), calling one \
            of the file's own helper methods whose body makes exactly one acquisition (`transition(to:)`), the \
            members of a box held in a property or a local (`box.value`, `box.setValue(…)`, `box.withValue { }`, \
            for a box type of the run or ConcurrencyExtras' LockIsolated; two members of one object count only when the \
            act writes stored state of it that the check read, each member's reads and writes taken from its whole body \
            and the members of its type it calls in the file that declares it, and nothing is reported when one of them \
            calls, through `self.`, a method that file does not show), and a property wrapper's \
            `wrappedValue` getter with the methods of its storage (`_count.set(…)`, `$count.set(…)`); a method \
            call writes its arguments when the method stores one of its parameters, and a getter read passed \
            straight into such an argument (`setCount(count + 1)`) is the decision. Initializers and \
            deinitializers are left out. Nothing is reported when both steps run while another lock stays held (around \
            both, or by every caller of the private helper they are in) or on one serial queue of the type, and every \
            write of that file-private state in the file does too: nothing can come between them. \
            Any read, inside the second acquisition, of state the first one read counts as a re-check, even a \
            read that does not re-test the decision. Without a decision, a property's whole value bound by its getter \
            (`let taken = items`) and reset by its setter to an empty value (`items = []`, `nil`, `0`) is reported when \
            `taken` is used after the reset: what was stored in between is dropped. \
            For a property whose getter and setter lock separately (no `_modify`; each takes the lock \
            directly, through any closure method of a receiver the file takes as a lock or whose type is a lock \
            (`lock.withLock` to read, `lock.someOtherMethod { }` to write), or in a method of the run it calls, such as \
            `set { store(newValue) }`; a queue counts, \
            `sync` to read and a `sync` or barrier block to write), the finding is at \
            its first change in the file (`x += …`, `x[k] = …`, a mutating method of the standard collections), \
            with a note at each other change of that property (one cause, one fix), in methods of the \
            type that declares it, or anywhere through a property or local declared of that type \
            (`store.count += 1`, `self.store.items[k] = v`; not through an optional chain); changes through a member or a method count only when the property's type is a \
            known value type (a collection, a number, a string, a struct or enum of the run; setting the one stored property \
            of a struct replaces it whole), and not on an object the function made and has not handed anywhere yet \
            (`let r = Response(…)`). A twin declared in \
            another branch of an `#if` is another type: its members and its locking accessors do not count for code \
            compiled without it.
            """,
        inTests: .skipped("a test rarely races itself between two acquisitions; reported only outside tests"),
        triggeringExamples: [
            """
            final class Breaker: @unchecked Sendable {
                private let lock = NSLock()
                private var failures = 0
                private var open = false
                func recordFailure() {
                    let count = lock.withLock { failures += 1; return failures }
                    if count > 5 {
                        lock.↓withLock { failures = 0; open = true }
                    }
                }
            }
            """,
            """
            enum Phase { case idle, running, stopped }
            final class Job: @unchecked Sendable {
                private let phase = Mutex(Phase.idle)
                func start() -> Bool {
                    let current = phase.withLock { $0 }
                    guard current == .idle else { return false }
                    phase.↓withLock { $0 = .running }
                    return true
                }
                func stop() { phase.withLock { $0 = .stopped } }
            }
            """,
            """
            final class IDs: @unchecked Sendable {
                private let lock = NSLock()
                private var next = 0
                func allocate() -> Int {
                    let id = lock.withLock { next }
                    lock.↓withLock { next = id + 1 }
                    return id
                }
            }
            """,
            """
            final class Counter: @unchecked Sendable {
                private let lock = NSLock()
                private var _count = 0
                var count: Int { lock.withLock { _count } }
                func setCount(_ value: Int) { lock.withLock { _count = value } }
                func increment() { ↓setCount(count + 1) }
            }
            """,
            """
            final class Stats: @unchecked Sendable {
                private let lock = NSLock()
                private var _hits = 0
                var hits: Int {
                    get { lock.withLock { _hits } }
                    set { lock.withLock { _hits = newValue } }
                }
                func hit() { ↓hits += 1 }
            }
            """,
        ],
        nonTriggeringExamples: [
            """
            final class IDs: @unchecked Sendable {
                private let lock = NSLock()
                private var next = 0
                func allocate() -> Int {
                    lock.withLock {
                        let id = next
                        next = id + 1
                        return id
                    }
                }
            }
            """,
            """
            final class Breaker: @unchecked Sendable {
                private let lock = NSLock()
                private var failures = 0
                func recordFailure() {
                    let count = lock.withLock { failures += 1; return failures }
                    if count > 5 {
                        lock.withLock { if failures > 5 { failures = 0 } }
                    }
                }
            }
            """,
            """
            enum Phase { case idle, running, stopped }
            final class Job: @unchecked Sendable {
                private let phase = Mutex(Phase.idle)
                func start() -> Bool {
                    phase.withLock {
                        guard $0 == .idle else { return false }
                        $0 = .running
                        return true
                    }
                }
            }
            """,
            """
            final class Log: @unchecked Sendable {
                private let lock = NSLock()
                private var lines: [String] = []
                private var flushed = 0
                func flush(_ sink: (String) -> Void) {
                    let pending = lock.withLock { lines.count }
                    sink("\\(pending)")
                    lock.withLock { flushed += 1 }
                }
            }
            """,
        ]
    )

    public func check(_ context: RuleContext) -> [Diagnostic] {
        var serial = SerialSteps(context.structure)
        var (out, byProperty) = accessorSplits(context, &serial)
        var acquisitions = LockAcquisitions(context)
        var locked = LockedSteps(context.structure, regions: context.lockRegions)
        for (first, second) in acquisitions.consecutivePairs() {
            // On a reader-writer queue only a barrier block writes, and only a `sync` block's
            // reads reach the code after it.
            if LockAcquisitions.isPlainQueueBlock(second, context.structure) || Self.isQueueAsync(first, context.structure) { continue }
            // An actor's method runs its synchronous steps one caller at a time.
            if second.isSetter, let type = context.structure.enclosingTypeName(of: second.acquireToken), context.isActor(type) { continue }
            guard let d = judge(first, second, &acquisitions, &serial, &locked, context) ?? takeAndReset(first, second, &acquisitions, &serial, &locked, context)
            else { continue }
            // A write through the setter of a property already reported for its getter and
            // setter locking separately: the same cause, a note on that finding.
            if second.isSetter, let type = context.structure.enclosingTypeName(of: second.acquireToken), let k = byProperty["\(type).\(second.memberName)"] {
                out[k].notes.append(context.note(at: second.acquireToken, "'\(second.memberName) = …' here too reads and writes it in two holds"))
                continue
            }
            out.append(d)
        }
        return out
    }

    // MARK: Read-modify-writes through a getter and a setter that each lock

    /// `x += 1`, `x[k] = v`, `x.append(v)` on a property whose getter and setter each take the
    /// lock: the getter's acquisition reads, the setter's writes, and an update in between is lost.
    private func accessorSplits(_ context: RuleContext, _ serial: inout SerialSteps) -> ([Diagnostic], [String: Int]) {
        let s = context.structure
        let code = s.code
        let bytes = s.file.bytes
        var out: [Diagnostic] = []
        // One finding per property and lock in a file, at its first such change; the others are
        // notes. The cause, and the fix (`_modify`, a mutate method), is the property's.
        var firstFinding: [String: Int] = [:]
        var byProperty: [String: Int] = [:]
        for q in 0..<max(0, code.count - 1) where code[q].kind == .identifier {
            // Most names are followed by `(`, `,`, `)` or `:`: only `[`, `.`, `?`, `!`, `=` or an
            // operator can start a change (tested on the byte, before anything else).
            let next = code[q + 1]
            if next.kind != .operator {
                let b = bytes[Int(next.start)]
                guard b == UInt8(ascii: "[") || b == UInt8(ascii: ".") || b == UInt8(ascii: "?") || b == UInt8(ascii: "!")
                        || b == UInt8(ascii: "=") else { continue }
            }
            // `x` or `self.x` changed in place, in a method of a type; or `box.x` (`self.box.x`),
            // on a property or local of a type of the run (its own accessors, taken from outside).
            let dotted = s.isChar(q - 1, UInt8(ascii: "."))
            let viaSelf = dotted && s.isKeyword(q - 2, .self) && !s.isChar(q - 3, UInt8(ascii: "."))
            // (`Type.shared.x`, `Self.shared.x`: a static member of a type.)
            let receiver = dotted && !viaSelf && q >= 2 && s.code[q - 2].kind == .identifier && !s.isChar(q - 3, UInt8(ascii: "?"))
                && (!s.isChar(q - 3, UInt8(ascii: ".")) || (s.isKeyword(q - 4, .self) || s.isKeyword(q - 4, .Self)
                    || StaticReceivers.isTypeName(s, q - 4)) && !s.isChar(q - 5, UInt8(ascii: "."))) ? q - 2 : -1
            if dotted && !viaSelf && receiver < 0 { continue }
            guard let (how, inPlace) = readModifyWrite(at: q, s) else { continue }
            let typeName: String
            if receiver >= 0 {
                guard let declared = StaticReceivers.staticMemberType(s, receiver: receiver)
                        ?? LockGraph.declaredTypeName(of: s.text(receiver), at: q, in: s) else { continue }
                typeName = declared
            } else {
                guard let owner = s.enclosingType(of: q) else { continue }
                typeName = s.decls[owner].nameText
            }
            // `x.only = v` on a struct whose only stored property is `only`: a whole overwrite.
            let member = s.isChar(q + 1, UInt8(ascii: ".")) && q + 2 < s.code.count ? s.text(q + 2) : nil
            guard let f = s.enclosingFunction(of: q), s.decls[f].kind != .initializer, s.decls[f].kind != .accessor,
                  s.decls[f].kind != .variable,
                  let entry = context.splitProperty(type: typeName, property: s.text(q)),
                  !inPlace || entry.isValue || receiver >= 0 && StaticReceivers.holdsValue(s, receiver: receiver, genericParameter: entry.genericParameter),
                  !(how == ".… = …" && member != nil && member == entry.onlyMember),
                  receiver >= 0 || !s.binds(s.text(q), in: s.span(s.decls[f].start, q)) else { continue }
            // Already holding that lock, the getter would take it again: `recursive_lock`'s finding.
            // From outside, any lock or serial queue held around the change serializes it (the
            // caller's own discipline: `store.queue.sync { store.items[k] = v }`).
            let held = context.lockRegions.holding(q, in: s, directOnly: false)
            if receiver >= 0 ? !held.isEmpty || Self.inSerializingClosure(q, s, context) : held.contains(where: { $0.lock == entry.lock }) { continue }
            // This file declares the property stored, without a wrapper: another type of the same
            // name (in another folder of the run) has the locking accessors.
            if receiver < 0, entry.wrapper == nil, case .variable(let p) = s.lookupVariable(s.text(q), at: q, memberOnly: true), !s.decls[p].isComputed { continue }
            // An object this function made (`let r = Response(…)`) and has not handed anywhere
            // before the change: no other thread can reach it yet.
            if receiver >= 0, Self.madeHereUnshared(receiver, s, function: f) { continue }
            // The locking getter is a twin's, declared in another branch of an `#if` than this change.
            if entry.getter.path == s.file.path && s.exclusive(q, entry.getter.token) { continue }
            let a = entry
            let name = s.text(q)
            // Run on one serial queue, like every other write of the property: one at a time.
            if receiver < 0, case .variable(let p) = s.lookupVariable(name, at: q, memberOnly: true),
               Self.serialized(name, property: p, lock: a.lock, steps: [q], s, &serial) { continue }
            let key = "\(typeName).\(name)|\(a.lock)"
            if let k = firstFinding[key] {
                out[k].notes.append(context.note(at: q, "'\(name)\(how)' here too reads and writes it in two holds"))
                continue
            }
            firstFinding[key] = out.count
            byProperty["\(typeName).\(name)"] = out.count
            let through = a.wrapper.map { "its @\($0) wrapper's getter and setter" } ?? "its getter and setter"
            out.append(context.diagnostic(
                description, at: q,
                message: "'\(name)\(how)' reads '\(name)' and writes it back through \(through), which take '\(a.lock)' separately: an update made between the two is lost",
                notes: [Note(path: a.getter.path, location: a.getter.location, message: "the getter takes '\(a.lock)' here"),
                        Note(path: a.setter.path, location: a.setter.location, message: "and the setter takes it again here")],
                fixIt: FixIt(a.isQueue
                    ? "make the change inside one \(a.lock).sync block: a method that runs it on '\(a.lock)' (`mutate { $0\(how) }`), from callers that never run on '\(a.lock)' already (sync there would deadlock)"
                    : "make the change under one acquisition: a method that runs it with '\(a.lock)' held (`mutate { $0\(how) }`), a `_modify` accessor that holds the lock across `yield`, or the value kept in a lock that owns it and changed inside `withLock`")))
        }
        return (out, byProperty)
    }

    /// The receiver at `r` is a local of function `f` bound to a new instance (`let x = Name(…)`),
    /// used before `r` only as the receiver of its members (`x.a = …`): not yet shared.
    static func madeHereUnshared(_ r: Int, _ s: FileStructure, function f: Int) -> Bool {
        let name = s.text(r)
        guard case .variable(let v) = s.lookupVariable(name, at: r), s.enclosingFunction(of: s.decls[v].keyword) == f else { return false }
        let i = s.decls[v].initializer
        guard i.lowerBound < i.upperBound, s.code[i.lowerBound].kind == .identifier, s.isChar(i.lowerBound + 1, UInt8(ascii: "(")),
              let c = s.text(i.lowerBound).first, c.isUppercase, i.upperBound == Int(s.match[i.lowerBound + 1]) + 1
        else { return false }
        return !s.span(i.upperBound, r).contains { k in
            guard s.code[k].kind == .identifier, !s.isChar(k - 1, UInt8(ascii: ".")), !s.isChar(k + 1, UInt8(ascii: ".")), s.text(k) == name,
                  case .variable(let w) = s.lookupVariable(name, at: k) else { return false }
            return w == v
        }
    }

    /// Inside a closure handed to `sync` or to a lock-scoped method (`withLock`), however its
    /// receiver is reached (`self.store.queue.sync { }`).
    static func inSerializingClosure(_ q: Int, _ s: FileStructure, _ context: RuleContext) -> Bool {
        s.enclosingScopes(of: q).contains { sc in
            guard s.scopes[sc].kind == .closure, s.scopes[sc].closure >= 0 else { return false }
            let callee = s.closures[s.scopes[sc].closure].callee
            return callee >= 0 && (s.is(callee, "sync") || context.vocabulary.lockScopedMethods.contains(s.text(callee)))
        }
    }

    /// Mutating methods of the standard collections and numbers.
    static let mutatingMethods: Set<String> = [
        "append", "insert", "remove", "removeAll", "removeFirst", "removeLast", "removeValue", "updateValue", "merge",
        "formUnion", "formIntersection", "subtract", "popLast", "popFirst", "toggle", "sort", "reverse", "shuffle",
        "removeSubrange", "replaceSubrange", "reserveCapacity", "update", "negate",
    ]

    /// How the use at `q` changes the value (` += …`, `[…] = …`, `.append(…)`), and whether it
    /// does so in place through a member (which calls the setter only for a value type); nil for
    /// a plain read or a whole assignment.
    private func readModifyWrite(at q: Int, _ s: FileStructure) -> (String, Bool)? {
        // Most names are followed by `(`, `,`, `)` or `:`: only `[`, `.`, `?`, `!` or an
        // operator can start a change.
        guard q + 1 < s.code.count else { return nil }
        let next = s.code[q + 1]
        guard next.kind == .operator || s.isChar(q + 1, UInt8(ascii: "[")) || s.isChar(q + 1, UInt8(ascii: "."))
                || s.isChar(q + 1, UInt8(ascii: "?")) || s.isChar(q + 1, UInt8(ascii: "!")) || s.isChar(q + 1, UInt8(ascii: "="))
        else { return nil }
        var j = q + 1
        var chained = false
        while j < s.code.count {
            if s.isChar(j, UInt8(ascii: "[")) {
                let m = Int(s.match[j])
                guard m > j else { return nil }
                j = m + 1
                chained = true
            } else if s.isChar(j, UInt8(ascii: ".")) && j + 1 < s.code.count && s.code[j + 1].kind == .identifier {
                if s.isChar(j + 2, UInt8(ascii: "(")) || s.isChar(j + 2, UInt8(ascii: "{")) {
                    // `x.removeAll()` (or `keepingCapacity:`) writes an empty value whatever was
                    // read: a whole overwrite, which loses nothing.
                    if !chained && s.is(j + 1, "removeAll") && Self.clearsWhole(s, open: j + 2) { return nil }
                    return Self.mutatingMethods.contains(s.text(j + 1)) ? (".\(s.text(j + 1))(…)", true) : nil
                }
                j += 2
                chained = true
            } else if s.isChar(j, UInt8(ascii: "?")) || s.isChar(j, UInt8(ascii: "!")) {
                j += 1
            } else {
                break
            }
        }
        guard j < s.code.count, s.code[j].kind == .operator || s.code[j].kind == .punctuation else { return nil }
        let op = s.text(j)
        if op == "=" { return chained ? (s.isChar(q + 1, UInt8(ascii: "[")) ? "[…] = …" : ".… = …", true) : nil }
        guard op.hasSuffix("="), !["==", "!=", "<=", ">=", "===", "!=="].contains(op) else { return nil }
        // `x.a.b += 1` and `x[k] += 1` change a part: said as written, not as `x += …`.
        return (chained ? "\(s.isChar(q + 1, UInt8(ascii: "[")) ? "[…]" : ".…") \(op) …" : " \(op) …", chained)
    }

    /// `removeAll()` / `removeAll(keepingCapacity: …)` with no predicate, at the `(` or `{` after it.
    static func clearsWhole(_ s: FileStructure, open: Int) -> Bool {
        guard s.isChar(open, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[open])
        guard close > open, !s.isChar(close + 1, UInt8(ascii: "{")) else { return false }
        return close == open + 1 || (s.is(open + 1, "keepingCapacity") && s.isChar(open + 2, UInt8(ascii: ":")))
    }

    // MARK: A check and its act in two acquisitions

    /// Both steps run on one serial queue of the type (see `SerialSteps`), and so does every
    /// write of `name` in the file, whose property (if any) and lock only this file reaches.
    static func serialized(_ name: String, property: Int = -1, lock: String, steps: [Int], _ s: FileStructure, _ serial: inout SerialSteps) -> Bool {
        if property >= 0 && !SerialSteps.writtenOnlyInFile(s, property) { return false }
        var lockName = lock
        if lockName.hasPrefix("self.") { lockName.removeFirst(5) }
        guard !lockName.contains("."), let at = steps.first, case .variable(let l) = s.lookupVariable(lockName, at: at, memberOnly: true),
              QueueReach.isPrivate(s, l), let q = serial.queue(at: at), let type = s.enclosingTypeName(of: at) else { return false }
        guard steps.allSatisfy({ serial.queue(at: $0) == q }) else { return false }
        // The whole value kept in the lock: every use of the lock runs there.
        if name == CriticalSectionState.wholeValue { return serial.everyUse(of: lockName, on: q, inType: type) }
        guard serial.everyWrite(of: name, on: q, inType: type, besides: property) else { return false }
        // (And the storage its setter writes, wherever else that is written.)
        return property < 0 || serial.setterWrites(of: property).allSatisfy { serial.everyWrite(of: $0, on: q, inType: type, besides: property) }
    }

    /// Steps through a property's getter and setter that nothing can split: both on one serial
    /// queue (`serializedProperty`), or under another lock held across both (callers of this code
    /// take turns; the accessors' own lock would be `recursive_lock`'s case); in a function that asserts it runs on one thread,
    /// queue or event loop; or a flag every assignment in the file sets to the same value (`value`,
    /// -1 for none), as for stored state.
    static func exclusiveProperty(_ first: LockAcquisition, _ second: LockAcquisition, value: Int, _ s: FileStructure,
                                  _ serial: inout SerialSteps, _ locked: inout LockedSteps) -> Bool {
        let name = second.memberName
        let steps = [first.acquireToken, second.acquireToken]
        if value >= 0 && DecisionFlow.isLatch(name, value: value, s) { return true }
        if serializedProperty(name, steps: steps, s, &serial) { return true }
        if second.body >= 0, s.scopes[second.body].interior.contains(where: { s.code[$0].kind == .identifier && Confinement.checks.contains(s.text($0)) }) {
            return true
        }
        // Any other lock held across both steps makes callers of this code take turns at them.
        return !locked.outerLocks(across: steps, except: first.lock).isEmpty
    }

    /// Both steps, through a property's getter and setter, run on one serial queue of the type,
    /// and so does every assignment of that (file-private) property and of the storage its setter
    /// writes, outside its accessors: nothing can come between them.
    static func serializedProperty(_ name: String, steps: [Int], _ s: FileStructure, _ serial: inout SerialSteps) -> Bool {
        guard let at = steps.first, case .variable(let p) = s.lookupVariable(name, at: at, memberOnly: true), SerialSteps.writtenOnlyInFile(s, p),
              let q = serial.queue(at: at), steps.allSatisfy({ serial.queue(at: $0) == q }), let type = s.enclosingTypeName(of: at) else { return false }
        return serial.everyWrite(of: name, on: q, inType: type, besides: p)
            && serial.setterWrites(of: p).allSatisfy { serial.everyWrite(of: $0, on: q, inType: type, besides: p) }
    }

    /// Both steps run while one outer lock stays held (see `LockedSteps`), and every write of the
    /// state in the file holds it too: for the whole value of a lock or box, every use of it; for
    /// a stored property, every write of it. The state must be private to the file.
    static func heldAcross(_ first: LockAcquisition, _ second: LockAcquisition, state: String, _ s: FileStructure, _ locked: inout LockedSteps) -> Bool {
        let steps = [first.acquireToken, second.acquireToken]
        let whole = state == CriticalSectionState.wholeValue || first.instance
        var name = whole ? LockRegions.normalized(first.lock) : state
        if name.hasPrefix("Self.") { name.removeFirst(5) }
        guard !name.isEmpty, !name.contains("."), case .variable(let v) = s.lookupVariable(name, at: first.acquireToken, memberOnly: true),
              s.decls[v].parent >= 0, s.decls[s.decls[v].parent].kind.isType, !s.decls[v].isComputed, QueueReach.isPrivate(s, v) else { return false }
        guard let type = locked.typeName(of: first.acquireToken) else { return false }
        for outer in locked.outerLocks(across: steps, except: first.lock) {
            if whole ? locked.everyUse(of: name, holds: outer, inType: type) : locked.everyWrite(of: name, holds: outer, inType: type) { return true }
        }
        return false
    }

    /// A finding when `second` writes state that `first` read, from a decision made on what was
    /// read (see `DecisionFlow`), with no re-read of that state inside `second`.
    private func judge(_ first: LockAcquisition, _ second: LockAcquisition, _ acquisitions: inout LockAcquisitions,
                       _ serial: inout SerialSteps, _ locked: inout LockedSteps, _ context: RuleContext) -> Diagnostic? {
        let s = context.structure
        let read = acquisitions.accesses(of: first)
        let checked = read.reads
        guard !checked.isEmpty else { return nil }
        let written = acquisitions.accesses(of: second)
        // The state the decision was made from is written, and not read again first.
        let candidates = written.writes.filter { checked.contains($0.name) }
        guard written.reads.isDisjoint(with: checked), var write = candidates.first else { return nil }
        // One value's fields through the lock's closures: the act writes none the check read.
        if CriticalSectionState.writesOtherFields(s, check: first, act: second) { return nil }
        let carriers = DecisionFlow.decisionCarriers(first, checked: checked, s)
        var decided = DecisionFlow.decides(first, carriers: Set(carriers.keys), second: second, s)
        // Or what the first read decides, inside the second, what is written: the written value,
        // or a condition around the write, uses it (directly, or through locals made from it).
        // A state the first also wrote was claimed there (a reservation filled in later, a value
        // saved and restored): the second finishes that claim rather than acting on a check.
        var inside = false
        if decided == nil, second.member != nil, second.start < first.acquireToken, first.acquireToken < second.end,
           let w = candidates.first(where: { $0.value >= 0 }) {
            // The first's value passed straight to the second (`setCount(count + 1)`).
            decided = s.span(max(first.exprStart, second.start + 1), first.end)
            write = w
            inside = true
        }
        if decided == nil {
            let flowing = DecisionFlow.derived(from: carriers, between: first.end, and: second.region != nil ? second.acquireToken : second.exprStart, s)
            guard !flowing.isEmpty else { return nil }
            let claimed = Set(read.writes.map(\.name))
            for w in candidates where !claimed.contains(w.name) {
                let carrying = Set(flowing.filter { $0.value.contains(w.name) }.keys)
                if !carrying.isEmpty, let range = DecisionFlow.usedInside(second, by: w, carrying, s) { decided = range; write = w; inside = true; break }
            }
        }
        // (Not when the act makes the state what the check found it was not: set if different.)
        guard let condition = decided, !DecisionFlow.setsComparedValues(condition, second: second, carriers: carriers, s) else { return nil }
        // Through a setter, only a change made from the value read (a read-modify-write), or a
        // value bound and then cleared (a take), is reported: a check followed by a plain
        // assignment is most often a flag or a no-op guard whose callers already take turns,
        // which the tool cannot see.
        // (A state moved to another case of an enum, from a check that does not name that case,
        // is a transition: two callers can both pass the check and both make it.)
        let flips = second.isSetter && !inside && DecisionFlow.flipsFlag(first, second: second, value: write.value, condition: condition, s)
        if second.isSetter && !inside && !(s.isKeyword(write.value, .nil) && Self.bindsRead(first, s))
            && !Self.assignsFromRead(first, second, value: write.value, carriers: carriers, s)
            && !Self.transition(write.value, condition: condition, s) && !flips { return nil }
        // Two members of one object: only when what the act writes is state the check read.
        var shared: [String] = []
        if first.instance && second.instance {
            guard let a = first.touches, let b = second.touches else { return nil }
            shared = Set(a.reads).intersection(b.writes).sorted()
            guard !shared.isEmpty else { return nil }
        }
        // The first took the state for this caller: it set it to a fixed value there (tested and
        // set, `if busy { return false }; busy = true`; or read and reset, `let p = pending;
        // pending = false`). A later write of it is the owner's release or a consumed request
        // acted on, not a stale check: no other caller was handed the value it read.
        if read.writes.contains(where: { $0.name == write.name && CriticalSectionState.setsFixedValue($0.value, s) })
            || first.member?.claims.contains(write.name) ?? false { return nil }
        // Filling a value found absent (a cache, a lazily made value): a race makes it twice and
        // keeps one, which is the usual trade for not holding the lock while making it. Clearing
        // (writing nil) after finding a value is still reported: two threads both take it.
        // (Not a binding whose value the write is made from: `if let old = … { … = old + 1 }`.)
        // (Nor a bound value tested further where the second runs: `if let last, isExpired(last) { … }`.)
        let binds = !DecisionFlow.writesFromBoundValue(condition, second: second, value: write.value, s)
            && !DecisionFlow.runsWhereBoundValueTested(condition, second: second, s)
        let absentWords: (Int) -> Bool = { s.isKeyword($0, .nil) || (binds && (s.isKeyword($0, .let) || s.isKeyword($0, .var))) }
        var absent = s.span(condition.lowerBound, condition.upperBound).contains(where: absentWords)
            || s.span(first.start, first.end).contains { s.isKeyword($0, .nil) }
        // A value made outside from one found absent (`hit ?? make()`, `if let`) is a fill too.
        if inside && !absent {
            absent = s.span(first.end, second.acquireToken).contains { k in
                s.isKeyword(k, .nil) || s.is(k, "??")
                    || ((s.isKeyword(k, .let) || s.isKeyword(k, .var)) && (s.isKeyword(k - 1, .if) || s.isKeyword(k - 1, .guard)))
            }
        }
        // (Not a flag turned over by its own test: `let`s beside it bind other values.)
        // (Unless the type also stores a caller's value there under the lock: the fill can replace it.)
        var overwritten: Int? = nil
        if absent && !s.isKeyword(write.value, .nil) && !flips {
            overwritten = second.region == nil || second.isSetter ? nil : Self.callerWriteOverwritten(write.name, value: write.value, lock: first.lock, context)
            if overwritten == nil { return nil }
        }
        // A one-way latch: every assignment of it in the file stores the same value, so a stale
        // decision cannot undo another thread's write.
        // (Only a write of the whole property: `x[k] = v` stores one element.)
        // (Or the value of a lock that holds its state, `failed.withLock { $0 = true }`.)
        if write.name != CriticalSectionState.wholeValue ? s.is(write.value - 2, text: write.name) && DecisionFlow.isLatch(write.name, value: write.value, s)
            : !first.instance && DecisionFlow.isLatch(box: LockRegions.normalized(first.lock), value: write.value, s) { return nil }
        // (Or the whole value of another object read and set through one property, `cancelled.value`,
        // inline or in a helper such as `shutdown()`: every assignment of it stores the same value.)
        if write.name == CriticalSectionState.wholeValue, first.instance, first.member?.isGetter == true, let type = s.enclosingTypeName(of: first.acquireToken),
           DecisionFlow.isLatch(receiver: LockRegions.normalized(first.lock), property: first.memberName, inType: type, s) { return nil }
        if first.member == nil && second.member == nil
            && Self.serialized(write.name, lock: first.lock, steps: [first.acquireToken, second.acquireToken], s, &serial) { return nil }
        if second.isSetter && Self.exclusiveProperty(first, second, value: write.value, s, &serial, &locked) { return nil }
        if Self.heldAcross(first, second, state: write.name, s, &locked) { return nil }
        // A lock another object's class stores (its `state` box) is the guard, not the object;
        // a box guards only its own value.
        let owned = first.lock == second.lock && first.ownedLock == second.ownedLock ? first.ownedLock : nil
        let boxed = owned?.box == true && shared == [owned?.property ?? ""]
        let lock = owned.map { "'\(first.lock).\($0.property)'" } ?? first.display
        let names = boxed ? [] : shared.isEmpty ? checked.sorted().filter { $0 != CriticalSectionState.wholeValue } : shared
        let whole = names.isEmpty
        let listed = names.prefix(2).map { owned == nil ? "'\($0)'" : "'\(first.lock).\($0)'" }.joined(separator: " and ")
        let what = whole ? "its value" : shared.isEmpty || owned != nil ? listed : "its \(listed)"
        let target = boxed ? "it" : !shared.isEmpty ? what : write.name == CriticalSectionState.wholeValue ? (whole ? "it" : "its value") : "'\(write.name)'"
        let viaRead = first.member.map { " through '\(first.memberName)\($0.isGetter ? "" : "()")'" } ?? ""
        let viaWrite = second.member == nil ? "" : second.isSetter ? " through the setter of '\(second.memberName)'" : " through '\(second.memberName)()'"
        let members = first.member != nil || second.member != nil
        if let r = second.region, case .queue(let method, _) = r.form {
            // Two blocks of a reader-writer queue: another barrier block can run between them.
            // A value written from what was read has no condition to re-check: it is read again.
            let recheck = inside ? "read \(whole ? "the value" : what) again inside this barrier block and write from that"
                : "re-check \(whole ? "the value" : what) inside this barrier block before writing"
            return context.diagnostic(
                description, at: second.acquireToken,
                message: "another barrier block of \(lock) can run between \(inside ? "reading" : "checking") \(what)\(viaRead) in one block and writing \(target) in this barrier block: \(what) can change in between, and this write acts on a stale \(inside ? "value" : "check")",
                notes: [context.note(at: first.acquireToken, "\(what) \(names.prefix(2).count > 1 ? "are" : "is") read in this block"),
                        context.note(at: write.token, "and written here without reading it again")],
                fixIt: FixIt(method == "sync" && Self.callBetween(first, second, s) == nil
                             ? "\(inside ? "read" : "check") and write in one barrier block of \(lock), or \(recheck)" : recheck))
        }
        return context.diagnostic(
            description, at: second.acquireToken,
            message: inside
                ? "\(lock) is released and taken again between reading \(what)\(viaRead) and writing \(target)\(viaWrite) from what was read: another thread can change \(what) in between, and this write acts on a stale value"
                : "\(lock) is released and taken again between checking \(what)\(viaRead) and writing \(target)\(viaWrite): another thread can change \(what) in between, and this write acts on a stale check",
            notes: [context.note(at: first.acquireToken, "\(whole ? "the value of \(lock)" : what) \(names.prefix(2).count > 1 ? "are" : "is") read under this first acquisition"),
                    context.note(at: write.token, inside ? "and written here from what was read then, without reading it again"
                                                         : "and written here without checking it again")]
                + (overwritten.map { [context.note(at: $0, "'\(write.name)' is also set here, under \(lock), to a value the caller hands in: a fill made before it lands replaces it with an older value")] } ?? []),
            fixIt: FixIt(second.isSetter ? Self.setterFix(second, lock: lock, what: whole ? "the value" : what, clears: s.isKeyword(write.value, .nil),
                                                          moves: !inside && (Self.transition(write.value, condition: condition, s) || flips),
                                                          call: Self.callBetween(first, second, s)) : Self.splitFix(
                    inside: inside, what: whole ? "the value" : what, lock: lock, members: members, call: Self.callBetween(first, second, s))))
    }

    /// The fix for a check and its act in two acquisitions, worded for what the tool saw: a
    /// decision made on the value read is re-checked; a value written from the value read (no
    /// condition between them) is read again and written from that.
    static func splitFix(inside: Bool, what: String, lock: String, members: Bool, call: String?) -> String {
        let again = inside ? "read \(what) again inside the second acquisition and write from that" : "re-check \(what) inside the second acquisition before writing"
        if let call {
            return again + "; keep the two acquisitions apart, since '\(call)' runs between them and would otherwise run with \(lock) held"
        }
        if members {
            return "make the \(inside ? "read" : "check") and the write one acquisition of \(lock) (a method that reads and writes while holding it), or \(again)"
        }
        return inside ? "read and write under one acquisition of \(lock), or read \(what) again inside this one and write from that"
            : "check and write under one acquisition of \(lock), or re-check \(what) inside this one before writing"
    }

    /// Whether the value assigned through the setter is made from what the first acquisition
    /// read: the property itself, or a local that carries its value (`attempts = n + 1`).
    static func assignsFromRead(_ first: LockAcquisition, _ second: LockAcquisition, value: Int, carriers: [String: Set<String>],
                                _ s: FileStructure) -> Bool {
        guard value >= 0, value < s.count else { return false }
        let names = Set(DecisionFlow.derived(from: carriers, between: first.end, and: second.exprStart, s).keys)
        let end = s.statementEnd(from: value, limit: s.count)
        return s.span(value, max(value + 1, end)).contains { k in
            s.code[k].kind == .identifier && !s.isChar(k - 1, UInt8(ascii: ".")) && (names.contains(s.text(k)) || s.text(k) == second.memberName)
        }
    }

    /// `state = .closing` after a check that does not name `.closing`: a state machine moved
    /// from the state it was found in. (A check against the very case written, `if state !=
    /// .closed { state = .closed }`, writes what an unchecked write would: not a transition.)
    static func transition(_ value: Int, condition: Range<Int>, _ s: FileStructure) -> Bool {
        guard value >= 1, value + 1 < s.code.count, s.isChar(value, UInt8(ascii: ".")), s.code[value + 1].kind == .identifier,
              s.startsStatementAfter(value + 1) else { return false }
        let name = s.text(value + 1)
        return !s.span(condition.lowerBound, condition.upperBound).contains { s.code[$0].kind == .identifier && s.text($0) == name }
    }

    /// Whether the first acquisition's value is bound to a name (`if let x = items`, `guard let
    /// items`, `let x = items`): cleared through the setter afterwards, the value is taken.
    static func bindsRead(_ first: LockAcquisition, _ s: FileStructure) -> Bool {
        let e = first.exprStart
        return s.isKeyword(e - 1, .let) || s.isKeyword(e - 1, .var) || boundName(first, s) != nil
    }

    /// The name token of `let x = <first acquisition>` (or `var`), when the acquisition's
    /// value is bound that way.
    static func boundName(_ first: LockAcquisition, _ s: FileStructure) -> Int? {
        let e = first.exprStart
        guard e >= 3, s.isChar(e - 1, UInt8(ascii: "=")), s.code[e - 2].kind == .identifier,
              s.isKeyword(e - 3, .let) || s.isKeyword(e - 3, .var) else { return nil }
        return e - 2
    }

    /// The fix when the act is an assignment through a setter that takes the lock: the setter
    /// cannot re-check, so a method of the type does both steps under one acquisition, and a
    /// call made between them stays outside it.
    static func setterFix(_ second: LockAcquisition, lock: String, what: String, clears: Bool, moves: Bool = false, call: String?) -> String {
        // The change made to the value read belongs inside; only a call that can block or come
        // back into the type must stay out, and then the value is read again under the lock.
        let caution = call.flatMap { VariableUses.standardMutating.contains($0) ? nil : $0 }.map { "; if '\($0)' can block or call back into this type, keep it out and redo the change on a fresh read under \(lock)" } ?? ""
        if moves {
            // A call between the check and the move stays outside the lock: the move re-checks.
            return call.map { "re-check \(what) in one acquisition of \(lock) with the write (a method of the type that, holding \(lock), moves '\(second.memberName)' only if it is still in the state checked, and returns whether it did); keep '\($0)' outside it" }
                ?? "check \(what) and write '\(second.memberName)' in one acquisition of \(lock) (a method of the type that, holding \(lock), moves it only from the state checked and returns whether it did), instead of the getter and then the setter"
        }
        return clears
            ? "take and clear '\(second.memberName)' in one acquisition of \(lock): a method that reads it, sets it to nil and returns what it read while holding \(lock), then act on what it returns"
            : "read \(what), change it and write it back in one acquisition of \(lock) (a method of the type that holds \(lock) across the three), instead of the getter and the setter\(caution)"
    }

    /// `let taken = self.items` through a getter that locks, then `self.items = []` through a
    /// setter that locks again, with `taken` used after: what another thread stored in between is
    /// thrown away by the reset without being in `taken`. Only a reset to an empty value (`nil`,
    /// `[]`, `[:]`, `0`, `""`) of the state the getter read, and only the whole value bound.
    private func takeAndReset(_ first: LockAcquisition, _ second: LockAcquisition, _ acquisitions: inout LockAcquisitions,
                              _ serial: inout SerialSteps, _ locked: inout LockedSteps, _ context: RuleContext) -> Diagnostic? {
        let s = context.structure
        guard first.member?.isGetter == true, first.region == nil, second.isSetter, first.end <= second.exprStart,
              let bound = Self.boundName(first, s),
              s.statementEnd(from: first.acquireToken, limit: second.exprStart) == first.end else { return nil }
        let checked = acquisitions.accesses(of: first).reads
        let written = acquisitions.accesses(of: second).writes
        guard let write = written.first(where: { checked.contains($0.name) }), CriticalSectionState.isEmptyValue(write.value, s) else { return nil }
        // Two members of one object: only when the setter writes what the getter read.
        if first.instance && second.instance {
            guard let a = first.touches, let b = second.touches, !Set(a.reads).isDisjoint(with: b.writes) else { return nil }
        }
        // The value taken is used after the reset (handed on, returned, worked through).
        let taken = s.text(bound)
        let bodyEnd = first.body >= 0 ? s.scopes[first.body].close : s.code.count
        // Or, before the reset, its contents are worked through or handed on whole (`for t in
        // taken`, `use(taken)`): what is stored in between is reset without that work.
        let workedBefore = s.span(first.end, second.exprStart).contains(where: { Self.worksThrough($0, taken, s) })
        guard workedBefore || s.span(second.end, bodyEnd).contains(where: { s.code[$0].kind == .identifier && s.text($0) == taken && !s.isChar($0 - 1, UInt8(ascii: ".")) })
        else { return nil }
        if Self.exclusiveProperty(first, second, value: -1, s, &serial, &locked) { return nil }
        // A member of another object (`box.value`): said with its receiver, whose own lock it is.
        let onReceiver = first.instance && !first.display.hasPrefix("the lock") && s.isChar(first.acquireToken - 1, UInt8(ascii: "."))
        let name = onReceiver ? "\(s.text(first.acquireToken - 2)).\(first.memberName)" : first.memberName
        let lock = onReceiver ? "the lock of \(first.display)" : first.display
        let after = onReceiver || workedBefore ? ", then work through what was taken outside it" : ""
        // Accessors that run on a queue: one `sync` block, never from code already on that queue.
        let owner = onReceiver ? LockGraph.declaredTypeName(of: s.text(first.acquireToken - 2), at: first.acquireToken, in: s) : s.enclosingTypeName(of: first.acquireToken)
        let how = owner.flatMap { context.splitProperty(type: $0, property: first.memberName) }?.isQueue == true
            ? "a method that swaps it out in one sync block, called only from code that never runs on that queue already: sync there would deadlock"
            : "a method that swaps it out while holding it"
        return context.diagnostic(
            description, at: second.acquireToken,
            message: "'\(name)' is read into '\(taken)' through its getter and reset through its setter, which take \(lock) separately: what another thread stores in '\(name)' in between is discarded by the reset and is not in '\(taken)'",
            notes: [context.note(at: first.acquireToken, "'\(name)' is read under this first acquisition"),
                    context.note(at: second.acquireToken, "and reset here under a second one")],
            fixIt: FixIt("take the value and reset it under one acquisition of \(lock) (\(how))\(after)"))
    }

    /// The local `taken` at `k` iterated (`for x in taken`, `taken.forEach { }`) or passed whole
    /// as an argument (`use(taken)`): not a question asked of it (`taken.count`).
    static func worksThrough(_ k: Int, _ taken: String, _ s: FileStructure) -> Bool {
        guard s.code[k].kind == .identifier, s.text(k) == taken, !s.isChar(k - 1, UInt8(ascii: ".")) else { return false }
        if s.isKeyword(k - 1, .in) && (s.isChar(k + 1, UInt8(ascii: "{")) || s.isKeyword(k + 1, .where)) { return true }
        if s.isChar(k + 1, UInt8(ascii: ".")) { return s.is(k + 2, "forEach") }
        let opens = s.isChar(k - 1, UInt8(ascii: "(")) || s.isChar(k - 1, UInt8(ascii: ",")) || s.isChar(k - 1, UInt8(ascii: ":"))
        return opens && (s.isChar(k + 1, UInt8(ascii: ")")) || s.isChar(k + 1, UInt8(ascii: ",")))
    }

    /// The first call made between the two acquisitions (outside both): merging them would hold
    /// the lock across it (a dispatch, a callback, code of another type); nil when none.
    static func callBetween(_ first: LockAcquisition, _ second: LockAcquisition, _ s: FileStructure) -> String? {
        var end = min(second.start, second.acquireToken)
        if second.exprStart >= 0 { end = min(end, second.exprStart) }
        guard first.end + 1 < end else { return nil }
        for q in s.span(first.end + 1, end) where s.code[q].kind == .identifier {
            let called = s.isChar(q + 1, UInt8(ascii: "(")) && s.code[q + 1].start == s.code[q].end
            guard called || StateWrites.isCall(s, q) && s.isChar(q - 1, UInt8(ascii: ".")) else { continue }
            // A type's initializer or a conversion makes a value, and a question asked of a
            // standard value answers it: neither calls out.
            if let c = s.text(q).first, c.isUppercase { continue }
            if s.isChar(q - 1, UInt8(ascii: ".")) && Self.valueQueries.contains(s.text(q)) && !(called && StateWrites.opensClosure(s, Int(s.match[q + 1]) + 1)) { continue }
            return s.text(q)
        }
        return nil
    }

    /// A block sent with `async` to a queue: its reads are made after the sending code moved on.
    static func isQueueAsync(_ a: LockAcquisition, _ s: FileStructure) -> Bool {
        guard let r = a.region, case .queue(let method, _) = r.form else { return false }
        return method != "sync"
    }

    /// Methods of the standard values that only answer a question about the value.
    static let valueQueries: Set<String> = ["contains", "hasPrefix", "hasSuffix", "starts", "firstIndex", "lastIndex", "index", "distance",
                                            "lowercased", "uppercased", "isSubset", "isSuperset", "isDisjoint", "intersection", "union"]
}
