import XCTest
@testable import LockLintCore

/// What runs while a lock is held (`HeldReach`), and which manual acquires block
/// (`BlockingAcquire`), on small sources.
final class HeldReachTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func region(_ s: FileStructure) -> LockRegion {
        LockRegions(s, vocabulary: .default).regions.first { $0.lock == "lock" }!
    }

    func testClosuresRunOnTheSpotStayInTheHeldRegion() {
        let s = structure("""
            func f() {
                lock.withLock {
                    items.forEach { x = $0 }
                    Task { y = 2 }
                }
            }
            """)
        let r = region(s)
        XCTAssertTrue(HeldReach.runsDuring(s, token(s, "x"), r.executable))
        XCTAssertFalse(HeldReach.runsDuring(s, token(s, "y"), r.executable), "a Task's closure runs later")
    }

    func testBranchesOfOneChainOrSwitchAreExclusive() {
        let s = structure("""
            func f(c: Bool, v: Int) {
                if c { a() } else if d { b() }
                e()
                switch v {
                case 1: g()
                default: h()
                }
            }
            """)
        XCTAssertTrue(HeldReach.exclusive(s, token(s, "a"), token(s, "b")))
        XCTAssertFalse(HeldReach.exclusive(s, token(s, "a"), token(s, "e")))
        XCTAssertTrue(HeldReach.exclusive(s, token(s, "g"), token(s, "h")))
        XCTAssertFalse(HeldReach.exclusive(s, token(s, "e"), token(s, "h")))
    }

    func testReleasesMatchTheLock() {
        let s = structure("""
            func f() {
                lock.unlock()
                other.unlock()
                pthread_mutex_unlock(&mutex)
            }
            """)
        XCTAssertTrue(HeldReach.releases(s, token(s, "unlock", 0), lock: "lock"))
        XCTAssertFalse(HeldReach.releases(s, token(s, "unlock", 1), lock: "lock"))
        XCTAssertTrue(HeldReach.releases(s, token(s, "pthread_mutex_unlock"), lock: "mutex"))
        XCTAssertFalse(HeldReach.releases(s, token(s, "pthread_mutex_unlock"), lock: "lock"))
    }

    func testACalleeThatReleasesFirstHandsTheLockOver() {
        let s = structure("""
            func f() { lock.lock(); giveBack(); lock.lock() }
            func giveBack() { lock.unlock() }
            func g() { lock.lock(); keep(); lock.lock() }
            func keep() { print(1) }
            """)
        XCTAssertTrue(HeldReach.handedOver(s, from: token(s, "lock", 1), to: token(s, "lock", 3), lock: "lock"))
        XCTAssertFalse(HeldReach.handedOver(s, from: token(s, "lock", 6), to: token(s, "lock", 8), lock: "lock"))
    }

    func testHeldStatementsLeaveOutTheAcquireAndRelease() {
        let s = structure("""
            func f() {
                lock.lock()
                defer { lock.unlock() }
                value = 1
                notify()
            }
            """)
        let statements = HeldReach.heldStatements(s, region(s))
        XCTAssertEqual(statements.map { s.text($0.lowerBound) }, ["value", "notify"])
        XCTAssertFalse(statements.contains { $0.contains(token(s, "unlock")) })
    }

    func testOnlyUnconditionalAcquiresBlock() {
        let s = structure("""
            func f() {
                lock.lock()
                if lock.lock(before: deadline) { }
                cond.lock(whenValue: 1, timeoutSeconds: 2)
                guard lock.lock() else { return }
            }
            """)
        XCTAssertTrue(BlockingAcquire.check(s, token(s, "lock", 1)))
        XCTAssertFalse(BlockingAcquire.check(s, token(s, "lock", 3)), "a timed acquire")
        XCTAssertFalse(BlockingAcquire.check(s, token(s, "lock", 4)), "a timed acquire")
        XCTAssertFalse(BlockingAcquire.check(s, token(s, "lock", 6)), "a condition")
    }
}
