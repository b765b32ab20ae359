import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// Fix-its must be safe to follow: these are the cases where the obvious advice would add a
/// bug (a deadlock, a lock in a signal handler, undoing a deferral the code asked for).
final class FixItSafetyTests: XCTestCase {
    func findings(_ code: String, _ rule: any Rule, path: String = "Sources/App/A.swift") async -> [Diagnostic] {
        await Support.lint([(path, code)], rules: [rule])
    }

    /// A function of the run that runs its closure under the lock it is given is not a method
    /// of the lock: the fix-it names the call as the class writes it (`lock.synchronized { }`
    /// would not compile), with its label, and when the function is declared in another file.
    func testALockTakenThroughAFreeFunctionIsToldToUseThatCall() async throws {
        let helpers = """
            import Foundation
            func synchronized<T>(_ lock: NSLocking, _ body: () throws -> T) rethrows -> T {
                lock.lock(); defer { lock.unlock() }
                return try body()
            }
            func critical<T>(on lock: NSLock, run body: () throws -> T) rethrows -> T {
                lock.lock(); defer { lock.unlock() }
                return try body()
            }
            """
        let code = """
            import Foundation
            final class Tally: @unchecked Sendable {
                private let lock = NSLock()
                private var n = 0
                func add() { synchronized(lock) { n += 1 } }
                func get() -> Int { synchronized(self.lock) { n } }
                func peek() -> Int { n }
            }
            final class Ledger: @unchecked Sendable {
                private let guardLock = NSLock()
                private var rows: [Int] = []
                func add(_ r: Int) { critical(on: guardLock) { rows.append(r) } }
                func all() -> [Int] { critical(on: guardLock) { rows } }
                func count() -> Int { rows.count }
            }
            """
        let ds = await Support.lint([("Sources/App/Locking.swift", helpers), ("Sources/App/Tally.swift", code)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [7, 14], ds.map(\.message).joined(separator: "\n"))
        guard ds.count == 2 else { return }
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("wrap this access in synchronized(lock) { } like the others"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("wrap this access in critical(on: guardLock) { } like the others"), ds[1].fixIt.message)
        for d in ds { XCTAssertFalse(d.fixIt.message.contains("lock.synchronized") || d.fixIt.message.contains("guardLock.critical"), d.fixIt.message) }
    }

    /// A lazy var that no code assigns races only at its first read: the fix-it makes it a `let`
    /// set in init first. A signal sent through it may be what a block on the queue (or a
    /// holder of the lock) waits for: it is never told to move there, in each guard's shape.
    func testALazyVarsFirstReadIsToldToBeMadeInInitAndASignalNeverToWaitForTheGuard() async throws {
        let code = """
            import Foundation
            final class Gate: @unchecked Sendable {
                private let queue = DispatchQueue(label: "gate")
                private lazy var turn = DispatchSemaphore(value: 1)
                func run(_ work: @escaping () -> Void) { queue.async { self.turn.wait(); work() } }
                func done() { turn.signal() }
            }
            final class Latch: @unchecked Sendable {
                private let lock = NSLock()
                private lazy var group = DispatchGroup()
                func enter() { lock.withLock { group.enter() } }
                func leave() { group.leave() }
            }
            final class Names: @unchecked Sendable {
                private let lock = NSLock()
                private lazy var formatter = NumberFormatter()
                func one(_ n: Int) -> String? { lock.withLock { formatter.string(from: n as NSNumber) } }
                func two(_ n: Int) -> String? { formatter.string(from: n as NSNumber) }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [6, 12, 18], ds.map(\.message).joined(separator: "\n"))
        guard ds.count == 3 else { return }
        for d in ds { XCTAssertTrue(d.fixIt.message.hasPrefix("make '"), d.fixIt.message) }
        XCTAssertTrue(ds[0].fixIt.message.contains("do not move this signal() onto queue 'queue'"), ds[0].fixIt.message)
        XCTAssertFalse(ds[0].fixIt.message.contains("queue.async") || ds[0].fixIt.message.contains("queue.sync"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("do not hold 'lock' around this leave()"), ds[1].fixIt.message)
        XCTAssertTrue(ds[2].fixIt.message.contains("if it must stay lazy, wrap this access in lock.withLock { }"), ds[2].fixIt.message)
    }

    /// A write in a plain block of a concurrent queue already runs on that queue: a barrier
    /// submitted from inside the block deadlocks (sync) or runs after the block (async), so the
    /// fix-it turns the block itself into a barrier, in each of its shapes.
    func testAWriteInAPlainBlockIsToldToMakeThatBlockABarrier() async throws {
        let main = """
            import Foundation
            final class Formats: @unchecked Sendable {
                private let queue = DispatchQueue(label: "formats", attributes: .concurrent)
                private var cached: NumberFormatter?
                private var hits = 0
                func formatter() -> NumberFormatter {
                    queue.sync {
                        if let f = cached { return f }
                        let f = NumberFormatter()
                        cached = f
                        return f
                    }
                }
                func peek() -> Int { queue.sync { hits } }
                func count() {
                    queue.async {
                        self.hits += 1
                    }
                }
            }
            """
        let other = """
            import Foundation
            extension Formats {
                func reset() { queue.sync(flags: .barrier) { cached = nil } }
            }
            """
        let ds = await Support.lint([("Sources/App/Formats.swift", main), ("Sources/App/Formats+Reset.swift", other)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [10, 17])
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("make the block that writes it a barrier: queue.sync(flags: .barrier) { } in place of queue.sync { } at line 7"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("make the block that writes it a barrier: queue.async(flags: .barrier) { } in place of queue.async { } at line 16"), ds[1].fixIt.message)
        for d in ds { XCTAssertFalse(d.fixIt.message.contains("submit the write"), d.fixIt.message) }
    }

    func testAHelperAlsoCalledWithTheLockHeldIsNotToldToLockItself() async throws {
        let code = """
            import Foundation
            final class Store: @unchecked Sendable {
                private let lock = NSLock()
                private var items: [Int] = []
                func add(_ i: Int) { lock.withLock { append(i) } }
                func addUnlocked(_ i: Int) { append(i) }
                private func append(_ i: Int) { items.append(i) }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [7])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(fix.hasPrefix("hold 'lock' around the call of 'append()' at line 6"), fix)
        XCTAssertFalse(fix.contains("wrap this access"), fix)
        XCTAssertTrue(ds[0].notes.contains { $0.location.line == 6 }, "\(ds[0].notes)")
    }

    /// "Copy the closure out and call it after the release" undoes a lock that exists for the
    /// call: one that serialises it, or creates a value once under the lock that publishes it.
    /// Only a callback called beside the lock's own state is told to move out.
    func testALockThatExistsForTheCallIsNotToldToCallACopyOutside() async throws {
        let code = """
            import Foundation
            final class Lazy {
                private let lock = NSLock()
                private let make: () -> NSObject
                private var made: NSObject?
                init(make: @escaping () -> NSObject) { self.make = make }
                var value: NSObject {
                    lock.lock()
                    if let made { lock.unlock(); return made }
                    let new = make()
                    made = new
                    lock.unlock()
                    return new
                }
                func serialised() { lock.withLock { _ = make() } }
            }
            final class Model {
                private let lock = NSLock()
                private var value = 0
                var onChange: ((Int) -> Void)?
                func set(_ v: Int) { lock.withLock { value = v; onChange?(v) } }
            }
            """
        let ds = await findings(code, RecursiveLockRule())
        XCTAssertEqual(ds.map(\.location.line), [21])
        XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("copy 'onChange' into a local while 'lock' is held") ?? false, ds.first?.fixIt.message ?? "")
    }

    func testAnAccessInAsyncCodeIsNeverToldToCallLock() async throws {
        let code = """
            import Foundation
            final class Clock: @unchecked Sendable {
                private let lock = NSLock()
                private var now = 0
                func tick() { lock.withLock { now += 1 } }
                func wait() async {
                    let start = now
                    await Task.yield()
                    print(start)
                }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [7])
        let fix = ds.first?.fixIt.message ?? ""
        // `lock()` is `noasync`, and the lock must not be held across the await.
        XCTAssertFalse(fix.contains("lock.lock()"), fix)
        XCTAssertTrue(fix.contains("withLock { } around the access alone, with no await inside"), fix)
    }

    func testAValueReadInASignalHandlerIsNotGivenALock() async throws {
        let code = """
            import Foundation
            nonisolated(unsafe) var interrupted = false
            func install() {
                signal(SIGINT) { _ in interrupted = true }
            }
            nonisolated(unsafe) var counter = 0
            func bump() { counter += 1 }
            """
        let ds = await findings(code, NonisolatedUnsafeRule())
        XCTAssertEqual(ds.map(\.location.line), [2, 6])
        let handlerFix = ds[0].fixIt.message
        XCTAssertTrue(handlerFix.contains("Atomic"), handlerFix)
        XCTAssertFalse(handlerFix.contains("Mutex") || handlerFix.contains("NSLock"), handlerFix)
        XCTAssertTrue(ds[0].message.contains("signal handler"), ds[0].message)
        // An ordinary global is still told to use a lock.
        XCTAssertTrue(ds[1].fixIt.message.contains("Mutex"), ds[1].fixIt.message)
    }

    /// On the main actor a hop only defers its block: reported only where the code after it reads
    /// what the block sets, and never told to use a `Task`, which would only restate the deferral.
    /// A deferral the code documents is meant: not reported, even with such a read.
    func testADocumentedDeferralIsNotReported() async throws {
        let code = """
            import Dispatch
            @MainActor final class Screen {
                var offset = 0
                func layout() {
                    // Let the current layout pass finish first.
                    DispatchQueue.main.async { self.offset = 1 }
                    print(offset)
                    DispatchQueue.main.async { self.offset = 2 }
                    print(offset)
                    DispatchQueue.main.async { self.scroll() }
                }
                func scroll() {}
            }
            """
        let ds = await findings(code, DispatchMainInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [8])
        guard let plain = ds.first?.fixIt.message else { return }
        XCTAssertTrue(plain.hasPrefix("run the block's code in place of the hop, before line 9"), plain)
        XCTAssertFalse(plain.contains("Task {"), plain)
    }

    func testALockFreeClassIsOneFindingWithANoteAtEachVarAndItsWrite() async throws {
        let code = """
            final class Counter: @unchecked Sendable {
                var hits = 0
                var misses = 0
                func hit() { hits += 1 }
                func miss() { misses += 1 }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.count, 1)
        XCTAssertEqual(ds[0].location.line, 1)
        XCTAssertEqual(ds[0].message, "@unchecked Sendable class 'Counter' has mutable state (2 vars ('hits', 'misses')) and no lock, queue or actor guarding it")
        XCTAssertEqual(ds[0].notes.map(\.location.line), [2, 4, 3, 5])
    }

    /// A box with no methods of its own is written by whoever holds it, in other files: its
    /// internal var is not "never assigned", and it is not told to become a `let`. A private
    /// var of such a box can only be set here, so there the `let` advice stands.
    func testABoxSetFromOtherFilesIsNotToldToBecomeALet() async throws {
        let code = """
            final class IntentInbox: @unchecked Sendable {
                static let shared = IntentInbox()
                var pending: String?
                private init() {}
            }
            final class Frozen: @unchecked Sendable {
                private var name = "x"
                init() {}
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [1, 6])
        XCTAssertEqual(ds[0].notes.first?.message, "'pending' is settable from other files, and the class has no methods of its own: "
                       + "holders of the instance can write it, from any thread")
        XCTAssertFalse(ds[0].fixIt.message.contains("'let'"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("declare it 'let'"), ds[1].fixIt.message)
    }

    func testAQueueAccessIsNeverToldToUseSyncAlone() async throws {
        let code = """
            import Foundation
            final class Player: @unchecked Sendable {
                private let queue = DispatchQueue(label: "player")
                private var position = 0
                func seek(_ p: Int) { queue.async { self.move(p) } }
                func nudge() { move(1) }
                private func move(_ p: Int) { position = p }
                func tick() { position += 1 }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [7, 8])
        // The helper's other caller is already on the queue: the call is submitted, the helper is not made to hop.
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("submit the call of 'move()' at line 6 to queue (inside queue.async { })"), ds[0].fixIt.message)
        for d in ds {
            XCTAssertFalse(d.fixIt.message.contains("queue.sync { } from code"), d.fixIt.message)
            XCTAssertFalse(d.fixIt.message.contains("hold 'queue'"), d.fixIt.message)
        }
        XCTAssertTrue(ds[1].fixIt.message.contains("make the write inside queue.async { }"), ds[1].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("safe only from callers that never run on queue"), ds[1].fixIt.message)
    }

    func testAnImplicitlyUnwrappedTypeIsNamedAsAnOptionalInsideAMutex() async throws {
        let code = """
            enum Log {
                nonisolated(unsafe) static var target: String!
                static func configure(_ t: String) { target = t }
                static func write(_ m: String) { print(target ?? "", m) }
            }
            """
        let ds = await findings(code, NonisolatedUnsafeRule())
        XCTAssertEqual(ds.map(\.location.line), [2])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(fix.contains("Mutex<String?>"), fix)
        XCTAssertFalse(fix.contains("String!>"), fix)
    }

    func testASemaphoreWithAnUnknownCountIsNotToldToBecomeALock() async throws {
        let code = """
            import Dispatch
            final class Pool {
                private let slots: DispatchSemaphore
                init(maximumCount: Int) { slots = DispatchSemaphore(value: maximumCount) }
                func take() { slots.wait() }
                func give() { slots.signal() }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [3])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(fix.hasPrefix("if 'maximumCount' can be above 1 the semaphore bounds how many callers proceed at once"), fix)
        XCTAssertTrue(fix.contains("only a semaphore whose value is always 1 can become"), fix)
    }

    func testAReleaseWithArgumentsIsNamedAsWrittenAndNotMovedAutomatically() async throws {
        let code = """
            final class Mailbox {
                private let condition = ValueConditionLock(value: false)
                private var items: [Int] = []
                func take(_ fast: Bool) throws -> Int {
                    condition.lock(whenValue: true)
                    let first = try pop(fast)
                    condition.unlock(withValue: !items.isEmpty)
                    return first
                }
            }
            """
        let ds = await findings(code, LockWithoutDeferRule())
        XCTAssertEqual(ds.map(\.location.line), [5])
        let fix = ds[0].fixIt
        XCTAssertTrue(fix.edits.isEmpty, "\(fix.edits)")
        XCTAssertTrue(fix.message.contains("defer { condition.unlock(withValue: !items.isEmpty) }"), fix.message)
        XCTAssertTrue(fix.message.contains("right after `condition.lock(whenValue: true)`"), fix.message)
        XCTAssertFalse(fix.message.contains("withLock"), fix.message)
    }

    func testAnUpdateThroughASeparatelyLockedGetterAndSetterIsNamedAsALostUpdate() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/nonisolated_unsafe/split_updates.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await findings(code, NonisolatedUnsafeRule())
        XCTAssertEqual(ds.map(\.location.line), [7])
        XCTAssertEqual(ds[0].message, "'_suites' of type '[String]' is only used with 'lock' held, but 'suites' takes 'lock' once to get and again "
                       + "to set: the update through it at line 14 reads and writes in two holds, so concurrent updates can be lost")
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("make each update one critical section: take 'lock' once around the whole read-modify-write"), ds[0].fixIt.message)

        // With split_critical_section running, the lost update is its finding, at the update;
        // the storage, guarded at every use, shows no hazard. One mistake, one finding.
        let both = await Support.lint([("Sources/App/Updates.swift", code)], rules: [NonisolatedUnsafeRule(), SplitCriticalSectionRule()])
        XCTAssertEqual(both.map { "\($0.ruleID):\($0.location.line)" }, ["split_critical_section:14"])

        // `"strict": true` reports every modifier: the guarded storage too, with its lock.
        var strict = Configuration()
        strict.rules["nonisolated_unsafe"] = .init(strict: true)
        let all = await Support.lint([("Sources/App/Updates.swift", code)], rules: [NonisolatedUnsafeRule(), SplitCriticalSectionRule()],
                                     configuration: strict)
        XCTAssertEqual(all.map { "\($0.ruleID):\($0.location.line)" }, ["nonisolated_unsafe:7", "split_critical_section:14", "nonisolated_unsafe:23"])
        XCTAssertTrue(all[0].message.hasSuffix("is only used with 'lock' held in this file, but the compiler cannot see that protection"), all[0].message)
    }

    /// An access some calls reach holding another lock: the fix-it does not nest the var's
    /// guard inside that lock unless the run already takes the two in that order; when the run
    /// takes them the other way, it says so. Three shapes: a helper in another file, a helper in
    /// the same type, and the order the run already uses.
    func testTheGuardIsNotNestedInsideAnotherLockInAnOrderTheRunDoesNotUse() async {
        let sdk = """
            import Foundation
            final class SDK {
                let setupLock = NSLock()
                let groupsLock = NSLock()
                var storage: [String: String]? = nil
                func setup() { setupLock.lock(); storage = [:]; setupLock.unlock() }
                func close() { setupLock.lock(); storage = nil; setupLock.unlock() }
                func stop() { setupLock.lock(); storage?.removeAll(); setupLock.unlock() }
                func context() -> Int { groupsLock.lock(); defer { groupsLock.unlock() }; return groups().count }
                func capture() -> Int { groups().count }
            }
            """
        let helper = """
            extension SDK {
                func groups() -> [String: String] { storage ?? [:] }
            }
            """
        let nested = await Support.lint([("Sources/App/SDK.swift", sdk), ("Sources/App/SDK+Groups.swift", helper)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(nested.map { "\($0.path.split(separator: "/").last!):\($0.location.line)" }, ["SDK+Groups.swift:2"])
        XCTAssertTrue(nested.first?.fixIt.message.hasPrefix("hold 'setupLock' for 'storage', but not nested inside 'groupsLock'") ?? false,
                      nested.first?.fixIt.message ?? "")

        // The run already takes 'setupLock' inside 'groupsLock': nesting here follows that order.
        let ordered = sdk.replacingOccurrences(of: "func close() { setupLock.lock(); storage = nil; setupLock.unlock() }",
                                               with: "func close() { groupsLock.lock(); setupLock.lock(); storage = nil; setupLock.unlock(); groupsLock.unlock() }")
        let follows = await Support.lint([("Sources/App/SDK.swift", ordered), ("Sources/App/SDK+Groups.swift", helper)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(follows.map(\.location.line), [2])
        XCTAssertTrue(follows.first?.fixIt.message.hasPrefix("wrap this access in") ?? false, follows.first?.fixIt.message ?? "")

        // The run takes them the other way round: the fix-it names the inversion.
        let inverted = sdk.replacingOccurrences(of: "func close() { setupLock.lock(); storage = nil; setupLock.unlock() }",
                                                with: "func close() { setupLock.lock(); groupsLock.lock(); storage = nil; groupsLock.unlock(); setupLock.unlock() }")
        let opposite = await Support.lint([("Sources/App/SDK.swift", inverted), ("Sources/App/SDK+Groups.swift", helper)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(opposite.map(\.location.line), [2])
        XCTAssertTrue(opposite.first?.fixIt.message.contains("in the opposite order and can deadlock") ?? false, opposite.first?.fixIt.message ?? "")
    }

    /// The call that reaches a helper without the guard is itself reached with the guard on
    /// other paths into its member: taking the guard (or hopping) at that call would deadlock or
    /// reorder those paths, so the fix-it says to find the path that lacks it. Three shapes: a
    /// queue through a `didSet`, a lock through a private step, and the helper in another file.
    func testACallReachedWithTheGuardOnSomePathsIsNotToldToTakeIt() async {
        let identity = """
            import Foundation
            final class IdentityStore {
                private let queue = DispatchQueue(label: "identity")
                private var seed = 0 {
                    didSet { save() }
                }
                private var alias = ""
                private var attributes: [String: String] = [:]
                func identify(_ a: String) { queue.async { self.alias = a; self.seed = 1 } }
                func reset() { queue.async { self.attributes = [:]; self.seed = 0 } }
                func regenerate() { Task { self.seed = 2 } }
                var snapshot: [String: String] { queue.sync { attributes } }
                func flush() { queue.async { self.save() } }
            }
            """
        let helpers = """
            extension IdentityStore {
                func save() { merge(["alias": alias]) }
                func merge(_ n: [String: String]) { attributes.merge(n) { $1 } }
            }
            """
        let inline = identity.replacingOccurrences(of: "    func flush()", with: """
                private func save() { merge(["alias": alias]) }
                private func merge(_ n: [String: String]) { attributes.merge(n) { $1 } }
                func flush()
            """)
        for files in [[("Sources/App/Identity.swift", inline)], [("Sources/App/Identity.swift", identity), ("Sources/App/Identity+Save.swift", helpers)]] {
            let ds = await Support.lint(files, rules: [InconsistentLockingRule()])
            let alias = ds.first { $0.message.hasPrefix("'alias'") }
            let at = files.count == 1 ? "at line 5" : "in Identity.swift at line 5"
            XCTAssertTrue(alias?.fixIt.message.hasPrefix("find the path that reaches the call of 'save()' \(at)") ?? false, alias?.fixIt.message ?? "\(ds.map(\.message))")
            XCTAssertTrue(alias?.notes.contains { $0.message.contains("on some paths without queue 'queue' (others reach it holding it)") } ?? false, "\(alias?.notes ?? [])")
        }
        let ledger = """
            import Foundation
            final class Ledger {
                let lock = NSLock()
                var total = 0
                private var log: [Int] = []
                func add(_ v: Int) { lock.withLock { total += v; step(v) } }
                func replay(_ v: Int) { step(v) }
                func audit(_ v: Int) { lock.withLock { record(v) } }
                private func step(_ v: Int) { record(v) }
                private func record(_ v: Int) { log.append(v) }
                func count() -> Int { lock.withLock { log.count } }
            }
            """
        let ds = await Support.lint([("Sources/App/Ledger.swift", ledger)], rules: [InconsistentLockingRule()])
        XCTAssertEqual(ds.map(\.location.line), [10])
        XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("find the path that reaches the call of 'record()' at line 9 without 'lock'") ?? false, ds.first?.fixIt.message ?? "")
        XCTAssertFalse(ds.first?.fixIt.message.contains("hold 'lock' around the call") ?? true, ds.first?.fixIt.message ?? "")
    }

    /// A lock the code takes only if it is free (`if lock.try()`) is never the form a fix-it
    /// holds it with; for static state, where that take is a gate (a start-once check), holding
    /// it elsewhere would change what the gate decides: the var gets a lock of its own. Three
    /// shapes: static state behind a gate, an instance var whose class takes the lock both ways,
    /// and the same with `tryLock()`.
    func testAConditionalTakeIsNeverTheFormAFixItHoldsTheLockWith() async {
        let gate = """
            import Foundation
            public enum SDK {
                static let initLock = NSLock()
                static var client: String?
                public static func start(_ name: String) {
                    if initLock.try() {
                        client = name
                        initLock.unlock()
                    }
                }
                public static func restart(_ name: String) {
                    initLock.lock()
                    client = name
                    initLock.unlock()
                }
                public static func shutdown() {
                    client = nil
                }
            }
            """
        let statics = await findings(gate, InconsistentLockingRule())
        XCTAssertEqual(statics.map(\.location.line), [17])
        XCTAssertTrue(statics.first?.fixIt.message.hasPrefix("guard 'client' with a lock of its own") ?? false, statics.first?.fixIt.message ?? "")
        XCTAssertTrue(statics.first?.fixIt.message.contains("taken with try() at line 6") ?? false, statics.first?.fixIt.message ?? "")
        for take in ["try", "tryLock"] {
            let instance = """
                import Foundation
                final class Pump {
                    private let lock = NSLock()
                    private var level = 0
                    func fill() { if lock.\(take)() { level += 1; lock.unlock() } }
                    func drain() { if lock.\(take)() { level -= 1; lock.unlock() } }
                    func reset() { level = 0 }
                }
                """
            let ds = await findings(instance, InconsistentLockingRule())
            XCTAssertEqual(ds.map(\.location.line), [7], take)
            XCTAssertFalse(ds.first?.fixIt.message.contains(".\(take)()") ?? true, ds.first?.fixIt.message ?? "")
        }
    }

    func testUnsafeOnAFunctionIsReportedOnlyByStrictAsPlainNonisolated() async throws {
        let folder = Support.packageRoot.appendingPathComponent("TestFixtures/nonisolated_unsafe/functions_are_plain_nonisolated")
        let code = try String(contentsOf: folder.appendingPathComponent("main_actor_model.swift"), encoding: .utf8)
        // By default: nothing (the compiler still checks the bodies, and warns about the word itself).
        let quiet = await Support.lint([("Sources/App/Feed.swift", code)], rules: [NonisolatedUnsafeRule()])
        XCTAssertEqual(quiet.map(\.location.line), [])
        // `"strict": true` reports every modifier, saying what it is, and never offers a lock.
        var strict = Configuration()
        strict.rules["nonisolated_unsafe"] = .init(strict: true)
        let all = await Support.lint([("Sources/App/Feed.swift", code)], rules: [NonisolatedUnsafeRule()], configuration: strict)
        XCTAssertEqual(all.map(\.location.line), [7, 11, 15])
        XCTAssertEqual(all[2].message, "nonisolated(unsafe) on func 'count' is plain nonisolated: '(unsafe)' applies only to stored variables, "
                       + "and the compiler still checks this body (reported by \"strict\": true)")
        XCTAssertEqual(all.map(\.fixIt.message), ["write nonisolated", "write nonisolated", "write nonisolated"])
    }

    func testAnActorVarReadBySynchronousNonisolatedCodeIsNotToldToAwait() async throws {
        let code = """
            actor Handler {
                private nonisolated(unsafe) var current: Job?
                private nonisolated(unsafe) var count = 0
                func start(_ j: Job) { current = j; count += 1 }
                nonisolated func expire() { current?.cancel() }
                func total() -> Int { count }
            }
            """
        let ds = await findings(code, NonisolatedUnsafeRule())
        XCTAssertEqual(ds.map(\.location.line), [2, 3])
        XCTAssertFalse(ds[0].fixIt.message.contains("await"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("remove nonisolated(unsafe)") && ds[1].fixIt.message.contains("with await"), ds[1].fixIt.message)
    }

    /// An actor's var every write of which is isolated, read by no synchronous nonisolated member:
    /// no hazard, only a modifier not needed, and the message says that (not "no lock held"), in
    /// each shape: a private var, a weak var set through a method, a var written in an extension.
    /// (A write in another file carries no isolation the tool reads: that var keeps the lock advice.)
    func testAnActorVarUsedOnlyInIsolationIsToldTheModifierIsNotNeeded() async throws {
        let engine = """
            actor Engine {
                private nonisolated(unsafe) var ticks = 0
                nonisolated(unsafe) weak var sync: AnyObject?
                nonisolated(unsafe) var label = ""
                func tick() { ticks += 1 }
                func setSync(_ s: AnyObject) { self.sync = s }
                func report() -> String { "\\(ticks) \\(label) \\(sync == nil)" }
            }
            """
        let naming = """

            extension Engine {
                func rename(_ l: String) { label = l }
            }
            """
        let ds = await Support.lint([("Sources/App/Engine.swift", engine + naming)], rules: [NonisolatedUnsafeRule()])
        XCTAssertEqual(ds.map(\.location.line), [2, 3, 4])
        for d in ds {
            XCTAssertTrue(d.message.contains("written only in the actor's isolated members") && d.message.hasSuffix("turns off a check it does not need"), d.message)
            XCTAssertFalse(d.message.contains("no lock held"), d.message)
            XCTAssertTrue(d.fixIt.message.hasPrefix("remove nonisolated(unsafe)"), d.fixIt.message)
        }
    }

    func testAModuleWithItsOwnLockTypeIsToldToUseIt() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/own_lock_type")
        let files = try ["Protected.swift", "Session.swift"].map { name in
            ("Sources/App/" + name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8))
        }
        let ds = await Support.lint(files, rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(ds.map(\.location.line), [3])
        // Protected hands its closures its own value: the state goes inside one.
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("keep the mutable state inside one of the module's own Protected, reached only through withLock { }"),
                      ds[0].fixIt.message)
    }

    func testAWaitReachedOnlyFromNoasyncCodeIsKeptForSynchronousCallers() async throws {
        let code = """
            import Dispatch
            extension Pool {
                @available(*, noasync, renamed: "close()")
                public func closeAndWait() { waitForClose() }
                private func waitForClose() {
                    let done = DispatchSemaphore(value: 0)
                    close { done.signal() }
                    done.wait()
                }
                public func drainNow() { waitForDrain() }
                private func waitForDrain() {
                    let drained = DispatchSemaphore(value: 0)
                    drain { drained.signal() }
                    drained.wait()
                }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [6, 12])
        XCTAssertEqual(ds[0].fixIt.message, "keep it for synchronous callers (its only callers are marked noasync, so async code cannot reach this wait); "
                       + "async callers already have 'close()', named in the noasync attribute")
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("where callers can be async, await the work instead"), ds[1].fixIt.message)
    }

    func testASemaphoreKeptByAnObjectIsTreatedAsAnEventSignal() async throws {
        let code = """
            import Dispatch
            final class Reader {
                private let wake = DispatchSemaphore(value: 0)
                func loop() { while running { wake.wait(); readMore() } }
                func poke() { wake.signal() }
                func once() {
                    let done = DispatchSemaphore(value: 0)
                    start { done.signal() }
                    done.wait()
                }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [3, 7])
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("let one dedicated thread (not the main thread, not the cooperative pool) do the waiting"), ds[0].fixIt.message)
        XCTAssertFalse(ds[0].fixIt.message.contains("withCheckedContinuation") || ds[0].fixIt.message.contains("timeout"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("withCheckedContinuation"), ds[1].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("consider wait(timeout:)"), ds[1].fixIt.message)
    }

    /// A worker loop that already waits on a serial queue of its own has the dedicated thread the
    /// advice asks for: the fix-it says what is left (priority), and a note shows the wait.
    func testAWorkerLoopOnItsOwnQueueIsToldAboutPriorityOnly() async throws {
        let code = """
            import Dispatch
            final class Player {
                private let queue = DispatchQueue(label: "player")
                private let wake = DispatchSemaphore(value: 0)
                private let ready = DispatchSemaphore(value: 0)
                private let pool = DispatchQueue(label: "pool", attributes: .concurrent)
                func start() {
                    queue.async { [weak self] in
                        while let self, !self.stopped {
                            self.wake.wait()
                            self.playNext()
                        }
                    }
                    queue.async { self.waitUntilReady() }
                    pool.async { while true { self.ready.wait() } }
                }
                private func waitUntilReady() { ready.wait() }
                func bufferFinished() { wake.signal() }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [4, 5])
        XCTAssertEqual(ds[0].fixIt.message, "keep the waiting on serial queue 'queue', and give it the priority (QoS) of the code that signals it: "
                       + "a semaphore donates none; in async code, receive the events from an AsyncStream instead")
        XCTAssertEqual(ds[0].notes.first?.location.line, 10)
        // `ready` is waited on outside a loop, and in a loop on a concurrent queue: no worker of its own.
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("let one dedicated thread"), ds[1].fixIt.message)
    }

    func testASubclassIsNotToldToBecomeAnActor() async throws {
        let code = """
            import Foundation
            final class Download: Operation, @unchecked Sendable {
                private var finishedFlag = false
                override var isFinished: Bool { finishedFlag }
                override func start() { finishedFlag = true }
            }
            final class Tally: @unchecked Sendable {
                private var n = 0
                func bump() { n += 1 }
            }
            """
        let ds = await findings(code, UncheckedSendableUnguardedRule())
        XCTAssertEqual(ds.map(\.location.line), [2, 7])
        XCTAssertFalse(ds[0].fixIt.message.contains("actor"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("make 'Tally' an actor"), ds[1].fixIt.message)
    }

    func testAPerAccessFixUsesTheClassesOwnWrapperOrAnAvailableLockCall() async throws {
        let wrapped = """
            import Foundation
            final class Jobs: @unchecked Sendable {
                private let lock = NSLock()
                private var queue: [Int] = []
                private func sync<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }
                func push(_ j: Int) { sync { queue.append(j) } }
                func pop() -> Int? { queue.popLast() }
            }
            """
        let plain = wrapped
            .replacingOccurrences(of: "func push(_ j: Int) { sync { queue.append(j) } }",
                                  with: "func push(_ j: Int) { lock.lock(); defer { lock.unlock() }; queue.append(j) }")
            .replacingOccurrences(of: "private func sync<T>(_ body: () -> T) -> T { lock.lock(); defer { lock.unlock() }; return body() }",
                                  with: "// no wrapper")
        func lint(_ code: String, _ deployment: Deployment?) async -> [Diagnostic] {
            let input = LintInput(path: "Sources/App/Jobs.swift", bytes: Array(code.utf8), context: FileContext(deployment: deployment))
            let settings = LintSettings(rules: [UncheckedSendableUnguardedRule()], jobs: 1)
            return await Linter.lint([input], settings: settings).diagnostics
        }
        let old = Deployment(platforms: ["macOS": Version(10, 15)])
        let viaWrapper = await lint(wrapped, old)
        XCTAssertEqual(viaWrapper.map(\.location.line), [7])
        XCTAssertTrue(viaWrapper[0].fixIt.message.hasPrefix("wrap this access in sync { }"), viaWrapper[0].fixIt.message)
        let manual = await lint(plain, old)
        XCTAssertEqual(manual.map(\.location.line), [7])
        XCTAssertTrue(manual[0].fixIt.message.contains("lock.lock(); defer { lock.unlock() }"), manual[0].fixIt.message)
        XCTAssertFalse(manual[0].fixIt.message.contains("withLock {"), manual[0].fixIt.message)
        // Where withLock exists, the class's own form is still what is offered (it takes the lock
        // manually here); a class that uses withLock is offered withLock.
        let recent = await lint(plain, Deployment(platforms: ["macOS": Version(14)]))
        XCTAssertTrue(recent[0].fixIt.message.contains("lock.lock(); defer { lock.unlock() }"), recent[0].fixIt.message)
        let closures = plain.replacingOccurrences(of: "func push(_ j: Int) { lock.lock(); defer { lock.unlock() }; queue.append(j) }",
                                                  with: "func push(_ j: Int) { lock.withLock { queue.append(j) } }")
        let recentClosures = await lint(closures, Deployment(platforms: ["macOS": Version(14)]))
        XCTAssertTrue(recentClosures[0].fixIt.message.contains("lock.withLock { }"), recentClosures[0].fixIt.message)
    }

    func testAnAsyncMethodOfAMainActorClassIsToldItIsAlreadyOnTheMainActor() async throws {
        let code = """
            import UIKit
            final class Feed: UIViewController {
                var rows = 0
                func reload() async {
                    DispatchQueue.main.async { self.rows = 1 }
                    print(rows)
                    DispatchQueue.main.async { self.view.setNeedsLayout() }
                }
            }
            """
        let ds = await findings(code, DispatchMainInAsyncRule())
        // Line 7 only defers: nothing after it reads what it sets.
        XCTAssertEqual(ds.map(\.location.line), [5])
        guard ds.count == 1 else { return }
        XCTAssertTrue(ds[0].message.contains("is already on the main actor"), ds[0].message)
        XCTAssertFalse(ds[0].fixIt.message.contains("MainActor.run"), ds[0].fixIt.message)
        XCTAssertTrue(ds[0].notes.contains { $0.message.contains("'UIViewController' is a main-actor class") }, "\(ds[0].notes)")
    }

    /// Async code on the main actor runs on the main thread: a blocking call there is reported,
    /// in words that are true of it (not the cooperative pool).
    func testABlockingCallOnTheMainActorIsNotSaidToBlockThePool() async throws {
        let code = """
            import Foundation
            @MainActor final class Screen {
                func reveal(group: DispatchGroup) async {
                    Thread.sleep(forTimeInterval: 0.2)
                    group.wait()
                }
            }
            func load() async { Thread.sleep(forTimeInterval: 0.2) }
            """
        let ds = await findings(code, BlockingInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [4, 5, 8])
        guard ds.count == 3 else { return }
        for d in ds.prefix(2) {
            XCTAssertTrue(d.message.contains("blocks the main thread"), d.message)
            XCTAssertFalse(d.message.contains("pool"), d.message)
            XCTAssertTrue(d.notes.contains { $0.message.contains("runs on the main thread, not on the cooperative pool") }, "\(d.notes)")
        }
        XCTAssertTrue(ds[1].message.hasSuffix("if the group's work needs the main actor, nothing runs it"), ds[1].message)
        XCTAssertTrue(ds[2].message.contains("blocks a cooperative-pool thread"), ds[2].message)
    }

    /// A semaphore created in a local and kept in a property is judged as the stored semaphore it
    /// becomes: the value it was created with, the advice for one kept by an object, one finding.
    func testASemaphoreKeptInAPropertyIsFollowedIntoIt() async throws {
        let code = """
            import Dispatch
            final class Connection {
                private var wake: DispatchSemaphore?
                func open() {
                    let s = DispatchSemaphore(value: 0)
                    self.wake = s
                }
                func run() { while true { wake?.wait(); step() } }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [3])
        guard let d = ds.first else { return }
        XCTAssertTrue(d.message.hasPrefix("semaphore 'wake' created with value 0"), d.message)
        XCTAssertTrue(d.fixIt.message.hasPrefix("let one dedicated thread"), d.fixIt.message)
        XCTAssertFalse(d.fixIt.message.contains("DispatchSemaphore 'wake' blocks whichever thread"), d.fixIt.message)
    }

    /// A wait in async code on the main actor blocks the main thread: the note says so.
    func testASemaphoreWaitedOnTheMainActorIsNotSaidToBlockThePool() async throws {
        let code = """
            import Dispatch
            @MainActor final class Screen {
                private let loaded = DispatchSemaphore(value: 0)
                func show() async { loaded.wait() }
            }
            """
        let ds = await findings(code, DispatchSemaphoreRule())
        XCTAssertEqual(ds.map(\.location.line), [3])
        XCTAssertEqual(ds.first?.notes.first?.message, "'loaded' is waited on here, in async code: this blocks the main thread (the code runs on the main actor)")
    }

    /// A delayed block that captures weakly is never rewritten into a task that holds what it
    /// captures strongly for the whole wait: the fix-it keeps the capture list, in every context.
    func testADelayedWeakBlockKeepsItsWeakCapture() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/dispatch_main_in_async/delayed_weak_capture.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await findings(code, DispatchMainInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [8, 25, 46])
        let lists = ["[weak self]", "[weak self, weak delegate]", "[unowned self]"]
        for (d, list) in zip(ds, lists) {
            let fix = d.fixIt.message
            XCTAssertTrue(fix.hasPrefix("start `let later = Task { @MainActor \(list) in try await Task.sleep(for: …); … }`"), fix)
            XCTAssertTrue(fix.contains("keep \(list): a task that awaits the delay holds what it captures strongly for the whole wait"), fix)
            XCTAssertFalse(fix.contains("MainActor.run"), fix)
            XCTAssertFalse(fix.contains("await the delay"), fix)
        }
    }

    /// A delayed block is never rewritten so that the code around awaits the delay (its awaiting
    /// callers would wait the whole delay too): the rewrite is a task of its own that sleeps first,
    /// kept so that the code can cancel it, keeping weak captures weak; a block passed by name gets
    /// no rewrite. A delayed block set when the code has nothing left to await is not reported:
    /// the rewrite would only restate it.
    func testADelayedBlockStaysFireAndForget() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/dispatch_main_in_async/delayed_fire_and_forget.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await findings(code, DispatchMainInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [19, 27, 35, 61, 71])
        let starts = ["start `let later = Task { @MainActor [weak self] in try await Task.sleep(for: …); … }`",
                      "no rewrite offered", "start `let later = Task { @MainActor in try await Task.sleep(for: …); … }`",
                      "start `let later = Task { @MainActor in try await Task.sleep(for: …); … }`", "no rewrite offered"]
        let awaited = [22, 28, 34, 62, 72]
        for ((d, start), line) in zip(zip(ds, starts), awaited) {
            let fix = d.fixIt.message
            XCTAssertTrue(d.message.contains("then awaits more work (line \(line))"), d.message)
            if start.hasPrefix("start") { XCTAssertTrue(fix.contains("`later.cancel()` where the work awaited from line \(line)"), fix) }
            XCTAssertTrue(fix.hasPrefix(start), fix)
            XCTAssertFalse(fix.contains("MainActor.run"), fix)
            XCTAssertFalse(fix.contains("await the delay ("), fix)
            XCTAssertFalse(fix.contains("and await the delay"), fix)
        }
    }

    /// A hop in a `defer` is the last step of the code that leaves the block holding it; a `defer`
    /// body cannot await, so its fix-it moves the block's code out of the `defer` instead of
    /// offering `await MainActor.run` in place.
    func testAHopInADeferIsNotToldToAwaitThere() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/dispatch_main_in_async/hop_in_defer.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await findings(code, DispatchMainInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [12, 37, 48])
        XCTAssertTrue(ds[0].message.contains("as the last step of async function 'signOut()' (in a `defer`)"), ds[0].message)
        XCTAssertTrue(ds[2].message.contains("as the last step of a Task body (in a `defer`)"), ds[2].message)
        let ends = ["where the function ends", "where the block holding the `defer` ends", "where the task ends"]
        for (d, end) in zip(ds, ends) {
            let fix = d.fixIt.message
            XCTAssertTrue(fix.hasPrefix("the hop is in a `defer`, whose body cannot `await`"), fix)
            XCTAssertTrue(fix.contains("move the block's code out of the `defer`"), fix)
            XCTAssertTrue(fix.contains(end), fix)
            XCTAssertFalse(fix.hasPrefix("replace with `await MainActor.run"), fix)
        }
    }

    /// A Task started in main-actor code (through a Combine sink in a @MainActor initializer) is
    /// main-actor code: it is not told to await the main actor, which would run the block at once.
    func testATaskThatInheritsTheMainActorIsJudgedByIt() async throws {
        let code = """
            import Combine
            import Foundation
            final class Search {
                var bag = Set<AnyCancellable>()
                var last = ""
                @MainActor init(queries: AnyPublisher<String, Never>) {
                    queries.sink { q in
                        Task {
                            DispatchQueue.main.async { self.last = q }
                            print(self.last)
                            await Task.yield()
                        }
                    }.store(in: &bag)
                }
            }
            """
        let ds = await findings(code, DispatchMainInAsyncRule())
        XCTAssertEqual(ds.map(\.location.line), [9])
        guard let d = ds.first else { return }
        XCTAssertEqual(d.message, "DispatchQueue.main.async is already on the main actor and only defers the block, but 'last', which the block sets, is read at line 10 before the block runs: that read sees the value from before the block")
        XCTAssertEqual(d.notes.first?.message, "@MainActor isolates the initializer: a Task body inherits it and runs on the main actor")
        XCTAssertFalse(d.fixIt.message.contains("MainActor.run"), d.fixIt.message)
        XCTAssertFalse(d.fixIt.message.contains("directly"), d.fixIt.message)
    }

    /// "Claim the state before the await" leaves the claim set when the awaited call fails (a
    /// token published that was never created, a status marked sent that was never sent): after
    /// a `try await`, or an await whose result is tested, the fix-it says to undo the claim on
    /// failure; after an await that cannot fail it does not.
    func testAClaimBeforeAnAwaitThatCanFailIsToldToBeUndone() async throws {
        let code = """
            actor Publisher {
                var token: String?
                var status: [Int: Bool] = [:]
                var plain: String?
                func publish() async throws {
                    guard token == nil else { return }
                    let made = try await create()
                    token = made
                }
                func send(_ id: Int) async {
                    guard status[id] == nil else { return }
                    let ok = await deliver(id)
                    if !ok { return }
                    status[id] = true
                }
                func refresh() async {
                    guard plain == nil else { return }
                    let made = await make()
                    plain = made
                }
                func create() async throws -> String { await Task.yield(); return "" }
                func deliver(_ id: Int) async -> Bool { await Task.yield(); return true }
                func make() async -> String { await Task.yield(); return "" }
            }
            """
        let ds = await findings(code, ActorReentrancyRule())
        XCTAssertEqual(ds.map(\.location.line), [8, 14, 19])
        XCTAssertTrue(ds[0].fixIt.message.contains("undo the claim in a `catch` or `defer` when the awaited call fails"), ds[0].fixIt.message)
        XCTAssertTrue(ds[0].fixIt.message.contains("or check 'token' again after the await"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("remove it again in a `catch` when the awaited call fails"), ds[1].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.contains("or look 'status' up again after the await"), ds[1].fixIt.message)
        let plain = ds.last?.fixIt.message ?? ""
        XCTAssertFalse(plain.contains("undo"), plain)
        XCTAssertTrue(plain.hasPrefix("claim 'plain' before the await"), plain)
    }
    /// A lock held across start-up so that readers wait until the state is set (an init gate):
    /// "end the section before the await" would let readers see it unset. The fix-it names an
    /// async-aware gate; the region's later awaits are notes of one finding.
    func testAnInitGateIsToldToBecomeAnAsyncGateNotAShorterSection() async throws {
        let gate = """
            import Foundation
            final class Boot: @unchecked Sendable {
                private let gateLock = NSLock()
                private var _parts: [Int]?
                var parts: [Int] { gateLock.withLock { _parts! } }
                func start() async {
                    gateLock.lock()
                    defer { gateLock.unlock() }
                    let n = await count()
                    self._parts = Array(0..<n)
                    await settle()
                }
                func count() async -> Int { 3 }
                func settle() async {}
            }
            """
        let ds = await findings(gate, AwaitInLockRule())
        XCTAssertEqual(ds.map(\.location.line), [9])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(fix.contains("async-aware gate"), fix)
        XCTAssertTrue(ds[0].notes.contains { $0.location.line == 11 && $0.message.contains("still held") }, "\(ds[0].notes)")
        // Nobody else reads what is assigned after the await: the plain fix-it.
        let plain = gate.replacingOccurrences(of: "{ gateLock.withLock { _parts! } }", with: "{ [] }")
        let dp = await findings(plain, AwaitInLockRule())
        XCTAssertEqual(dp.map(\.location.line), [9])
        XCTAssertTrue((dp.first?.fixIt.message ?? "").hasPrefix("end the critical section"), dp.first?.fixIt.message ?? "")
    }
    /// A lock released mid-body on purpose (a test stalls a worker, lets it go, then checks):
    /// "defer the unlock and delete the others" would keep it held over the later checks. The
    /// fix-it releases on the error path too and keeps the early release; a release at the end
    /// of the block keeps the defer fix-it.
    func testAnEarlyReleaseIsNotToldToMoveIntoADefer() async throws {
        let code = """
            import Foundation
            final class Stall: @unchecked Sendable {
                let lock = NSLock()
                func run() throws {
                    lock.lock()
                    start()
                    try check()
                    lock.unlock()
                    try check()
                }
                func runToEnd() throws {
                    lock.lock()
                    try check()
                    lock.unlock()
                }
                func start() {}
                func check() throws {}
            }
            """
        let ds = await findings(code, LockWithoutDeferRule())
        XCTAssertEqual(ds.map(\.location.line), [5, 12])
        let early = ds.first?.fixIt.message ?? ""
        XCTAssertTrue(early.contains("catch { lock.unlock(); throw error }"), early)
        XCTAssertFalse(early.contains("defer"), early)
        let end = ds.last?.fixIt.message ?? ""
        XCTAssertTrue(end.contains("defer { lock.unlock() }"), end)
    }

    /// A public var settable by other modules is API: nothing in the run setting it does not
    /// make it a `let` (that breaks every client that sets it). The finding stands; the fix-it
    /// keeps the setter behind one lock, and still offers `let` for the vars only the module sees.
    func testAVarSettableByOtherModulesIsNeverToldToBecomeALet() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded")
        var files: [(path: String, code: String)] = []
        for name in ["public_settings_nobody_sets.swift", "public_settings_behind_protocol.swift",
                     "public_settings_across_files/Options.swift", "public_settings_across_files/Writing.swift"] {
            files.append(("Sources/App/" + name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)))
        }
        let ds = await Support.lint(files, rules: [UncheckedSendableUnguardedRule()])
        let byClass = Dictionary(uniqueKeysWithValues: ds.map { d in
            (String(d.message.split(separator: "'")[1]), d)
        })
        for name in ["ReportFormatter", "RetryPolicy", "JSONWriter", "TreeWriter"] {
            guard let d = byClass[name] else { XCTFail("no finding for \(name)"); continue }
            let fix = d.fixIt.message
            XCTAssertTrue(fix.hasPrefix("make '"), fix)
            XCTAssertTrue(fix.contains("a 'let' would break every client that sets"), fix)
            XCTAssertFalse(fix.contains("declare it 'let'") || fix.contains("declare them 'let'"), fix)
            XCTAssertTrue(fix.contains("drop the @unchecked Sendable claim"), fix)
            for n in d.notes { XCTAssertFalse(n.message.contains("public and settable") && n.message.contains("could be a 'let'"), n.message) }
        }
        // The private var beside the public one: still a `let`.
        XCTAssertTrue(byClass["JSONWriter"]?.fixIt.message.contains("; declare 'depthLimit' 'let': never assigned outside init") == true)
        XCTAssertTrue(byClass["Stamp"]?.fixIt.message.hasPrefix("declare it 'let'") == true)
    }

    /// The same for a public static var in `nonisolated_unsafe`: a private var behind a public
    /// accessor, never a `let` (one nothing in the run writes is a knob for clients: quiet).
    func testAPublicStaticVarIsNeverToldToBecomeALet() async throws {
        let knob = """
            public enum Flags {
                nonisolated(unsafe) public static var verbose = false
                static func log(_ s: String) { if verbose { print(s) } }
            }
            """
        let quiet = await findings(knob, NonisolatedUnsafeRule())
        XCTAssertEqual(quiet.map(\.message), [])
        let code = """
            public enum Flags {
                nonisolated(unsafe) public static var verbose = false
                static let lock = NSLock()
                static func log(_ s: String) { if verbose { print(s) } }
                static func mute() { lock.withLock { verbose = false } }
            }
            """
        let ds = await findings(code, NonisolatedUnsafeRule())
        XCTAssertEqual(ds.map(\.location.line), [2])
        let fix = ds.first?.fixIt.message ?? ""
        XCTAssertFalse(fix.contains("`let`"), fix)
        XCTAssertTrue(fix.hasPrefix("make it private behind a public accessor that clients keep setting"), fix)
    }

    /// A lock taken inside a block that ends before its release (an `if`, a `switch` case) is
    /// never told to defer its release right after the acquire (the defer would run at that
    /// block's end); a lock reached through an optional is told to bind it once, since a release
    /// through the same chain does nothing where it is nil.
    func testLockWithoutDeferFixItsAreSafeForBranchBlocksAndOptionalChains() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/lock_without_defer")
        var files: [(path: String, code: String)] = []
        for name in ["acquire_inside_branch_block.swift", "acquire_inside_switch_case.swift", "lock_reached_through_optional.swift"] {
            files.append(("Sources/App/" + name, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)))
        }
        let ds = await Support.lint(files, rules: [LockWithoutDeferRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["acquire_inside_branch_block.swift:12", "acquire_inside_branch_block.swift:34",
                                           "acquire_inside_switch_case.swift:14",
                                           "lock_reached_through_optional.swift:15", "lock_reached_through_optional.swift:41"], "\(fix)")
        for k in ["acquire_inside_branch_block.swift:12", "acquire_inside_switch_case.swift:14"] {
            let m = fix[k] ?? ""
            XCTAssertFalse(m.contains("write `defer") || m.contains("add `defer") || m.contains("delete the other"), m)
            XCTAssertTrue(m.contains("only on the paths that took it"), m)
        }
        XCTAssertTrue(fix["acquire_inside_branch_block.swift:34"]?.contains("defer { frontLock.unlock() }") ?? false, "\(fix)")
        let chained = fix["lock_reached_through_optional.swift:15"] ?? ""
        XCTAssertTrue(chained.hasPrefix("bind the lock once before taking it (`guard let frontLock = core?.frontLock else { … }`)"), chained)
        XCTAssertTrue(chained.contains("`frontLock.lock(); defer { frontLock.unlock() }`"), chained)
        XCTAssertFalse(chained.contains("defer { core?."), chained)
        let gate = fix["lock_reached_through_optional.swift:41"] ?? ""
        XCTAssertTrue(gate.contains("`guard let gate = gate else { … }`") && gate.contains("`gate.lock(); defer { gate.unlock() }`"), gate)
    }

    func testAHelperThatTakesTheLockItselfIsNeverToldToBeCalledWithItHeld() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/inconsistent_locking")
        var files: [(path: String, code: String)] = []
        for name in ["helper_takes_the_lock_lazily.swift", "helper_takes_the_lock_through_a_wrapper.swift",
                     "helper_takes_the_lock_across_files/Ledger.swift", "helper_takes_the_lock_across_files/Ledger+Read.swift"] {
            files.append(("Sources/App/" + name.split(separator: "/").last!, try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)))
        }
        let ds = await Support.lint(files, rules: [InconsistentLockingRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["Ledger+Read.swift:5", "helper_takes_the_lock_lazily.swift:12", "helper_takes_the_lock_lazily.swift:46",
                                           "helper_takes_the_lock_through_a_wrapper.swift:24"], "\(fix)")
        // The lazy getter reaches the semaphore through `load()`; the wrapper's helper two calls
        // down, through a closure run under the lock; the extension's helper takes it itself.
        for (k, through) in [("helper_takes_the_lock_lazily.swift:12", " (in 'load', which it calls)"),
                             ("helper_takes_the_lock_through_a_wrapper.swift:24", " (in 'refill', which it calls)"),
                             ("Ledger+Read.swift:5", "")] {
            let m = fix[k] ?? ""
            XCTAssertFalse(m.hasPrefix("hold ") || m.contains("split "), m)
            XCTAssertTrue(m.hasPrefix("do not hold "), m)
            XCTAssertTrue(m.contains("itself on some path\(through), so a thread that holds it there would deadlock;"), m)
        }
        // Its twin without the lazy load keeps the placement, which is safe there.
        XCTAssertTrue(fix["helper_takes_the_lock_lazily.swift:46"]?.hasPrefix("hold 'gate' around the use of 'items' at line 57;") ?? false, "\(fix)")
    }
    /// "Claim the property before the await" is not offered when the awaited method of the actor
    /// assigns that property itself (the claim would be undone or used by it), nor for a clear or
    /// plain write that other state is written with right after the await (claiming one would leave
    /// the rest to the stale decision): the fix-it offers the re-check after the await instead.
    func testActorReentrancyOffersNoClaimTheAwaitedCallOrTheGroupWouldDefeat() async throws {
        let code = """
            actor Link {
                var conn: String?
                var peer: String?
                var host: String?
                var port = 0
                var open = false
                var cache: [Int: String] = [:]
                var count = 0
                func attach(_ c: String) async {
                    if conn != nil {
                        await detach()
                    }
                    conn = c
                }
                func detach() async {
                    await send(conn)
                    conn = nil
                }
                func adopt(_ p: String) async {
                    if self.peer == nil { return }
                    await self.forget()
                    self.peer = p
                }
                func forget() async {
                    await send(peer)
                    peer = nil
                }
                func shutdown() async {
                    guard host != nil else { return }
                    await Task.yield()
                    host = nil
                    port = 0
                    open = false
                }
                func fill(_ k: Int) async {
                    if cache[k] != nil { return }
                    let v = await make()
                    cache[k] = v
                    count += 1
                }
                func rename(_ c: String) async {
                    if conn == nil { return }
                    await Task.yield()
                    conn = c
                }
                func make() async -> String { await Task.yield(); return "" }
                func send(_ s: String?) async { await Task.yield() }
                func connect(_ h: String) { host = h }
            }
            """
        let ds = await findings(code, ActorReentrancyRule())
        XCTAssertEqual(ds.map(\.location.line), [13, 22, 31, 38, 44])
        let fix = ds.map(\.fixIt.message)
        XCTAssertTrue(fix[0].hasPrefix("the awaited 'detach()' assigns 'conn' itself"), fix[0])
        XCTAssertTrue(fix[0].hasSuffix("check 'conn' again after the await before writing it"), fix[0])
        XCTAssertTrue(fix[1].hasPrefix("the awaited 'forget()' assigns 'peer' itself"), fix[1])
        XCTAssertTrue(fix[2].hasPrefix("claiming only 'host' before the await would leave 'open', 'port' written after it"), fix[2])
        XCTAssertTrue(fix[2].hasSuffix("check after the await that 'host' still holds what you read before clearing it, and write 'open', 'port' only when it does"), fix[2])
        for f in fix.prefix(3) { XCTAssertFalse(f.contains("before the await (") || f.contains("take the value into a local"), f) }
        // A lookup keeps the in-flight advice (it gates the whole method); an await that does not
        // assign the property keeps the claim.
        XCTAssertTrue(fix[3].hasPrefix("store the in-flight work in 'cache'"), fix[3])
        XCTAssertTrue(fix[4].hasPrefix("claim 'conn' before the await"), fix[4])
    }

    /// A raw mutex used for more than exclusion is not told to become a lock object that cannot
    /// do that: one initialised as recursive is re-entered by its holder (NSRecursiveLock, not
    /// Mutex or NSLock); one a condition variable waits on has no lock-object replacement here,
    /// so it stays raw and is allocated once. A plain one keeps the usual advice.
    func testARawMutexIsReplacedOnlyByALockThatDoesWhatItDoes() async throws {
        let code = """
            import Foundation
            final class Reentrant {
                var mutex: pthread_mutex_t = .init()
                init() {
                    var attr = pthread_mutexattr_t()
                    pthread_mutexattr_init(&attr)
                    pthread_mutexattr_settype(&attr, Int32(PTHREAD_MUTEX_RECURSIVE))
                    pthread_mutex_init(&self.mutex, &attr)
                }
                func lock() { pthread_mutex_lock(&self.mutex) }
            }
            final class Waiter {
                private var gate = pthread_mutex_t()
                private var ready = pthread_cond_t()
                func await() {
                    pthread_mutex_lock(&gate)
                    pthread_cond_wait(&ready, &gate)
                    pthread_mutex_unlock(&gate)
                }
            }
            var sharedMutex = pthread_mutex_t()
            var sharedCondition = pthread_cond_t()
            func setUpShared() {
                var a = pthread_mutexattr_t()
                pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE)
                pthread_mutex_init(&sharedMutex, &a)
            }
            func waitShared() { _ = pthread_cond_timedwait(&sharedCondition, &sharedMutex, nil) }
            final class Plain {
                var m = pthread_mutex_t()
                init() { pthread_mutex_init(&m, nil) }
                func run() { pthread_mutex_lock(&m); pthread_mutex_unlock(&m) }
            }
            """
        let ds = await findings(code, UnsafeOsLockRule()).filter { $0.ruleID == "unsafe_os_lock" }
        XCTAssertEqual(ds.map(\.location.line), [3, 13, 21, 30], ds.map(\.message).joined(separator: "\n"))
        guard ds.count == 4 else { return }
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("replace 'mutex' with NSRecursiveLock"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("keep the raw pthread_mutex_t, which a condition variable waits on, but allocate it once"), ds[1].fixIt.message)
        XCTAssertTrue(ds[2].fixIt.message.hasPrefix("keep the raw pthread_mutex_t, which a condition variable waits on and which is recursive, but allocate it once"), ds[2].fixIt.message)
        XCTAssertFalse(ds[3].fixIt.message.contains("NSRecursiveLock"), ds[3].fixIt.message)
        XCTAssertFalse(ds[3].fixIt.message.hasPrefix("keep the raw"), ds[3].fixIt.message)
        for d in ds.prefix(3) {
            for other in ["with NSLock", "with Mutex", "with OSAllocatedUnfairLock"] { XCTAssertFalse(d.fixIt.message.contains(other), d.fixIt.message) }
        }
        XCTAssertTrue(["with NSLock", "with Mutex"].contains { ds[3].fixIt.message.contains($0) }, ds[3].fixIt.message)
    }

    /// A sync on a queue whose running block waits for the code through a main-queue sync is a
    /// deadlock, but that code runs on the main thread: it is not told it is already on the
    /// queue, nor to run the body "directly" as if it were. Without the main hop it is.
    func testASyncBehindAMainQueueWaitIsNotSaidToRunOnTheQueue() async throws {
        let code = """
            import Foundation
            func demo() {
                let first = DispatchQueue(label: "first")
                let second = DispatchQueue(label: "second")
                first.async {
                    second.sync {
                        DispatchQueue.main.sync {
                            first.sync { }
                        }
                    }
                }
                first.async {
                    second.sync {
                        first.sync { }
                    }
                }
            }
            """
        let ds = await findings(code, QueueSyncReentrancyRule())
        XCTAssertEqual(ds.map(\.location.line), [8, 14], ds.map(\.message).joined(separator: "\n"))
        guard ds.count == 2 else { return }
        XCTAssertTrue(ds[0].message.contains("is itself waiting for this code through 'DispatchQueue.main.sync' (line 7)"), ds[0].message)
        XCTAssertTrue(ds[0].fixIt.message.hasPrefix("do not wait for 'first' from code its own running block waits for"), ds[0].fixIt.message)
        XCTAssertFalse(ds[0].fixIt.message.contains("already on"), ds[0].fixIt.message)
        XCTAssertTrue(ds[1].fixIt.message.hasPrefix("run the work directly: this code is already on 'first'"), ds[1].fixIt.message)
    }

    /// A var written on two queues: the access reported runs on a queue too, and which of the
    /// two is the var's home the tool cannot tell (frames, callbacks it does not see may run on
    /// either). The fix-it names both directions and an async hop, never "use the other queue"
    /// alone (that moved the access that was on the right queue, and a sync hop deadlocked).
    func testAVarOnTwoQueuesIsToldBothWaysAndNeverASyncHop() async throws {
        let ds = try await Support.lintFixture("inconsistent_locking/two_queues_either_way", InconsistentLockingRule())
        XCTAssertEqual(ds.map { "\(($0.path as NSString).lastPathComponent):\($0.location.line)" }.sorted(),
                       ["Camera.swift:25", "Feed.swift:22", "Journal.swift:24"], "\(ds.map(\.message))")
        for d in ds {
            XCTAssertTrue(d.fixIt.message.hasPrefix("keep every access to '"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("hop with async, not sync"), d.fixIt.message)
        }
        let camera = try XCTUnwrap(ds.first { $0.path.hasSuffix("Camera.swift") })
        XCTAssertEqual(camera.fixIt.message, "keep every access to 'samples' on one of the two: move this one onto queue 'sessionQueue', "
                       + "or the accesses on queue 'sessionQueue' (such as line 13) onto queue 'frameQueue', whichever the rest of the code "
                       + "that uses 'samples' runs on; hop with async, not sync: code running on one of them that waits for the other can deadlock")
        let journal = try XCTUnwrap(ds.first { $0.path.hasSuffix("Journal.swift") })
        XCTAssertTrue(journal.fixIt.message.contains("move this one onto queue 'writer', or the accesses on queue 'writer' (such as line 15) onto queue 'reader'"),
                      journal.fixIt.message)
    }
}
