import XCTest
@testable import LockLintCore

/// Which members a call on `self` reaches (`SelfCalls`), on small sources.
final class SelfCallsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func members(_ s: FileStructure, _ type: String) -> ([SelfCalls.Member], [String: [Int]]) {
        let members = SelfCalls.collectMembers(type, s)
        return (members, Dictionary(grouping: members.indices, by: { members[$0].name }))
    }

    func called(_ s: FileStructure, _ word: String, _ n: Int, in type: String) -> [String] {
        let (members, byName) = members(s, type)
        let found = SelfCalls.calledMembers(s, token(s, word, n), members, byName) ?? []
        return found.map { members[$0].name + (members[$0].isProperty ? "" : "(" + members[$0].labels.map(\.label).joined(separator: ",") + ")") }
    }

    func testCallsResolveByArgumentLabels() {
        let s = structure("""
            final class C {
                func add(_ x: Int) {}
                func add(to y: Int, twice: Bool = false) {}
                func use() { add(1); add(to: 2); self.add(to: 3, twice: true); other.add(4) }
            }
            """)
        XCTAssertEqual(called(s, "add", 2, in: "C"), ["add(_)"])
        XCTAssertEqual(called(s, "add", 3, in: "C"), ["add(to,twice)"])
        XCTAssertEqual(called(s, "add", 4, in: "C"), ["add(to,twice)"])
        XCTAssertEqual(called(s, "add", 5, in: "C"), [], "a member of another value")
    }

    func testAComputedPropertyReadUnlessALocalHidesIt() {
        let s = structure("""
            final class C {
                var total: Int { 0 }
                func a() -> Int { total }
                func b() -> Int { let total = 1; return total }
            }
            """)
        XCTAssertEqual(called(s, "total", 1, in: "C"), ["total"])
        XCTAssertEqual(called(s, "total", 3, in: "C"), [], "the local hides the property")
    }

    func testAKeyPathReadNamesOneOrEveryProperty() {
        let s = structure("""
            final class C {
                var total: Int { 0 }
                var count: Int { 1 }
                func a() -> Int { self[keyPath: \\.total] }
                func b(_ kp: KeyPath<C, Int>) -> Int { self[keyPath: kp] }
                func c(_ o: C) -> Int { o[keyPath: \\.total] }
            }
            """)
        let (members, _) = members(s, "C")
        XCTAssertEqual(SelfCalls.keyPathMembers(s, token(s, "keyPath", 0), members)?.map { members[$0].name }, ["total"])
        XCTAssertEqual(SelfCalls.keyPathMembers(s, token(s, "keyPath", 1), members)?.map { members[$0].name }, ["total", "count"])
        XCTAssertNil(SelfCalls.keyPathMembers(s, token(s, "keyPath", 2), members), "another value's key path")
    }

    func testAMemberTakesTheLockThroughItsCalls() {
        let s = structure("""
            final class C {
                let lock = NSLock()
                func a() { b() }
                func b() { lock.withLock { } }
                func c() { print(1) }
                func d() { lock.unlock(); b() }
            }
            """)
        let (members, byName) = members(s, "C")
        let acquisitions = LockRegions(s, vocabulary: .default).regions.filter { $0.lock == "lock" && $0.acquireToken == token(s, "withLock") }
        func chain(_ name: String) -> (steps: [SelfCalls.Step], acquire: Int)? {
            var visiting = Set<Int>()
            let m = members.firstIndex { $0.name == name }!
            return SelfCalls.acquiresTransitively(m, members: members, byName: byName, acquisitions: acquisitions, s: s, depth: 0, visiting: &visiting)
        }
        let viaB = chain("a")
        XCTAssertEqual(viaB?.steps.map { members[$0.member].name }, ["b"])
        XCTAssertEqual(viaB?.acquire, token(s, "withLock"))
        XCTAssertNil(chain("c"))
        XCTAssertNil(chain("d"), "a member that gives the lock back first is called with it held on purpose")
    }
}
