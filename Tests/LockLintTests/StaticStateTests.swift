import XCTest
@testable import LockLintCore

/// Static state behind a lock of its type: the guard inferred from the static var's accesses,
/// and the accesses made without it.
final class StaticStateTests: XCTestCase {
    func accesses(_ code: String) -> (FileStructure, [StaticStateAccess]) {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        let context = RuleContext(structure: s, vocabulary: .default, index: ProjectIndex())
        return (s, StaticState.unguardedAccesses(context))
    }

    func testTheLockHeldAtTheWritesIsTheGuardAndAnAccessWithoutItIsFound() {
        let (s, found) = accesses("""
            enum Names {
                static let lock = NSLock()
                static var all: [String] = []
                static func add(_ n: String) { lock.lock(); defer { lock.unlock() }; all.append(n) }
                static func addQualified(_ n: String) { Names.lock.withLock { Names.all.append(n) } }
                static func first() -> String? { all.first }
            }
            """)
        XCTAssertEqual(found.count, 1)
        XCTAssertEqual(found.first.map { s.line(ofToken: $0.access) }, 6)
        XCTAssertEqual(found.first?.guardName, "lock")
        XCTAssertEqual(found.first?.guardedWrites.count, 2)
        XCTAssertEqual(found.first?.isWrite, false)
    }

    func testNoGuardedWriteOrACallerThatHoldsTheLockFindsNothing() {
        // Only reads hold the lock: nothing shows the lock guards the var.
        let (_, reads) = accesses("""
            enum Config {
                static let lock = NSLock()
                static var value = 0
                static func get() -> Int { lock.withLock { value } }
                static func set(_ v: Int) { value = v }
            }
            """)
        XCTAssertEqual(reads, [])
        // The helper's only call holds the lock.
        let (_, helper) = accesses("""
            enum Pool {
                static let lock = NSLock()
                static var free: [Int] = []
                static func put(_ x: Int) { lock.withLock { free.append(x); trim() } }
                private static func trim() { free.removeFirst() }
            }
            """)
        XCTAssertEqual(helper, [])
    }
}
