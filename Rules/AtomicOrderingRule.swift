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
            released elsewhere in the file by a store of the expected value), or it installs a pointer, an \
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
        guard let open = enclosingParen(s, i), open >= 1, s.code[open - 1].kind == .identifier else { return nil }
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

    /// The `(` of the argument list holding token `i`, walking back over earlier arguments.
    func enclosingParen(_ s: FileStructure, _ i: Int) -> Int? {
        var k = i - 1
        var steps = 0
        while k >= 0 && steps < 512 {
            steps += 1
            let t = s.code[k]
            if t.kind == .punctuation && t.length == 1 {
                switch s.file.bytes[Int(t.start)] {
                case UInt8(ascii: "("):
                    return k
                case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"):
                    let m = Int(s.match[k])
                    guard m >= 0 && m < k else { return nil }
                    k = m - 1
                    continue
                case UInt8(ascii: "["), UInt8(ascii: "{"), UInt8(ascii: ";"):
                    return nil
                default:
                    break
                }
            }
            k -= 1
        }
        return nil
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
            return a.receiver >= 0 && (operation == .load || (operation == .update && Self.isCounting(s, a.callee))) ? s.text(a.receiver) : nil
        })
        if !counted.isEmpty { counters = independentCounters(s, names: counted) }
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

    /// Whether the call at `callee` only adds to or subtracts from the value (`add`,
    /// `wrappingIncrement`, `loadThenWrappingDecrement`, …).
    static func isCounting(_ s: FileStructure, _ callee: Int) -> Bool {
        if s.is(callee, "add") || s.is(callee, "subtract") || s.is(callee, "wrappingAdd") || s.is(callee, "wrappingSubtract") { return true }
        let name = s.text(callee)
        return name.contains("Increment") || name.contains("Decrement")
    }

    /// For each name: whether it is an atomic declared in this file that is only counted and read
    /// here. Every use of the name is an operation call (`x.load`, `x.store`, an add), none
    /// decides a branch or is compared (a count that hands something over, such as a reference
    /// count reaching zero, needs its ordering), no add follows a write of a stored property in
    /// its function (the count may publish that write), and the atomic is never handed to other
    /// code. One pass over the file's tokens for all the names.
    func independentCounters(_ s: FileStructure, names: Set<String>) -> [String: Bool] {
        var result: [String: Bool] = [:]
        var declared = Set<String>()
        // The atomic declarations of each name: a use in another branch of an `#if` than all of
        // them is a twin of another type (a lock on one platform, an atomic on another).
        var atomicDecls: [String: [Int]] = [:]
        for n in names {
            for d in s.variableDecls(named: n) {
                let v = s.decls[d]
                let atomic = [v.typeAnnotation, v.initializer].contains { r in
                    r.contains { k in s.code[k].kind == .identifier && (s.is(k, "Atomic") || s.is(k, "ManagedAtomic") || s.is(k, "UnsafeAtomic")) }
                }
                if atomic {
                    declared.insert(n)
                    atomicDecls[n, default: []].append(d)
                }
            }
            result[n] = declared.contains(n)
        }
        guard !declared.isEmpty else { return result }
        let set = NameSet(declared)
        var firstWrites: [Int: Int] = [:]
        var functionNames: [Int: FunctionNames] = [:]
        var returnedBy: [Int: Set<String>] = [:]
        var adds = Set<String>()
        var declarationNames = Set<Int>()
        for n in declared { for d in s.variableDecls(named: n) where s.decls[d].name >= 0 { declarationNames.insert(s.decls[d].name) } }
        for k in 0..<s.count where s.code[k].kind == .identifier && set.contains(s, k) {
            let name = s.text(k)
            guard result[name] == true, !declarationNames.contains(k) else { continue }
            if !s.branches.isEmpty && !(atomicDecls[name] ?? []).contains(where: { s.compatible($0, with: k) }) { continue }
            // A label (`counter: 0`), or the atomic itself assigned (`self.counter = Atomic(0)`).
            if s.isChar(k + 1, UInt8(ascii: ":")) || s.isChar(k + 1, UInt8(ascii: "=")) { continue }
            guard s.isChar(k + 1, UInt8(ascii: ".")), s.code[k + 2].kind == .identifier, s.isChar(k + 3, UInt8(ascii: "(")) else {
                result[name] = false
                continue
            }
            let callee = k + 2
            if s.is(callee, "store") { continue }
            let counting = Self.isCounting(s, callee)
            guard s.is(callee, "load") || counting, !decides(s, receiver: k, callee: callee),
                  !(counting && writesStateBefore(s, k, excluding: name, cache: &firstWrites)) else {
                result[name] = false
                continue
            }
            if counting {
                adds.insert(name)
                // Where the add's result goes.
                switch resultUse(s, receiver: k, functions: &functionNames) {
                case .inert: break
                case .decides: result[name] = false
                case .returned(let f): returnedBy[f, default: []].insert(name)
                }
            }
        }
        // A count returned to callers that decide on it (or may: callers in other files).
        if !returnedBy.isEmpty {
            for f in callersDecide(s, Set(returnedBy.keys)) { for name in returnedBy[f]! { result[name] = false } }
        }
        // A flag only loaded and stored is no counter.
        for (name, counts) in result where counts && !adds.contains(name) { result[name] = false }
        return result
    }

    /// Where the value an add returns goes, as far as its function tells: nowhere that decides;
    /// somewhere that decides (a local bound to it that decides a branch or is compared); or out
    /// of the function (returned, directly or through a local), to callers to ask about.
    enum ResultUse { case inert, decides, returned(Int) }

    func resultUse(_ s: FileStructure, receiver k: Int, functions: inout [Int: FunctionNames]) -> ResultUse {
        guard let f = s.enclosingFunction(of: k), s.decls[f].body >= 0 else { return .inert }
        let body = s.scopes[s.decls[f].body]
        if let head = statementHead(s, k) {
            if s.isKeyword(head, .return) { return .returned(f) }
            guard (s.isKeyword(head, .let) || s.isKeyword(head, .var)) && s.code[head + 1].kind == .identifier else { return .inert }
            // `let n = x.add(…)`: where `n` goes.
            if functions[f] == nil { functions[f] = decisionNames(s, body: s.decls[f].body) }
            let bound = s.text(head + 1)
            if functions[f]!.deciding.contains(bound) { return .decides }
            return functions[f]!.returned.contains(bound) ? .returned(f) : .inert
        }
        // The body's only statement, in a function that returns a value: an implicit return.
        let first = body.open + 1
        if returnsValue(s, f) && first <= k && s.statementEnd(from: first, limit: body.close) >= body.close { return .returned(f) }
        return .inert
    }

    /// The names a function body uses to decide (in an `if`/`guard`/`while`/`switch` head, or
    /// beside a comparison) and the names it returns: worked out once per body.
    struct FunctionNames {
        var deciding = Set<String>()
        var returned = Set<String>()
    }

    func decisionNames(_ s: FileStructure, body: Int) -> FunctionNames {
        var out = FunctionNames()
        for q in s.scopes[body].interior where s.code[q].kind == .identifier && !s.isChar(q - 1, UInt8(ascii: ".")) {
            let name = s.text(q)
            if isComparison(s, q + 1) || isComparison(s, q - 1) { out.deciding.insert(name) }
            guard let h = statementHead(s, q) else { continue }
            if s.isKeyword(h, .if) || s.isKeyword(h, .guard) || s.isKeyword(h, .while) || s.isKeyword(h, .switch) { out.deciding.insert(name) }
            if s.isKeyword(h, .return) { out.returned.insert(name) }
        }
        return out
    }

    /// The functions (among `returning`) whose count may decide something at their callers: not
    /// private (callers elsewhere), or called in this file where the call decides. One pass over
    /// the file for all of them.
    func callersDecide(_ s: FileStructure, _ returning: Set<Int>) -> Set<Int> {
        var out = Set<Int>()
        var byName: [String: [Int]] = [:]
        for f in returning {
            let decl = s.decls[f]
            let ownerPrivate = s.owningType(of: f).map { s.decls[$0].modifiers.contains(.private) || s.decls[$0].modifiers.contains(.fileprivate) } ?? false
            if decl.nameText.isEmpty || !(decl.modifiers.contains(.private) || decl.modifiers.contains(.fileprivate) || ownerPrivate) {
                out.insert(f)
            } else {
                byName[decl.nameText, default: []].append(f)
            }
        }
        guard !byName.isEmpty else { return out }
        let names = NameSet(Set(byName.keys))
        for c in 0..<s.count where s.code[c].kind == .identifier && names.contains(s, c) {
            let fs = byName[s.text(c)]!
            if fs.contains(where: { s.decls[$0].name == c }) { continue }
            var end = c + 1
            if s.isChar(end, UInt8(ascii: "(")) { end = Int(s.match[end]) + 1 }
            let head = statementHead(s, c)
            if isComparison(s, end) || head.map({ s.isKeyword($0, .if) || s.isKeyword($0, .guard) || s.isKeyword($0, .while) || s.isKeyword($0, .switch) }) ?? false {
                out.formUnion(fs)
            }
        }
        return out
    }

    /// Whether function-like declaration `f` returns a value: a getter, or a signature with a
    /// return arrow outside its parameter list.
    func returnsValue(_ s: FileStructure, _ f: Int) -> Bool {
        let d = s.decls[f]
        if d.kind == .variable || (d.kind == .accessor && d.nameText == "get") || d.kind == .subscript { return true }
        guard d.kind == .function else { return false }
        // The recorded signature ends with the parameters and effects: the arrow follows.
        return s.is(d.typeAnnotation.upperBound, "->")
    }

    func isComparison(_ s: FileStructure, _ j: Int) -> Bool {
        guard j >= 0, j < s.count, s.code[j].kind == .operator else { return false }
        let o = s.text(j)
        return o == "==" || o == "!=" || o == "<" || o == ">" || o == "<=" || o == ">="
    }

    /// Whether the function (or closure) holding token `k` writes a mutable stored property of
    /// its type before `k`. The first such write of each body is found once.
    func writesStateBefore(_ s: FileStructure, _ k: Int, excluding name: String, cache: inout [Int: Int]) -> Bool {
        guard let exec = s.enclosingExecutable(of: k) else { return false }
        if cache[exec] == nil {
            let properties = mutableProperties(s, around: k, excluding: name)
            var first = Int.max
            if !properties.isEmpty {
                for j in s.scopes[exec].interior where s.code[j].kind == .identifier && (!s.isChar(j - 1, UInt8(ascii: ".")) || s.isKeyword(j - 2, .self)) {
                    if properties.contains(s.text(j)) && isWrite(s, j) {
                        first = j
                        break
                    }
                }
            }
            cache[exec] = first
        }
        return cache[exec]! < k
    }

    /// Whether the value an operation returns decides something: the call is in an `if`, `guard`,
    /// `while` or `switch` head, or its result (or `.newValue`/`.oldValue`) is compared.
    func decides(_ s: FileStructure, receiver: Int, callee: Int) -> Bool {
        if let head = statementHead(s, receiver), s.isKeyword(head, .if) || s.isKeyword(head, .guard) || s.isKeyword(head, .while) || s.isKeyword(head, .switch) {
            return true
        }
        var j = Int(s.match[callee + 1]) + 1
        guard j > callee + 1 else { return true }
        if s.isChar(j, UInt8(ascii: ".")) && (s.is(j + 1, "newValue") || s.is(j + 1, "oldValue")) { j += 2 }
        guard j < s.count, s.code[j].kind == .operator else { return false }
        let o = s.text(j)
        return o == "==" || o == "!=" || o == "<" || o == ">" || o == "<=" || o == ">="
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
                let spins = statementHead(s, a.callee).map { s.isKeyword($0, .while) } ?? false
                let release = name.isEmpty ? nil : releaseStore(s, name: name, literal: claim.expected, near: a.receiver, cache: &releaseByKey)
                if spins || release != nil {
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
            guard let head = statementHead(s, a.receiver), s.isKeyword(head, .if) || s.isKeyword(head, .guard) else { continue }
            let acquires = !s.is(a.value, "relaxed") && !s.is(a.value, "releasing")
            decidingLoads[s.text(a.receiver), default: []].append((a.receiver, head, acquires))
        }
        for a in stores {
            let flag = s.text(a.receiver)
            guard let loads = decidingLoads[flag], let exec = s.enclosingExecutable(of: a.label) else { continue }
            let properties = mutableProperties(s, around: a.label, excluding: flag)
            guard !properties.isEmpty else { continue }
            // Stored properties this function writes before publishing the flag.
            let scope = s.scopes[exec]
            var written: [String: Int] = [:]
            var k = scope.open + 1
            while k < a.receiver {
                if s.code[k].kind == .identifier, !s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self) {
                    let n = s.text(k)
                    if properties.contains(n), written[n] == nil, isWrite(s, k) { written[n] = k }
                }
                k += 1
            }
            guard !written.isEmpty else { continue }
            for l in loads {
                guard let (from, to) = decidedRange(s, head: l.head),
                      let used = firstUse(s, of: written, in: s.span(from, to)) else { continue }
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

    /// Names of the mutable stored properties of the type around token `i` (not `excluding`, not atomics).
    func mutableProperties(_ s: FileStructure, around i: Int, excluding: String) -> Set<String> {
        guard let t = s.enclosingType(of: i) else { return [] }
        var types = [t]
        if s.decls[t].kind == .extension {
            types = s.typeDecls(named: s.decls[t].nameText, compatibleWith: i).filter { s.decls[$0].kind != .extension }
        }
        var out = Set<String>()
        for ty in types {
            for c in s.children[ty] {
                let d = s.decls[c]
                guard d.kind == .variable, !d.isLet, !d.isComputed, !d.isStaticMember, d.nameText != excluding else { continue }
                let mentionsAtomic = [d.typeAnnotation, d.initializer].contains { r in
                    r.contains { k in s.code[k].kind == .identifier && s.code[k].length >= 6 && s.text(k).hasSuffix("Atomic") }
                }
                if !mentionsAtomic { out.insert(d.nameText) }
            }
        }
        return out
    }

    /// Whether identifier `k` is assigned or mutated: `x = …`, `x += …`, `x[…] = …`, `x.append(…)`.
    func isWrite(_ s: FileStructure, _ k: Int) -> Bool {
        var j = k + 1
        if s.isChar(j, UInt8(ascii: "[")) {
            let m = Int(s.match[j])
            guard m > j else { return false }
            j = m + 1
        }
        if s.isChar(j, UInt8(ascii: "=")) { return true }
        if j < s.count && s.code[j].kind == .operator && s.code[j].length == 2 {
            let b = s.file.bytes[Int(s.code[j].start) + 1]
            let a = s.file.bytes[Int(s.code[j].start)]
            if b == UInt8(ascii: "=") && a != UInt8(ascii: "=") && a != UInt8(ascii: "!") && a != UInt8(ascii: "<") && a != UInt8(ascii: ">") { return true }
        }
        if s.isChar(j, UInt8(ascii: ".")) && j + 2 < s.count && s.isChar(j + 2, UInt8(ascii: "(")) {
            let n = s.text(j + 1)
            return n == "append" || n == "insert" || n.hasPrefix("remove") || n == "merge" || n == "updateValue"
        }
        return false
    }

    /// The tokens an `if` (its body) or `guard` (the rest of its block) decides.
    func decidedRange(_ s: FileStructure, head: Int) -> (Int, Int)? {
        if s.isKeyword(head, .if) {
            for sc in s.scopes.indices where s.scopes[sc].statementKeyword == head && s.scopes[sc].kind == .statement {
                return (s.scopes[sc].open, s.scopes[sc].close)
            }
            return nil
        }
        // guard … else { … }: the code after the else block, to the end of the enclosing block.
        let outer = Int(s.scopeOf[head])
        var elseScope = -1
        for sc in s.scopes.indices where s.scopes[sc].kind == .statement && s.scopes[sc].parent == outer
            && s.scopes[sc].statementKeyword > head && s.isKeyword(s.scopes[sc].statementKeyword, .else) {
            elseScope = sc
            break
        }
        guard elseScope >= 0 else { return nil }
        let parent = s.scopes[elseScope].parent
        let end = parent >= 0 ? s.scopes[parent].close : s.count
        return (s.scopes[elseScope].close, end)
    }

    func firstUse(_ s: FileStructure, of names: [String: Int], in range: Range<Int>) -> Int? {
        for k in range where s.code[k].kind == .identifier && (!s.isChar(k - 1, UInt8(ascii: ".")) || s.isKeyword(k - 2, .self)) {
            if names[s.text(k)] != nil { return k }
        }
        return nil
    }

    /// The keyword introducing the statement or condition that holds token `i` (`if`, `guard`,
    /// `while`, `return`, `let` …), or nil when the statement starts with an expression.
    func statementHead(_ s: FileStructure, _ i: Int) -> Int? {
        var k = i - 1
        var steps = 0
        while k >= 0 && steps < 400 {
            steps += 1
            // A line break ends the statement unless the lines are joined by an operator or comma.
            if s.code[k + 1].flags.contains(.newlineBefore) && !joinsLines(s, k, k + 1) { return nil }
            let t = s.code[k]
            if t.kind == .punctuation && t.length == 1 {
                switch s.file.bytes[Int(t.start)] {
                case UInt8(ascii: ")"), UInt8(ascii: "]"):
                    let m = Int(s.match[k])
                    guard m >= 0 && m < k else { return nil }
                    k = m - 1
                    continue
                case UInt8(ascii: "}"), UInt8(ascii: "{"), UInt8(ascii: ";"):
                    return nil
                default:
                    break
                }
            } else if t.kind == .keyword {
                switch t.word {
                case .if, .guard, .while, .switch, .return, .throw, .case:
                    return k
                case .let, .var:
                    let before = k - 1
                    if s.isKeyword(before, .if) || s.isKeyword(before, .guard) || s.isKeyword(before, .while)
                        || s.isKeyword(before, .case) || s.isChar(before, UInt8(ascii: ",")) {
                        break
                    }
                    return k
                default:
                    break
                }
            }
            k -= 1
        }
        return nil
    }

    func joinsLines(_ s: FileStructure, _ last: Int, _ first: Int) -> Bool {
        let a = s.code[last]
        let b = s.code[first]
        if a.kind == .operator || b.kind == .operator { return true }
        if a.kind == .punctuation && a.length == 1 {
            let c = s.file.bytes[Int(a.start)]
            if c == UInt8(ascii: ",") || c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "=") || c == UInt8(ascii: ":") { return true }
        }
        if s.isChar(first, UInt8(ascii: ".")) { return true }
        if a.kind == .keyword {
            switch a.word {
            case .if, .guard, .while, .return, .throw, .case, .try, .await, .let, .var: return true
            default: break
            }
        }
        return false
    }
}
