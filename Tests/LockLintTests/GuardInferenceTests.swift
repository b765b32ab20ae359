import XCTest
@testable import LockLintCore
import LockLintRules

/// The engine's guard inference on its own: what counts as a write, which guards hold at a
/// token, what a member inherits from its callers, and what the whole-run inference concludes.
final class GuardInferenceTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    // MARK: Writes

    func testWritesAreAssignmentsAndInPlaceMutationsOnly() {
        let s = structure("""
            func run() {
                a = 1
                b += 2
                c[k] = 3
                d.x.y = 4
                e.append(5)
                f?.removeAll()
                g?.appendingPathComponent("x")
                h.count
                i == j
                swap(&l, &m)
                c_read(&n)
            }
            """)
        let writes = ["a", "b", "c", "d", "e", "f", "l"]
        let reads = ["g", "h", "i", "n"]
        for w in writes { XCTAssertTrue(StateAccess.mayWrite(s, token(s, w)), "\(w) is written") }
        for r in reads { XCTAssertFalse(StateAccess.mayWrite(s, token(s, r)), "\(r) is only read") }
        // A member of a class instance held in the var: the instance changes, not the var.
        XCTAssertFalse(StateAccess.mayWrite(s, token(s, "d"), reference: true))
        XCTAssertFalse(StateAccess.mayWrite(s, token(s, "e"), reference: true))
    }

    func testMemberAndCallKeysCarryArgumentLabels() {
        let s = structure("""
            final class C {
                func insert(_ k: String, onQueue: Bool) {}
                func insert(_ k: String) {}
                var total: Int { get { 0 } set {} }
                func use() { insert(k, onQueue: true); insert(k); run { } }
            }
            """)
        let funcs = s.decls.indices.filter { s.decls[$0].kind == .function || s.decls[$0].kind == .accessor }
        XCTAssertEqual(funcs.map { StateAccess.memberKey(s, $0) }, ["insert(_:onQueue:)", "insert(_:)", "total.get", "total.set", "use()"])
        XCTAssertEqual(StateAccess.callKey(s, token(s, "insert", 2)), "insert(_:onQueue:)")
        XCTAssertEqual(StateAccess.callKey(s, token(s, "insert", 3)), "insert(_:)")
        XCTAssertEqual(StateAccess.callKey(s, token(s, "run")), "run(_:)")
    }

    // MARK: Guards held at a token

    func held(_ code: String, at word: String, _ n: Int = 0, write: Bool = false, stored: Set<String> = []) -> [String] {
        let s = structure(code)
        let resolution = GuardRegions.Resolution(executor: { receiver, _ in
            receiver == "DispatchQueue.main" ? .guarded(.mainActor) : receiver == "rw" ? .guarded(.readerWriter) : .guarded(.serialQueue)
        }, closureMethod: { _, method, _ in method == "perform" ? true : nil }, isStoredMember: { receiver, _ in stored.contains(receiver) })
        var regions = GuardRegions(s, vocabulary: .default, extraScopedMethods: [], selfWrappers: [:], resolution: resolution)
        let h = regions.held(at: token(s, word, n), write: write)
        return h.guards.map(\.name) + (h.possible ? ["?"] : [])
    }

    func testLockFormsHoldAlongControlFlow() {
        XCTAssertEqual(held("func f() { lock.lock(); x = 1; lock.unlock(); y = 2 }", at: "x"), ["lock"])
        XCTAssertEqual(held("func f() { lock.lock(); x = 1; lock.unlock(); y = 2 }", at: "y"), [])
        // `defer` written before the acquire releases at the end of the block.
        XCTAssertEqual(held("func f() { defer { lock.unlock() }; lock.lock(); x = 1 }", at: "x"), ["lock"])
        // Taken on one path only: not held after the `if`.
        XCTAssertEqual(held("func f() { if c { lock.lock() }; x = 1; lock.unlock() }", at: "x"), [])
        XCTAssertEqual(held("func f() { lock.withLock { x = 1 } }", at: "x"), ["lock"])
        // A closure that runs later does not hold the lock around it.
        XCTAssertEqual(held("func f() { lock.withLock { Task { x = 1 } } }", at: "x"), [])
        // A semaphore waited on and signalled in one body is a mutex.
        XCTAssertEqual(held("func f() { sem.wait(); x = 1; sem.signal() }", at: "x"), ["sem"])
        XCTAssertEqual(held("func f() { start { sem.signal() }; sem.wait(); x = 1 }", at: "x"), [])
    }

    func testExecutorsAndPossibleGuards() {
        XCTAssertEqual(held("func f() { queue.async { x = 1 } }", at: "x"), ["queue"])
        XCTAssertEqual(held("func f() { DispatchQueue.main.async { x = 1 } }", at: "x"), ["<main>"])
        XCTAssertEqual(held("@MainActor func f() { x = 1 }", at: "x"), ["<main>"])
        XCTAssertEqual(held("func f() { Task { @MainActor in x = 1 } }", at: "x"), ["<main>"])
        XCTAssertEqual(held("func f() { dispatchPrecondition(condition: .onQueue(work)); x = 1 }", at: "x"), ["work"])
        XCTAssertEqual(held("func f() { guard Thread.isMainThread else { return }; x = 1 }", at: "x"), ["<main>"])
        XCTAssertEqual(held("func f() { if loop.inEventLoop { x = 1 } }", at: "x"), ["loop"])
        // A reader-writer queue: a plain block reads, only a barrier block writes.
        XCTAssertEqual(held("func f() { rw.sync { x = 1 } }", at: "x", write: true), [])
        XCTAssertEqual(held("func f() { rw.sync { x } }", at: "x"), ["rw"])
        XCTAssertEqual(held("func f() { rw.async(flags: .barrier) { x = 1 } }", at: "x", write: true), ["rw"])
        // The run's own wrapper; a closure method the tool cannot resolve is a possible guard.
        XCTAssertEqual(held("func f() { box.perform { x = 1 } }", at: "x"), ["box"])
        XCTAssertEqual(held("func f() { box.access { x = 1 } }", at: "x"), ["?"])
    }

    func testAStoredObjectsLaterClosureMayRunOnItsExecutor() {
        // Kept to run later by a stored object's own method: possibly on that object's executor.
        XCTAssertEqual(held("func f() { context.enqueue { [weak self] in x = 1 } }", at: "x", stored: ["context"]), ["?"])
        // Another instance's stored object.
        XCTAssertEqual(held("func f() { other.context.enqueue { [weak self] in x = 1 } }", at: "x", stored: ["context"]), ["?"])
        // A local's, a new task's, or a longer chain's: nothing is held.
        XCTAssertEqual(held("func f() { context.enqueue { [weak self] in x = 1 } }", at: "x"), [])
        XCTAssertEqual(held("func f() { context.Task { x = 1 } }", at: "x", stored: ["context"]), [])
        XCTAssertEqual(held("func f() { a.b.context.enqueue { [weak self] in x = 1 } }", at: "x", stored: ["context"]), [])
        // The file's own method that runs its closure parameter in such a block passes it on.
        let wrapper = "func run(_ body: @escaping () -> Void) { context.enqueue { [weak self] in body() } }\nfunc g() { run { x = 1 } }"
        XCTAssertEqual(held(wrapper, at: "x", stored: ["context"]), ["?"])
        XCTAssertEqual(held(wrapper, at: "x"), [])
    }

    func testAWriteDecidedByAReadIsToldToMoveBothOntoTheQueue() async {
        let code = """
            final class Client {
                private let queue = DispatchQueue(label: "client")
                private var status = 0
                func didOpen() { queue.async { self.status = 1 } }
                func didClose() { queue.async { self.status = 0 } }
                func connect() {
                    guard status == 0 else { return }
                    status = 2
                }
                func reset() { status = 0 }
            }
            """
        let ds = await Support.lint([("Sources/M/Client.swift", code)], rules: [InconsistentLockingRule()])
        let byLine = Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        // The write in connect() follows its check: the check is made again where it writes.
        XCTAssertTrue(byLine[8]?.hasSuffix("'connect()' also decides on 'status' by reading it before writing it: re-check the condition in the block on queue that writes, so a second call cannot pass the same check first") ?? false, "\(byLine)")
        // A write with no read before it: the write alone.
        XCTAssertTrue(byLine[10]?.hasPrefix("run this access on queue like the others: make the write inside queue.async") ?? false, "\(byLine)")

        // Under a lock: both halves say to re-check where it writes, never to hold the lock
        // across whatever runs between the two.
        let pool = """
            final class Pool {
                private let lock = NSLock()
                private var items: [Int] = []
                func add(_ i: Int) { lock.withLock { items.append(i) } }
                func take() -> Int? {
                    if items.isEmpty { return nil }
                    return items.removeLast()
                }
                func drop() { items = [] }
            }
            """
        let ps = await Support.lint([("Sources/M/Pool.swift", pool)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(ps.map(\.location.line), [6, 7, 9])
        for d in ps.prefix(2) {
            XCTAssertTrue(d.fixIt.message.hasPrefix("wrap this access in lock.withLock"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("'take()' also decides on 'items' by reading it before writing it: re-check the condition"), d.fixIt.message)
        }
        XCTAssertFalse(ps[2].fixIt.message.contains("re-check"), ps[2].fixIt.message)
    }

    func testAVarNeverUnderTheClassQueueIsNotToldToMoveOneAccessThere() async {
        let code = """
            final class Feed: @unchecked Sendable {
                private let queue = DispatchQueue(label: "feed")
                private var items: [Int] = []
                private var cursor = 0
                func load() { queue.async { self.items = [1] } }
                func next() { cursor += 1 }
            }
            """
        let ds = await Support.lint([("Sources/M/Feed.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [6])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(fix.hasPrefix("no access to 'cursor' runs on queue 'queue'"), fix)
        XCTAssertFalse(fix.contains("like the others"), fix)
    }

    // MARK: The whole-run inference

    func findings(_ files: [(String, String)]) async -> [String] {
        let ds = await Support.lint(files, rules: [InconsistentLockingRule(), UncheckedSendableUnguardedRule()])
        return ds.map { "\($0.path.split(separator: "/").last!):\($0.location.line) \($0.ruleID)" }
    }

    // MARK: Locks known by what the code does

    func testALockWrapperIsKnownByWhatItsMethodsDoWhateverItsLocksType() {
        let s = structure("""
            import Foundation
            final class Turnstile {
                private typealias Inner = NSLocking & Sendable
                private let inner: Inner
                init() { inner = NSLock() }
                func pass<T>(_ work: () throws -> T) rethrows -> T { inner.lock(); defer { inner.unlock() }; return try work() }
            }
            final class Cache {
                private var inner: [Int] = []
                func each(_ work: (Int) -> Void) { inner.forEach { work($0) } }
                func later(_ work: () -> Void) { lockAll(); unlockAll(); work() }
            }
            """)
        let wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: .default)
        let turnstile = s.decls.indices.first { s.decls[$0].kind == .class && s.decls[$0].nameText == "Turnstile" }!
        let cache = s.decls.indices.first { s.decls[$0].kind == .class && s.decls[$0].nameText == "Cache" }!
        XCTAssertEqual(LockWrappers.scopedMethods(of: turnstile, in: s, vocabulary: .default, wrappers: wrappers), ["pass"])
        // A closure run by `forEach` or after the state is handed back is under no lock.
        XCTAssertNil(LockWrappers.scopedMethods(of: cache, in: s, vocabulary: .default, wrappers: wrappers))
    }

    func testAReaderWriterWrapperKnowsItsReaderMethods() {
        let s = structure("""
            import Dispatch
            final class SharedAccess {
                private let queue = DispatchQueue(label: "a", attributes: .concurrent)
                func reading(_ body: () -> Void) { queue.sync { body() } }
                func writing(_ body: () -> Void) { queue.sync(flags: .barrier) { body() } }
            }
            final class OneAtATime {
                private let queue = DispatchQueue(label: "b")
                func run(_ body: () -> Void) { queue.sync { body() } }
            }
            """)
        let wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: .default)
        let rw = s.decls.indices.first { s.decls[$0].kind == .class && s.decls[$0].nameText == "SharedAccess" }!
        let serial = s.decls.indices.first { s.decls[$0].kind == .class && s.decls[$0].nameText == "OneAtATime" }!
        let methods = LockWrappers.scopedMethods(of: rw, in: s, vocabulary: .default, wrappers: wrappers)
        XCTAssertEqual(methods, ["reading", "writing"])
        XCTAssertEqual(LockWrappers.readerMethods(of: rw, in: s, among: methods ?? []), ["reading"])
        // A serial queue's block excludes every other: no reader methods.
        XCTAssertEqual(LockWrappers.readerMethods(of: serial, in: s, among: ["run"]), [])
    }

    func testAClosureHandedOnToAWrapperRunsUnderItsLockAndOneKeptDoesNot() {
        let s = structure("""
            import Foundation
            final class Tally {
                private let lock = NSLock()
                func locked<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
                func relayed<T>(_ body: () -> T) -> T { locked(body) }
                func handedAway<T>(_ body: () -> T) -> T { lock.lock(); _ = body(); lock.unlock(); return Self.run(body) }
                func calledAfter(_ body: () -> Void) { lock.lock(); lock.unlock(); body() }
                private var kept: (() -> Int)?
                func keeps(_ body: (() -> Int)?) { lock.lock(); defer { lock.unlock() }; kept = body; _ = body?() }
                static func run<T>(_ f: () -> T) -> T { f() }
            }
            """)
        let wrappers = GuardLogExtractor.ownWrappers(s, vocabulary: .default)
        XCTAssertEqual(wrappers["locked"], "lock")
        XCTAssertEqual(wrappers["relayed"], "lock")
        // Handed to code that may run it outside the lock, called after the release, or kept.
        XCTAssertNil(wrappers["handedAway"])
        XCTAssertNil(wrappers["calledAfter"])
        XCTAssertNil(wrappers["keeps"])
    }

    func testAWrapperBuiltOnAWrapperIsFollowedThroughTheRun() {
        let a = """
            final class Turnstile {
                private let inner: any NSLocking = NSLock()
                func pass<T>(_ work: () -> T) -> T { inner.lock(); defer { inner.unlock() }; return work() }
            }
            """
        let b = """
            final class Slot<V> {
                private let gate = Turnstile()
                private let other: Outside
                private let plain = Plain()
                private var held: V
                func change<R>(_ body: (inout V) -> R) -> R { gate.pass { body(&held) } }
                func maybe(_ body: () -> Void) { other.perform { body() } }
                func never(_ body: () -> Void) { plain.run { body() } }
            }
            final class Plain { func run(_ body: () -> Void) { body() } }
            """
        var index = ProjectIndex()
        for (path, code) in [("Sources/M/A.swift", a), ("Sources/M/B.swift", b)] {
            index.merge(ProjectIndex.facts(of: FileStructure(file: SourceFile(path: path, text: code)), vocabulary: .default))
        }
        index.finish()
        let module = ProjectIndex.moduleKey(forPath: "Sources/M/A.swift")
        // Through a wrapper of the run: a lock; through a type the tool cannot see: maybe one
        // (`maybe?`); through a type of the run that runs the closure under nothing: not one.
        XCTAssertEqual(RuleContext.lockWrapperMethods("Slot", module: module, index: index), ["change", "maybe?"])
        XCTAssertNil(RuleContext.lockWrapperMethods("Plain", module: module, index: index))
    }

    func testAMemberHoldsWhatEveryCallHoldsAcrossFiles() async {
        let a = """
            final class Store {
                let lock = NSLock()
                var items: [Int] = []
                func add(_ i: Int) { lock.withLock { appendItem(i) } }
                func read() -> [Int] { lock.withLock { items } }
            }
            """
        let b = """
            extension Store {
                func appendItem(_ i: Int) { deeper(i) }
                private func deeper(_ i: Int) { items.append(i) }
            }
            """
        let quiet = await findings([("Sources/M/A.swift", a), ("Sources/M/B.swift", b)])
        XCTAssertEqual(quiet, [])
        // One more call without the lock: the access is reported, in the other file.
        let c = "extension Store { func addZero() { appendItem(0) } }"
        let loud = await findings([("Sources/M/A.swift", a), ("Sources/M/B.swift", b), ("Sources/M/C.swift", c)])
        XCTAssertEqual(loud, ["B.swift:3 inconsistent_locking"])
    }

    func testAnOverrideHoldsWhatTheSuperclassCallsItWith() async {
        let base = """
            protocol Ticks { func every(_ s: Double, queue: DispatchQueue, _ f: @escaping () -> Void) }
            class Job {
                let q: DispatchQueue
                let ticks: Ticks
                private var armed = false
                init(q: DispatchQueue, ticks: Ticks) { self.q = q; self.ticks = ticks }
                func work() {}
                func arm() { q.async { self.armed = true; self.ticks.every(5, queue: self.q) { [weak self] in self?.work() } } }
            }
            """
        let sub = """
            final class Fetch: Job {
                private var last: String?
                func set(_ s: String) { q.async { self.last = s } }
                override func work() { print(last ?? "") }
            }
            """
        let quiet = await findings([("Sources/M/A.swift", base), ("Sources/M/B.swift", sub)])
        XCTAssertEqual(quiet, [])
        // The superclass also runs it from a public method, off the queue: the read is reported.
        let offQueue = base.replacingOccurrences(of: "func work() {}", with: "func work() {}\n    public func kick() { work() }")
        let loud = await findings([("Sources/M/A.swift", offQueue), ("Sources/M/B.swift", sub)])
        XCTAssertEqual(loud, ["B.swift:4 inconsistent_locking"])
    }

    func testCountsSayWhichAccessesWereLeftOut() async {
        // Shape 1: a write in init and one in a helper only deinit calls are not counted, and the
        // note says so.
        let built = """
            final class Roster {
                private let gate = NSLock()
                private var names: [String] = []
                init(first: String) { names = [first] }
                deinit { wipe() }
                private func wipe() { gate.lock(); defer { gate.unlock() }; names = [] }
                func add(_ n: String) { gate.lock(); defer { gate.unlock() }; names.append(n) }
                func drop() { gate.lock(); defer { gate.unlock() }; names.removeAll() }
                var size: Int { names.count }
            }
            """
        let a = await Support.lint([("Sources/M/Roster.swift", built)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(a.map(\.location.line), [9], "\(a.map(\.message))")
        XCTAssertEqual(a.first?.notes.first?.message,
                       "The other 2 accesses to 'names' hold 'gate' (not counting 2 made in init, deinit or a test's set-up/tear-down), e.g. here")
        // Shape 2: a public var of a library whose initializer sets it: the count of its own
        // accesses says one was left out. (A method of its own named tearDown() is not
        // construction: code can call it at any time.)
        let helper = """
            import Foundation
            open class Bench {
                let guardLock = NSLock()
                public private(set) var traces: [String] = []
                open func record(_ t: String) { guardLock.withLock { traces.append(t) } }
                public init(first: String) { traces = [first] }
                public func trace(_ i: Int) -> String { guardLock.withLock { traces[i] } }
            }
            """
        let input = LintInput(path: "Sources/M/Bench.swift", bytes: Array(helper.utf8), context: FileContext(module: "/pkg/Sources/M"))
        let b = await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        XCTAssertEqual(b.first?.message,
                       "'traces' of class 'Bench' is public, so code outside the module can read it without 'guardLock', which the class holds at both of its own accesses (not counting 1 made in init)")
        // Shape 3 (near miss): nothing left out, nothing added.
        let plain = built.replacingOccurrences(of: "    init(first: String) { names = [first] }\n", with: "")
            .replacingOccurrences(of: "    deinit { wipe() }\n", with: "")
            .replacingOccurrences(of: "private func wipe()", with: "func wipe()")
        let c = await Support.lint([("Sources/M/Roster.swift", plain)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(c.first?.notes.first?.message, "The other 3 accesses to 'names' hold 'gate', e.g. here", "\(c.map(\.message))")
    }

    func testASetterNothingCanCallWritesNothing() async {
        let code = """
            import Foundation
            public final class Crate {
                private let lock = NSLock()
                private var n = 0
                public func add() { lock.withLock { n += 1 } }
            }
            public final class Dock {
                private let crateLock = NSLock()
                var _crate = Crate()
                var crate: Crate {
                    get { crateLock.withLock { _crate } }
                    set { crateLock.withLock { _crate = newValue } }
                }
                public func load() { _crate.add() }
            }
            """
        func lint(_ code: String) async -> [Int] {
            let input = LintInput(path: "Sources/M/Dock.swift", bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M"))
            return await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics.map(\.location.line)
        }
        // Internal setter, no call of it in the run: the var keeps what init gave it.
        let quiet = await lint(code)
        XCTAssertEqual(quiet, [])
        // A public setter of a library: its users can call it, and the read races with them.
        let lib = await lint(code.replacingOccurrences(of: "    var crate: Crate {", with: "    public var crate: Crate {"))
        XCTAssertEqual(lib, [14])
        // The class's own code calls the setter.
        let own = await lint(code.replacingOccurrences(of: "public func load() { _crate.add() }", with: "public func load() { _crate.add() }\n    func renew() { crate = Crate() }"))
        XCTAssertEqual(own, [14])
    }

    func testAPublicVarOfALibraryIsReportedAtItsDeclaration() async {
        let code = """
            import Foundation
            public final class Metrics {
                private let lock = NSLock()
                public var unit = "ms"
                public private(set) var total = 0.0
                public func record(_ x: Double) { lock.withLock { total += x; unit = unit.lowercased() } }
            }
            """
        func lint(module: String?) async -> [Diagnostic] {
            let input = LintInput(path: "Sources/M/Metrics.swift", bytes: Array(code.utf8), context: FileContext(module: module))
            return await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        }
        let library = await lint(module: "/pkg/Sources/M")
        XCTAssertEqual(library.map(\.location.line), [4, 5])
        XCTAssertEqual(library.first?.message,
                       "'unit' of class 'Metrics' is public, so code outside the module can read and write it without 'lock', which the class holds at both of its own accesses")
        XCTAssertTrue(library.last?.message.contains("can read it without") ?? false, library.last?.message ?? "")
        // In an app (no package target), nothing outside the run reaches it.
        let app = await lint(module: nil)
        XCTAssertEqual(app.map(\.location.line), [])
    }

    /// A public setting of a library class that no code of the run writes: every access the
    /// class makes is a read, and a guard some of those reads hold (a public queue, a public
    /// lock) is not the setting's; the one the class also clears on its queue is reported.
    /// The fixture is a package target (`TestFixtures/unchecked_sendable_unguarded/
    /// settings_only_clients_write`), linted here as its module, in three shapes.
    func testAPublicSettingOnlyClientsWriteIsNotGuardedByWhatItsReadsHold() async throws {
        let dir = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/settings_only_clients_write/Sources/Session")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".swift") }.sorted()
        XCTAssertEqual(names.count, 3)
        var inputs: [LintInput] = []
        var expected: [String] = []
        for n in names {
            let code = try String(contentsOf: dir.appendingPathComponent(n), encoding: .utf8)
            inputs.append(LintInput(path: "Sources/Session/" + n, bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/Session")))
            for (k, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where line.contains("// expect: unchecked_sendable_unguarded") {
                expected.append("\(n):\(k + 1)")
            }
        }
        let ds = await Linter.lint(inputs, settings: LintSettings(rules: [UncheckedSendableUnguardedRule()], jobs: 1)).diagnostics
        XCTAssertEqual(expected, ["SessionManager.swift:40"])
        XCTAssertEqual(ds.map { "\(($0.path as NSString).lastPathComponent):\($0.location.line)" }.sorted(), expected, ds.map(\.message).joined(separator: "\n"))
    }

    /// A `public` member of a type that is not public itself (no access word: internal) is
    /// internal: no other module reads it, so it is judged by the module's own accesses, never
    /// told that outside code reads it (the accessor that advice leads to re-takes the lock
    /// callers already hold). Three shapes: an internal class, a public class nested in an
    /// internal one, and a public class whose var is public too (reported).
    func testAPublicMemberOfAnInternalTypeIsNotVisibleOutsideTheModule() async {
        let code = """
            import Foundation
            final class Aggregator {
                private let lock = NSLock()
                public var points: [Double] = []
                func add(_ x: Double) { lock.withLock { points.append(x) } }
                func drain() -> [Double] { lock.withLock { let p = points; points = []; return p } }
            }
            enum Metrics {
                public final class Counter {
                    private let lock = NSLock()
                    public var value = 0
                    func bump() { lock.withLock { value += 1 } }
                    func reset() { lock.withLock { value = 0 } }
                }
            }
            public final class Gauge {
                private let lock = NSLock()
                public var level = 0.0
                public func set(_ x: Double) { lock.withLock { level = x } }
                public func raise() { lock.withLock { level += 1 } }
            }
            """
        let input = LintInput(path: "Sources/M/Metrics.swift", bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M"))
        let ds = await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        XCTAssertEqual(ds.map(\.location.line), [18], "\(ds.map(\.message))")
        XCTAssertTrue(ds.first?.message.hasPrefix("'level' of class 'Gauge' is public, so code outside the module can read and write it") ?? false,
                      ds.first?.message ?? "")
    }

    /// An access in a helper that some callers reach on the queue and others from a completion
    /// handler off it is held there on some paths only: the message counts it apart, and never
    /// says the class holds the queue at every access.
    func testAPublicVarHeldOnSomePathsIsCountedApart() async {
        let code = """
            import Foundation
            public final class Link {
                private let queue = DispatchQueue(label: "link")
                public var onChange: (() -> Void)?
                private var state = 0
                public func start() { queue.async { self.state = 1; self.onChange?() } }
                public func stop() { queue.async { self.state = 0; self.fail() } }
                public func check(_ api: API) { api.load { [weak self] in self?.fail() } }
                private func fail() { state = 2; onChange?() }
            }
            public protocol API { func load(_ done: @escaping () -> Void) }
            """
        let input = LintInput(path: "Sources/M/Link.swift", bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M"))
        let ds = await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        let onChange = ds.first { $0.location.line == 4 }
        XCTAssertEqual(onChange?.message,
                       "'onChange' of class 'Link' is public, so code outside the module can read and write it without queue 'queue', which the class holds at 1 of its 2 own accesses, and on some paths to 1 more",
                       "\(ds.map(\.message))")
    }

    /// A queue handed to the class that it only delivers work to is not the guard of the public
    /// callbacks read there; a queue it makes, or also uses with sync, still is. The fixtures of
    /// `delivery_queue_*` linted in a package target: the lines marked "in a package" fire.
    func testADeliveryQueueIsNoGuardOfPublicCallbacks() async throws {
        let dir = Support.packageRoot.appendingPathComponent("TestFixtures/inconsistent_locking")
        var inputs: [LintInput] = []
        var expected: [String] = []
        for name in ["delivery_queue_handed_in.swift", "delivery_queue_from_base/Listener.swift", "delivery_queue_from_base/Subscriber.swift"] {
            let code = try String(contentsOf: dir.appendingPathComponent(name), encoding: .utf8)
            let file = "Sources/M/" + name.split(separator: "/").last!
            inputs.append(LintInput(path: file, bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M")))
            for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where line.contains("// in a package: inconsistent_locking") || line.contains("// expect: inconsistent_locking") {
                expected.append("\(file.split(separator: "/").last!):\(n + 1)")
            }
        }
        let found = await Linter.lint(inputs, settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
            .map { "\($0.path.split(separator: "/").last!):\($0.location.line)" }
        XCTAssertEqual(found.sorted(), expected.sorted())
        XCTAssertEqual(expected.count, 4)
    }

    /// A public setting that the class itself never writes and reads once, inside a block that
    /// is there for other state: one read does not make that lock or queue the setting's guard.
    /// Two reads under it (and none outside) do.
    func testOnePublicReadUnderAGuardIsNoGuard() async {
        func lint(_ files: [(String, String)]) async -> [String] {
            let inputs = files.map { LintInput(path: $0.0, bytes: Array($0.1.utf8), context: FileContext(module: "/pkg/Sources/M")) }
            return await Linter.lint(inputs, settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
                .map { "\($0.path.split(separator: "/").last!):\($0.location.line)" }
        }
        // A queue: the setting is read once while connecting.
        let queue = """
            import Foundation
            public final class Socket {
                private let work = DispatchQueue(label: "socket")
                private var frames: [String] = []
                public var secure = false
                public func connect() { work.sync { frames.append(secure ? "wss" : "ws") } }
                public func send(_ s: String) { work.async { self.frames.append(s) } }
            }
            """
        let quietQueue = await lint([("Sources/M/Socket.swift", queue)])
        XCTAssertEqual(quietQueue, [])
        // A lock, the read in an extension in another file.
        let lock = """
            import Foundation
            public final class Meter {
                let lock = NSLock()
                var samples: [Double] = []
                public var unit = "ms"
                public func add(_ x: Double) { lock.withLock { samples.append(x) } }
            }
            """
        let ext = """
            extension Meter {
                public func summary() -> String { lock.withLock { "\\(samples.count) \\(unit)" } }
            }
            """
        let quietLock = await lint([("Sources/M/Meter.swift", lock), ("Sources/M/Meter+Summary.swift", ext)])
        XCTAssertEqual(quietLock, [])
        // Two reads under the lock: the class shows the lock is the setting's guard too.
        let ext2 = ext + """

            extension Meter {
                public func label() -> String { lock.withLock { unit.uppercased() } }
            }
            """
        let loud = await lint([("Sources/M/Meter.swift", lock), ("Sources/M/Meter+Summary.swift", ext2)])
        XCTAssertEqual(loud, ["Meter.swift:5"])
    }

    /// A public test double (shared by test targets) is test code: its public state is reported
    /// only when test code touches the double from concurrent code, and the message says what
    /// outside code can do, not that it does (nothing outside was seen).
    func testAPublicTestDoubleFollowsTheTestNarrowing() async {
        let double = """
            import Foundation
            public class ProbeDouble {
                private let lock = NSLock()
                public var hits = 0
                public init() {}
                public func hit() { lock.lock(); hits += 1; lock.unlock() }
                public func reset() { hits = 0 }
            }
            """
        func lint(_ test: String) async -> [Diagnostic] {
            let inputs = [
                LintInput(path: "/pkg/Tests/Support/Mocks/ProbeDouble.swift", bytes: Array(double.utf8),
                          context: FileContext(isTestLocation: true, module: "/pkg/Tests/Support")),
                LintInput(path: "/pkg/Tests/Support/ProbeTests.swift", bytes: Array(test.utf8),
                          context: FileContext(isTestLocation: true, module: "/pkg/Tests/Support")),
            ]
            return await Linter.lint(inputs, settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        }
        let stepByStep = await lint("""
            import XCTest
            final class ProbeTests: XCTestCase {
                func testHit() { let p = ProbeDouble(); p.hit(); p.reset(); XCTAssertEqual(p.hits, 0) }
            }
            """)
        XCTAssertEqual(stepByStep.map(\.message), [])
        let concurrent = await lint("""
            import XCTest
            final class ProbeTests: XCTestCase {
                func testHit() { let p = ProbeDouble(); DispatchQueue.concurrentPerform(iterations: 2) { _ in p.hit(); p.reset() } }
            }
            """)
        XCTAssertEqual(concurrent.first?.message,
                       "'hits' of class 'ProbeDouble' is public, so code outside the module can read and write it without 'lock', which the class holds at 1 of its 2 own accesses")
    }

    /// A public var of a library guarded by an executor: code outside the module may already
    /// run on that executor, so the fix-it never offers an accessor that hops onto it with sync
    /// (it would deadlock there); a lock-guarded one keeps the accessor advice.
    func testAPublicVarGuardedByAQueueGetsNoSyncAccessor() async {
        func lint(_ code: String) async -> [Diagnostic] {
            let input = LintInput(path: "Sources/M/Box.swift", bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M"))
            return await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        }
        let shapes = [
            // A serial queue, the var written in its blocks.
            """
            import Foundation
            public final class Session {
                let work = DispatchQueue(label: "work")
                public var token: String?
                public func refresh() { work.async { self.token = UUID().uuidString } }
                public func use() { work.async { print(self.token ?? "") } }
            }
            """,
            // A reader-writer queue: barrier writes, plain reads.
            """
            import Foundation
            open class Registry {
                private let rw = DispatchQueue(label: "rw", attributes: .concurrent)
                open var names: [String] = []
                open func add(_ n: String) { rw.async(flags: .barrier) { self.names.append(n) } }
                open func all() -> [String] { rw.sync { names } }
            }
            """,
            // A queue declared at file level, used through a helper of the class.
            """
            import Foundation
            private let lane = DispatchQueue(label: "lane")
            public final class Tracker {
                public var lastEvent = ""
                private func store(_ e: String) { lastEvent = e }
                public func track(_ e: String) { lane.async { self.store(e) } }
                public func replay() { lane.async { print(self.lastEvent) } }
            }
            """,
        ]
        for code in shapes {
            let ds = await lint(code)
            let publicVar = ds.first { $0.message.contains("is public") }
            XCTAssertNotNil(publicVar, code)
            let fix = publicVar?.fixIt.message ?? ""
            XCTAssertTrue(fix.contains("one short lock"), fix)
            XCTAssertTrue(fix.contains("do not give it an accessor"), fix)
            XCTAssertFalse(fix.contains("accessor that runs on queue"), fix)
        }
        // A lock: an accessor that takes it, around the access alone, is safe from any thread.
        let locked = await lint("""
            import Foundation
            public final class Gauge {
                private let lock = NSLock()
                public var level = 0
                public func raise() { lock.lock(); level += 1; lock.unlock() }
            }
            """)
        XCTAssertTrue(locked.first?.fixIt.message.contains("a public computed property whose getter and setter take 'lock'") ?? false, locked.first?.fixIt.message ?? "")
        // The class's own code already holds the lock: it is told to use the private var there,
        // where the new property would take the lock again.
        XCTAssertTrue(locked.first?.fixIt.message.contains("inside the class, where 'lock' is already held, use the private var") ?? false,
                      locked.first?.fixIt.message ?? "")
        XCTAssertTrue(locked.first?.message.hasSuffix("which the class holds at its one access") ?? false, locked.first?.message ?? "")
    }

    /// A guard is a var's only when the code shows it means it: its writes hold it, or (when
    /// only other code writes it) most of its accesses do; a message counts what it states.
    func testAnIncidentalGuardIsNotTheVarsGuard() async {
        let incidental = """
            import Foundation
            final class Pipe {
                var label: String = ""
                private let q = DispatchQueue(label: "q")
                private var n = 0
                func a() { print(label); q.async { self.n += 1; print(self.label) } }
                func b() { print(label) }
                func c() { print(label) }
            }
            final class Setter { func set(_ p: Pipe) { p.label = "x" } }
            """
        let quiet = await findings([("Sources/M/Pipe.swift", incidental)])
        XCTAssertEqual(quiet, [])
        let meant = """
            import Foundation
            final class Pipe {
                var label: String = ""
                private let q = DispatchQueue(label: "q")
                func a() { q.async { print(self.label) } }
                func b() { q.async { print(self.label) } }
                func c() { print(label) }
            }
            final class Setter { func set(_ p: Pipe) { p.label = "x" } }
            """
        let ds = await Support.lint([("Sources/M/Pipe.swift", meant)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(ds.map(\.location.line), [7])
        XCTAssertTrue(ds.first?.message.contains("where its other 2 accesses run") ?? false, ds.first?.message ?? "")
    }

    func testTheGuardIsWhatTheWritesHold() async {
        // Written on the main actor, read on a queue: the queue's reads are reported (one
        // finding), the main actor's read is not.
        let animator = """
            final class Animator {
                private let queue = DispatchQueue(label: "q")
                private var index = 0
                @MainActor func advance() { index += 1 }
                @MainActor func show() { print(index) }
                func preload() { queue.async { print(self.index); print(self.index + 1) } }
            }
            """
        let a = await findings([("Sources/M/A.swift", animator)])
        XCTAssertEqual(a, ["A.swift:6 inconsistent_locking"])
        // Written with no guard and read under the lock once: in a class that claims to be
        // Sendable the write is reported, not the reads; in any other class, nothing shows the
        // lock guards this var.
        let setter = """
            final class Session: @unchecked Sendable {
                private let lock = NSLock()
                var name = "" { didSet { label = name } }
                private var label = ""
                func use() { lock.withLock { print(label) } }
                func log() { print(label) }
            }
            func rename(_ s: Session) { s.name = "x" }
            """
        let b = await findings([("Sources/M/B.swift", setter)])
        XCTAssertEqual(b, ["B.swift:3 unchecked_sendable_unguarded"])
        let plain = setter.replacingOccurrences(of: ": @unchecked Sendable", with: "")
        let quiet = await findings([("Sources/M/B.swift", plain)])
        XCTAssertEqual(quiet, [])
        // A lock held anywhere is the guard, though an executor holds the writes too.
        let counter = """
            final class Counter {
                private let lock = NSLock()
                private var total = 0
                func add() { lock.withLock { total += 1 } }
                @MainActor func reset() { total = 0 }
            }
            """
        let c = await findings([("Sources/M/C.swift", counter)])
        XCTAssertEqual(c, ["C.swift:5 inconsistent_locking"])
    }

    func testAPublicVarWrittenOnlyOutsideIsOneFinding() async {
        let code = """
            import Foundation
            public final class Downloader {
                private let lock = NSLock()
                public var delegateName = "d"
                public func start() { lock.withLock { print(delegateName) } }
                public func pause() { lock.withLock { print(delegateName.count) } }
                public func stop() { print(delegateName.count) }
            }
            """
        let input = LintInput(path: "Sources/M/D.swift", bytes: Array(code.utf8), context: FileContext(module: "/pkg/Sources/M"))
        let ds = await Linter.lint([input], settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        XCTAssertEqual(ds.map(\.location.line), [4])
        XCTAssertTrue(ds.first?.message.hasSuffix("which the class holds at 2 of its 3 own accesses") ?? false, ds.first?.message ?? "")
        // Held at one read of three, the lock shows nothing about the var: quiet.
        let once = code.replacingOccurrences(of: "lock.withLock { print(delegateName.count) }", with: "print(delegateName.count)")
        let quiet = await Linter.lint([LintInput(path: "Sources/M/D.swift", bytes: Array(once.utf8), context: FileContext(module: "/pkg/Sources/M"))],
                                      settings: LintSettings(rules: [InconsistentLockingRule()], jobs: 1)).diagnostics
        XCTAssertEqual(quiet.map(\.location.line), [])
    }

    func testConstructionAndCallsFromInitDoNotCount() async {
        let code = """
            final class Pool: @unchecked Sendable {
                private let lock = NSLock()
                private var slots: [Int] = []
                init() { fill() }
                private func fill() { slots = [1, 2] }
                func take() -> Int? { lock.withLock { slots.popLast() } }
                deinit { slots.removeAll() }
            }
            """
        let found = await findings([("Sources/M/Pool.swift", code)])
        XCTAssertEqual(found, [])
    }

    func testAVarNeverWrittenAfterConstructionCannotRace() async {
        let code = """
            final class Config {
                private let lock = NSLock()
                private var name: String
                private var hits = 0
                init(name: String) { self.name = name }
                func hit() { lock.withLock { hits += 1; print(name) } }
                func label() -> String { name }
            }
            """
        let found = await findings([("Sources/M/Config.swift", code)])
        XCTAssertEqual(found, [])
    }

    // MARK: What a message says

    func testAMethodTheVarsTypeDeclaresMutatingIsAWrite() async {
        let s = structure("func f() { a.wipe(); self.b?.edit { }; c.d.wipe(); e.count; f.g = 1; h.wipe }")
        XCTAssertEqual(ValueMutations.calledMethod(s, token(s, "a")), "wipe")
        XCTAssertEqual(ValueMutations.calledMethod(s, token(s, "b")), "edit")
        XCTAssertNil(ValueMutations.calledMethod(s, token(s, "c")), "a member's method is not the var's")
        XCTAssertNil(ValueMutations.calledMethod(s, token(s, "e")))
        XCTAssertNil(ValueMutations.calledMethod(s, token(s, "f")))
        XCTAssertNil(ValueMutations.calledMethod(s, token(s, "h")), "a method named, not called")
        let types = structure("final class K { var a = Table<Int>(); var b: Table?; let c = Table<Int>(); var d: [Int] = []; static var e = Table<Int>() }")
        XCTAssertEqual(ValueMutations.storedVarTypes(of: types.decls.firstIndex { $0.kind == .class }!, in: types), ["a=Table", "b=Table"])

        // The type in the file, in another file with its mutating method in an extension, and
        // reached through a protocol (its requirement, its extension's method).
        let owner = """
            final class Sheet {
                private let lock = NSLock()
                private var table = Table()
                private var slot: any Clearing = Table()
                func put() { lock.withLock { table.add(1); slot.clear() } }
                func drop() { table.wipe() }
                func dropAll() { table.clearTwice() }
                func emptySlot() { slot.clear() }
                func size() -> Int { table.size() }
            }
            """
        let type = "struct Table: Clearing { var rows: [Int] = []; mutating func add(_ r: Int) { rows.append(r) }; func size() -> Int { rows.count }; mutating func clear() { rows = [] } }"
        let ext = "extension Table { mutating func wipe() { rows = [] } }"
        let proto = "protocol Clearing { mutating func clear() }\nextension Clearing { mutating func clearTwice() { clear(); clear() } }"
        let ds = await Support.lint([("Sources/M/Sheet.swift", owner), ("Sources/M/Table.swift", type), ("Sources/M/Table+Wipe.swift", ext),
                                     ("Sources/M/Clearing.swift", proto)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(ds.map(\.message), [
            "'table' of class 'Sheet' is written without holding 'lock'",
            "'table' of class 'Sheet' is written without holding 'lock'",
            "'slot' of class 'Sheet' is written without holding 'lock'",
            "'table' of class 'Sheet' is read without holding 'lock'",
        ])
        // A type the run does not declare: only the standard collections' methods write.
        let unknown = owner.replacingOccurrences(of: "Table()", with: "Outside()")
        let us = await Support.lint([("Sources/M/Sheet.swift", unknown)], rules: [InconsistentLockingRule()])
        XCTAssertFalse(us.contains { $0.message.contains("written") }, "\(us.map(\.message))")
    }

    func testACheckThenActIsOnlyAReadOfThePropertyItself() async {
        func fixes(_ files: [(String, String)]) async -> [Int: String] {
            let ds = await Support.lint(files, rules: [InconsistentLockingRule()])
            return Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        }
        let head = """
            final class Roster {
                private let queue = DispatchQueue(label: "roster")
                var names: [String] = []
                func add(_ n: String) { queue.async { self.names.append(n) } }
            """
        // A parameter of the same name (also passed on with a label of that name), another
        // value's member, and a local that hides the property: none is a read of it.
        let quiet = await fixes([("Sources/M/Roster.swift", head + """

                func replace(names: [String]) {
                    if names.isEmpty { return }
                    log(names: names)
                    self.names = names
                }
                func adopt(_ other: Roster) {
                    guard !other.names.isEmpty else { return }
                    self.names = other.names
                }
                func log(names: [String]) { print(names) }
            }
            """), ("Sources/M/Roster+Load.swift", """
            extension Roster {
                func load() {
                    let names = ["a"]
                    if names.count > 1 { self.names = names }
                }
            }
            """)])
        XCTAssertEqual(Set(quiet.keys), [4, 8, 12], "\(quiet)")
        for (line, fix) in quiet { XCTAssertFalse(fix.contains("decides on"), "line \(line): \(fix)") }
        let ext = await fixes([("Sources/M/Roster.swift", head + "\n}"), ("Sources/M/Roster+Load.swift", "extension Roster {\n    func load() {\n        let names = [\"a\"]\n        if names.count > 1 { self.names = names }\n    }\n}")])
        XCTAssertFalse(ext[4]?.contains("decides on") ?? true, "\(ext)")
        // The property itself, bare or through self (also `self?`), before the write: it does.
        let loud = await fixes([("Sources/M/Roster.swift", head + """

                func reset() {
                    if names.isEmpty { return }
                    names = []
                }
                func trim() {
                    DispatchQueue.global().async { [weak self] in
                        if self?.names.count ?? 0 > 3 { self?.names.removeFirst() }
                    }
                }
            }
            """)])
        XCTAssertTrue(loud[7]?.contains("'reset()' also decides on 'names' by reading it before writing it") ?? false, "\(loud)")
        XCTAssertTrue(loud[11]?.contains("'trim()' also decides on 'names' by reading it before writing it") ?? false, "\(loud)")
    }

    func testOneUnguardedCallIsOneFindingThroughTheMembersItReaches() async {
        let code = """
            final class Sync {
                private let queue = DispatchQueue(label: "sync")
                private var entries: [String] = []
                func add(_ e: String) { queue.async { self.entries.append(e) } }
                func refresh() { DispatchQueue.global().async { [weak self] in self?.merge() } }
                private func store() { print(entries.count) }
                private func merge() { store(); entries = [] }
                func later() { DispatchQueue.global().async { [weak self] in self?.store() } }
            }
            """
        let ds = await Support.lint([("Sources/M/Sync.swift", code)], rules: [InconsistentLockingRule()])
        // store() is reached from refresh()'s block through merge(): the same path as merge()'s
        // own write, one finding whose note points where the path enters (one access, one
        // finding: its other caller, later()'s block, adds none).
        XCTAssertEqual(ds.map(\.location.line), [6], "\(ds.map(\.message))")
        XCTAssertEqual(ds.first?.message, "'entries' of class 'Sync' is read outside queue 'queue', where 1 of its 2 other accesses runs, with 1 more access reached through 'merge()' on the same path")
        XCTAssertEqual(ds.first?.notes.map(\.message), [
            "1 of the 2 other accesses to 'entries' runs on queue 'queue', e.g. here",
            "'entries' is also written here, on the same unguarded path",
            "'merge()' is called here without queue 'queue', and through it the access to 'entries' in 'store()' is unguarded",
        ])
        // Not past a member that another call reaches with the guard held: its fix is to move
        // that call onto the queue, not to hop inside it.
        let held = code.replacingOccurrences(of: "    func later()", with: "    func flush() { queue.async { self.store() } }\n    func later()")
        let hs = await Support.lint([("Sources/M/Sync.swift", held)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(hs.map(\.location.line), [6, 7], "\(hs.map(\.message))")
        // (Code follows the call in merge(), and may rely on it having run: no queue.async. Only
        // one of store()'s two other calls runs on the queue: the fix-it counts, never says "its
        // other callers already run there".)
        XCTAssertTrue(hs.first?.fixIt.message.hasPrefix("run the call of 'store()' at line 7 on queue like its calls that already run there, in the order the code after it expects") ?? false,
                      "\(hs.first?.fixIt.message ?? "")")
        let last = held.replacingOccurrences(of: "store(); entries = []", with: "entries = []; store()")
        let ls = await Support.lint([("Sources/M/Sync.swift", last)], rules: [InconsistentLockingRule()])
        XCTAssertTrue(ls.contains { $0.fixIt.message.hasPrefix("submit the call of 'store()' at line 7 to queue (inside queue.async { }) like its calls that already run there")
            && $0.fixIt.message.hasSuffix("1 of its 2 other calls already runs on queue (1 does not), and queue.sync there would deadlock") },
                      "\(ls.map(\.fixIt.message))")
        // Without the chain (store() called only from its own unguarded block): two paths.
        let alone = code.replacingOccurrences(of: "store(); entries = []", with: "entries = []")
        let as2 = await Support.lint([("Sources/M/Sync.swift", alone)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(as2.map(\.location.line), [6, 7])
        XCTAssertEqual(as2.last?.notes.last?.message, "'merge()' is called here without queue 'queue', so its access to 'entries' is unguarded")
        XCTAssertEqual(as2.first?.notes.last?.message, "'store()' is called here without queue 'queue', so its access to 'entries' is unguarded")
    }

    // MARK: Callers in other types, deferred writes, what a class holds, bindings that read

    /// A member the class calls on its queue is entered off the queue by another type's code:
    /// its guard counts that caller too, and the fix splits it (the other type cannot reach the
    /// class's private queue). Without that caller, the member holds the queue.
    func testAnotherTypesCallTakesAwayTheGuardItsOwnCallersHold() async throws {
        let relay = """
            import Foundation
            final class Relay: @unchecked Sendable {
                private let lane = DispatchQueue(label: "relay")
                private var sink: ((Int) -> Void)?
                func retry() { lane.async { if let s = self.sink { self.rearm(with: s) } } }
                func rearm(with s: @escaping (Int) -> Void) {
                    sink = s
                }
                func detach() { lane.sync { sink = nil } }
            }
            """
        let owner = """
            final class Station {
                private let relay: Relay
                init(relay: Relay) { self.relay = relay }
                func reconnect() { relay.rearm { print($0) } }
            }
            """
        let ds = await Support.lint([("Sources/M/Relay.swift", relay), ("Sources/M/Station.swift", owner)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [7])
        XCTAssertEqual(ds.first?.notes.last?.message, "'rearm()' is called here without queue 'lane', so its access to 'sink' is unguarded")
        XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("split 'rearm' in two") ?? false, ds.first?.fixIt.message ?? "")
        let alone = await Support.lint([("Sources/M/Relay.swift", relay)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(alone.count, 0)
        // A caller of another type's method of the same name, and a test's direct call, change nothing.
        let other = """
            final class Relay2 { func rearm(with s: (Int) -> Void) {} }
            final class Station { let relay = Relay2(); func go() { relay.rearm { _ in } } }
            """
        let test = """
            import XCTest
            final class RelayTests: XCTestCase { func testIt(r: Relay) { r.rearm { _ in } } }
            """
        let quiet = await Support.lint([("Sources/M/Relay.swift", relay), ("Sources/M/Other.swift", other), ("Tests/MTests/RelayTests.swift", test)],
                                       rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(quiet.count, 0)
    }

    /// A write sent with queue.async runs after whatever follows: offered only when nothing
    /// follows it in its member, nor its member's call in any caller, and no outside code calls it.
    func testADeferredWriteIsOfferedOnlyWhenNoCallerGoesOnAfterTheCall() async throws {
        func fix(_ files: [(String, String)]) async -> String {
            let ds = await Support.lint(files, rules: [UncheckedSendableUnguardedRule()])
            return ds.first { $0.message.contains("is written outside") }?.fixIt.message ?? "none"
        }
        let feed = """
            import Foundation
            final class Feed: @unchecked Sendable {
                private let q = DispatchQueue(label: "feed")
                private var handler: (() -> Void)?
                func fire() { q.async { self.handler?() } }
                func arm(_ h: @escaping () -> Void) { q.async { self.handler = h } }
                func stop() {
                    handler = nil
                }
            }
            """
        let reorders = """
            final class Owner {
                let feed: Feed
                init(feed: Feed) { self.feed = feed }
                func restart() {
                    feed.stop()
                    feed.arm {}
                }
            }
            """
        let ends = """
            final class Owner {
                let feed: Feed
                init(feed: Feed) { self.feed = feed }
                func halt() { print("halting"); feed.stop() }
            }
            """
        let kept = await fix([("Sources/M/Feed.swift", feed), ("Sources/M/Owner.swift", reorders)])
        XCTAssertTrue(kept.contains("in the order the code after it expects"), kept)
        XCTAssertTrue(kept.contains("the call of 'stop()' in Owner.swift at line 5"), kept)
        XCTAssertFalse(kept.contains("make the write inside q.async"), kept)
        let deferred = await fix([("Sources/M/Feed.swift", feed), ("Sources/M/Owner.swift", ends)])
        XCTAssertTrue(deferred.contains("make the write inside q.async { }"), deferred)
        // Through a caller of its own class that goes on after the call.
        let inClass = feed.replacingOccurrences(of: "    func stop() {", with: "    func reset() { stop(); print(1) }\n    func stop() {")
        let viaOwn = await fix([("Sources/M/Feed.swift", inClass)])
        XCTAssertTrue(viaOwn.contains("the call of 'stop()' at line 7"), viaOwn)
        // Callable from outside the module.
        let open = feed.replacingOccurrences(of: "final class Feed", with: "public final class Feed")
            .replacingOccurrences(of: "    func stop()", with: "    public func stop()")
        let outside = await fix([("Sources/M/Feed.swift", open)])
        XCTAssertTrue(outside.contains("callers outside the module"), outside)
    }

    /// A class that holds an actor or a lock is told what it holds, never that it has none; a
    /// public var nothing in the run writes after init is not told to become a `let` (code
    /// outside the module can set it): it keeps its setter, behind one lock.
    func testAClassThatHoldsASerializerIsNotToldItHasNone() async throws {
        let code = """
            import Foundation
            public final class Channel: @unchecked Sendable {
                private actor Gate { func pass() {} }
                private let gate = Gate()
                public var reader: Int
                public init(reader: Int) { self.reader = reader }
                public func next() async { await gate.pass() }
            }
            final class Plain: @unchecked Sendable {
                private var count = 0
                func bump() { count += 1 }
            }
            """
        let ds = await Support.lint([("Sources/M/Channel.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [2, 9])
        XCTAssertEqual(ds.first?.message, "@unchecked Sendable class 'Channel' has mutable state ('reader') and holds actor 'gate', but the tool sees no access to that state made under it")
        XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("make 'reader' a computed property over private storage, with the same public getter and setter") ?? false,
                      ds.first?.fixIt.message ?? "")
        XCTAssertEqual(ds.first?.notes.first?.message, "'reader' is public and settable: nothing in the run writes it after init, but code outside the module can, from any thread")
        XCTAssertEqual(ds.last?.message, "@unchecked Sendable class 'Plain' has mutable state ('count') and no lock, queue or actor guarding it")
        // Set by other code of the run: not a `let`.
        let setter = "func swap(_ c: Channel) { c.reader = 2 }"
        let set = await Support.lint([("Sources/M/Channel.swift", code), ("Sources/M/Use.swift", setter)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(set.first?.notes.first?.message, "'reader' is public and settable: any holder of the instance can write it from any thread")
    }

    /// A conditional binding of the var's own name reads the var (`if let x = x`, `if let x`,
    /// `guard let x = x`); a local or parameter of that name is not the var, and an `if let`
    /// binding hides the name only inside its statement.
    func testABindingOfTheVarsOwnNameReadsIt() {
        let s = structure("""
            final class C {
                var x: Int?
                func f(y: Int?) {
                    if let x = x { print(x) }
                    if let x { print(x) }
                    guard let x = x else { return }
                    print(x)
                }
                func g(x: Int?) {
                    if let x = x { print(x) }
                }
                func h() {
                    if let x { print(x) }
                    print(x)
                }
            }
            """)
        let fnF = s.decls.indices.first { s.decls[$0].nameText == "f" }!
        let fnG = s.decls.indices.first { s.decls[$0].nameText == "g" }!
        let fnH = s.decls.indices.first { s.decls[$0].nameText == "h" }!
        // In f: the right side of `if let x = x`, the shorthand, the right side of the guard read the var.
        for (n, expectLet) in [(2, true), (4, true), (7, true)] {
            let t = token(s, "x", n)
            let b = StateAccess.readingBinding(s, t)
            XCTAssertEqual(b != nil, expectLet, "occurrence \(n)")
            XCTAssertFalse(StateAccess.isShadowed(s, "x", at: t, in: fnF, boundBefore: b), "occurrence \(n)")
        }
        // The binding's own name is not a read, and after the guard `x` is the local.
        XCTAssertNil(StateAccess.readingBinding(s, token(s, "x", 1)))
        XCTAssertTrue(StateAccess.isShadowed(s, "x", at: token(s, "x", 8), in: fnF))
        // In g the right side is the parameter.
        let tg = token(s, "x", 11)
        XCTAssertTrue(StateAccess.isShadowed(s, "x", at: tg, in: fnG, boundBefore: StateAccess.readingBinding(s, tg)))
        // In h, after the `if let x { }` statement, `x` is the var again.
        XCTAssertFalse(StateAccess.isShadowed(s, "x", at: token(s, "x", 15), in: fnH))
    }

    // MARK: What "the other accesses" counts

    /// An access that some paths reach on the guard and others without it never counts itself
    /// among its "other accesses"; another access held only on some paths is said to be so.
    func testTheReportedAccessIsNeverOneOfItsOwnOtherAccesses() async throws {
        // A queue: only a caller of 'halt()' holds it.
        let beacon = """
            final class Beacon: @unchecked Sendable {
                private let queue = DispatchQueue(label: "beacon")
                private var running = false
                func start() {
                    guard !running else { return }
                    running = true
                }
                func halt() { running = false }
                func restart() { queue.async { self.halt() } }
                func shutdown() { halt() }
            }
            """
        // A lock: one caller takes it around the call, one does not.
        let meter = """
            final class Meter: @unchecked Sendable {
                private let gate = NSLock()
                private var total = 0
                private var ticks = 0
                func bump() { total += 1 }
                func safeBump() { gate.lock(); bump(); gate.unlock() }
                func fastBump() { bump() }
                func tick() { gate.withLock { ticks += 1 } }
                func peek() -> Int { gate.withLock { ticks } }
                func reset() { ticks = 0 }
            }
            """
        // Through a computed property and a setter method, each reached both ways: the other
        // access is on the queue only on some paths.
        let store = """
            final class Store: @unchecked Sendable {
                private let queue = DispatchQueue(label: "store")
                private var sink: Int? = nil
                var current: Int? { sink }
                func replace(_ v: Int) { sink = v }
                func refresh() { queue.async { self.replace(self.current ?? 0) } }
                func force(_ v: Int) { replace(v); _ = current }
            }
            """
        func messages(_ name: String, _ code: String) async -> [Int: (message: String, notes: [String])] {
            let ds = await Support.lint([("Sources/M/\(name).swift", code)], rules: [InconsistentLockingRule(), UncheckedSendableUnguardedRule()])
            return Dictionary(ds.map { ($0.location.line, ($0.message, $0.notes.map(\.message))) }, uniquingKeysWith: { a, _ in a })
        }
        let b = await messages("Beacon", beacon)
        XCTAssertEqual(b.keys.sorted(), [5, 6, 8])
        // 'halt()' is on the queue only from 'restart()': its own access is not an "other" one.
        XCTAssertTrue(b[8]?.message.hasSuffix("is written outside queue 'queue' on this path, while other paths to it run there") ?? false, "\(b)")
        XCTAssertFalse(b[8]?.message.contains("other access") ?? true, "\(b)")
        XCTAssertTrue(b[6]?.message.hasSuffix("where 1 of its 2 other accesses runs on some paths") ?? false, "\(b)")
        let m = await messages("Meter", meter)
        XCTAssertEqual(m.keys.sorted(), [5, 10])
        XCTAssertTrue(m[5]?.message.hasSuffix("is written without holding 'gate' on this path, while other paths to it hold it") ?? false, "\(m)")
        XCTAssertFalse(m[5]?.notes.contains { $0.contains("other access") } ?? true, "\(m)")
        // Near-miss: accesses held on every path are counted as before.
        XCTAssertTrue(m[10]?.message.hasSuffix("is written without holding 'gate'") ?? false, "\(m)")
        XCTAssertEqual(m[10]?.notes.first, "The other 2 accesses to 'ticks' hold 'gate', e.g. here")
        let st = await messages("Store", store)
        XCTAssertEqual(st.keys.sorted(), [4, 5])
        for line in [4, 5] {
            XCTAssertTrue(st[line]?.message.hasSuffix("where its one other access runs on some paths") ?? false, "\(st)")
            XCTAssertEqual(st[line]?.notes.first, "The one other access to 'sink' runs on queue 'queue' on some paths, e.g. here")
        }
    }

    /// The last statement of a switch case has nothing after it: the next case label (or
    /// `default:`, `@unknown default:`) starts another case, not code after the call. A caller
    /// further up that goes on is named as itself, never as the call that ends its case.
    func testACaseLabelIsNotCodeAfterTheCall() async throws {
        func fix(_ code: String) async -> String {
            let ds = await Support.lint([("Sources/M/Pump.swift", code)], rules: [UncheckedSendableUnguardedRule()])
            return ds.first { $0.message.contains("is written outside") }?.fixIt.message ?? "none"
        }
        func pump(_ dispatch: String) -> String {
            """
            import Foundation
            final class Pump: @unchecked Sendable {
                private let lane = DispatchQueue(label: "pump")
                private var misses = 0
                func onTick() { lane.async { self.misses += 1 } }
                func onReset() { lane.async { self.misses = 0 } }
                private func pong() {
                    misses = 0
                }
            \(dispatch)
            }
            """
        }
        // Followed by the next case label.
        let nextCase = pump("""
                func route(_ kind: Int) {
                    switch kind {
                    case 1:
                        pong()
                    case 2:
                        print("two")
                    default:
                        break
                    }
                }
            """)
        // The last case before `@unknown default:`, reached through an `if` in the case.
        let unknownDefault = pump("""
                func route(_ kind: FloatingPointSign, _ on: Bool) {
                    switch kind {
                    case .plus:
                        if on { pong() }
                    @unknown default:
                        print("other")
                    }
                }
            """)
        // On one line after `default:`, the last case, with another case on one line before it.
        let lastDefault = pump("""
                func route(_ kind: Int) {
                    switch kind {
                    case 0: print("zero")
                    default: pong()
                    }
                }
            """)
        for code in [nextCase, unknownDefault, lastDefault] {
            let f = await fix(code)
            XCTAssertTrue(f.hasPrefix("run this access on lane like the others: make the write inside lane.async { }"), f)
        }
        // Near-misses: code after the call in its own case, and code after the switch.
        let sameCase = pump("""
                func route(_ kind: Int) {
                    switch kind {
                    case 1:
                        pong()
                        print("after")
                    default:
                        break
                    }
                }
            """)
        let afterSwitch = pump("""
                func route(_ kind: Int) {
                    switch kind {
                    case 1:
                        pong()
                    default:
                        break
                    }
                    print("after")
                }
            """)
        for code in [sameCase, afterSwitch] {
            let f = await fix(code)
            XCTAssertTrue(f.contains("in the order the code after it expects"), f)
            XCTAssertTrue(f.contains("the code after the call of 'pong()' at line 13"), f)
        }
        // The call ends its case, but 'route' is public: the code that may go on is its outside
        // callers', named as such (not the call of 'pong()').
        let publicRoute = nextCase.replacingOccurrences(of: "final class Pump", with: "public final class Pump")
            .replacingOccurrences(of: "    func route", with: "    public func route")
        let f = await fix(publicRoute)
        XCTAssertTrue(f.contains("such as the code of callers outside the module after a call of 'route()'"), f)
        XCTAssertFalse(f.contains("the call of 'pong()'"), f)
    }

    /// An element or `pointee` set through a pointer writes the memory, not the var holding the
    /// pointer; a member of a private type cannot be set from another file. Such a var, set only
    /// in init, is told it could be a `let`, not that other references or files write it.
    func testPointerWritesAndPrivateBoxesAreNotWritesFromElsewhere() async throws {
        let code = """
            import Foundation
            private final class Slots: @unchecked Sendable {
                var cells: UnsafeMutableBufferPointer<Int>
                init(cells: UnsafeMutableBufferPointer<Int>) { self.cells = cells }
            }
            func fill(_ b: UnsafeMutableBufferPointer<Int>) {
                let slots = Slots(cells: b)
                DispatchQueue.concurrentPerform(iterations: b.count) { i in slots.cells[i] = i }
            }
            fileprivate struct Scope {
                final class Note: @unchecked Sendable {
                    var text: String
                    init(text: String) { self.text = text }
                }
            }
            final class Open: @unchecked Sendable {
                var text = ""
            }
            private final class Cell: @unchecked Sendable {
                var value: Int
                init(_ value: Int) { self.value = value }
            }
            final class Runner {
                private let cell = Cell(0)
                func run(_ body: (inout Int) -> Void) { body(&self.cell.value) }
            }
            """
        let ds = await Support.lint([("Sources/M/Slots.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [2, 11, 16, 19])
        XCTAssertEqual(ds.map { $0.notes.first?.message ?? "" }, [
            "'cells' is mutable, and never assigned outside init: it could be a 'let'",
            "'text' is mutable, and never assigned outside init: it could be a 'let'",
            "'text' is settable from other files, and the class has no methods of its own: holders of the instance can write it, from any thread",
            // Passed inout to a closure through another reference: written, though nothing assigns it.
            "'value' is mutable and written through other references to 'Cell'",
        ])
    }

    /// A var with `willSet`/`didSet` is there to be assigned after init (its observers run only
    /// then): never told it could be a `let`, however little the run assigns it.
    func testAVarWithObserversIsNeverToldToBeALet() async throws {
        // Public, with a didSet, and nothing in the run sets it: settable by any holder.
        let store = """
            public final class Shelf: @unchecked Sendable {
                public var limit = 10 {
                    didSet { print(limit) }
                }
                public init() {}
            }
            """
        let ds = await Support.lint([("Sources/M/Shelf.swift", store)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [1])
        XCTAssertEqual(ds.first?.notes.first?.message, "'limit' is public and settable: any holder of the instance can write it from any thread")
        XCTAssertFalse(ds.first?.fixIt.message.contains("'let'") ?? true, ds.first?.fixIt.message ?? "")
        XCTAssertFalse(ds.contains { $0.notes.contains { $0.message.contains("could be a 'let'") } })
        // Internal, with a willSet, never assigned in the run: the tool cannot tell it is meant
        // to stay unassigned, and says nothing of it; a plain var beside it still could be a let.
        let pair = """
            final class Tally: @unchecked Sendable {
                private var cap = 3 {
                    willSet { print(newValue) }
                }
                private var seed = 1
            }
            """
        let ps = await Support.lint([("Sources/M/Tally.swift", pair)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ps.first?.message, "@unchecked Sendable class 'Tally' has mutable state ('seed') and no lock, queue or actor guarding it")
        XCTAssertEqual(ps.first?.notes.map(\.message), ["'seed' is mutable, and never assigned outside init: it could be a 'let'"])
        XCTAssertEqual(ps.first?.fixIt.message, "declare it 'let': 'seed' is never assigned outside init")
        let alone = pair.replacingOccurrences(of: "    private var seed = 1\n", with: "")
        let qs = await Support.lint([("Sources/M/Tally.swift", alone)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(qs.map(\.message), [])
        // A nonisolated(unsafe) global with an observer: never "declare it `let`".
        let globals = """
            nonisolated(unsafe) var verbose = false {
                didSet { print("verbose", verbose) }
            }
            nonisolated(unsafe) var quiet = false
            public nonisolated(unsafe) var level = 1 {
                didSet { print(level) }
            }
            func show() { print(verbose, quiet, level) }
            """
        let gs = await Support.lint([("Sources/M/Globals.swift", globals)], rules: [NonisolatedUnsafeRule()])
        let byLine = Dictionary(gs.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertNil(byLine[1], "\(byLine)")
        XCTAssertTrue(byLine[4]?.hasPrefix("declare it `let`") ?? false, "\(byLine)")
        // A public knob nothing in the run writes: quiet (never "declare it `let`").
        XCTAssertNil(byLine[5], "\(byLine)")
    }
}
