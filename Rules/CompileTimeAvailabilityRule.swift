import LockLintCore

/// `compile_time_availability`: an `#if os(…)` / `swift(…)` / `compiler(…)` /
/// `targetEnvironment(macCatalyst)` whose branches choose between Mutex, Atomic or
/// OSAllocatedUnfairLock and another primitive, where both branches can build for an Apple OS.
public struct CompileTimeAvailabilityRule: Rule {
    public init() {}

    public let description = RuleDescription(
        id: "compile_time_availability",
        name: "Compile-time availability check",
        summary: "An #if on the platform, Swift or compiler version chooses between Mutex/Atomic/OSAllocatedUnfairLock and another primitive",
        rationale: """
            Mutex and Atomic need iOS 18 / macOS 15 (tvOS 18, watchOS 11, visionOS 2), OSAllocatedUnfairLock iOS \
            16 / macOS 13. Whether they exist depends on the OS version the app runs on, which is known only at run \
            time. `#if swift(>=6)` and `#if compiler(>=6)` test the toolchain that builds the app, `#if os(macOS)` \
            the platform family and `#if targetEnvironment(macCatalyst)` the Catalyst variant: none of them says \
            which OS version is running. Such a branch either stops building when the deployment target is \
            lower than the primitive's availability, or forces the whole type behind `@available` and the old \
            primitive on every user, including those on new systems.
            """,
        fix: """
            Keep one build for every OS version and decide at run time: `if #available(iOS 18, macOS 15, *)` \
            create the Mutex-backed implementation, `else` the one built on the older lock, both behind one \
            protocol or wrapper type.
            """,
        knownLimits: """
            Only `#if` chains that test `os(…)`, `swift(…)`, `compiler(…)` or `targetEnvironment(macCatalyst)` are \
            considered, and only when one branch uses Mutex, Atomic or OSAllocatedUnfairLock and another branch a \
            different primitive (NSLock, NSRecursiveLock, os_unfair_lock, pthread locks, DispatchQueue, \
            DispatchSemaphore, ManagedAtomic, NIOLock, another of the three, or a configured lock type), and \
            both branches can build for an Apple OS. A split between Apple and non-Apple platforms is legitimate: \
            `#if os(Linux)` choosing Mutex (Linux has no OS availability: a Swift 6 toolchain always has it) or \
            `#if compiler(>=6) && os(Linux)` stays quiet, and so does a branch that names all four of macOS, iOS, \
            tvOS and watchOS (visionOS counts only where the file names it). `#if canImport(Synchronization)` is \
            not reported on its own: it tests whether the module exists, which is what compile-time conditions \
            are for, and inside it the compiler itself demands `if #available` or `@available` for Mutex and \
            Atomic. Enclosing `#if` blocks are taken into account. Mutex and Atomic are recognised only in files \
            that import Synchronization (a project's own `Mutex` type is another thing); a type declared with \
            one of these names is not a use.
            """,
        enabledByDefault: false,
        inTests: .skipped("availability advice is for the shipped product; test code is not reported"),
        triggeringExamples: [
            """
            import Foundation
            import Synchronization

            final class Counter: @unchecked Sendable {
                ↓#if swift(>=6.0)
                private let value = Mutex(0)
                #else
                private let lock = NSLock()
                private var count = 0
                #endif
            }
            """,
            """
            import os
            import Synchronization

            final class Sequence {
                ↓#if os(macOS)
                private let value = OSAllocatedUnfairLock(initialState: 0)
                #else
                private let value = Atomic<Int>(0)
                #endif
            }
            """,
            """
            import Foundation
            import os

            ↓#if targetEnvironment(macCatalyst)
            let sharedLock = NSLock()
            #else
            let sharedLock = OSAllocatedUnfairLock()
            #endif
            """,
        ],
        nonTriggeringExamples: [
            """
            import Synchronization
            #if os(Linux)
            let lock = Mutex(0)
            #else
            let lock = NSLock()
            #endif
            """,
            """
            import Synchronization
            #if canImport(Synchronization)
            let counter = Atomic<Int>(0)
            #else
            let counter = ManagedAtomic<Int>(0)
            #endif
            """,
            """
            import Synchronization
            #if compiler(>=6.0)
            @available(macOS 15, iOS 18, *)
            final class Executor { let jobs = Mutex<[Int]>([]) }
            #endif
            """,
            """
            #if swift(>=6.0)
            struct Mutex<Value> { let lock = NSLock(); var value: Value }
            #else
            final class Box { let lock = NSLock() }
            #endif
            """,
            """
            import Synchronization
            #if os(macOS) || os(iOS) || os(tvOS) || os(watchOS)
            let lock = OSAllocatedUnfairLock()
            #else
            let lock = Mutex(())
            #endif
            """,
        ]
    )

    // MARK: Platforms

    /// The Apple build targets a branch may be compiled for.
    enum Platform: CaseIterable {
        case macOS, iOS, tvOS, watchOS, catalyst, visionOS
    }

    /// Kleene three-valued logic: a condition may be known true, known false, or depend on
    /// something the platform does not fix (the compiler version, a flag).
    enum Truth {
        case yes, no, maybe

        static prefix func ! (a: Truth) -> Truth { a == .yes ? .no : a == .no ? .yes : .maybe }
        static func && (a: Truth, b: Truth) -> Truth { a == .no || b == .no ? .no : a == .yes && b == .yes ? .yes : .maybe }
        static func || (a: Truth, b: Truth) -> Truth { a == .yes || b == .yes ? .yes : a == .no && b == .no ? .no : .maybe }
    }

    enum Atom {
        case os(String), target(String), canImport(String), constant(Truth)

        func value(on p: Platform) -> Truth {
            switch self {
            case .os(let name):
                switch name {
                case "macOS", "OSX": return p == .macOS ? .yes : .no
                case "iOS": return p == .iOS || p == .catalyst ? .yes : .no
                case "tvOS": return p == .tvOS ? .yes : .no
                case "watchOS": return p == .watchOS ? .yes : .no
                case "visionOS", "xrOS": return p == .visionOS ? .yes : .no
                default: return .no
                }
            case .target(let name):
                return name == "macCatalyst" ? (p == .catalyst ? .yes : .no) : .maybe
            case .canImport(let module):
                switch module {
                case "Darwin", "os", "ObjectiveC", "Foundation", "Dispatch", "CoreFoundation", "Security": return .yes
                case "Glibc", "Musl", "WinSDK", "ucrt", "CRT", "Android", "Bionic", "WASILibc", "wasi_pthread": return .no
                case "AppKit": return p == .macOS ? .yes : p == .catalyst ? .maybe : .no
                case "UIKit": return p == .macOS ? .no : p == .watchOS ? .maybe : .yes
                default: return .maybe
                }
            case .constant(let t):
                return t
            }
        }
    }

    enum Step {
        case atom(Atom), not, and, or
    }

    struct Condition {
        var steps: [Step]
        /// Tests the platform, Swift or compiler version, or Catalyst: the kinds this rule is about.
        var isListedKind: Bool

        func value(on p: Platform) -> Truth {
            var stack: [Truth] = []
            for step in steps {
                switch step {
                case .atom(let a): stack.append(a.value(on: p))
                case .not: if let a = stack.popLast() { stack.append(!a) }
                case .and, .or:
                    guard stack.count >= 2 else { return .maybe }
                    let b = stack.removeLast()
                    let a = stack.removeLast()
                    stack.append(step.isAnd ? (a && b) : (a || b))
                }
            }
            return stack.count == 1 ? stack[0] : .maybe
        }
    }

    /// One branch of an `#if` chain.
    struct Clause {
        var directive: Int
        /// Per platform (in `Platform.allCases` order): can this branch build for it?
        var truth: [Truth]
        var newPrimitives: [(name: String, token: Int)] = []
        var otherPrimitives: [(name: String, token: Int)] = []
    }

    struct Chain {
        var ifToken: Int
        /// The enclosing branch's truth, per platform.
        var outer: [Truth]
        /// The conjunction of the negations of the conditions seen so far.
        var notBefore: [Truth]
        var clauses: [Clause] = []
        /// The first condition of a listed kind, as (directive, condition text).
        var listed: (directive: Int, text: String)? = nil
    }

    static let newNames = NameSet(["Mutex", "Atomic", "OSAllocatedUnfairLock"])
    static let otherNames: Set<String> = [
        "NSLock", "NSRecursiveLock", "NSCondition", "NSConditionLock", "os_unfair_lock", "os_unfair_lock_s", "os_unfair_lock_t",
        "os_unfair_lock_lock", "pthread_mutex_t", "pthread_mutex_lock", "pthread_rwlock_t", "OSSpinLock", "DispatchQueue",
        "DispatchSemaphore", "ManagedAtomic", "UnsafeAtomic", "NIOLock", "NIOLockedValueBox", "objc_sync_enter",
        "LockIsolated", "ManagedCriticalState",
    ]

    public func check(_ context: RuleContext) -> [Diagnostic] {
        let s = context.structure
        guard s.identifiers.mayContainAny(["Mutex", "Atomic", "OSAllocatedUnfairLock"]) else { return [] }
        // Bail out unless the file has both a directive and one of the three primitives.
        var hasDirective = false
        var hasNew = false
        var importsSynchronization = false
        s.code.withUnsafeBufferPointer { code in
            for i in 0..<code.count {
                let t = code[i]
                if t.kind == .pound && t.flags.contains(.directive) {
                    hasDirective = true
                } else if t.kind == .identifier && t.length >= 5 && Self.newNames.contains(s, i) {
                    hasNew = true
                } else if t.kind == .keyword && t.word == .import && s.is(i + 1, "Synchronization") {
                    importsSynchronization = true
                }
            }
        }
        guard hasDirective && hasNew else { return [] }
        let others = NameSet(Self.otherNames.union(context.vocabulary.lockTypes).subtracting(["Mutex", "OSAllocatedUnfairLock"]))
        let declaredHere = Set(s.decls.filter { $0.kind.isType || $0.kind == .other }.map(\.nameText))
        let platforms = platformsConsidered(s)
        var stack: [Chain] = []
        var found: [(key: String, finding: Finding, repeats: [Int])] = []
        let everywhere = [Truth](repeating: .yes, count: Platform.allCases.count)
        var i = 0
        while i < s.count {
            let t = s.code[i]
            if t.kind == .pound && t.flags.contains(.directive) {
                if s.is(i, "#if") || s.is(i, "#elseif") {
                    let end = conditionEnd(s, i)
                    let condition = parse(s, s.span(i + 1, end))
                    if s.is(i, "#if") {
                        let outer = stack.last.flatMap { $0.clauses.last?.truth } ?? everywhere
                        stack.append(Chain(ifToken: i, outer: outer, notBefore: everywhere))
                    }
                    if !stack.isEmpty {
                        var chain = stack.removeLast()
                        let truth = Platform.allCases.enumerated().map { k, p in chain.outer[k] && chain.notBefore[k] && condition.value(on: p) }
                        chain.notBefore = Platform.allCases.enumerated().map { k, p in chain.notBefore[k] && !condition.value(on: p) }
                        chain.clauses.append(Clause(directive: i, truth: truth))
                        if condition.isListedKind && chain.listed == nil {
                            chain.listed = (i, s.text(s.span(i, end)))
                        }
                        stack.append(chain)
                    }
                    i = end
                    continue
                } else if s.is(i, "#else") {
                    if var chain = stack.popLast() {
                        let truth = Platform.allCases.indices.map { chain.outer[$0] && chain.notBefore[$0] }
                        chain.clauses.append(Clause(directive: i, truth: truth))
                        stack.append(chain)
                    }
                } else if s.is(i, "#endif") {
                    if let chain = stack.popLast(), let f = finding(chain, platforms, s) {
                        // The same choice repeated (a property and its initialization): one finding, notes at the others.
                        let key = "\(f.condition)|\(f.primary.name)|\(f.alternative.name)"
                        if let k = found.firstIndex(where: { $0.key == key }) {
                            found[k].repeats.append(f.ifToken)
                        } else {
                            found.append((key, f, []))
                        }
                    }
                }
                i += 1
                continue
            }
            if t.kind == .identifier && !stack.isEmpty && !isDeclarationName(s, i) {
                let isNew = Self.newNames.contains(s, i)
                    && (importsSynchronization || s.is(i, "OSAllocatedUnfairLock"))
                    && !declaredHere.contains(s.text(i))
                let isOther = !isNew && others.contains(s, i) && !declaredHere.contains(s.text(i))
                if isNew || isOther {
                    let name = s.text(i)
                    for k in stack.indices {
                        guard !stack[k].clauses.isEmpty else { continue }
                        let c = stack[k].clauses.count - 1
                        if isNew {
                            if !stack[k].clauses[c].newPrimitives.contains(where: { $0.name == name }) { stack[k].clauses[c].newPrimitives.append((name, i)) }
                        } else if !stack[k].clauses[c].otherPrimitives.contains(where: { $0.name == name }) {
                            stack[k].clauses[c].otherPrimitives.append((name, i))
                        }
                    }
                }
            }
            i += 1
        }
        return found.map { diagnostic($0.finding, repeats: $0.repeats, context) }
    }

    /// The token after an `#if`/`#elseif` condition: the first token on a later line outside parentheses.
    func conditionEnd(_ s: FileStructure, _ directive: Int) -> Int {
        var j = directive + 1
        while j < s.count {
            if s.code[j].flags.contains(.newlineBefore) || (s.code[j].kind == .pound && s.code[j].flags.contains(.directive)) { return j }
            let m = Int(s.match[j])
            if s.isChar(j, UInt8(ascii: "(")) && m > j { j = m + 1; continue }
            j += 1
        }
        return j
    }

    /// A name being declared (`struct Mutex`, `typealias Atomic = …`) is not a use of the primitive.
    func isDeclarationName(_ s: FileStructure, _ i: Int) -> Bool {
        guard i > 0, s.code[i - 1].kind == .keyword else { return false }
        switch s.code[i - 1].word {
        case .class, .struct, .enum, .actor, .protocol, .typealias, .func, .let, .var, .case: return true
        default: return false
        }
    }

    /// The platforms to consider: visionOS only where the file names it, as older code does not build for it.
    func platformsConsidered(_ s: FileStructure) -> [Bool] {
        var vision = false
        for i in 0..<max(0, s.count - 2) where s.is(i, "os") && s.isChar(i + 1, UInt8(ascii: "(")) && (s.is(i + 2, "visionOS") || s.is(i + 2, "xrOS")) {
            vision = true
            break
        }
        return Platform.allCases.map { $0 != .visionOS || vision }
    }

    /// Parses a compilation condition into postfix steps (shunting-yard: no recursion).
    func parse(_ s: FileStructure, _ range: Range<Int>) -> Condition {
        var steps: [Step] = []
        var ops: [Step?] = []  // nil marks an open parenthesis
        var listed = false
        func precedence(_ op: Step) -> Int {
            switch op {
            case .not: 3
            case .and: 2
            case .or: 1
            case .atom: 0
            }
        }
        func push(_ op: Step) {
            // `!` is prefix and right-associative: it never pops another `!`.
            while let top = ops.last, let t = top, !op.isNot, precedence(t) >= precedence(op) {
                steps.append(t)
                ops.removeLast()
            }
            ops.append(op)
        }
        var j = range.lowerBound
        while j < range.upperBound {
            let t = s.code[j]
            if t.kind == .identifier && s.isChar(j + 1, UInt8(ascii: "(")) {
                let close = Int(s.match[j + 1])
                let arg = close > j + 2 ? s.text(j + 2) : ""
                let name = s.text(j)
                switch name {
                case "os":
                    steps.append(.atom(.os(arg)))
                    listed = true
                case "targetEnvironment":
                    steps.append(.atom(.target(arg)))
                    if arg == "macCatalyst" { listed = true }
                case "canImport":
                    steps.append(.atom(.canImport(arg)))
                case "_runtime":
                    steps.append(.atom(arg == "_ObjC" ? .constant(.yes) : .constant(.maybe)))
                case "swift", "compiler":
                    steps.append(.atom(.constant(.maybe)))
                    listed = true
                default:
                    steps.append(.atom(.constant(.maybe)))
                }
                j = close > j ? close + 1 : j + 2
                continue
            }
            if t.kind == .operator {
                if s.isChar(j, UInt8(ascii: "!")) {
                    push(.not)
                } else if s.is(j, "&&") {
                    push(.and)
                } else if s.is(j, "||") {
                    push(.or)
                }
            } else if s.isChar(j, UInt8(ascii: "(")) {
                ops.append(nil)
            } else if s.isChar(j, UInt8(ascii: ")")) {
                while let top = ops.popLast() {
                    guard let op = top else { break }
                    steps.append(op)
                }
            } else if s.isKeyword(j, .true) {
                steps.append(.atom(.constant(.yes)))
            } else if s.isKeyword(j, .false) {
                steps.append(.atom(.constant(.no)))
            } else if t.isWord {
                steps.append(.atom(.constant(.maybe)))  // a custom flag (DEBUG, …)
            }
            j += 1
        }
        while let top = ops.popLast() {
            if let op = top { steps.append(op) }
        }
        return Condition(steps: steps, isListedKind: listed)
    }

    // MARK: Reporting

    struct Finding {
        var ifToken: Int
        var condition: String
        var primary: (name: String, token: Int)
        var alternative: (name: String, token: Int)
    }

    /// The choice a chain makes between a newer primitive and another one, where both branches can
    /// build for an Apple OS. Mutex and Atomic are preferred as the newer side.
    func finding(_ chain: Chain, _ platforms: [Bool], _ s: FileStructure) -> Finding? {
        guard let listed = chain.listed, chain.clauses.count > 1 else { return nil }
        func buildsForApple(_ c: Clause) -> Bool {
            c.truth.indices.contains { platforms[$0] && c.truth[$0] != .no }
        }
        var best: Finding? = nil
        for (a, ca) in chain.clauses.enumerated() where !ca.newPrimitives.isEmpty && buildsForApple(ca) {
            for (b, cb) in chain.clauses.enumerated() where b != a && buildsForApple(cb) {
                let newHere = Set(ca.newPrimitives.map(\.name))
                guard let alt = (cb.otherPrimitives + cb.newPrimitives).filter({ !newHere.contains($0.name) }).min(by: { $0.token < $1.token }) else { continue }
                let primary = ca.newPrimitives.first { $0.name != "OSAllocatedUnfairLock" } ?? ca.newPrimitives[0]
                let f = Finding(ifToken: chain.ifToken, condition: listed.text, primary: primary, alternative: alt)
                if best == nil || (best!.primary.name == "OSAllocatedUnfairLock" && primary.name != "OSAllocatedUnfairLock") { best = f }
            }
        }
        return best
    }

    func diagnostic(_ f: Finding, repeats: [Int], _ context: RuleContext) -> Diagnostic {
        let reason: String
        if f.condition.contains("swift(") || f.condition.contains("compiler(") {
            reason = "the toolchain version says nothing about the OS version the app runs on"
        } else if f.condition.contains("macCatalyst") {
            reason = "Catalyst is a build variant, not an OS version"
        } else {
            reason = "os(…) names the platform, not the OS version the app runs on"
        }
        var notes = [
            context.note(at: f.primary.token, "\(f.primary.name) is used in this branch"),
            context.note(at: f.alternative.token, "\(f.alternative.name) is used in this branch instead"),
        ]
        notes.sort { $0.location < $1.location }
        for r in repeats { notes.append(context.note(at: r, "the same choice is made here again")) }
        let availability = f.primary.name == "OSAllocatedUnfairLock" ? "iOS 16, macOS 13, tvOS 16, watchOS 9" : "iOS 18, macOS 15, tvOS 18, watchOS 11"
        return context.diagnostic(
            description, at: f.ifToken,
            message: "'\(f.condition)' chooses between \(f.primary.name) and \(f.alternative.name) at compile time: \(reason)",
            notes: notes,
            fixIt: FixIt("decide at run time: `if #available(\(availability), *)` use the \(f.primary.name)-backed implementation, else the \(f.alternative.name)-backed one, behind one protocol or wrapper"))
    }
}

extension CompileTimeAvailabilityRule.Step {
    var isAnd: Bool { if case .and = self { true } else { false } }
    var isNot: Bool { if case .not = self { true } else { false } }
}
