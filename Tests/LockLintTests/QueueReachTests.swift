import XCTest
@testable import LockLintCore

/// Where code runs with respect to a serial queue (`QueueReach`), on small sources.
final class QueueReachTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func place(_ s: FileStructure, _ n: Int) -> String {
        let c = QueueReach.syncCalls(s)[n]
        switch QueueReach.onQueue(s, from: c.token, queue: c.queue) {
        case .closure(let ci)?: return "closure of \(s.text(s.closures[ci].callee))"
        case .mainActor(_, let what)?: return "main actor: \(what)"
        case .function(let d)?: return "function \(s.decls[d].nameText)"
        case nil: return "elsewhere"
        }
    }

    func testSyncCallsOnSerialQueuesOnly() {
        let s = structure("""
            final class C {
                let queue = DispatchQueue(label: "serial")
                let shared = DispatchQueue(label: "shared", attributes: .concurrent)
                func f() {
                    queue.sync { }
                    shared.sync { }
                    DispatchQueue.main.sync { }
                }
            }
            """)
        let calls = QueueReach.syncCalls(s)
        XCTAssertEqual(calls.map(\.receiver), ["queue", "DispatchQueue.main"])
        XCTAssertEqual(calls.last?.queue, "main")
    }

    func testWhereASyncRuns() {
        let s = structure("""
            final class C {
                let queue = DispatchQueue(label: "serial")
                func f() {
                    queue.async { queue.sync { } }
                    queue.async { Task { queue.sync { } } }
                    queue.sync { }
                }
                @MainActor func g() { DispatchQueue.main.sync { } }
            }
            """)
        XCTAssertEqual(place(s, 0), "closure of async")
        XCTAssertEqual(place(s, 1), "elsewhere", "a Task runs later, not on the queue")
        XCTAssertEqual(place(s, 2), "function f")
        XCTAssertEqual(place(s, 3), "main actor: @MainActor 'g'")
    }

    func testAMemberReachesASyncThroughCallsOnSelf() {
        let s = structure("""
            final class C {
                let queue = DispatchQueue(label: "serial")
                func a() { b() }
                func b() { queue.sync { } }
                func c() { if Thread.isMainThread { return }; b() }
                func d() { print(1) }
            }
            """)
        let sync = QueueReach.syncCalls(s)[0]
        guard case .function(let b)? = QueueReach.onQueue(s, from: sync.token, queue: sync.queue) else { return XCTFail("b syncs") }
        let members = QueueReach.collectMembers("C", s)
        func reach(_ name: String) -> (sync: QueueReach.SyncCall, calls: [Int])? {
            var visiting = Set<Int>()
            let d = members.first { $0.name == name }!.decl
            return QueueReach.reach(d, key: sync.queue, members: members, syncing: [b: [sync]], s: s, visiting: &visiting)
        }
        XCTAssertEqual(reach("a")?.sync.token, sync.token)
        XCTAssertEqual(reach("a")?.calls, [token(s, "b", 0)])
        XCTAssertNil(reach("c"), "checks where it runs first")
        XCTAssertNil(reach("d"))
    }

    func testStaticInitializersRunOnceUnderALock() {
        let s = structure("""
            enum Config {
                static let shared: Int = { DispatchQueue.main.sync { 1 } }()
                static let later: () -> Int = { DispatchQueue.main.sync { 2 } }
            }
            final class C {
                let value: Int = { DispatchQueue.main.sync { 3 } }()
            }
            """)
        let calls = QueueReach.syncCalls(s)
        XCTAssertEqual(calls.count, 3)
        XCTAssertEqual(QueueReach.onceVariable(s, calls[0].token, syncToken: calls[0].token).map { s.decls[$0].nameText }, "shared")
        XCTAssertNil(QueueReach.onceVariable(s, calls[1].token, syncToken: calls[1].token), "a closure stored, run later")
        XCTAssertNil(QueueReach.onceVariable(s, calls[2].token, syncToken: calls[2].token), "an instance property")
    }
}
