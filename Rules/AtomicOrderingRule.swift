import LockLintCore

/// `atomic_ordering`: a memory ordering that costs without need (`.sequentiallyConsistent`) or
/// orders nothing where something must be ordered (`.relaxed` on a compare-exchange that takes a
/// hand-made lock or publishes a reference, or on a flag's store that publishes other state).
public struct AtomicOrderingRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "atomic_ordering",
        name: "Atomic memory ordering",
        summary: "An atomic operation whose memory ordering is stronger than it needs or too weak for what it publishes",
        rationale: """
            Every atomic operation (Synchronization's `Atomic`, swift-atomics' `ManagedAtomic` and `UnsafeAtomic`) \
            names a memory ordering. `.sequentiallyConsistent` puts the operation into one order shared by every \
            thread. A sequentially consistent store is a full barrier on x86. Loads and read-modify-writes cost about \
            what their acquire/release forms cost, but more than `.relaxed` on ARM64: a load is an `ldar` instead of \
            an `ldr`, an add an `ldaddal` instead of an `ldadd` (on x86-64 they are the same instructions). An \
            independent counter, only added to and read, needs no ordering at all. On every target the ordering \
            constrains the optimizer more than the algorithm usually needs. `.relaxed` makes the operation itself atomic and orders nothing else: a flag stored with \
            `.relaxed` does not carry the data written before it, and a relaxed compare-exchange that takes a \
            lock or installs an object lets the winner read memory the previous owner had not finished writing.
            """,
        fix: """
            Use `.relaxed` for independent counters and flags that publish nothing, `.releasing` on the store that \
            publishes data with `.acquiring` on the load that reads it, and `.acquiringAndReleasing` on a \
            compare-exchange that hands over a lock or an object (`successOrdering: .acquiringAndReleasing, \
            failureOrdering: .acquiring` in the two-ordering form). Keep `.sequentiallyConsistent` for a store to \
            one atomic followed by a load of another that must not be reordered.
            """,
        knownLimits: """
            `.sequentiallyConsistent` is reported on a store's `ordering:` argument, and on the loads and adds \
            (`add`, `subtract`, `wrappingAdd`, `wrappingIncrement`, `loadThenWrappingDecrement`, …) of an atomic \
            that only counts: declared in the file, and every use of it there (in code compiled with an atomic declaration of that \
            name: a lock of the same name in another branch of an `#if` is another property) is a load, a store or an add whose \
            result decides no `if`/`guard`/`while`/`switch` and is not compared (a count reaching zero hands \
            something over), also where it goes: an add's result bound to a local is followed in its function, and \
            one returned from a method or getter is followed to its callers when all are in the file (a private \
            method; one that is not private may have callers elsewhere and is not judged), no add follows a write of a stored property in its function (the count may publish \
            that write), and the atomic is never passed to other code. An exchange, a compare-exchange, a bitwise \
            update or a load of any other atomic costs what its acquire/release form costs, so lowering it saves \
            little and is not reported. It stays quiet in test code (a file under a `Tests`/`Test` folder, named \
            `…Tests.swift`/`…Test.swift`, or importing XCTest or Testing: cost does not matter there and the \
            strongest ordering is the safe default), on `atomicMemoryFence` (a fence that asks for sequential \
            consistency is deliberate), and for the store-then-load pattern where it is required: a \
            sequentially consistent write to one atomic followed, in the same function, by a sequentially \
            consistent load of another (Dekker-style handshakes). \
            `.relaxed` (as `ordering:` or `successOrdering:`; a relaxed `failureOrdering:` is the usual idiom) on \
            `compareExchange`/`weakCompareExchange` is reported only when the exchange evidently orders other \
            memory: it takes a hand-made lock (`expected: false, desired: true` or `0 → 1`, spun in a `while` or \
            released elsewhere in the file by a store of the expected value, and not required to win: an exchange \
            whose loss stops the program, `precondition(….exchanged)` or `guard … else { fatalError() }`, checks that \
            its code runs once), or it installs a pointer, an \
            `Unmanaged` value or an instance of a class declared in the project (not through an \
            `UnsafeAtomic(at:)` view of storage shared with outside code, whose loads cannot be paired). A relaxed compare-exchange that \
            claims something once, moves a plain value between states, or updates a counter or maximum publishes \
            nothing and stays quiet. \
            A relaxed `store(true/false, …)` is reported when it publishes: the storing function writes a stored \
            property before the store, and code in the same file reads the flag with `load` to decide an `if` or \
            `guard` whose branch uses that property. A relaxed flag that only stops a loop, is only returned, or \
            guards work that reads nothing the writer wrote, publishes nothing and stays quiet. Atomics are \
            matched by name within one file; an atomic stored in one file and read in another is not followed.
            """,
        inTests: .skipped("an ordering stronger than needed costs time, not correctness; test code is not reported"),
        triggeringExamples: [
            """
            final class Stats {
                private let hits = ManagedAtomic<Int>(0)
                func reset() { hits.store(0, ↓ordering: .sequentiallyConsistent) }
            }
            """,
            """
            final class Stats {
                private let hits = ManagedAtomic<Int>(0)
                func record() { hits.wrappingIncrement(↓ordering: .sequentiallyConsistent) }
                func current() -> Int { hits.load(↓ordering: .sequentiallyConsistent) }
            }
            """,
            """
            final class SpinLock {
                private let locked = Atomic<Bool>(false)
                func lock() {
                    while !locked.compareExchange(expected: false, desired: true, ↓ordering: .relaxed).exchanged {}
                }
                func unlock() { locked.store(false, ordering: .releasing) }
            }
            """,
            """
            final class Stack {
                private let head = ManagedAtomic<Node?>(nil)
                func push(_ node: Node) {
                    var old = head.load(ordering: .relaxed)
                    while true {
                        node.next = old
                        let (done, current) = head.weakCompareExchange(
                            expected: old, desired: node,
                            ↓successOrdering: .relaxed, failureOrdering: .relaxed)
                        if done { return }
                        old = current
                    }
                }
            }
            final class Node: AtomicReference { var next: Node? }
            """,
            """
            final class Loader {
                private var result: Data?
                private let done = ManagedAtomic(false)
                func finish(_ data: Data) {
                    result = data
                    done.store(true, ↓ordering: .relaxed)
                }
                func poll() -> Data? {
                    if done.load(ordering: .acquiring) { return result }
                    return nil
                }
            }
            """,
        ],
        nonTriggeringExamples: [
            "let n = counter.wrappingIncrementThenLoad(ordering: .relaxed)",
            """
            final class Handle {
                private let references = ManagedAtomic<Int>(1)
                func retain() { references.wrappingIncrement(ordering: .relaxed) }
                func release() -> Bool { references.wrappingDecrementThenLoad(ordering: .sequentiallyConsistent) == 0 }
            }
            """,
            "func load(ordering: AtomicLoadOrdering = .sequentiallyConsistent) -> Int { 0 }",
            """
            switch ordering {
            case .sequentiallyConsistent: break
            default: break
            }
            """,
            "atomicMemoryFence(ordering: .sequentiallyConsistent)",
            """
            import XCTest
            final class CounterTests: XCTestCase {
                func testCount() { XCTAssertEqual(counter.load(ordering: .sequentiallyConsistent), 1) }
            }
            """,
            """
            func run() {
                guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
                    fatalError("run() called twice")
                }
            }
            """,
            """
            final class Worker {
                private let stopRequested = ManagedAtomic(false)
                func stop() { stopRequested.store(true, ordering: .relaxed) }
                func loop() { while !stopRequested.load(ordering: .relaxed) { step() } }
            }
            """,
            """
            func flagAndCheck() -> Bool {
                intent.store(true, ordering: .sequentiallyConsistent)
                return other.load(ordering: .sequentiallyConsistent)
            }
            """,
            "let ok = lock.compareExchange(expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed)",
        ]
    )

    // MARK: Messages

    static func storeText(name: String, call: String) -> (message: String, fix: String) {
        let target = name.isEmpty ? "this store" : "'\(name).\(call)'"
        return ("\(target) asks for .sequentiallyConsistent, the costliest ordering; a store that only publishes what came before it needs just .releasing",
                "use .releasing if readers must see what was written before this store, otherwise .relaxed")
    }

    /// A load or an add of an atomic that only counts: what .sequentiallyConsistent costs there
    /// against .relaxed, by target.
    static func counterText(op: Op, name: String, call: String) -> (message: String, fix: String) {
        let cost = op == .load
            ? "on ARM64 that load is an `ldar` where .relaxed is a plain `ldr` (on x86-64 both are the same `mov`)"
            : "on ARM64 that add is an `ldaddal` (acquire and release) where .relaxed is an `ldadd` (on x86-64 both are the same locked instruction)"
        return ("'\(name).\(call)' asks for .sequentiallyConsistent, but '\(name)' only counts: this file adds to it, reads it or stores it, "
                    + "no add's result decides anything and nothing is written before an add; \(cost)",
                "use ordering: .relaxed: a counter that publishes no other data needs no ordering, only atomicity")
    }

    enum Op {
        case load, store, exchange, compareExchange, update

        var noun: String {
            switch self {
            case .load: "load"
            case .store: "store"
            case .exchange: "exchange"
            case .compareExchange: "compare-exchange"
            case .update: "atomic update"
            }
        }
    }

    // MARK: Finding ordering arguments

    static let orderingNames = NameSet(["relaxed", "acquiring", "releasing", "acquiringAndReleasing", "sequentiallyConsistent"])

    /// One `ordering:` / `successOrdering:` / `failureOrdering:` argument of a call.
    struct OrderingArgument {
        var label: Int
        /// The ordering's name token (`relaxed`, …).
        var value: Int
        /// The call's `(`.
        var open: Int
        var callee: Int
        /// Last component of the receiver (`counter` in `self.counter.load(…)`), or -1.
        var receiver: Int
        var isFailure: Bool
        var isSuccess: Bool
    }

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContainAny(["ordering", "successOrdering", "failureOrdering"]) else { return [] }
        var args: [OrderingArgument] = []
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count where code[i].kind == .identifier && (code[i].length == 8 || code[i].length == 15) {
                guard code[i].length == 8 ? s.is(i, "ordering") : (s.is(i, "successOrdering") || s.is(i, "failureOrdering")) else { continue }
                if let a = orderingArgument(s, label: i) { args.append(a) }
            }
        }
        guard !args.isEmpty else { return [] }
        var out: [Diagnostic] = []
        checkSequential(args, context, into: &out)
        checkRelaxedExchanges(args, context, into: &out)
        checkRelaxedFlagStores(args, context, into: &out)
        return out
    }

    func orderingArgument(_ s: FileStructure, label i: Int) -> OrderingArgument? {
        guard s.isChar(i + 1, UInt8(ascii: ":")), s.isChar(i - 1, UInt8(ascii: "(")) || s.isChar(i - 1, UInt8(ascii: ",")) else { return nil }
        // `.relaxed`, or a qualified `AtomicUpdateOrdering.relaxed`.
        var v = i + 2
        if s.isChar(v, UInt8(ascii: ".")) {
            v += 1
        } else {
            while v + 2 < s.count && s.code[v].kind == .identifier && s.isChar(v + 1, UInt8(ascii: ".")) { v += 2 }
            guard s.isChar(v - 1, UInt8(ascii: ".")) else { return nil }
        }
        guard v < s.count, s.code[v].kind == .identifier, Self.orderingNames.contains(s, v),
              s.isChar(v + 1, UInt8(ascii: ",")) || s.isChar(v + 1, UInt8(ascii: ")")) else { return nil }
        guard let open = s.argumentListOpen(holding: i), open >= 1, s.code[open - 1].kind == .identifier else { return nil }
        var receiver = -1
        if s.isChar(open - 2, UInt8(ascii: ".")) {
            var r = open - 3
            if r >= 0 && (s.isChar(r, UInt8(ascii: "?")) || s.isChar(r, UInt8(ascii: "!"))) { r -= 1 }
            if r >= 0 && s.code[r].kind == .identifier { receiver = r }
        }
        return OrderingArgument(label: i, value: v, open: open, callee: open - 1, receiver: receiver,
                                isFailure: s.code[i].length == 15 && s.hasPrefix(i, "failure"),
                                isSuccess: s.code[i].length == 15 && s.hasPrefix(i, "success"))
    }

    func op(_ s: FileStructure, _ callee: Int) -> Op {
        if s.is(callee, "load") { return .load }
        if s.is(callee, "store") { return .store }
        if s.is(callee, "exchange") { return .exchange }
        return s.text(callee).hasSuffix("ompareExchange") ? .compareExchange : .update
    }

    // MARK: .sequentiallyConsistent

    func checkSequential(_ args: [OrderingArgument], _ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        var seq = args.filter { s.is($0.value, "sequentiallyConsistent") && !s.is($0.callee, "atomicMemoryFence") }
        guard !seq.isEmpty else { return }
        // Once per call: the first sequentially consistent argument.
        var seenCalls = Set<Int>()
        seq = seq.filter { seenCalls.insert($0.open).inserted }
        // A sequentially consistent write to one atomic followed by a sequentially consistent load of
        // another in the same function: the store-load order only sequential consistency gives.
        var needed = Set<Int>()
        var byScope: [Int: [Int]] = [:]
        for (k, a) in seq.enumerated() { byScope[s.enclosingExecutable(of: a.label) ?? -1, default: []].append(k) }
        for (_, members) in byScope where members.count > 1 {
            for l in members where op(s, seq[l].callee) == .load && seq[l].receiver >= 0 {
                let loaded = s.text(seq[l].receiver)
                for w in members where w < l && op(s, seq[w].callee) != .load && seq[w].receiver >= 0 && s.text(seq[w].receiver) != loaded {
                    needed.insert(l)
                    needed.insert(w)
                }
            }
        }
        // Atomics that only count: asked once per name.
        var counters: [String: Bool] = [:]
        let counted = Set(seq.compactMap { a -> String? in
            let operation = op(s, a.callee)
            return a.receiver >= 0 && (operation == .load || (operation == .update && AtomicCounters.isCounting(s, a.callee))) ? s.text(a.receiver) : nil
        })
        if !counted.isEmpty { counters = AtomicCounters.independentCounters(s, names: counted) }
        for (k, a) in seq.enumerated() where !needed.contains(k) {
            let operation = op(s, a.callee)
            let name = a.receiver >= 0 ? s.text(a.receiver) : ""
            let message: String
            let fix: String
            switch operation {
            case .store:
                // A sequentially consistent store costs a full barrier on x86.
                (message, fix) = Self.storeText(name: name, call: s.text(a.callee))
            case .load where counters[name] == true, .update where counters[name] == true:
                // Against its acquire/release form a load or an add costs about the same; against
                // .relaxed, which an independent counter needs, ARM64 pays for the ordering.
                (message, fix) = Self.counterText(op: operation, name: name, call: s.text(a.callee))
            default:
                continue
            }
            out.append(context.diagnostic(description, at: a.label, message: message, fixIt: FixIt(fix)))
        }
    }

    // MARK: .relaxed on a compare-exchange

    func checkRelaxedExchanges(_ args: [OrderingArgument], _ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        // Answers that depend only on the atomic's name (and where it is looked for), kept for
        // the other compare-exchanges on it: asking again would rescan the file each time.
        var referenceByName: [String: String?] = [:]
        var releaseByKey: [String: Int?] = [:]
        for a in args where !a.isFailure && s.is(a.value, "relaxed") && op(s, a.callee) == .compareExchange {
            let close = Int(s.match[a.open])
            guard close > a.open else { continue }
            let arguments = callArguments(s, open: a.open, close: close)
            guard let expected = arguments.first(where: { $0.label >= 0 && s.is($0.label, "expected") })?.value,
                  let desired = arguments.first(where: { $0.label >= 0 && s.is($0.label, "desired") })?.value else { continue }
            let name = a.receiver >= 0 ? s.text(a.receiver) : ""
            let target = name.isEmpty ? "this compare-exchange" : "'\(name).\(s.text(a.callee))'"
            let fixOrdering = a.isSuccess
                ? "successOrdering: .acquiringAndReleasing (failureOrdering: .acquiring if the loser reads what the winner wrote)"
                : "ordering: .acquiringAndReleasing"
            // A hand-made lock: false → true (or 0 → 1), spun or released elsewhere.
            if let claim = claimLiterals(s, expected: expected, desired: desired) {
                let spins = Decisions.statementHead(s, a.callee).map { s.isKeyword($0, .while) } ?? false
                let release = name.isEmpty ? nil : releaseStore(s, name: name, literal: claim.expected, near: a.receiver, cache: &releaseByKey)
                // (A claim the program stops on losing checks that its code runs once: no one waits.)
                if (spins || release != nil) && !TrappingChecks.failureTraps(s, start: a.receiver >= 0 ? a.receiver : a.callee, close: close) {
                    var notes: [Note] = []
                    if let r = release { notes.append(context.note(at: r, "'\(name)' is set back to \(claim.expected) here: this releases the hand-made lock")) }
                    out.append(context.diagnostic(
                        description, at: a.label,
                        message: "\(target) takes a hand-made lock with .relaxed: the critical section may not see what the previous holder wrote",
                        notes: notes,
                        fixIt: FixIt("take the lock with ordering: .acquiring and release it with store(\(claim.expected), ordering: .releasing), or replace '\(name.isEmpty ? "the flag" : name)' with Mutex or OSAllocatedUnfairLock")))
                    continue
                }
            }
            // Installing a reference: the new object's contents must travel with it.
            if let what = publishedReference(s, name: name, desired: desired, context: context, cache: &referenceByName) {
                out.append(context.diagnostic(
                    description, at: a.label,
                    message: "\(target) installs \(what) with .relaxed: a thread that loads it may see the object before its contents are written",
                    fixIt: FixIt("use \(fixOrdering), and load '\(name.isEmpty ? "it" : name)' with .acquiring where the object is read")))
            }
        }
    }

    struct Argument {
        var label: Int
        var value: Range<Int>
    }

    /// The arguments of a call between `open` and `close`, with their labels.
    func callArguments(_ s: FileStructure, open: Int, close: Int) -> [Argument] {
        var out: [Argument] = []
        var start = open + 1
        var k = open + 1
        while k <= close {
            if k == close || s.isChar(k, UInt8(ascii: ",")) {
                if k > start {
                    if k > start + 1, s.code[start].isWord, s.isChar(start + 1, UInt8(ascii: ":")) {
                        out.append(Argument(label: start, value: s.span(start + 2, k)))
                    } else {
                        out.append(Argument(label: -1, value: s.span(start, k)))
                    }
                }
                start = k + 1
                k += 1
                continue
            }
            let m = Int(s.match[k])
            if m > k && m <= close && (s.isChar(k, UInt8(ascii: "(")) || s.isChar(k, UInt8(ascii: "[")) || s.isChar(k, UInt8(ascii: "{"))) {
                k = m + 1
                continue
            }
            k += 1
        }
        return out
    }

    /// `expected: false, desired: true` or `expected: 0, desired: 1`: claiming a lock or a slot.
    func claimLiterals(_ s: FileStructure, expected: Range<Int>, desired: Range<Int>) -> (expected: String, desired: String)? {
        guard expected.count == 1, desired.count == 1 else { return nil }
        let e = expected.lowerBound
        let d = desired.lowerBound
        if s.isKeyword(e, .false) && s.isKeyword(d, .true) { return ("false", "true") }
        if s.code[e].kind == .integer && s.is(e, "0") && s.code[d].kind == .integer && s.is(d, "1") { return ("0", "1") }
        return nil
    }

    /// `name.store(literal, …)` where the same atomic is visible: the release of a hand-made lock.
    /// A local atomic is looked for in its own function, a property in the whole file. Returns the
    /// `store` token.
    func releaseStore(_ s: FileStructure, name: String, literal: String, near use: Int, cache: inout [String: Int?]) -> Int? {
        var range = 2..<max(2, s.count - 2)
        if let local = localDeclaration(s, name: name, at: use), s.decls[local].parent >= 0 {
            let fn = s.decls[s.decls[local].parent]
            guard fn.body >= 0 else { return nil }
            range = s.span(s.scopes[fn.body].open, s.scopes[fn.body].close)
        }
        let key = "\(name) \(literal) \(range.lowerBound)"
        if let known = cache[key] { return known }
        let found = releaseStore(s, name: name, literal: literal, in: range)
        cache[key] = found
        return found
    }

    func releaseStore(_ s: FileStructure, name: String, literal: String, in range: Range<Int>) -> Int? {
        for i in range where s.code[i].kind == .identifier && s.code[i].length == 5 && s.is(i, "store") {
            guard s.isChar(i - 1, UInt8(ascii: ".")), s.is(i - 2, text: name), s.isChar(i + 1, UInt8(ascii: "(")) else { continue }
            if s.is(i + 2, text: literal), s.isChar(i + 3, UInt8(ascii: ",")) { return i }
        }
        return nil
    }

    /// The local variable named `name` declared in a function enclosing token `use`, before it.
    func localDeclaration(_ s: FileStructure, name: String, at use: Int) -> Int? {
        guard let fn = s.enclosingFunction(of: use), s.decls[fn].body >= 0 else { return nil }
        let body = s.scopes[s.decls[fn].body]
        var found: Int? = nil
        for k in s.variableDecls(named: name, keywordIn: s.span(body.open + 1, use)) {
            let d = s.decls[k]
            if d.parent >= 0 && s.decls[d.parent].kind.isFunctionLike { found = k }
        }
        return found
    }

    /// What a compare-exchange's `desired:` value installs when it is a reference: a pointer, an
    /// `Unmanaged`, or an instance of a class declared in the project.
    func publishedReference(_ s: FileStructure, name: String, desired: Range<Int>, context: RuleContext,
                            cache: inout [String: String?]) -> String? {
        for k in desired where s.code[k].kind == .identifier {
            if s.is(k, "passRetained") || s.is(k, "passUnretained") || s.is(k, "toOpaque") { return "an unmanaged reference" }
        }
        guard !name.isEmpty else { return nil }
        if let known = cache[name] { return known }
        let found = declaredReference(s, name: name, context: context)
        cache[name] = found
        return found
    }

    /// What the atomic named `name` holds, from its declarations in this file, when a reference.
    func declaredReference(_ s: FileStructure, name: String, context: RuleContext) -> String? {
        // The atomic's declaration in this file: `ManagedAtomic<Node?>`, `UnsafeAtomic<UnsafeRawPointer?>`, …
        for k in s.variableDecls(named: name) {
            let d = s.decls[k]
            // `UnsafeAtomic<…>(at: pointer)` borrows storage shared with code outside the project,
            // whose loads this code cannot pair with: not judged.
            if d.initializer.contains(where: { s.isChar($0, UInt8(ascii: "(")) && s.is($0 + 1, "at") && s.isChar($0 + 2, UInt8(ascii: ":")) }) {
                return nil
            }
            for r in [d.typeAnnotation, d.initializer] {
                var sawAtomic = false
                for k in r where s.code[k].kind == .identifier {
                    let t = s.code[k]
                    if !sawAtomic {
                        sawAtomic = s.is(k, "Atomic") || s.is(k, "ManagedAtomic") || s.is(k, "UnsafeAtomic")
                        continue
                    }
                    if t.length >= 7 && s.text(k).hasSuffix("Pointer") { return "a pointer" }
                    if s.is(k, "Unmanaged") { return "an unmanaged reference" }
                    let typeName = s.text(k)
                    if typeName.first?.isUppercase == true, context.classFacts(typeName) != nil { return "a '\(typeName)' reference" }
                }
            }
        }
        return nil
    }

    // MARK: .relaxed on a flag's store that publishes

    func checkRelaxedFlagStores(_ args: [OrderingArgument], _ context: RuleContext, into out: inout [Diagnostic]) {
        let s = context.structure
        let stores = args.filter {
            s.is($0.value, "relaxed") && $0.receiver >= 0 && s.is($0.callee, "store")
                && (s.isKeyword($0.open + 1, .true) || s.isKeyword($0.open + 1, .false)) && s.isChar($0.open + 2, UInt8(ascii: ","))
        }
        guard !stores.isEmpty else { return }
        // Loads that decide an `if` or `guard`, by flag name.
        var decidingLoads: [String: [(load: Int, head: Int, acquires: Bool)]] = [:]
        for a in args where a.receiver >= 0 && s.is(a.callee, "load") {
            guard let head = Decisions.statementHead(s, a.receiver), s.isKeyword(head, .if) || s.isKeyword(head, .guard) else { continue }
            let acquires = !s.is(a.value, "relaxed") && !s.is(a.value, "releasing")
            decidingLoads[s.text(a.receiver), default: []].append((a.receiver, head, acquires))
        }
        for a in stores {
            let flag = s.text(a.receiver)
            guard let loads = decidingLoads[flag], let exec = s.enclosingExecutable(of: a.label) else { continue }
            let properties = AtomicCounters.mutableProperties(s, around: a.label, excluding: flag)
            guard !properties.isEmpty else { continue }
            // Stored properties this function writes before publishing the flag.
            let scope = s.scopes[exec]
            var written: [String: Int] = [:]
            var k = scope.open + 1
            while k < a.receiver {
                if s.code[k].kind == .identifier, !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) {
                    let n = s.text(k)
                    if properties.contains(n), written[n] == nil, AtomicCounters.isWrite(s, k) { written[n] = k }
                }
                k += 1
            }
            guard !written.isEmpty else { continue }
            for l in loads {
                guard let (from, to) = Decisions.decidedRange(s, head: l.head),
                      let used = Decisions.firstUse(s, of: written, in: s.span(from, to)) else { continue }
                let property = s.text(used)
                let reader = s.enclosingFunction(of: l.load).map { s.decls[$0] }
                let readerName = reader.map { $0.kind == .function ? "'\($0.nameText)'" : $0.kind.keyword } ?? "code"
                let notes = [
                    context.note(at: written[property]!, "'\(property)' is written here, before '\(flag)' is stored"),
                    context.note(at: l.load, "\(readerName) reads '\(flag)' here to decide, then uses '\(property)'"),
                ]
                out.append(context.diagnostic(
                    description, at: a.label,
                    message: "'\(flag)' is stored with .relaxed after writing '\(property)': a thread that sees the flag may still read the old '\(property)'",
                    notes: notes,
                    fixIt: FixIt(l.acquires
                        ? "store '\(flag)' with ordering: .releasing, so the acquiring load in \(readerName) also sees '\(property)'"
                        : "store '\(flag)' with ordering: .releasing and load it with .acquiring in \(readerName), so '\(property)' is published with it")))
                break
            }
        }
    }
}
