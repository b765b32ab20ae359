import XCTest
@testable import LockLintCore
import LockLintRules

/// The semaphore shapes the tool names (an unused private semaphore, a startup handshake, a
/// throttle, a function returning the semaphore it creates), on their own and in the messages
/// of dispatch_semaphore, asserted word for word.
final class SemaphoreShapesTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }
    func variable(_ s: FileStructure, _ name: String) -> Decl { s.decls[s.variableDecls(named: name)[0]] }

    func testNeverUsedIgnoresANestedTypesPropertyOfTheSameName() {
        let s = structure("""
            final class Outer {
                private var beat = DispatchSemaphore(value: 0)
                private let used = DispatchSemaphore(value: 0)
                func go() { used.wait() }
                final class Inner {
                    private var beat = DispatchSemaphore(value: 0)
                    func go() { self.beat.signal() }
                }
            }
            """)
        let beats = s.variableDecls(named: "beat").map { s.decls[$0] }
        XCTAssertTrue(SemaphoreShapes.neverUsed(s, property: beats[0]))
        XCTAssertFalse(SemaphoreShapes.neverUsed(s, property: beats[1]))
        XCTAssertFalse(SemaphoreShapes.neverUsed(s, property: variable(s, "used")))
    }

    func testStartupHandshakeNeedsTheSignalBeforeTheLoopAndTheWaitLast() {
        let s = structure("""
            final class T: Thread {
                let ready = DispatchSemaphore(value: 0)
                let done = DispatchSemaphore(value: 0)
                override func start() { super.start(); ready.wait() }
                override func main() { ready.signal(); while true {} }
                func finish() {
                    Thread.detachNewThread { while true {}; self.done.signal() }
                    done.wait()
                }
            }
            """)
        let all = 0..<s.code.count
        let waits = Waits.calls(s, "wait", in: all)
        let signals = Waits.calls(s, "signal", in: all)
        let shake = SemaphoreShapes.startupHandshake(s, name: "ready", in: all, waitsByName: waits, signalsByName: signals)
        XCTAssertEqual(shake?.function, "start")
        XCTAssertNil(SemaphoreShapes.startupHandshake(s, name: "done", in: all, waitsByName: waits, signalsByName: signals))
    }

    func testThrottleLoopNeedsTheSignalInABlockSentInTheLoop() {
        let s = structure("""
            func a(_ xs: [Int], q: DispatchQueue) {
                let slots = DispatchSemaphore(value: 2)
                for x in xs { slots.wait(); q.async { print(x); slots.signal() } }
            }
            func b(_ xs: [Int]) {
                let turn = DispatchSemaphore(value: 2)
                for x in xs { turn.wait(); print(x); turn.signal() }
            }
            """)
        let a = s.functionDecls(named: "a")[0]
        let b = s.functionDecls(named: "b")[0]
        XCTAssertNotNil(SemaphoreShapes.throttleLoop(s, name: "slots", body: s.scopes[s.decls[a].body], after: s.scopes[s.decls[a].body].open))
        XCTAssertNil(SemaphoreShapes.throttleLoop(s, name: "turn", body: s.scopes[s.decls[b].body], after: s.scopes[s.decls[b].body].open))
    }

    func testReturnTypeOfCreatorOnlyForTheSemaphoreTheFunctionCreates() {
        let s = structure("""
            func make() -> DispatchSemaphore { let g = DispatchSemaphore(value: 1); return g }
            func pass(_ g: DispatchSemaphore) -> DispatchSemaphore { return g }
            """)
        let types = s.code.indices.filter { s.is($0, "DispatchSemaphore") && s.is($0 - 1, "->") }
        XCTAssertEqual(types.count, 2)
        XCTAssertNotNil(SemaphoreShapes.returnTypeOfCreator(s, types[0]))
        XCTAssertNil(SemaphoreShapes.returnTypeOfCreator(s, types[1]))
    }

    func testMessagesSayWhatTheToolSaw() async {
        let code = """
            import Foundation
            final class LoopThread: Thread {
                private let started = DispatchSemaphore(value: 0)
                private(set) var loop: RunLoop?
                override func start() { super.start(); started.wait() }
                override func main() {
                    loop = RunLoop.current
                    started.signal()
                    while !isCancelled { _ = loop?.run(mode: .default, before: .distantFuture) }
                }
            }
            final class Idle {
                private let spare = DispatchSemaphore(value: 0)
            }
            func copyAll(_ files: [String], on queue: DispatchQueue) {
                let slots = DispatchSemaphore(value: 3)
                for file in files {
                    slots.wait()
                    queue.async { print(file); slots.signal() }
                }
            }
            func makeGate() -> DispatchSemaphore {
                let gate = DispatchSemaphore(value: 2)
                return gate
            }
            """
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, ($0.message, $0.fixIt.message)) }, uniquingKeysWith: { a, _ in a })
        // The startup handshake (line 3) is what its wait is for: not reported.
        XCTAssertEqual(found.map(\.location.line).sorted(), [13, 16, 23])
        XCTAssertNil(byLine[3])
        XCTAssertEqual(byLine[13]?.0, "semaphore 'spare' is created but never used: nothing in the file waits on it or signals it, and it is private")
        XCTAssertEqual(byLine[13]?.1, "remove it")
        XCTAssertEqual(byLine[16]?.0, "semaphore 'slots' created with value 3 throttles work sent to a queue: the code on line 17 waits on it "
                       + "before each block it sends, and the block signals when it ends, so at most 3 blocks run at once while the sending "
                       + "thread blocks, with no priority donation")
        XCTAssertEqual(byLine[16]?.1, "keep it if the sender must not run ahead of the work; otherwise an OperationQueue with "
                       + "maxConcurrentOperationCount = 3 bounds the blocks without blocking the sender (wait for the end with "
                       + "waitUntilAllOperationsAreFinished); in async code, keep at most 3 child tasks running in a TaskGroup")
        XCTAssertEqual(byLine[23]?.0, "semaphore 'gate' created with value 2 limits concurrency by blocking threads, with no priority donation")
    }
    /// A property's semaphore created with value 0 by an assignment in an extension of its type
    /// (with or without `self.`, in a private extension or a conformance): told as an event
    /// signal with its value, never as a lock or as a wait in async code.
    func testEventSignalCreatedInAnExtensionIsToldWithItsValue() async {
        let code = """
            final class Pipe {
                let queue = DispatchQueue(label: "p")
                private var arrived: DispatchSemaphore?
                private var turn: DispatchSemaphore!
            }
            private extension Pipe {
                func arm() {
                    queue.async {
                        self.arrived = DispatchSemaphore(value: 0)
                        DispatchQueue.global().async { _ = self.arrived?.wait(timeout: .now() + 1) }
                    }
                    turn = DispatchSemaphore(value: 1)
                }
            }
            extension Pipe: CustomStringConvertible {
                var description: String { turn.wait(); defer { turn.signal() }; return "" }
                func receive() { queue.async { self.arrived?.signal(); self.arrived = nil } }
            }
            """
        let found = await Support.lint([("T.swift", code)], rules: [DispatchSemaphoreRule()])
        let byLine = Dictionary(found.map { ($0.location.line, ($0.message, $0.fixIt.message)) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(found.map(\.location.line).sorted(), [3, 4])
        XCTAssertEqual(byLine[3]?.0, "semaphore 'arrived' created with value 0 makes a thread wait for other work to signal it, with no priority donation")
        XCTAssertEqual(byLine[3]?.1, "let one dedicated thread (not the main thread, not the cooperative pool) do the waiting, at the same priority as "
                       + "the code that signals it; in async code, receive the events from an AsyncStream instead")
        XCTAssertEqual(byLine[4]?.0, "semaphore 'turn' created with value 1 is a lock without an owner: no priority donation, and a wait from async "
                       + "code blocks a cooperative thread")
    }

    /// A loop that waits before each call it makes and whose call's completion signals is a
    /// throttle of the calls (with a count of one, a turn handed between threads): never told to
    /// use a lock, which its owner must unlock on the thread that locked it. Waited and signalled
    /// on one thread (also in a `sync` block that runs on the spot) it is still a lock.
    func testLoopsHandingTheSignalToACompletionAreThrottlesNotLocks() async throws {
        let ds = try await Support.lintFixture("dispatch_semaphore/hand_offs_to_completions", DispatchSemaphoreRule())
        let byPlace = Dictionary(ds.map { ("\(($0.path as NSString).lastPathComponent):\($0.location.line)", $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byPlace.keys.sorted(), ["Batches.swift:6", "Batches.swift:24", "Pager.swift:15", "Uploads.swift:20", "Uploads.swift:9"].sorted())
        for place in ["Pager.swift:15", "Uploads.swift:9", "Batches.swift:6"] {
            let d = try XCTUnwrap(byPlace[place])
            XCTAssertTrue(d.message.contains("throttles the calls a loop starts"), "\(place): \(d.message)")
            XCTAssertFalse(d.fixIt.message.contains("NSLock") || d.fixIt.message.contains("Mutex"), "\(place): \(d.fixIt.message)")
        }
        XCTAssertEqual(byPlace["Pager.swift:15"]?.message, "semaphore 'semaphore' created with value 1 throttles the calls a loop starts: the code on "
                       + "line 17 waits on it before each call, and the call's completion signals it, so at most one call is in flight while the "
                       + "looping thread blocks, with no priority donation")
        XCTAssertEqual(byPlace["Pager.swift:15"]?.fixIt.message, "keep it if the loop must not run ahead of the calls (the signal comes from "
                       + "another thread, so no lock can replace it); keep the loop off the main thread and out of async code, and in async code "
                       + "await each call instead (wrap the callback with withCheckedContinuation)")
        XCTAssertTrue(byPlace["Uploads.swift:9"]?.message.contains("at most 2 calls are in flight") ?? false)
        for place in ["Uploads.swift:20", "Batches.swift:24"] {
            XCTAssertTrue(byPlace[place]?.message.contains("is a lock without an owner") ?? false, place)
        }
    }
}
