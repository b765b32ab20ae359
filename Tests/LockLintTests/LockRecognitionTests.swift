import XCTest
@testable import LockLintCore

/// Locks recognised by what the code does with them: an acquire/release pair of any name, a
/// closure method that binds a value rather than excluding, and a lock kept in a var that the
/// type replaces after construction.
final class LockRecognitionTests: XCTestCase {
    func structure(_ code: String) -> FileStructure {
        FileStructure(file: SourceFile(path: "S.swift", text: code))
    }

    func testAPairOfAnyNameCalledOnOneReceiverIsAnAcquireAndRelease() {
        let s = structure("""
            final class Gate {
                let door = RawDoor()
                var n = 0
                func f() {
                    door._rawLock()
                    n += 1
                    door._rawUnlock()
                }
                func g() {
                    latch.spinUnlock()
                    latch.spinLock()
                }
            }
            """)
        let v = LockVocabulary.default.addingPairedAcquires(s)
        XCTAssertEqual(v.acquireRelease["_rawLock"], "_rawUnlock")
        // Released before it is acquired: not a pair.
        XCTAssertNil(v.acquireRelease["spinLock"])
    }

    func testACallRightBeforeADeferredReleaseOnTheSameReceiverIsItsAcquire() {
        let s = structure("""
            final class Store {
                let gate = RWGate()
                let other = RWGate()
                var n = 0
                func write() {
                    gate.lockForWriting()
                    defer { gate.unlock() }
                    n += 1
                }
                func g() {
                    other.prepare()
                    defer { gate.unlock() }
                    let t = other.begin()
                    defer { other.unlock() }
                    _ = t
                }
            }
            """)
        let v = LockVocabulary.default.addingPairedAcquires(s)
        XCTAssertEqual(v.acquireRelease["lockForWriting"], "unlock")
        // Another receiver, and a call whose value is kept: not acquires.
        XCTAssertNil(v.acquireRelease["prepare"])
        XCTAssertNil(v.acquireRelease["begin"])
    }

    func testAFreeFunctionThatRunsItsClosureUnderALockParameterNamesItsLabel() {
        let s = structure("""
            func execute<R>(in lock: NSLock, block: () throws -> R) rethrows -> R {
                lock.lock()
                defer { lock.unlock() }
                return try block()
            }
            func locked<R>(_ lock: NSLock, _ body: () -> R) -> R { lock.withLock { body() } }
            func early<R>(_ lock: NSLock, _ body: () -> R) -> R {
                lock.lock()
                lock.unlock()
                return body()
            }
            func plain<R>(_ lock: NSLock, _ body: () -> R) -> R { body() }
            """)
        func label(_ name: String) -> String? {
            LockWrappers.lockArgument(of: s.functionDecls(named: name)[0], in: s, vocabulary: .default)
        }
        XCTAssertEqual(label("execute"), "in")
        XCTAssertEqual(label("locked"), "_")
        // Released before the closure runs, or never taken: no wrapper.
        XCTAssertNil(label("early"))
        XCTAssertNil(label("plain"))
    }

    func testAFileWithoutSuchAPairKeepsTheVocabulary() {
        let s = structure("""
            final class C {
                let lock = NSLock()
                func f() { lock.lock(); lock.unlock(); door.unlockDoor() }
            }
            """)
        XCTAssertEqual(LockVocabulary.default.addingPairedAcquires(s).acquireRelease, LockVocabulary.default.acquireRelease)
    }

    /// The closure of the first call named `method` in `s`.
    func closure(_ s: FileStructure, _ method: String) -> Closure {
        s.closures.first { $0.callee >= 0 && s.text($0.callee) == method }!
    }

    func testAProjectedReceiverOrAValueArgumentBindsAValue() {
        let s = structure("""
            func f() {
                Context.$current.withValue(ctx) { run() }
                box.withValue(7) { run() }
                lock.withLock { run() }
                lock.withLock(body: { run() })
            }
            """)
        let closures = s.closures.filter { $0.callee >= 0 }
        XCTAssertEqual(closures.count, 4)
        XCTAssertTrue(LockRegions.bindsValue(s, closures[0], receiver: "Context.$current"))
        XCTAssertTrue(LockRegions.bindsValue(s, closures[1], receiver: "box"))
        XCTAssertFalse(LockRegions.bindsValue(s, closures[2], receiver: "lock"))
        XCTAssertFalse(LockRegions.bindsValue(s, closures[3], receiver: "lock"))
    }

    func testALockVarReplacedOutsideInitIsNotOneObject() {
        let s = structure("""
            final class Session {
                var fileLock: FileLock?
                var state = 0
                func open(path: String) { self.fileLock = FileLock(path) }
                func touch() { fileLock?.lock(); state += 1; fileLock?.unlock() }
            }
            final class Steady {
                var lock = NSLock()
                var state = 0
                init(shared: NSLock) { self.lock = shared }
                func touch() { lock.lock(); state += 1; lock.unlock() }
            }
            """)
        let replaced = ReplacedVars(s)
        let touchInSession = s.code.indices.first { s.is($0, "touch") }!
        let touchInSteady = s.code.indices.last { s.is($0, "touch") }!
        XCTAssertTrue(replaced.isReplaced("fileLock?", at: touchInSession + 5))
        XCTAssertFalse(replaced.isReplaced("lock", at: touchInSteady + 5))
    }
}
