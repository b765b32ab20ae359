import XCTest
@testable import LockLintCore

/// The engine's lock acquisitions on their own: which acquisitions a body makes one after
/// another, and what each one reads and writes.
final class LockAcquisitionsTests: XCTestCase {
    func context(_ code: String) -> RuleContext {
        let s = FileStructure(file: SourceFile(path: "S.swift", text: code))
        var index = ProjectIndex.facts(of: s, vocabulary: .default)
        index.finish()
        return RuleContext(structure: s, vocabulary: .default, index: index)
    }

    /// The consecutive pairs of one file, each as the texts of its two acquire tokens and lines.
    func pairs(_ code: String) -> [String] {
        let c = context(code)
        let s = c.structure
        return LockAcquisitions(c).consecutivePairs()
            .map { "\(s.text($0.first.acquireToken))@\(s.line(ofToken: $0.first.acquireToken)) \(s.text($0.second.acquireToken))@\(s.line(ofToken: $0.second.acquireToken))" }
            .sorted()
    }

    func testTwoAcquisitionsOfOneLockInOneBodyArePaired() {
        XCTAssertEqual(pairs("""
            final class C {
                let lock = NSLock()
                var n = 0
                func f() {
                    let v = lock.withLock { n }
                    lock.withLock { n = v + 1 }
                }
            }
            """), ["withLock@5 withLock@6"])
        // Another lock, another body, or one nested in the other: no pair.
        XCTAssertEqual(pairs("""
            final class C {
                let lock = NSLock()
                let other = NSLock()
                var n = 0
                func f() { lock.withLock { n += 1 }; other.withLock { n = 0 } }
                func g() { lock.withLock { n = 0 } }
                func h() { lock.lock(); n = 1; lock.unlock() }
            }
            """), [])
    }

    func testGettersAndMethodsThatLockAreAcquisitions() {
        let code = """
            final class Counter {
                private let lock = NSLock()
                private var _count = 0
                var count: Int { lock.withLock { _count } }
                func setCount(_ value: Int) { lock.withLock { _count = value } }
                init() { setCount(count + 1) }
                func increment() { setCount(count + 1) }
            }
            """
        XCTAssertEqual(pairs(code), ["count@7 setCount@7"])
        let c = context(code)
        var acquisitions = LockAcquisitions(c)
        let members = acquisitions.all.filter { $0.member != nil }
        // Only in `increment`: an initializer runs before anyone else holds the object. (A
        // method whose body makes one acquisition is also found as a helper, at the same token.)
        XCTAssertEqual(Set(members.map { "\($0.memberName)@\(c.structure.line(ofToken: $0.acquireToken))" }), ["count@7", "setCount@7"])
        let getter = members.first { $0.memberName == "count" }!
        let setter = members.first { $0.memberName == "setCount" }!
        XCTAssertEqual(acquisitions.accesses(of: getter).reads, ["_count"])
        XCTAssertTrue(acquisitions.accesses(of: getter).writes.isEmpty)
        XCTAssertEqual(acquisitions.accesses(of: setter).writes.map(\.name), ["_count"])
        XCTAssertTrue(acquisitions.accesses(of: setter).reads.isEmpty)
    }

    func testWhatARegionReadsAndWrites() {
        let code = """
            final class Breaker {
                private let lock = NSLock()
                private var failures = 0
                private var open = false
                func record() {
                    let count = lock.withLock { failures += 1; return failures }
                    if count > 5 { lock.withLock { let failures = 0; open = true; _ = failures } }
                }
            }
            """
        let c = context(code)
        var acquisitions = LockAcquisitions(c)
        let regions = acquisitions.all.sorted { $0.at < $1.at }
        XCTAssertEqual(regions.count, 2)
        let first = acquisitions.accesses(of: regions[0])
        XCTAssertEqual(first.reads, ["failures"])
        XCTAssertTrue(first.writes.isEmpty, "a compound assignment reads what is there")
        // A local of the same name hides the state.
        let second = acquisitions.accesses(of: regions[1])
        XCTAssertEqual(second.writes.map(\.name), ["open"])
        XCTAssertFalse(second.reads.contains("failures"))
    }

    func testAssigningAPropertyWhoseSetterLocksIsAnAcquisition() {
        // The getter's read and the setter's write (also `if let x` reading the property).
        XCTAssertEqual(pairs("""
            final class C {
                private let lock = NSLock()
                private var _x: Int?
                var x: Int? {
                    get { lock.withLock { _x } }
                    set { lock.withLock { _x = newValue } }
                }
                func f() { if let x { print(x); self.x = nil } }
            }
            """), ["x@8 x@8"])
        // A setter that takes no lock, and a member chain `x.y = v`: no acquisition.
        XCTAssertEqual(pairs("""
            final class C {
                private let lock = NSLock()
                private var _x: Int?
                var x: Int? {
                    get { lock.withLock { _x } }
                    set { _x = newValue }
                }
                func f() { if let x { print(x); self.x = nil } }
            }
            """), [])
    }

    func testAnAccessorTakesALockThroughAnyClosureMethodOfAReceiverUsedAsOne() {
        // `run` is in no list; `lock` is used with `withLock` in the getter.
        let locking = """
            final class C {
                private let lock = NSLock()
                private var _x = 0
                var x: Int {
                    get { lock.withLock { _x } }
                    set { lock.run { _x = newValue } }
                }
            }
            """
        var index = ProjectIndex.facts(of: FileStructure(file: SourceFile(path: "S.swift", text: locking)), vocabulary: .default)
        index.finish()
        XCTAssertNotNil(index.splitProperties.values.first?["x"])
        // The same method on something never used as a lock, and not typed as one: not a lock.
        let notLocking = locking.replacingOccurrences(of: "set { lock.run", with: "set { notifier.run")
            .replacingOccurrences(of: "private var _x = 0", with: "private var _x = 0\n    let notifier = Notifier()")
        var other = ProjectIndex.facts(of: FileStructure(file: SourceFile(path: "S.swift", text: notLocking)), vocabulary: .default)
        other.finish()
        XCTAssertNil(other.splitProperties.values.first?["x"])
    }
}
