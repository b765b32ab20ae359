import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// What the guard inference's findings say about the lock: the lock held at every access, the
/// class's own lock reached through an alias of self, and what taking a lock again does (said
/// only as far as the tool knows the lock). The fixtures assert the lines; these the words.
final class GuardMessagesTests: XCTestCase {
    func fixture(_ name: String) async throws -> [Diagnostic] {
        let dir = Support.packageRoot.appendingPathComponent("TestFixtures/inconsistent_locking")
        let url = dir.appendingPathComponent(name)
        var files: [(path: String, code: String)] = []
        if name.hasSuffix(".swift") {
            files = [(url.path, try String(contentsOf: url, encoding: .utf8))]
        } else {
            for f in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted() where f.hasSuffix(".swift") {
                let u = url.appendingPathComponent(f)
                files.append((u.path, try String(contentsOf: u, encoding: .utf8)))
            }
        }
        return await Support.lint(files, rules: [InconsistentLockingRule()]).filter { $0.ruleID == "inconsistent_locking" }
    }

    func text(_ d: Diagnostic) -> String {
        ([d.message, d.fixIt.message] + d.notes.map(\.message)).joined(separator: "\n")
    }

    /// The lock that only some accesses (or some callers) also hold, or that is taken after an
    /// access, is never named as the missing guard.
    func testTheGuardIsTheLockHeldAtEveryAccess() async throws {
        try await assertNoFinding(of: ["guard_held_at_every_access.swift", "guard_taken_after_the_access.swift", "guard_taken_after_the_access_across_files",
                                       "helper_properties_hold_the_guard.swift", "helper_properties_with_setters.swift", "helper_properties_across_files"],
                                  mentions: ["sendLock", "emitGate", "outLock", "flushLock"])
    }

    /// A borrowed lock held at a minority of accesses and none of the writes is never named
    /// (the fixtures assert the lines); "like the others" and "its other callers already hold"
    /// are said only when counted true.
    func testLikeTheOthersIsSaidOnlyWhenCounted() async throws {
        try await assertNoFinding(of: ["borrowed_lock_of_held_object.swift", "borrowed_lock_of_parent_passed_in.swift",
                                       "borrowed_lock_through_protocol_member"], mentions: ["'device'", "'window'", "'texture'", "'pipeline'"])
        let ds = try await fixture("helper_callers_counted.swift")
        XCTAssertEqual(ds.count, 3)
        for d in ds where d.message.contains("'level'") {
            XCTAssertTrue(d.fixIt.message.contains("like the access that holds it"), d.fixIt.message)
            XCTAssertFalse(d.fixIt.message.contains("like the others"), d.fixIt.message)
        }
        let t = ds.map(text).joined()
        XCTAssertTrue(t.contains("1 of its 2 other calls already holds 'lock' (1 does not)"), t)
        XCTAssertFalse(t.contains("its other callers already hold"), t)
    }

    /// Every fixture reports something, and none of its findings (message, fix-it, notes)
    /// contains any of `words`.
    func assertNoFinding(of fixtures: [String], mentions words: [String]) async throws {
        for name in fixtures {
            let ds = try await fixture(name)
            XCTAssertFalse(ds.isEmpty, name)
            for d in ds {
                let t = text(d)
                for word in words { XCTAssertFalse(t.contains(word), "\(name): \(t)") }
            }
        }
    }

    /// `s.lock` for `guard let s = self` is the class's `lock`: never "they do not exclude each
    /// other" between the two spellings, nor a fix-it naming the alias.
    func testAnAliasOfSelfTakesTheClassLock() async throws {
        try await assertNoFinding(of: ["self_aliases_take_the_class_lock.swift", "self_aliases_rebound_self.swift", "self_aliases_across_files"],
                                  mentions: ["s.mutex", "strongSelf.", "this.gate", "owner.lock"])
    }

    /// A recursive lock (NSRecursiveLock, a type of the file wrapping one, objc_sync) taken again
    /// does not deadlock: no fix-it says it would.
    func testARecursiveLockIsNotSaidToDeadlock() async throws {
        let ds = try await fixture("recursive_lock_helpers.swift")
        XCTAssertEqual(ds.count, 3)
        for d in ds {
            XCTAssertFalse(d.fixIt.message.contains("deadlock") && !d.fixIt.message.contains("would not deadlock"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("it is recursive"), d.fixIt.message)
        }
    }

    /// A non-recursive lock keeps the deadlock warning; a lock of a type the tool cannot see says
    /// it only as a condition.
    func testOtherLocksSayOnlyWhatIsKnown() async throws {
        let body = """
            private var values: [Int] = []
            private var total: Int { values.reduce(0, +) }
            func add(_ i: Int) { lock.lock(); values.append(i); lock.unlock() }
            func sum() -> Int { lock.lock(); defer { lock.unlock() }; return total }
            func report() { print(total) }
        }
        """
        let known = await Support.lint([("Sources/App/A.swift", "import Foundation\nfinal class A {\n    private let lock = NSLock()\n" + body)],
                                       rules: [InconsistentLockingRule()])
        XCTAssertEqual(known.count, 1)
        XCTAssertTrue(known.first?.fixIt.message.hasSuffix("and taking it again would deadlock") ?? false, known.first?.fixIt.message ?? "")
        let unknown = await Support.lint([("Sources/App/A.swift", "import Foundation\nfinal class A {\n    private let lock = SomeLock()\n" + body)],
                                         rules: [InconsistentLockingRule()])
        XCTAssertEqual(unknown.count, 1)
        XCTAssertTrue(unknown.first?.fixIt.message.hasSuffix("would deadlock if 'lock' is not recursive") ?? false, unknown.first?.fixIt.message ?? "")
    }

    /// A read in a member that hands its caller the value now (a getter, a result, a closure it
    /// cannot keep) is never told to read inside queue.async and hand the value on; a member
    /// that hands nothing back now still is.
    func testAReadTheCallerNeedsNowIsNotSentToRunLater() async throws {
        let later = "async { } and hand the value on"
        for (name, now, notNow) in [("reads_the_caller_needs_now.swift", [13, 17, 21], [25, 29]),
                                    ("reads_the_caller_needs_now_across_files", [7, 11], [15])] {
            let ds = try await fixture(name)
            for d in ds {
                let line = d.location.line
                if now.contains(line) {
                    XCTAssertFalse(d.fixIt.message.contains(later), "\(name):\(line): \(d.fixIt.message)")
                    XCTAssertTrue(d.fixIt.message.contains("needs '") && d.fixIt.message.contains("one short lock"), "\(name):\(line): \(d.fixIt.message)")
                } else if notNow.contains(line) {
                    XCTAssertTrue(d.fixIt.message.contains(later), "\(name):\(line): \(d.fixIt.message)")
                }
            }
            XCTAssertEqual(Set(ds.map(\.location.line)), Set(now + notNow), name)
        }
    }

    /// A public member that deinit also calls is not split into an entry that hops onto the
    /// queue (deinit can run on the queue, where a sync hop deadlocks); without deinit, it is.
    func testNoQueueHopEntryForAMemberDeinitCalls() async throws {
        let ds = try await fixture("entry_called_from_deinit.swift")
        XCTAssertEqual(ds.map(\.location.line), [24, 43])
        for d in ds where d.location.line == 24 {
            XCTAssertFalse(d.fixIt.message.contains("split"), d.fixIt.message)
            XCTAssertTrue(d.fixIt.message.contains("deinit calls it"), d.fixIt.message)
        }
        for d in ds where d.location.line == 43 {
            XCTAssertTrue(d.fixIt.message.hasPrefix("split 'rewind' in two"), d.fixIt.message)
        }
    }

    /// A count of the class's own accesses says that it leaves out those other types' code
    /// makes through a reference (in another file, through a parameter, through a stored
    /// property), which a reader of the class and its callers would otherwise count too.
    func testACountOfOwnAccessesSaysItLeavesOutOtherTypesAccesses() async throws {
        let registry = """
            import Foundation
            final class Registry {
                private let lock = NSLock()
                var handlers: [String] = []
                func add(_ h: String) { lock.lock(); handlers.append(h); lock.unlock() }
                func remove() { lock.lock(); handlers.removeAll(); lock.unlock() }
                func close() { for h in handlers { print(h) } }
            }
            final class Plain {
                private let lock = NSLock()
                var names: [String] = []
                func add(_ h: String) { lock.lock(); names.append(h); lock.unlock() }
                func remove() { lock.lock(); names.removeAll(); lock.unlock() }
                func close() { for h in names { print(h) } }
            }
            """
        let users = """
            final class Publisher {
                let registry: Registry
                init(registry: Registry) { self.registry = registry }
                func publish() { for h in registry.handlers { print(h) } }
                func count(in other: Registry) -> Int { other.handlers.count }
            }
            """
        let ds = await Support.lint([("Sources/App/Registry.swift", registry), ("Sources/App/Publisher.swift", users)],
                                    rules: [InconsistentLockingRule()]).filter { $0.ruleID == "inconsistent_locking" }
        let own = ds.filter { $0.path.hasSuffix("Registry.swift") }
        XCTAssertEqual(own.map(\.location.line), [7, 14], ds.map(text).joined(separator: "\n\n"))
        guard own.count == 2 else { return }
        XCTAssertTrue(text(own[0]).contains("(not counting 2 made by other types' code through a reference)"), text(own[0]))
        XCTAssertFalse(text(own[1]).contains("other types' code"), text(own[1]))
    }

    /// A lock that no write of a var holds, held at no more than half of its accesses (reads
    /// that sit inside another state's critical section): each write without it is reported, and
    /// the message says that no write holds it (it is not said to be the var's guard).
    func testALockHeldOnlyAroundSomeReadsIsNotTheVarsGuard() async throws {
        // One read of many inside the counter's lock.
        let bot = """
            import Foundation
            final class Bot: @unchecked Sendable {
                private let countLock = NSLock()
                private var published = 0
                private var identity: String?
                func login(_ id: String) { identity = id }
                func logout() { identity = nil }
                func name() -> String? { identity }
                func isLoggedIn() -> Bool { identity != nil }
                func publish() {
                    countLock.lock()
                    published += 1
                    print(identity ?? "")
                    countLock.unlock()
                }
            }
            """
        // Another spelling: withLock, two reads of five.
        let feed = """
            import Foundation
            final class Feed: @unchecked Sendable {
                private let lock = NSLock()
                private var seen = 0
                private var config = ""
                func set(_ c: String) { config = c }
                func a() -> String { config }
                func b() -> Int { config.count }
                func c() { lock.withLock { seen += config.count } }
                func d() { lock.withLock { seen -= config.count } }
            }
            """
        // Held at a write: still the var's guard, and named.
        let store = """
            import Foundation
            final class Store: @unchecked Sendable {
                private let lock = NSLock()
                private var items: [Int] = []
                func add(_ n: Int) { lock.lock(); items.append(n); lock.unlock() }
                func count() -> Int { items.count }
            }
            """
        let ds = await Support.lint([("Sources/M/Bot.swift", bot), ("Sources/M/Feed.swift", feed), ("Sources/M/Store.swift", store)],
                                    rules: [UncheckedSendableUnguardedRule()])
        let message = Dictionary(ds.map { ("\($0.path.split(separator: "/").last!):\($0.location.line)", $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(message["Bot.swift:6"], "'identity' of @unchecked Sendable class 'Bot' is written without holding 'countLock', like every write of it: "
            + "only reads of it hold 'countLock'", "\(message)")
        XCTAssertEqual(message["Bot.swift:7"], message["Bot.swift:6"], "\(message)")
        XCTAssertEqual(message["Feed.swift:6"], "'config' of @unchecked Sendable class 'Feed' is written without holding 'lock', like every write of it: "
            + "only reads of it hold 'lock'", "\(message)")
        // (The writes are the cause: the reads are not reported apart.)
        XCTAssertEqual(Set(message.keys), ["Bot.swift:6", "Bot.swift:7", "Feed.swift:6", "Store.swift:6"], "\(message)")
        XCTAssertEqual(message["Store.swift:6"], "'items' of @unchecked Sendable class 'Store' is read without holding 'lock'", "\(message)")
    }
}
