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
            `DispatchSemaphore(value: 1)`, and calls of the file's own wrapper methods that run their closure \
            under a lock (`locked { }`). The lock is named as written, with `self.`, `Self.` and the type's own \
            name left out. The decision is a local bound from the first (the closure's result, or a local \
            assigned inside the lock()/unlock() stretch) or the first acquisition itself inside a condition; the \
            second must sit in that `if` or `while`, or after that `guard` (or an `if` that leaves the function). \
            Or the decision is made inside the second: the value written, or an `if`/`guard`/`switch` around the \
            write, uses a local that carries the written state (or a local made from one, not through a \
            closure), unless the first acquisition wrote that state too (a reservation filled in later, a saved \
            value restored). State is a stored property of the type (bare, through `self.`, `Self.` or the \
            type's name), a file-level var in a free function, or the value a withLock closure receives (`$0`, \
            its named parameter). A value found absent and filled under the second (a cache) is not reported \
            unless the write clears it, and neither is a flag every write in the file sets to the same value. \
            Acquisitions also include reading a getter of the type that takes the lock (`count`), calling a \
            method of the type that takes it (`setCount(…)`; both declared in any file of the run), calling one \
            of the file's own helper methods whose body makes exactly one acquisition (`transition(to:)`), the \
            members of a box held in a property or a local (`box.value`, `box.setValue(…)`, `box.withValue { }`, \
            for a box type of the run or ConcurrencyExtras' LockIsolated), and a property wrapper's \
            `wrappedValue` getter with the methods of its storage (`_count.set(…)`, `$count.set(…)`); a method \
            call writes its arguments when the method stores one of its parameters, and a getter read passed \
            straight into such an argument (`setCount(count + 1)`) is the decision. Initializers and \
            deinitializers are left out. \
            Any read, inside the second acquisition, of state the first one read counts as a re-check, even a \
            read that does not re-test the decision. For a property whose getter and setter lock separately (no `_modify`; each takes the lock \
            directly or in a method of the run it calls, such as `set { store(newValue) }`; a queue counts, \
            `sync` to read and a `sync` or barrier block to write), the finding is at \
            its first change in the file (`x += …`, `x[k] = …`, a mutating method of the standard collections), \
            with a note at each other change of that property (one cause, one fix), in methods of the \
            type that declares it; changes through a member or a method count only when the property's type is a \
            known value type (a collection, a number, a string, a struct or enum of the file). A twin declared in \
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
        let s = context.structure
        var out: [Diagnostic] = accessorSplits(context)
        var all: [Acquisition] = []
        for r in acquisitions(context) where !r.lock.isEmpty && r.blocks && s.enclosingExecutable(of: r.acquireToken) == r.executableBody(s) {
            all.append(Acquisition(region: r, s))
        }
        all += memberAcquisitions(context, regionTokens: Set(all.map(\.acquireToken)))
        var state = CriticalSectionState(s)
        all += helperAcquisitions(all, s, &state)
        guard all.count >= 2 else { return out }
        // Acquisitions of one lock made directly in one body, in the order they run.
        var groups: [Pair: [Acquisition]] = [:]
        for a in all { groups[Pair(body: a.body, lock: a.lock), default: []].append(a) }
        for (_, list) in groups where list.count >= 2 {
            // A getter or call inside a region of the same lock takes it again: `recursive_lock`'s case.
            let regions = list.filter { $0.region != nil }.sorted { $0.start < $1.start }
            var reach: [Int] = []
            for r in regions { reach.append(max(reach.last ?? Int.min, r.end)) }
            func insideRegion(_ t: Int) -> Bool {
                var lo = 0
                var hi = regions.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if regions[mid].start < t { lo = mid + 1 } else { hi = mid }
                }
                return lo > 0 && reach[lo - 1] > t
            }
            let sorted = list.filter { $0.region != nil || !insideRegion($0.acquireToken) }.sorted { $0.at < $1.at }
            guard sorted.count >= 2 else { continue }
            for k in 1..<sorted.count {
                let first = sorted[k - 1]
                let second = sorted[k]
                // One acquisition seen twice (a lock() released on two paths), or nested (the second
                // inside the first, or the first inside a region second).
                if first.region != nil && second.region != nil && first.end >= second.acquireToken { continue }
                guard first.acquireToken != second.acquireToken, first.at < second.at,
                      !(first.start < second.acquireToken && second.acquireToken < first.end) else { continue }
                if second.region != nil && second.start < first.acquireToken && first.acquireToken < second.end { continue }
                if let d = judge(first, second, s, &state, context) { out.append(d) }
            }
        }
        return out
    }

    // MARK: Read-modify-writes through a getter and a setter that each lock

    /// `x += 1`, `x[k] = v`, `x.append(v)` on a property whose getter and setter each take the
    /// lock: the getter's acquisition reads, the setter's writes, and an update in between is lost.
    private func accessorSplits(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        let code = s.code
        let bytes = s.file.bytes
        var out: [Diagnostic] = []
        // One finding per property and lock in a file, at its first such change; the others are
        // notes. The cause, and the fix (`_modify`, a mutate method), is the property's.
        var firstFinding: [String: Int] = [:]
        for q in 0..<max(0, code.count - 1) where code[q].kind == .identifier {
            // Most names are followed by `(`, `,`, `)` or `:`: only `[`, `.`, `?`, `!`, `=` or an
            // operator can start a change (tested on the byte, before anything else).
            let next = code[q + 1]
            if next.kind != .operator {
                let b = bytes[Int(next.start)]
                guard b == UInt8(ascii: "[") || b == UInt8(ascii: ".") || b == UInt8(ascii: "?") || b == UInt8(ascii: "!")
                        || b == UInt8(ascii: "=") else { continue }
            }
            // `x` or `self.x` changed in place, in a method of a type.
            if s.isChar(q - 1, UInt8(ascii: ".")) && !(s.isKeyword(q - 2, .self) && !s.isChar(q - 3, UInt8(ascii: "."))) { continue }
            guard let (how, inPlace) = readModifyWrite(at: q, s), let owner = s.enclosingType(of: q) else { continue }
            // `x.only = v` on a struct whose only stored property is `only`: a whole overwrite.
            let member = s.isChar(q + 1, UInt8(ascii: ".")) && q + 2 < s.code.count ? s.text(q + 2) : nil
            guard let f = s.enclosingFunction(of: q), s.decls[f].kind != .initializer, s.decls[f].kind != .accessor,
                  s.decls[f].kind != .variable,
                  let entry = context.splitProperty(type: s.decls[owner].nameText, property: s.text(q)), !inPlace || entry.isValue,
                  !(how == ".… = …" && member != nil && member == entry.onlyMember),
                  !s.binds(s.text(q), in: s.span(s.decls[f].start, q)) else { continue }
            // Already holding that lock, the getter would take it again: `recursive_lock`'s finding.
            if context.lockRegions.holding(q, in: s, directOnly: false).contains(where: { $0.lock == entry.lock }) { continue }
            // The locking getter is a twin's, declared in another branch of an `#if` than this change.
            if entry.getter.path == s.file.path && s.exclusive(q, entry.getter.token) { continue }
            let a = entry
            let name = s.text(q)
            let key = "\(s.decls[owner].nameText).\(name)|\(a.lock)"
            if let k = firstFinding[key] {
                out[k].notes.append(context.note(at: q, "'\(name)\(how)' here too reads and writes it in two holds"))
                continue
            }
            firstFinding[key] = out.count
            let through = a.wrapper.map { "its @\($0) wrapper's getter and setter" } ?? "its getter and setter"
            out.append(context.diagnostic(
                description, at: q,
                message: "'\(name)\(how)' reads '\(name)' and writes it back through \(through), which take '\(a.lock)' separately: an update made between the two is lost",
                notes: [Note(path: a.getter.path, location: a.getter.location, message: "the getter takes '\(a.lock)' here"),
                        Note(path: a.setter.path, location: a.setter.location, message: "and the setter takes it again here")],
                fixIt: FixIt("make the change under one acquisition: a method that runs it with '\(a.lock)' held (`mutate { $0\(how) }`), a `_modify` accessor that holds the lock across `yield`, or the value kept in a lock that owns it and changed inside `withLock`")))
        }
        return out
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
        return (" \(op) …", chained)
    }

    /// `removeAll()` / `removeAll(keepingCapacity: …)` with no predicate, at the `(` or `{` after it.
    static func clearsWhole(_ s: FileStructure, open: Int) -> Bool {
        guard s.isChar(open, UInt8(ascii: "(")) else { return false }
        let close = Int(s.match[open])
        guard close > open, !s.isChar(close + 1, UInt8(ascii: "{")) else { return false }
        return close == open + 1 || (s.is(open + 1, "keepingCapacity") && s.isChar(open + 2, UInt8(ascii: ":")))
    }

    /// The file's acquisitions: its lock regions, semaphores created as mutexes (`wait()` …
    /// `signal()`), and calls of the file's own wrapper methods (`locked { }`, whose body runs the
    /// closure under its lock), each named by the lock it takes. The same lock is named the same
    /// way however it is reached: `Self.lock` and `Type.lock` are the type's `lock`.
    private func acquisitions(_ context: RuleContext) -> [LockRegion] {
        let s = context.structure
        let semaphores = LockRegions.semaphoreMutexRegions(s)
        var base = context.lockRegions
        var wrappers = context.wrapperMethods
        if !semaphores.isEmpty {
            let withSemaphores = base.adding(semaphores, s)
            wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: context.vocabulary, regions: withSemaphores)
            base = withSemaphores
        }
        var regions = base.regions
        if !wrappers.isEmpty {
            let calls = LockRegions(s, vocabulary: context.vocabulary, extraScopedMethods: Set(wrappers.keys)).regions
            for var r in calls {
                guard case .closure(let method, _) = r.form, let lock = wrappers[method], r.lock.isEmpty || r.lock == "self",
                      !context.vocabulary.lockScopedMethods.contains(method) else { continue }
                r.lock = lock
                regions.append(r)
            }
        }
        for k in regions.indices { regions[k].lock = Self.lockName(regions[k].lock, at: regions[k].acquireToken, s) }
        return regions
    }

    /// `Self.lock` and `Type.lock` inside `Type` are its `lock`, as written bare.
    static func lockName(_ lock: String, at t: Int, _ s: FileStructure) -> String {
        if lock.hasPrefix("Self.") { return String(lock.dropFirst(5)) }
        guard let d = s.enclosingType(of: t) else { return lock }
        let owner = s.decls[d].nameText
        if !owner.isEmpty && lock.hasPrefix(owner + ".") { return String(lock.dropFirst(owner.count + 1)) }
        return lock
    }

    /// One acquisition of a lock in a body: a lock region (withLock, lock() … unlock(), a wrapper's
    /// closure), a read of a getter that locks (`count`, `box.value`), or a call of a method that
    /// locks (`setCount(…)`, `box.setValue(…)`).
    struct Acquisition {
        /// The lock (as written in the type, or the receiver whose own lock it is).
        var lock: String
        var body: Int
        /// Where it is reported: the acquire, the getter's name, the method's name.
        var acquireToken: Int
        /// When it runs, for ordering: a call runs after its arguments.
        var at: Int
        /// Its critical section lies strictly between `start` and `end` (a call's parentheses).
        var start: Int
        var end: Int
        /// The first token of the expression whose value it gives (-1 for lock() … unlock()).
        var exprStart: Int
        var region: LockRegion?
        var member: LockGraph.LockingMember? = nil
        var memberName = ""
        /// The state of another object (a box, a wrapper's storage): its whole value.
        var instance = false
        /// The lock as messages name it.
        var display: String

        init(region r: LockRegion, _ s: FileStructure) {
            lock = r.lock
            body = r.executableBody(s)
            acquireToken = r.acquireToken
            at = r.acquireToken
            start = r.start
            end = r.end
            region = r
            display = "'\(r.lock)'"
            if case .closure(_, let ci) = r.form {
                let c = s.closures[ci]
                exprStart = c.receiverStart >= 0 ? c.receiverStart : c.callee
            } else {
                exprStart = -1
            }
        }

        init(member: LockGraph.LockingMember, name: String, lock: String, token: Int, exprStart: Int, body: Int, instance: Bool, _ s: FileStructure) {
            self.lock = lock
            self.body = body
            acquireToken = token
            self.exprStart = exprStart
            self.member = member
            memberName = name
            self.instance = instance
            region = nil
            display = "'\(lock)'"
            if !member.isGetter, s.isChar(token + 1, UInt8(ascii: "(")), Int(s.match[token + 1]) > token + 1 {
                start = token + 1
                end = Int(s.match[token + 1])
            } else {
                start = token
                end = token + 1
            }
            at = end
        }
    }

    /// The reads of getters that lock and the calls of methods that lock, of the enclosing type
    /// (`count`, `self.setCount(…)`), of a box held in a property or local (`box.value`,
    /// `box.setValue(…)`, `box.withValue { }`), and of a property wrapper's storage (`count`
    /// through `wrappedValue`, `_count.set(…)`). Not in initializers and deinitializers, which run
    /// while no other reference exists.
    private func memberAcquisitions(_ context: RuleContext, regionTokens: Set<Int>) -> [Acquisition] {
        let s = context.structure
        var out: [Acquisition] = []
        var membersOf: [String: [String: LockGraph.LockingMember]] = [:]
        func members(_ type: String) -> [String: LockGraph.LockingMember] {
            if let known = membersOf[type] { return known }
            let m = context.lockingMembers(ofType: type)
            membersOf[type] = m
            return m
        }
        var closureAt: [Int: Int] = [:]
        var wrappers: [Int: [String: String]] = [:]
        var receiverTypes: [ReceiverKey: String?] = [:]
        for t in 0..<s.code.count where s.code[t].kind == .identifier && !regionTokens.contains(t) {
            // Only names that start an access: bare, or after `self.`.
            let dotted = s.isChar(t - 1, UInt8(ascii: "."))
            if dotted && !(s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))) { continue }
            if s.isKeyword(t - 1, .let) || s.isKeyword(t - 1, .var) || s.isKeyword(t - 1, .func) || s.isKeyword(t - 1, .case) { continue }
            guard let f = s.enclosingFunction(of: t), s.decls[f].kind != .initializer, s.decls[f].kind != .deinitializer,
                  s.decls[f].kind != .accessor, s.decls[f].kind != .variable,
                  let owner = s.enclosingType(of: t), let body = s.enclosingExecutable(of: t) else { continue }
            let type = s.decls[owner].nameText
            let name = s.text(t)
            let start = dotted ? t - 2 : t
            // (A local of that name hides the member; asked only of candidates, below.)
            func shadowed() -> Bool { !dotted && s.binds(name, in: s.span(s.decls[f].start, t)) }
            // A member of the type itself.
            if let m = members(type)[name] {
                if shadowed() { continue }
                if let a = acquisition(m, name: name, lock: m.lock, token: t, exprStart: start, body: body, instance: false, s, &closureAt) { out.append(a) }
                continue
            }
            // A wrapped property: reading it is its wrapper's `wrappedValue` getter.
            if wrappers[owner] == nil { wrappers[owner] = Self.wrappedProperties(s, type: type) }
            var receiver = name
            if name.hasPrefix("_") || name.hasPrefix("$") { receiver = String(name.dropFirst()) }
            if let w = wrappers[owner]![name], !s.isChar(t + 1, UInt8(ascii: ".")), let m = members(w)["wrappedValue"], m.isGetter {
                if shadowed() { continue }
                if var a = acquisition(m, name: name, lock: "_" + name, token: t, exprStart: start, body: body, instance: true, s, &closureAt) {
                    a.display = "the lock of @\(w) '\(name)'"
                    out.append(a)
                }
                continue
            }
            // `box.member` on a receiver of a type whose members lock.
            guard s.isChar(t + 1, UInt8(ascii: ".")), t + 2 < s.code.count, s.code[t + 2].kind == .identifier else { continue }
            let storage = receiver != name ? wrappers[owner]![receiver] : nil
            // Only a member that locks in some type is worth the receiver's type.
            if storage == nil && !context.isLockingMemberName(s.text(t + 2)) { continue }
            var boxType: String? = nil
            if let w = storage {
                boxType = w
            } else if let known = receiverTypes[ReceiverKey(function: f, name: name)] {
                boxType = known
            } else {
                boxType = LockGraph.declaredTypeName(of: name, at: t, in: s)
                receiverTypes[ReceiverKey(function: f, name: name)] = boxType
            }
            guard let bt = boxType, bt != type, let m = members(bt)[s.text(t + 2)], storage == nil || !shadowed() else { continue }
            if var a = acquisition(m, name: s.text(t + 2), lock: storage != nil ? "_" + receiver : name, token: t + 2, exprStart: start, body: body,
                                   instance: true, s, &closureAt) {
                if storage != nil { a.display = "the lock of @\(bt) '\(receiver)'" }
                out.append(a)
            }
        }
        return out
    }

    private struct ReceiverKey: Hashable {
        var function: Int
        var name: String
    }

    /// Calls of the file's own helper methods that make exactly one acquisition: calling one is
    /// that acquisition (`transition(to:)` whose body is `phase.withValue { $0 = next }`), writing
    /// the caller's argument when the helper writes one of its parameters.
    private func helperAcquisitions(_ all: [Acquisition], _ s: FileStructure, _ state: inout CriticalSectionState) -> [Acquisition] {
        var byBody: [Int: [Acquisition]] = [:]
        for a in all { byBody[a.body, default: []].append(a) }
        var helpers: [String: [(decl: Int, owner: Int, member: LockGraph.LockingMember, acquisition: Acquisition)]] = [:]
        for (di, d) in s.decls.enumerated() where d.kind == .function && d.body >= 0 && !d.nameText.isEmpty {
            guard let list = byBody[d.body], list.count == 1, let owner = s.owningType(of: di) else { continue }
            let a = list[0]
            let acc = accesses(a, &state, s)
            guard !acc.reads.isEmpty || !acc.writes.isEmpty else { continue }
            let parameters = Set(d.parameterNames)
            let writesArgument = acc.writes.contains { w in
                w.value >= 0 && s.span(w.value, a.region == nil ? a.end : s.statementEnd(from: w.value, limit: a.end)).contains {
                    s.code[$0].kind == .identifier && parameters.contains(s.text($0))
                }
            }
            let m = LockGraph.LockingMember(isGetter: false, lock: a.lock, reads: acc.reads.sorted(), writes: Array(Set(acc.writes.map(\.name))).sorted(),
                                            writesArgument: writesArgument, runsClosure: false, site: nil)
            helpers[d.nameText, default: []].append((di, owner, m, a))
        }
        guard !helpers.isEmpty else { return [] }
        var out: [Acquisition] = []
        for t in 0..<s.code.count where s.code[t].kind == .identifier && s.isChar(t + 1, UInt8(ascii: "(")) {
            guard let candidates = helpers[s.text(t)] else { continue }
            let dotted = s.isChar(t - 1, UInt8(ascii: "."))
            if dotted && !(s.isKeyword(t - 2, .self) && !s.isChar(t - 3, UInt8(ascii: "."))) { continue }
            if s.isKeyword(t - 1, .func) { continue }
            guard let f = s.enclosingFunction(of: t), s.decls[f].kind != .initializer, s.decls[f].kind != .deinitializer,
                  let owner = s.enclosingType(of: t),
                  let body = s.enclosingExecutable(of: t), let h = candidates.first(where: { s.decls[$0.owner].nameText == s.decls[owner].nameText }),
                  h.decl != f else { continue }
            var a = Acquisition(member: h.member, name: s.text(t), lock: h.member.lock, token: t, exprStart: dotted ? t - 2 : t, body: body,
                                instance: false, s)
            a.display = h.acquisition.display
            out.append(a)
        }
        return out
    }

    /// The acquisition a use of member `m` at `token` makes: a getter read (not a write of the
    /// property), a call, or a closure run under the lock (`withValue { }`) as a region.
    private func acquisition(_ m: LockGraph.LockingMember, name: String, lock: String, token: Int, exprStart: Int, body: Int, instance: Bool,
                             _ s: FileStructure, _ closureAt: inout [Int: Int]) -> Acquisition? {
        if m.isGetter {
            guard !s.isChar(token + 1, UInt8(ascii: "(")) else { return nil }
            if case .none = CriticalSectionState(s).assignment(after: token) {} else { return nil }
            return Acquisition(member: m, name: name, lock: lock, token: token, exprStart: exprStart, body: body, instance: instance, s)
        }
        guard s.isChar(token + 1, UInt8(ascii: "(")) || s.isChar(token + 1, UInt8(ascii: "{")) else { return nil }
        if m.runsClosure {
            if closureAt.isEmpty { for (ci, c) in s.closures.enumerated() where c.callee >= 0 { closureAt[c.callee] = ci } }
            guard let ci = closureAt[token], s.closures[ci].close > s.closures[ci].open else { return nil }
            var a = Acquisition(region: LockRegion(closure: ci, method: name, lock: lock, in: s), s)
            a.body = body
            a.exprStart = exprStart
            a.instance = instance
            return a
        }
        return Acquisition(member: m, name: name, lock: lock, token: token, exprStart: exprStart, body: body, instance: instance, s)
    }

    /// The wrapped stored properties of a type in this file: name → wrapper type.
    static func wrappedProperties(_ s: FileStructure, type: String) -> [String: String] {
        var out: [String: String] = [:]
        for td in s.typeDecls(named: type) {
            for m in s.children[td] where s.decls[m].kind == .variable && s.decls[m].hasAttributes {
                for a in s.attributes(of: s.decls[m]) {
                    let text = String(s.text(a).dropFirst())
                    let base = String(text.prefix { $0 != "(" && $0 != "<" })
                    if let c = base.unicodeScalars.first, c.value >= 65 && c.value <= 90 { out[s.decls[m].nameText] = base }
                }
            }
        }
        return out
    }

    private struct Pair: Hashable {
        var body: Int
        var lock: String
    }


    /// What an acquisition reads and writes: a region's state by name; a member's, as the lock
    /// graph describes it (the written value is the call's arguments when it stores one of its
    /// parameters). Another object's state is its whole value.
    private func accesses(_ a: Acquisition, _ state: inout CriticalSectionState, _ s: FileStructure) -> CriticalSectionState.Accesses {
        var out = CriticalSectionState.Accesses()
        if let r = a.region {
            out = state.accesses(in: r, s)
        } else if let m = a.member {
            out.reads = Set(m.reads)
            out.writes = m.writes.map { ($0, a.acquireToken, m.writesArgument && a.end > a.start + 1 ? a.start + 1 : -1) }
        }
        if a.instance {
            out.reads = out.reads.isEmpty ? [] : [CriticalSectionState.wholeValue]
            out.writes = out.writes.map { (CriticalSectionState.wholeValue, $0.token, $0.value) }
        }
        return out
    }

    private func judge(_ first: Acquisition, _ second: Acquisition, _ s: FileStructure, _ state: inout CriticalSectionState,
                       _ context: RuleContext) -> Diagnostic? {
        let read = accesses(first, &state, s)
        let checked = read.reads
        guard !checked.isEmpty else { return nil }
        let written = accesses(second, &state, s)
        // The state the decision was made from is written, and not read again first.
        let candidates = written.writes.filter { checked.contains($0.name) }
        guard written.reads.isDisjoint(with: checked), var write = candidates.first else { return nil }
        let carriers = decisionCarriers(first, checked: checked, s)
        var decided = decides(first, carriers: Set(carriers.keys), second: second, s)
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
            let flowing = derived(from: carriers, between: first.end, and: second.region != nil ? second.acquireToken : second.exprStart, s)
            guard !flowing.isEmpty else { return nil }
            let claimed = Set(read.writes.map(\.name))
            for w in candidates where !claimed.contains(w.name) {
                let carrying = Set(flowing.filter { $0.value.contains(w.name) }.keys)
                if !carrying.isEmpty, let range = usedInside(second, by: w, carrying, s) { decided = range; write = w; inside = true; break }
            }
        }
        guard let condition = decided else { return nil }
        // Filling a value found absent (a cache, a lazily made value): a race makes it twice and
        // keeps one, which is the usual trade for not holding the lock while making it. Clearing
        // (writing nil) after finding a value is still reported: two threads both take it.
        let absentWords: (Int) -> Bool = { s.isKeyword($0, .nil) || s.isKeyword($0, .let) || s.isKeyword($0, .var) }
        var absent = s.span(condition.lowerBound, condition.upperBound).contains(where: absentWords)
            || s.span(first.start, first.end).contains { s.isKeyword($0, .nil) }
        // A value made outside from one found absent (`hit ?? make()`, `if let`) is a fill too.
        if inside && !absent {
            absent = s.span(first.end, second.acquireToken).contains { k in
                s.isKeyword(k, .nil) || s.is(k, "??")
                    || ((s.isKeyword(k, .let) || s.isKeyword(k, .var)) && (s.isKeyword(k - 1, .if) || s.isKeyword(k - 1, .guard)))
            }
        }
        if absent && !s.isKeyword(write.value, .nil) { return nil }
        // A one-way latch: every assignment of it in the file stores the same value, so a stale
        // decision cannot undo another thread's write.
        // (Only a write of the whole property: `x[k] = v` stores one element.)
        if write.name != CriticalSectionState.wholeValue && s.is(write.value - 2, text: write.name) && isLatch(write.name, value: write.value, s) { return nil }
        let lock = first.display
        let names = checked.sorted().filter { $0 != CriticalSectionState.wholeValue }
        let whole = names.isEmpty
        let what = whole ? "its value" : names.prefix(2).map { "'\($0)'" }.joined(separator: " and ")
        let target = write.name == CriticalSectionState.wholeValue ? (whole ? "it" : "its value") : "'\(write.name)'"
        let viaRead = first.member.map { " through '\(first.memberName)\($0.isGetter ? "" : "()")'" } ?? ""
        let viaWrite = second.member != nil ? " through '\(second.memberName)()'" : ""
        let members = first.member != nil || second.member != nil
        return context.diagnostic(
            description, at: second.acquireToken,
            message: inside
                ? "\(lock) is released and taken again between reading \(what)\(viaRead) and writing \(target)\(viaWrite) from what was read: another thread can change \(what) in between, and this write acts on a stale value"
                : "\(lock) is released and taken again between checking \(what)\(viaRead) and writing \(target)\(viaWrite): another thread can change \(what) in between, and this write acts on a stale check",
            notes: [context.note(at: first.acquireToken, "\(whole ? "the value of \(lock)" : what) is read under this first acquisition"),
                    context.note(at: write.token, inside ? "and written here from what was read then, without reading it again"
                                                         : "and written here without checking it again")],
            fixIt: FixIt(members
                ? "make the check and the write one acquisition of \(lock) (a method that reads and writes while holding it), or re-check \(whole ? "the value" : what) inside the second before writing"
                : "check and write under one acquisition of \(lock), or re-check \(whole ? "the value" : what) inside this one before writing"))
    }

    /// Locals that carry what the first acquisition read, with the state each carries: the
    /// result of a withLock closure (`let n = lock.withLock { … }`: all it read), or locals
    /// assigned inside a lock()/unlock() stretch (the state their value names).
    private func decisionCarriers(_ r: Acquisition, checked: Set<String>, _ s: FileStructure) -> [String: Set<String>] {
        var out: [String: Set<String>] = [:]
        if r.exprStart >= 0 {
            var k = r.exprStart - 1
            if s.isKeyword(k, .try) || s.isKeyword(k, .await) { k -= 1 }
            if s.isKeyword(k, .try) || s.isKeyword(k, .await) { k -= 1 }
            // `let x = (lock.withLock { … })`.
            if s.isChar(k, UInt8(ascii: "(")) && Int(s.match[k]) >= r.end { k -= 1 }
            if s.isChar(k, UInt8(ascii: "=")) && k >= 1 && s.code[k - 1].kind == .identifier {
                out[s.text(k - 1)] = checked
            } else if s.isChar(k, UInt8(ascii: "=")) && k >= 3 && s.isChar(k - 1, UInt8(ascii: ")")) {
                // `let (a, b) = lock.withLock { … }`
                let open = Int(s.match[k - 1])
                if open >= 0 && open < k - 1 {
                    for q in s.span(open + 1, k - 1) where s.code[q].kind == .identifier { out[s.text(q)] = checked }
                }
            }
        } else {
            for q in s.span(r.start + 1, r.end) where s.code[q].kind == .identifier && s.isChar(q + 1, UInt8(ascii: "="))
                && !s.isChar(q - 1, UInt8(ascii: ".")) {
                let value = s.span(q + 2, s.statementEnd(from: q + 1, limit: r.end))
                out[s.text(q), default: []].formUnion(value.lazy.filter { s.code[$0].kind == .identifier }.map { s.text($0) }.filter { checked.contains($0) })
            }
        }
        return out
    }

    /// The carriers, and the locals made from them (`let next = current + 1`, not through a
    /// closure) between the two acquisitions, in order, with the state each carries.
    private func derived(from carriers: [String: Set<String>], between a: Int, and b: Int, _ s: FileStructure) -> [String: Set<String>] {
        var out = carriers
        guard !out.isEmpty else { return out }
        for k in s.span(a, b) where (s.isKeyword(k, .let) || s.isKeyword(k, .var)) && k + 1 < b && s.code[k + 1].kind == .identifier {
            guard let d = s.variableDecls(named: s.text(k + 1), keywordIn: k..<(k + 1)).first else { continue }
            var carried = Set<String>()
            var q = s.decls[d].initializer.lowerBound
            while q < s.decls[d].initializer.upperBound {
                if s.isChar(q, UInt8(ascii: "{")) && Int(s.match[q]) > q { q = Int(s.match[q]) + 1; continue }
                if s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")), let c = out[s.text(q)] { carried.formUnion(c) }
                q += 1
            }
            if !carried.isEmpty { out[s.decls[d].nameText, default: []].formUnion(carried) }
        }
        return out
    }

    /// Where, inside the second acquisition, a name of `flowing` decides the write `w`: the
    /// value written, or the condition of an `if`/`guard`/`switch` (of the region) around it.
    private func usedInside(_ second: Acquisition, by w: (name: String, token: Int, value: Int), _ flowing: Set<String>,
                            _ s: FileStructure) -> Range<Int>? {
        func uses(_ range: Range<Int>) -> Bool {
            range.contains { s.code[$0].kind == .identifier && !s.isChar($0 - 1, UInt8(ascii: ".")) && flowing.contains(s.text($0)) }
        }
        if w.value >= 0 {
            let value = s.span(w.value, second.region == nil ? second.end : s.statementEnd(from: w.value, limit: second.end))
            if uses(value) { return value }
        }
        guard second.region != nil else { return nil }
        // Conditions of the statements around the write, inside the region.
        var sc = Int(s.scopeOf[w.token])
        while sc >= 0 {
            let scope = s.scopes[sc]
            guard scope.open > second.start, scope.kind == .statement else { break }
            var kw = scope.statementKeyword
            var open = scope.open
            // An `else` branch: the conditions of the `if` chain before it.
            while kw >= 0 && s.isKeyword(kw, .else) && s.isChar(kw - 1, UInt8(ascii: "}")) {
                let previous = Int(s.match[kw - 1])
                guard previous >= 0 && previous < kw else { break }
                let p = s.scopes[Int(s.scopeOf[previous])]
                kw = p.statementKeyword
                open = p.open
                if kw >= 0 && s.isKeyword(kw, .if) && uses(s.span(kw + 1, open)) { return s.span(kw + 1, open) }
            }
            if kw >= 0 && (s.isKeyword(kw, .if) || s.isKeyword(kw, .switch)) && uses(s.span(kw + 1, open)) { return s.span(kw + 1, open) }
            sc = scope.parent
        }
        // A `guard` of the region before the write.
        for g in s.span(second.start + 1, w.token) where s.isKeyword(g, .guard) {
            guard let e = s.guardElse(of: g, limit: w.token), let b = s.statementBody(of: e), s.scopes[b].close < w.token,
                  s.scope(Int(s.scopeOf[w.token]), isWithin: Int(s.scopeOf[g])) else { continue }
            if uses(s.span(g + 1, e)) { return s.span(g + 1, e) }
        }
        return nil
    }

    /// Whether a condition built from the first acquisition decides whether the second runs: the
    /// second sits in the body of an `if`/`while` whose condition names a carrier (or holds the
    /// first acquisition), or follows a `guard` (or an `if` whose body leaves) that does.
    private func decides(_ first: Acquisition, carriers: Set<String>, second: Acquisition, _ s: FileStructure) -> Range<Int>? {
        func conditionUses(_ range: Range<Int>) -> Bool {
            if range.contains(first.acquireToken) { return true }
            for q in range where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) && carriers.contains(s.text(q)) {
                return true
            }
            return false
        }
        let body = second.body
        // Enclosing `if`/`while` bodies of the second acquisition, after the first.
        var sc = Int(s.scopeOf[second.acquireToken])
        while sc >= 0 && sc != body {
            let scope = s.scopes[sc]
            if scope.kind == .statement, scope.statementKeyword >= 0, scope.open >= first.end,
               s.isKeyword(scope.statementKeyword, .if) || s.isKeyword(scope.statementKeyword, .while) {
                let condition = s.span(scope.statementKeyword + 1, scope.open)
                if conditionUses(condition) { return condition }
            }
            sc = scope.parent
        }
        // A `guard`, or an `if` whose body leaves, from the statement of the first (which may be
        // its condition: `guard let v = lock.withLock({ … }) else { return }`) to the second.
        var q = first.end
        var k = first.acquireToken - 1
        while k >= 0 && k >= first.acquireToken - 12 && !s.isChar(k, UInt8(ascii: "{")) && !s.isChar(k, UInt8(ascii: "}"))
                && !s.isChar(k, UInt8(ascii: ";")) {
            if s.isKeyword(k, .guard) || s.isKeyword(k, .if) { q = k; break }
            k -= 1
        }
        while q < second.acquireToken {
            defer { q += 1 }
            guard s.isKeyword(q, .guard) || s.isKeyword(q, .if) else { continue }
            let block = Int(s.scopeOf[q])
            guard s.scope(Int(s.scopeOf[second.acquireToken]), isWithin: block) else { continue }
            var condition: Range<Int>? = nil
            var after = q
            if s.isKeyword(q, .guard) {
                guard let e = s.guardElse(of: q, limit: second.acquireToken), let b = s.statementBody(of: e) else { continue }
                if s.scopes[b].close < second.acquireToken { condition = s.span(q + 1, e); after = s.scopes[b].close }
            } else if let b = s.statementBody(of: q) {
                let then = s.scopes[b]
                if then.close < second.acquireToken && leaves(b, s) { condition = s.span(q + 1, then.open); after = then.close }
            }
            guard let c = condition, conditionUses(c), !switchCaseBetween(after, second.acquireToken, block: block, s) else { continue }
            return c
        }
        return nil
    }

    /// A `case`/`default` label of the switch whose body is `block` between `a` and `b`: code
    /// after it runs for another case, not after the guard.
    private func switchCaseBetween(_ a: Int, _ b: Int, block: Int, _ s: FileStructure) -> Bool {
        guard block >= 0, s.scopes[block].kind == .statement, s.isKeyword(s.scopes[block].statementKeyword, .switch) else { return false }
        return s.span(a, b).contains { (s.isKeyword($0, .case) || s.isKeyword($0, .default)) && s.isCaseLabel($0, inSwitch: block) }
    }

    /// Every assignment of `name` in the file stores the same one-token value (`true`, `false`,
    /// `nil`) or the same enum case as the one at `value`.
    private func isLatch(_ name: String, value: Int, _ s: FileStructure) -> Bool {
        func stored(_ v: Int) -> String? {
            if s.isKeyword(v, .true) || s.isKeyword(v, .false) || s.isKeyword(v, .nil) {
                return s.startsStatementAfter(v) ? s.text(v) : nil
            }
            if s.isChar(v, UInt8(ascii: ".")) && v + 1 < s.code.count && s.code[v + 1].kind == .identifier && s.startsStatementAfter(v + 1) {
                return "." + s.text(v + 1)
            }
            return nil
        }
        guard let mine = stored(value) else { return false }
        for a in s.assignments(of: name, in: 0..<s.code.count) {
            if s.isKeyword(a - 1, .let) || s.isKeyword(a - 1, .var) { continue }
            if stored(a + 2) != mine { return false }
        }
        return true
    }

    /// The block's own statements include a `return`, `throw`, `break` or `continue`.
    private func leaves(_ block: Int, _ s: FileStructure) -> Bool {
        let b = s.scopes[block]
        for q in s.span(b.open + 1, b.close) where Int(s.scopeOf[q]) == block {
            if s.isKeyword(q, .return) || s.isKeyword(q, .throw) || s.isKeyword(q, .break) || s.isKeyword(q, .continue) { return true }
        }
        return false
    }
}
