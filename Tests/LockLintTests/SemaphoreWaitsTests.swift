import XCTest
@testable import LockLintCore

/// The engine's semaphore-wait questions on their own: which waits are made in async code, which
/// names are waited on with a timeout, whether every wait on a semaphore is no blocking bug,
/// whether a worker of its own makes every wait, and which property keeps a local semaphore.
final class SemaphoreWaitsTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }
    func context(_ s: FileStructure) -> RuleContext { RuleContext(structure: s, vocabulary: .default, index: ProjectIndex()) }
    func variable(_ s: FileStructure, _ name: String) -> Decl { s.decls[s.variableDecls(named: name)[0]] }

    func testWaitsInAsyncCodeSkipAwaitedWaitsPollsAndSyncCode() {
        let s = structure("""
            func a() async { gate.wait() }
            @MainActor func b() async { ui.wait() }
            func c() async { await asyncGate.wait(); poll.wait(timeout: .now()) }
            func d() { sync.wait() }
            """)
        let waits = SemaphoreWaits.waitsInAsyncCode(s, context: context(s))
        XCTAssertEqual(waits.map(\.name), ["gate", "ui"])
        XCTAssertEqual(waits.map(\.mainActor), [false, true])
    }

    func testNamesWaitedWithTimeoutIgnoreDistantFuture() {
        let s = structure("""
            func run() {
                _ = bounded.wait(timeout: .now() + 2)
                _ = forever.wait(timeout: .distantFuture)
                plain.wait()
            }
            """)
        XCTAssertEqual(SemaphoreWaits.namesWaitedWithTimeout(s), ["bounded"])
    }

    func testPollsAndActivityBlocksAreDeliberateWaits() {
        let s = structure("""
            func poll() { if polled.wait(timeout: .now()) == .success { run() } }
            func cover() {
                ProcessInfo.processInfo.performExpiringActivity(withReason: "save") { expired in
                    covered.wait()
                }
            }
            func block() { blocking.wait() }
            """)
        let c = context(s)
        var index = SemaphoreWaits.WaitIndex()
        let all = 0..<s.code.count
        XCTAssertTrue(SemaphoreWaits.waitsAreDeliberate(s, name: "polled", in: all, index: &index, context: c))
        XCTAssertTrue(SemaphoreWaits.waitsAreDeliberate(s, name: "covered", in: all, index: &index, context: c))
        XCTAssertFalse(SemaphoreWaits.waitsAreDeliberate(s, name: "blocking", in: all, index: &index, context: c))
    }

    func testDedicatedWorkerWaitsInALoopOnItsOwnSerialQueue() {
        let s = structure("""
            final class Pump {
                private let queue = DispatchQueue(label: "pump")
                private let ready = DispatchSemaphore(value: 0)
                private let other = DispatchSemaphore(value: 0)
                func start() {
                    queue.async { while true { self.ready.wait(); self.drain() } }
                }
                func once() { other.wait() }
            }
            """)
        var index = SemaphoreWaits.WorkerIndex()
        let worker = SemaphoreWaits.dedicatedWorker(s, semaphore: variable(s, "ready"), index: &index)
        XCTAssertEqual(worker?.runsOn, "serial queue 'queue'")
        XCTAssertNil(SemaphoreWaits.dedicatedWorker(s, semaphore: variable(s, "other"), index: &index))
    }

    func testPropertyKeepingALocalSemaphore() {
        let s = structure("""
            final class Gate {
                var gate: DispatchSemaphore?
                func arm() {
                    let local = DispatchSemaphore(value: 0)
                    self.gate = local
                }
                func scratch() {
                    let temp = DispatchSemaphore(value: 0)
                    temp.signal()
                }
            }
            """)
        let c = context(s)
        XCTAssertEqual(SemaphoreWaits.propertyKeeping(s, local: variable(s, "local"), context: c)?.nameText, "gate")
        XCTAssertNil(SemaphoreWaits.propertyKeeping(s, local: variable(s, "temp"), context: c))
    }

    func testAWatchdogThreadsPingAndItsWaitForTheHangToEndAreDeliberate() {
        let s = structure("""
            final class Dog: Thread {
                let pong = DispatchSemaphore(value: 0)
                let q: DispatchQueue
                override func main() {
                    while !isCancelled {
                        q.async { self.pong.signal() }
                        if pong.wait(timeout: .now() + 1) == .success { continue }
                        pong.wait()
                    }
                }
            }
            final class Waiter: Thread {
                let tick = DispatchSemaphore(value: 0)
                override func main() {
                    while true { DispatchQueue.main.async { self.tick.signal() }; tick.wait() }
                }
            }
            """)
        let c = context(s)
        var index = SemaphoreWaits.WaitIndex()
        let all = 0..<s.code.count
        XCTAssertTrue(SemaphoreWaits.waitsAreDeliberate(s, name: "pong", in: all, index: &index, context: c))
        XCTAssertFalse(SemaphoreWaits.waitsAreDeliberate(s, name: "tick", in: all, index: &index, context: c))
    }

    func testAStoredSemaphoreParkedInAnActivityThroughItsLocal() {
        let s = structure("""
            final class Keeper {
                private var parked: DispatchSemaphore?
                func arm() {
                    let local = DispatchSemaphore(value: 0)
                    parked = local
                    ProcessInfo.processInfo.performExpiringActivity(withReason: "r") { _ in local.wait() }
                }
                func release() { let copy = parked; copy?.signal() }
            }
            """)
        let h = variable(s, "parked")
        XCTAssertEqual(SemaphoreWaits.aliases(s, property: h), ["local", "copy"])
        var index = SemaphoreWaits.WaitIndex()
        let range = SemaphoreWaits.visibility(s, h, use: h.name)
        XCTAssertTrue(SemaphoreWaits.waitsAreDeliberate(s, name: "parked", aliases: ["local", "copy"], in: range, index: &index, context: context(s)))
        XCTAssertFalse(SemaphoreWaits.waitsAreDeliberate(s, name: "parked", in: range, index: &index, context: context(s)))
    }

    func testSignalsWithoutAWaitOfTheirOwnBody() {
        let s = structure("""
            final class T {
                let a = DispatchSemaphore(value: 1)
                let b = DispatchSemaphore(value: 1)
                let c = DispatchSemaphore(value: 1)
                func x() { a.wait(); defer { a.signal() }; b.wait(); b.signal() }
                func y() { c.wait(); run { self.c.signal() } }
                func z() { b.wait(); work(); b.signal() }
            }
            """)
        let out = LockRegions.signalledWithoutWait(s)
        XCTAssertEqual(Set(out.keys), ["c"])
    }
}
