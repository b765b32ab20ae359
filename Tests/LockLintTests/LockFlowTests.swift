import XCTest
@testable import LockLintCore

/// The lock-state walk on its own (`LockFlow`, through `LockRegions`): which lock is held at a
/// token, and which exits of a body a manual acquire reaches with its lock still held.
final class LockFlowTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func regions(_ s: FileStructure) -> LockRegions { LockRegions(s, vocabulary: LockVocabulary()) }

    /// The locks held at the `n`th occurrence of `word`.
    func held(_ code: String, at word: String, _ n: Int = 0) -> [String] {
        let s = structure(code)
        return regions(s).holding(token(s, word, n), in: s, directOnly: true).map(\.lock)
    }

    /// The exits (their keyword or `}` text) the `n`th `lock()` reaches with its lock held, or
    /// nil when the walk does not judge it.
    func leaks(_ code: String, _ n: Int = 0) -> [String]? {
        let s = structure(code)
        guard let result = regions(s).releasePaths(ofAcquire: token(s, "lock", n)) else { return nil }
        return result.leaks.map { s.text($0.token) }
    }

    // MARK: What is held here

    func testHeldAfterBothBranchesTakeTheLockNotAfterOne() {
        let code = """
            func f(c: Bool) {
                if c { m.lock() } else { m.lock() }
                both()
                m.unlock()
                after()
                if c { n.lock() }
                some()
                n.unlock()
            }
            """
        XCTAssertEqual(held(code, at: "both"), ["m"])
        XCTAssertEqual(held(code, at: "after"), [])
        let s = structure(code)
        let some = regions(s).holding(token(s, "some"), in: s, directOnly: true)
        XCTAssertEqual(some.map(\.lock), ["n"])
        XCTAssertEqual(some.map(\.definite), [false], "held on one path only")
    }

    func testGuardElseReleaseFreesOnlyTheLeavingPath() {
        let code = """
            func f(c: Bool) {
                m.lock()
                guard c else {
                    m.unlock()
                    leaving()
                    return
                }
                staying()
                m.unlock()
            }
            """
        XCTAssertEqual(held(code, at: "staying"), ["m"])
        XCTAssertEqual(held(code, at: "leaving"), [])
    }

    func testClosureThatRunsLaterIsNotUnderTheLock() {
        let code = """
            func f() {
                m.lock()
                queue.async { later() }
                now()
                m.unlock()
            }
            """
        XCTAssertEqual(held(code, at: "now"), ["m"])
        XCTAssertEqual(held(code, at: "later"), [])
    }

    // MARK: Is the release guaranteed on every exit

    func testDeferAfterOrBeforeTheLockReleasesOnEveryExit() {
        XCTAssertEqual(leaks("""
            func f(c: Bool) throws {
                m.lock()
                defer { m.unlock() }
                if c { return }
                try g()
            }
            """), [])
        // `defer` written before `lock()` is a release too.
        XCTAssertEqual(leaks("""
            func f(c: Bool) {
                defer { m.unlock() }
                m.lock()
                if c { return }
                work()
            }
            """), [])
        // Not a release of this lock.
        XCTAssertEqual(leaks("""
            func f(c: Bool) {
                defer { other.unlock() }
                m.lock()
                if c { return }
                m.unlock()
            }
            """), ["return"])
    }

    func testEarlyReturnLeavesHeld() {
        XCTAssertEqual(leaks("""
            func f(c: Bool) {
                m.lock()
                if c { return }
                m.unlock()
            }
            """), ["return"])
        XCTAssertEqual(leaks("""
            func f(c: Bool) {
                m.lock()
                if c {
                    m.unlock()
                    return
                }
                m.unlock()
            }
            """), [])
    }

    func testThrowAndTryLeaveHeldUnlessCaught() {
        XCTAssertEqual(leaks("""
            func f(c: Bool) throws {
                m.lock()
                if c { throw E.x }
                try g()
                m.unlock()
            }
            """), ["throw", "try"])
        // Caught inside the hold: the catch releases, so nothing leaves with the lock.
        XCTAssertEqual(leaks("""
            func f(c: Bool) {
                m.lock()
                do {
                    try g()
                } catch {
                    m.unlock()
                    return
                }
                m.unlock()
            }
            """), [])
        // `try?` does not throw.
        XCTAssertEqual(leaks("""
            func f() {
                m.lock()
                try? g()
                m.unlock()
            }
            """), [])
    }

    func testLoopJumpsCarryTheLock() {
        // `continue` before the release takes the lock again while it is held (and the loop
        // may end after it, with the lock held).
        XCTAssertEqual(leaks("""
            func f(xs: [Int]) {
                for x in xs {
                    m.lock()
                    if x == 0 { continue }
                    m.unlock()
                }
            }
            """), ["continue", "}"])
        // `break` out of the loop before the release ends the body with the lock held.
        XCTAssertEqual(leaks("""
            func f(xs: [Int]) {
                for x in xs {
                    m.lock()
                    if x == 0 { break }
                    m.unlock()
                }
            }
            """), ["}"])
        XCTAssertEqual(leaks("""
            func f(xs: [Int]) {
                for x in xs {
                    m.lock()
                    if x == 0 {
                        m.unlock()
                        continue
                    }
                    m.unlock()
                }
            }
            """), [])
    }

    func testDeferInASwitchCaseRunsAsTheCaseEnds() {
        XCTAssertEqual(leaks("""
            func f(e: E) {
                switch e {
                case .a:
                    m.lock(); defer { m.unlock() }
                    work()
                case .b:
                    other()
                }
            }
            """), [])
        XCTAssertEqual(leaks("""
            func f(e: E) {
                switch e {
                case .a:
                    m.lock()
                    work()
                case .b:
                    other()
                }
            }
            """), ["}"])
    }

    func testCallThatHandsTheLockOverReleasesIt() {
        XCTAssertEqual(leaks("""
            final class C {
                func f(c: Bool) {
                    lock.lock()
                    guard c else {
                        lock.unlock()
                        return
                    }
                    finishAndUnlock()
                }
                private func finishAndUnlock() {
                    withExtendedLifetime(x) { lock.unlock() }
                }
            }
            """, 1), [])
        XCTAssertEqual(leaks("""
            final class C {
                func f(c: Bool) {
                    lock.lock()
                    guard c else {
                        lock.unlock()
                        return
                    }
                    finish()
                }
                private func finish() { work() }
            }
            """, 1), ["}"])
    }

    func testResultThatDecidesTheAcquireIsNotJudged() {
        let s = structure("""
            func f() {
                let ok = m.tryLock()
                if ok { m.unlock() }
            }
            """)
        XCTAssertNil(regions(s).releasePaths(ofAcquire: token(s, "tryLock")))
        let t = structure("""
            func f() {
                if m.tryLock() { work() }
            }
            """)
        XCTAssertEqual(regions(t).releasePaths(ofAcquire: token(t, "tryLock"))?.conditional, true)
    }

    // MARK: Regions for other options from the same file's regions

    /// What a rule reads of a region, as text: its form, lock, token span and flags.
    func summary(_ r: LockRegions) -> [String] {
        r.regions.map { "\($0.form) \($0.lock) \($0.acquireToken) \($0.releaseToken) \($0.start)..<\($0.end) \($0.executable) \($0.isAsync) \($0.definite) \($0.flagDecided)" }
    }

    func testRegionsForOtherOptionsAreTheRegionsWorkedOutAfresh() {
        let s = structure("""
            final class Ledger {
                let gate = NSLock()
                let q = DispatchQueue(label: "ledger")
                var total = 0
                func guarded<T>(_ body: () -> T) -> T { gate.lock(); defer { gate.unlock() }; return body() }
                func add(_ n: Int) {
                    gate.lock()
                    total += n
                    gate.unlock()
                    q.sync { total += 1 }
                    guarded { total -= 1 }
                }
                func finish() { gate.unlock() }
            }
            """)
        let vocabulary = LockVocabulary()
        let base = regions(s)
        for (queues, extra, entry) in [(Set<String>(), Set<String>(), false), (["*"], [], true), (["q"], ["guarded"], false), (["*"], ["guarded"], true)] {
            let fresh = LockRegions(s, vocabulary: vocabulary, includeQueues: queues, extraScopedMethods: extra, heldOnEntry: entry)
            let derived = base.with(s, vocabulary: vocabulary, includeQueues: queues, extraScopedMethods: extra, heldOnEntry: entry)
            XCTAssertEqual(summary(derived), summary(fresh))
            // A variant of a variant is the same too.
            XCTAssertEqual(summary(derived.with(s, vocabulary: vocabulary)), summary(base))
            XCTAssertEqual(derived.releasePaths(ofAcquire: token(s, "lock", 1))?.leaks.count, fresh.releasePaths(ofAcquire: token(s, "lock", 1))?.leaks.count)
        }
        // The options still change what is held: the queue block and the wrapper's closure only when asked.
        let more = base.with(s, vocabulary: vocabulary, includeQueues: ["*"], extraScopedMethods: ["guarded"], heldOnEntry: true)
        XCTAssertEqual(summary(more).count, summary(base).count + 3)
        XCTAssertTrue(base.holding(token(s, "total", 2), in: s, directOnly: true).isEmpty)
        XCTAssertEqual(more.holding(token(s, "total", 2), in: s, directOnly: true).map(\.lock), ["q"])
    }

    func testClosureFormsAreTheClosureRegions() {
        let s = structure("""
            func f() {
                m.lock(); a(); m.unlock()
                box.perform { b() }
                m.withLock { c() }
            }
            """)
        let all = LockRegions(s, vocabulary: .default, extraScopedMethods: ["perform"]).regions
        let closures = LockRegions.closureForms(s, vocabulary: .default, extraScopedMethods: ["perform"])
        XCTAssertEqual(closures.map(\.acquireToken), all.compactMap { if case .closure = $0.form { $0.acquireToken } else { nil } })
        XCTAssertEqual(closures.count, 2)
        // Without the extra method only `withLock` is a closure form; the manual form is never one.
        XCTAssertEqual(LockRegions.closureForms(s, vocabulary: .default).map(\.lock), ["m"])
    }
}
