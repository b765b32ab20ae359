import XCTest
@testable import LockLintCore

/// The two arms of one choice between calling a function directly and sending it to a queue
/// (`QueueAlternatives`), on small sources.
final class QueueAlternativesTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testIfElseAndSwitchArmsAreAlternatives() {
        let s = structure("""
            func f(_ now: Bool, _ k: Int) {
                if now { work() } else { q.async { work() } }
                switch k {
                case 0: work()
                default: q.async { work() }
                }
                q.async { work() }
                work()
            }
            """)
        XCTAssertTrue(QueueAlternatives.alternatives(s, token(s, "work", 0), token(s, "async", 0)))
        XCTAssertTrue(QueueAlternatives.alternatives(s, token(s, "work", 2), token(s, "async", 1)))
        // One after the other on one path: not alternatives.
        XCTAssertFalse(QueueAlternatives.alternatives(s, token(s, "work", 5), token(s, "async", 2)))
    }

    func testAGuardElseOrAReturningIfIsTheOtherArm() {
        let s = structure("""
            func f(_ on: Bool) {
                guard on else { q.async { work() }; return }
                work()
            }
            func g(_ on: Bool) {
                if !on { work(); return }
                q.async { work() }
            }
            func h(_ on: Bool) {
                if !on { log() }
                q.async { work() }
                work()
            }
            """)
        XCTAssertTrue(QueueAlternatives.alternatives(s, token(s, "work", 1), token(s, "async", 0)))
        XCTAssertTrue(QueueAlternatives.alternatives(s, token(s, "work", 2), token(s, "async", 1)))
        // An if that does not leave: both run.
        XCTAssertFalse(QueueAlternatives.alternatives(s, token(s, "work", 5), token(s, "async", 2)))
    }

    func testDirectCallsAreOnSelfOrBare() {
        let u = structure("func f() { _work() }")
        XCTAssertTrue(QueueAlternatives.isDirectCall(u, token(u, "_work")))
        let s = structure("func f() { work(); self.work(); self?.work(); other.work() }")
        XCTAssertTrue(QueueAlternatives.isDirectCall(s, token(s, "work", 0)))
        XCTAssertTrue(QueueAlternatives.isDirectCall(s, token(s, "work", 1)))
        XCTAssertTrue(QueueAlternatives.isDirectCall(s, token(s, "work", 2)))
        XCTAssertFalse(QueueAlternatives.isDirectCall(s, token(s, "work", 3)))
    }
}
