import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// A fix-it names the methods the guard has: an OperationQueue's blocks go in with
/// addOperation (it has no async or sync), and a serial queue is run on, not held.
final class QueueWordingTests: XCTestCase {
    func testOperationQueueGuardIsToldAddOperation() async throws {
        // Made serial in a closure initializer.
        let store = """
            import Foundation
            final class Store: @unchecked Sendable {
                private let queue: OperationQueue = {
                    let q = OperationQueue()
                    q.maxConcurrentOperationCount = 1
                    return q
                }()
                private var items: [String] = []
                func add(_ s: String) { queue.addOperation { self.items.append(s) } }
                func drop() { queue.addOperation { self.items.removeAll() } }
                func reset() { items = [] }
            }
            """
        // Made serial in init, reached through `self.`.
        let feed = """
            import Foundation
            final class Feed: @unchecked Sendable {
                private let work = OperationQueue()
                private var seen = 0
                init() { work.maxConcurrentOperationCount = 1 }
                func tick() { self.work.addOperation { self.seen += 1 } }
                func back() { self.work.addOperation { self.seen -= 1 } }
                func clear() { seen = 0 }
            }
            """
        // A DispatchQueue keeps its async/sync wording.
        let plain = """
            import Foundation
            final class Plain: @unchecked Sendable {
                private let queue = DispatchQueue(label: "p")
                private var items: [String] = []
                func add(_ s: String) { queue.async { self.items.append(s) } }
                func drop() { queue.async { self.items.removeAll() } }
                func reset() { items = [] }
            }
            """
        let ds = await Support.lint([("Sources/M/Store.swift", store), ("Sources/M/Feed.swift", feed), ("Sources/M/Plain.swift", plain)],
                                    rules: [UncheckedSendableUnguardedRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["Feed.swift:8", "Plain.swift:7", "Store.swift:11"], "\(fix)")
        XCTAssertEqual(fix["Store.swift:11"], "run this access on queue like the others: make the write inside queue.addOperation { }; waiting for the operation "
            + "(queue.addOperations(_:waitUntilFinished: true)) is safe only from callers that never run on queue and that no operation on queue waits for, "
            + "so where that is not certain, guard 'items' with one short lock at every access instead")
        XCTAssertTrue(fix["Feed.swift:8"]?.contains("inside work.addOperation { }") ?? false, "\(fix)")
        for k in ["Store.swift:11", "Feed.swift:8"] {
            XCTAssertFalse(fix[k]?.contains(".async") ?? true, "\(fix)")
            XCTAssertFalse(fix[k]?.contains(".sync") ?? true, "\(fix)")
        }
        XCTAssertEqual(fix["Plain.swift:7"], "run this access on queue like the others: make the write inside queue.async { }; queue.sync { } is safe only "
            + "from callers that never run on queue and that no block on queue waits for, so where that is not certain, guard 'items' with one short lock at every access instead")
    }

    /// The advice about a helper its queued callers reach names OperationQueue's methods too.
    func testOperationQueueHelperAdviceIsToldAddOperation() async throws {
        // A public helper the queued blocks call: split it in two.
        let store = """
            import Foundation
            public final class Store: @unchecked Sendable {
                private let queue: OperationQueue = {
                    let q = OperationQueue()
                    q.maxConcurrentOperationCount = 1
                    return q
                }()
                private var items: [String] = []
                public func add(_ s: String) { queue.addOperation { self.append(s) } }
                public func drop() { queue.addOperation { self.items.removeAll() } }
                public func append(_ s: String) { items.append(s) }
            }
            """
        // A private helper one caller reaches off the queue: run that call on it.
        let feed = """
            import Foundation
            final class Feed: @unchecked Sendable {
                private let work = OperationQueue()
                private var seen: [String] = []
                init() { work.maxConcurrentOperationCount = 1 }
                func add(_ s: String) { work.addOperation { self.note(s) } }
                func drop() { work.addOperation { self.seen.removeAll() } }
                func more() { note("x"); print(1) }
                private func note(_ s: String) { seen.append(s) }
            }
            """
        // A DispatchQueue keeps its async/sync wording.
        let plain = """
            import Foundation
            public final class Plain: @unchecked Sendable {
                private let queue = DispatchQueue(label: "p")
                private var items: [String] = []
                public func add(_ s: String) { queue.async { self.append(s) } }
                public func drop() { queue.async { self.items.removeAll() } }
                public func append(_ s: String) { items.append(s) }
            }
            """
        let ds = await Support.lint([("Sources/M/Store.swift", store), ("Sources/M/Feed.swift", feed), ("Sources/M/Plain.swift", plain)],
                                    rules: [UncheckedSendableUnguardedRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["Feed.swift:9", "Plain.swift:7", "Store.swift:11"], "\(fix)")
        XCTAssertTrue(fix["Store.swift:11"]?.contains("deadlock (waiting for the operation) or reorder (addOperation) the callers that already hold it "
            + "(the entry's own hop too: queue.addOperations(_:waitUntilFinished: true) deadlocks a caller already on queue") ?? false, "\(fix)")
        XCTAssertTrue(fix["Feed.swift:9"]?.contains("(work.addOperation would run it after that code;") ?? false, "\(fix)")
        XCTAssertTrue(fix["Feed.swift:9"]?.contains("work.addOperations(_:waitUntilFinished: true) there would deadlock") ?? false, "\(fix)")
        for k in ["Store.swift:11", "Feed.swift:9"] {
            XCTAssertFalse(fix[k]?.contains(".async") ?? true, "\(fix)")
            XCTAssertFalse(fix[k]?.contains(".sync") ?? true, "\(fix)")
        }
        XCTAssertTrue(fix["Plain.swift:7"]?.contains("deadlock (sync) or reorder (async)") ?? false, "\(fix)")
        XCTAssertTrue(fix["Plain.swift:7"]?.contains("queue.sync deadlocks a caller already on queue") ?? false, "\(fix)")
    }

    func testSplitAccessorsOnAQueueAreToldOneSyncBlock() async throws {
        let counter = """
            import Foundation
            final class Counter: @unchecked Sendable {
                private let stateQueue = DispatchQueue(label: "s")
                private var _count = 0
                var count: Int {
                    get { stateQueue.sync { _count } }
                    set { stateQueue.sync { _count = newValue } }
                }
                func increment() { count += 1 }
            }
            """
        let locked = """
            import Foundation
            final class Locked: @unchecked Sendable {
                private let lock = NSLock()
                private var _hits = 0
                var hits: Int {
                    get { lock.withLock { _hits } }
                    set { lock.withLock { _hits = newValue } }
                }
                func hit() { hits += 1 }
            }
            """
        let ds = await Support.lint([("Sources/M/Counter.swift", counter), ("Sources/M/Locked.swift", locked)], rules: [SplitCriticalSectionRule()])
        let fix = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), ["Counter.swift:9", "Locked.swift:9"], "\(fix)")
        XCTAssertEqual(fix["Counter.swift:9"], "make the change inside one stateQueue.sync block: a method that runs it on 'stateQueue' (`mutate { $0 += … }`), "
            + "from callers that never run on 'stateQueue' already (sync there would deadlock)")
        XCTAssertEqual(fix["Locked.swift:9"], "make the change under one acquisition: a method that runs it with 'lock' held (`mutate { $0 += … }`), "
            + "a `_modify` accessor that holds the lock across `yield`, or the value kept in a lock that owns it and changed inside `withLock`")
    }

    /// "(not counting N made in …)" names where the uncounted accesses are.
    func testUncountedAccessesAreNamedWhereTheyAre() async throws {
        // Only in init.
        let box = """
            import Foundation
            final class Box: @unchecked Sendable {
                private let lock = NSLock()
                private var value = 0
                init() { value = 1 }
                func set(_ v: Int) { lock.lock(); value = v; lock.unlock() }
                func bump() { lock.lock(); value += 1; lock.unlock() }
                func reset() { value = 0 }
            }
            """
        // In init and in deinit.
        let pool = """
            import Foundation
            final class Pool: @unchecked Sendable {
                private let gate = NSLock()
                private var slots: [Int] = []
                init(_ n: Int) { slots = [n] }
                deinit { slots.removeAll() }
                func add(_ v: Int) { gate.withLock { slots.append(v) } }
                func take() -> Int? { gate.withLock { slots.popLast() } }
                func clear() { slots = [] }
            }
            """
        let ds = await Support.lint([("Sources/M/Box.swift", box), ("Sources/M/Pool.swift", pool)], rules: [UncheckedSendableUnguardedRule()])
        let notes = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.notes.map(\.message)) },
                               uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(notes.keys.sorted(), ["Box.swift:8", "Pool.swift:9"], "\(notes)")
        XCTAssertEqual(notes["Box.swift:8"]?.first, "The other 2 accesses to 'value' hold 'lock' (not counting 1 made in init), e.g. here")
        XCTAssertEqual(notes["Pool.swift:9"]?.first, "The other 2 accesses to 'slots' hold 'gate' (not counting 2 made in init or deinit), e.g. here")
    }

    /// A concurrent queue that the class never writes under in a barrier block excludes nothing:
    /// the "never under the class's guards" message does not list it, and lists one that the
    /// class's barrier blocks write under.
    func testConcurrentQueueWithoutBarrierIsNoGuardToName() async throws {
        // Made in `init` over several lines, a lock beside it.
        let fetcher = """
            import Foundation
            final class Fetcher: @unchecked Sendable {
                private let lock = NSLock()
                private let work: DispatchQueue
                private var pending = 0
                private var stamp = 0
                init() {
                    self.work = DispatchQueue(
                        label: "f",
                        qos: .userInitiated,
                        attributes: .concurrent
                    )
                }
                func load() { work.async { self.pending += 0 } }
                func enqueue() { lock.lock(); pending += 1; lock.unlock() }
                func touch() { stamp += 1 }
                func read() -> Int { stamp }
            }
            """
        // Declared with its value, used with sync and async only.
        let tally = """
            import Foundation
            final class Tally: @unchecked Sendable {
                private let lock = NSLock()
                private let queue = DispatchQueue(label: "t", attributes: [.concurrent])
                private var hits = 0
                private var mark = 0
                func hit() -> Int { queue.sync { hits } }
                func add() { lock.lock(); hits += 1; lock.unlock() }
                func set() { mark = 1 }
                func get() -> Int { mark }
            }
            """
        // A barrier write in an extension in another file: that queue is a guard, and is named.
        let index = """
            import Foundation
            final class Index: @unchecked Sendable {
                let queue = DispatchQueue(label: "i", attributes: .concurrent)
                var terms: [String: Int] = [:]
                var stamp = 0
                func lookup(_ t: String) -> Int? { queue.sync { terms[t] } }
                func touch() { stamp += 1 }
                func read() -> Int { stamp }
            }
            """
        let writes = """
            import Foundation
            extension Index {
                func add(_ t: String) { queue.async(flags: .barrier) { self.terms[t, default: 0] += 1 } }
            }
            """
        let ds = await Support.lint([("Sources/M/Fetcher.swift", fetcher), ("Sources/M/Tally.swift", tally), ("Sources/M/Index.swift", index),
                                     ("Sources/M/Index+Writes.swift", writes)], rules: [UncheckedSendableUnguardedRule()])
        let message = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(message["Fetcher.swift:16"], "'stamp' of @unchecked Sendable class 'Fetcher' is written here and never accessed under the class's guard ('lock')", "\(message)")
        XCTAssertEqual(message["Tally.swift:9"], "'mark' of @unchecked Sendable class 'Tally' is written here and never accessed under the class's guard ('lock')", "\(message)")
        XCTAssertEqual(message["Index.swift:7"], "'stamp' of @unchecked Sendable class 'Index' is written here and never accessed under the class's guard (queue 'queue')", "\(message)")
    }
}
