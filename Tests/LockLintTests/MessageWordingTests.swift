import Foundation
import XCTest
@testable import LockLintCore
import LockLintRules

/// Messages say only what the tool saw: the shape of a split critical section, the lock API the
/// module already uses.
final class MessageWordingTests: XCTestCase {
    func testSplitCriticalSectionFixIsWordedByShape() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/split_critical_section/written_from_read_or_decided.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await Support.lint([("Sources/M/Tickets.swift", code)], rules: [SplitCriticalSectionRule()])
        let fix = Dictionary(ds.map { ($0.location.line, $0.fixIt.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(fix.keys.sorted(), [13, 20, 27], "\(fix)")
        // Written from what was read: nothing to re-check, the value is read again.
        XCTAssertEqual(fix[13], "read and write under one acquisition of 'lock', or read 'next' again inside this one and write from that")
        XCTAssertFalse(fix[27]?.contains("re-check") ?? true, "\(fix)")
        XCTAssertTrue(fix[27]?.hasPrefix("read 'failures' again inside the second acquisition and write from that; keep the two acquisitions apart") ?? false, "\(fix)")
        // A decision: re-checked.
        XCTAssertEqual(fix[20], "check and write under one acquisition of 'lock', or re-check 'failures' inside this one before writing")
    }

    /// A semaphore the program's top-level code waits on, that nothing able to run during the
    /// wait signals, keeps the program alive: it is told so, with dispatchMain() as the fix-it.
    /// Three shapes park (no signal; a signal in the `catch` of the `do` that waits; a guard that
    /// signals before exiting); two near misses do not (a signal in a closure that runs later; the
    /// wait inside a function).
    func testASemaphoreParkingTheMainThreadIsToldSo() async throws {
        let parked = [
            "import Dispatch\nlet keepAlive = DispatchSemaphore(value: 0)\nstartServer(port: 8080)\nkeepAlive.wait()\n",
            "import Dispatch\nlet hold = DispatchSemaphore(value: 0)\ndo {\n    try listen()\n    hold.wait()\n} catch {\n    print(error)\n    hold.signal()\n}\n",
            "import Foundation\nlet parking = DispatchSemaphore(value: 0)\nguard CommandLine.arguments.count > 1 else {\n    parking.signal()\n    exit(1)\n}\nrun(CommandLine.arguments[1])\nparking.wait()\n",
        ]
        let released = [
            "import Dispatch\nlet done = DispatchSemaphore(value: 0)\nfetch { _ in done.signal() }\ndone.wait()\n",
            "import Dispatch\nlet gate = DispatchSemaphore(value: 0)\nfunc block() { gate.wait() }\nblock()\n",
        ]
        for (k, code) in parked.enumerated() {
            let ds = await Support.lint([("Sources/Tool/main.swift", code)], rules: [DispatchSemaphoreRule()])
            XCTAssertEqual(ds.map(\.location.line), [2], "shape \(k)")
            XCTAssertTrue(ds.first?.message.contains("parks the main thread") ?? false, "shape \(k): \(ds.map(\.message))")
            XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("if nothing is meant to end the wait, call dispatchMain()") ?? false, "shape \(k)")
        }
        for (k, code) in released.enumerated() {
            let ds = await Support.lint([("Sources/Tool/main.swift", code)], rules: [DispatchSemaphoreRule()])
            XCTAssertEqual(ds.map(\.location.line), [2], "near miss \(k)")
            XCTAssertFalse(ds.first?.message.contains("parks") ?? true, "near miss \(k): \(ds.map(\.message))")
            XCTAssertFalse(ds.first?.fixIt.message.contains("dispatchMain") ?? true, "near miss \(k)")
        }
    }

    /// A semaphore its owner's initializer signals only at the end of a Task it starts bridges
    /// that async work to a blocking wait: told so, with the Task's value to await, never called a
    /// lock. Two shapes (`Task`, `Task.detached`, the owner generic or not); a signal made by the
    /// initializer itself keeps the one-holder wording, one in a queue's block the generic one.
    func testASemaphoreBridgingAnInitializersTaskIsToldSo() async throws {
        let bridges = [
            "final class Waiter<T>: @unchecked Sendable {\n    let done = DispatchSemaphore(value: 0)\n    private var value: T?\n    init(_ work: @escaping @Sendable () async -> T) {\n        Task {\n            value = await work()\n            done.signal()\n        }\n    }\n    func get() -> T { done.wait(); return value! }\n}\n",
            "final class Loader: @unchecked Sendable {\n    private let ready = DispatchSemaphore(value: 0)\n    private var data = Data()\n    init(url: URL) {\n        Task.detached { [self] in\n            self.data = (try? await fetch(url)) ?? Data()\n            self.ready.signal()\n        }\n    }\n    func load() -> Data { ready.wait(); return data }\n}\n",
        ]
        for (k, code) in bridges.enumerated() {
            let ds = await Support.lint([("Sources/M/Bridge\(k).swift", code)], rules: [DispatchSemaphoreRule()])
            XCTAssertEqual(ds.map(\.location.line), [2], "shape \(k)")
            XCTAssertTrue(ds.first?.message.contains("signalled when the Task its owner's initializer starts ends") ?? false, "shape \(k): \(ds.map(\.message))")
            XCTAssertTrue(ds.first?.fixIt.message.hasPrefix("keep the Task in a property and let callers await its value") ?? false, "shape \(k)")
        }
        let own = "final class Gate {\n    let turn = DispatchSemaphore(value: 0)\n    init() { turn.signal() }\n    func enter() { turn.wait() }\n}\n"
        let ownFound = await Support.lint([("Sources/M/Gate.swift", own)], rules: [DispatchSemaphoreRule()])
        XCTAssertTrue(ownFound.first?.message.contains("admits one holder at a time") ?? false, "\(ownFound.map(\.message))")
        let queued = "final class Warm {\n    let up = DispatchSemaphore(value: 0)\n    init(q: DispatchQueue) { q.async { self.up.signal() } }\n    func wait() { up.wait() }\n}\n"
        let queuedFound = await Support.lint([("Sources/M/Warm.swift", queued)], rules: [DispatchSemaphoreRule()])
        XCTAssertEqual(queuedFound.count, 1)
        XCTAssertFalse(queuedFound.first?.message.contains("Task") ?? true, "\(queuedFound.map(\.message))")
        XCTAssertFalse(queuedFound.first?.message.contains("one holder") ?? true, "\(queuedFound.map(\.message))")
    }

    func testATakeAndResetIsWordedByWhereTheAccessorsAre() async throws {
        let root = Support.packageRoot.appendingPathComponent("TestFixtures/split_critical_section")
        let box = try String(contentsOf: root.appendingPathComponent("take_reset_through_box.swift"), encoding: .utf8)
        let own = try String(contentsOf: root.appendingPathComponent("take_reset_worked_through.swift"), encoding: .utf8)
        let ds = await Support.lint([("Sources/M/Workers.swift", box), ("Sources/M/Outbox.swift", own)], rules: [SplitCriticalSectionRule()])
        let byLine = Dictionary(ds.map { ("\($0.path.hasSuffix("Workers.swift") ? "box" : "own"):\($0.location.line)", $0) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(byLine.keys.sorted(), ["box:15", "box:21", "own:33", "own:41"], "\(byLine.keys)")
        // Another object's member: named with its receiver, whose lock it is.
        XCTAssertEqual(byLine["box:15"]?.message, "'running.value' is read into 'current' through its getter and reset through its setter, which take the lock of 'running' separately: what another thread stores in 'running.value' in between is discarded by the reset and is not in 'current'")
        XCTAssertEqual(byLine["box:15"]?.fixIt.message, "take the value and reset it under one acquisition of the lock of 'running' (a method that swaps it out while holding it), then work through what was taken outside it")
        // Accessors on a queue: one sync block, never from the queue itself.
        XCTAssertEqual(byLine["own:33"]?.fixIt.message, "take the value and reset it under one acquisition of 'queue' (a method that swaps it out in one sync block, called only from code that never runs on that queue already: sync there would deadlock), then work through what was taken outside it")
    }

    func testAHopBeforeOtherMainQueueBlocksIsNotCalledTheLastStep() async throws {
        let url = Support.packageRoot.appendingPathComponent("TestFixtures/dispatch_main_in_async/hop_before_other_main_hops.swift")
        let code = try String(contentsOf: url, encoding: .utf8)
        let ds = await Support.lint([("Sources/M/StripeScreen.swift", code)], rules: [DispatchMainInAsyncRule()])
        let message = Dictionary(ds.map { ($0.location.line, $0.message) }, uniquingKeysWith: { a, _ in a })
        XCTAssertEqual(message.keys.sorted(), [29, 30, 40, 57, 63], "\(message)")
        // Before `return true`: the last step, and said so.
        XCTAssertTrue(message[57]?.contains("as the last step of async function 'refresh()'") ?? false, "\(message)")
        XCTAssertTrue(message[63]?.contains("as the last step of async function 'refresh()'") ?? false, "\(message)")
        XCTAssertEqual(message[29], "DispatchQueue.main.async in async function 'showAccount()', followed only by other main-queue blocks, hands the block to GCD: the function returns before the block runs, so code awaiting it does not see its effect")
        XCTAssertTrue(message[30]?.contains("as the last step of async function 'showAccount()'") ?? false, "\(message)")
        XCTAssertTrue(message[40]?.contains("so what follows cannot rely on what it does") ?? false, "\(message)")
    }

    func testMutexAdviceDropsItsVersionsWhenTheModuleUsesIt() async throws {
        let dir = Support.packageRoot.appendingPathComponent("TestFixtures/unchecked_sendable_unguarded/module_already_uses_with_lock")
        let hits = try String(contentsOf: dir.appendingPathComponent("Hits.swift"), encoding: .utf8)
        let tally = try String(contentsOf: dir.appendingPathComponent("Tally.swift"), encoding: .utf8)
        let both = await Support.lint([("Sources/M/Hits.swift", hits), ("Sources/M/Tally.swift", tally)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertEqual(both.map(\.location.line), [5])
        XCTAssertTrue(both.first?.fixIt.message.hasPrefix("keep the mutable state inside a Mutex<State> and reach it with withLock;") ?? false, "\(both)")
        XCTAssertFalse(both.first?.fixIt.message.contains("iOS 18") ?? true)
        // Another module's use does not count, nor a file that checks availability.
        let other = await Support.lint([("Sources/M/Hits.swift", hits), ("Sources/N/Tally.swift", tally)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertTrue(other.first?.fixIt.message.contains("Mutex<State> (iOS 18/macOS 15)") ?? false, "\(other)")
        let checked = tally + "\nfunc later() { if #available(macOS 15, *) { print(1) } }\n"
        let guarded = await Support.lint([("Sources/M/Hits.swift", hits), ("Sources/M/Tally.swift", checked)], rules: [UncheckedSendableUnguardedRule()])
        XCTAssertTrue(guarded.first?.fixIt.message.contains("Mutex<State> (iOS 18/macOS 15)") ?? false, "\(guarded)")
    }

    func testNSLockWithLockAdviceDropsItsRemarkWhenTheModuleUsesIt() async throws {
        let jobs = """
            import Foundation
            final class Jobs: @unchecked Sendable {
                private let lock = NSLock()
                private var queue: [Int] = []
                func push(_ j: Int) { lock.withLock { queue.append(j) } }
                func pop() -> Int? { queue.popLast() }
            }
            """
        func lint(_ files: [(String, String)]) async -> [Diagnostic] {
            let old = Deployment(platforms: ["macOS": Version(10, 15)])
            let inputs = files.map { LintInput(path: $0.0, bytes: Array($0.1.utf8), context: FileContext(deployment: old)) }
            let settings = LintSettings(rules: [UncheckedSendableUnguardedRule()], jobs: 1)
            return await Linter.lint(inputs, settings: settings).diagnostics
        }
        // The module calls NSLock's withLock (here, the class itself): offered as it is.
        let used = await lint([("Sources/App/Jobs.swift", jobs)])
        XCTAssertEqual(used.map(\.location.line), [6])
        XCTAssertTrue(used.first?.fixIt.message.hasPrefix("wrap this access in lock.withLock { }") ?? false, "\(used)")
        XCTAssertFalse(used.first?.fixIt.message.contains("macOS 14") ?? true, "\(used)")
        // Only where the file checks availability: the remark stays.
        let checked = await lint([("Sources/App/Jobs.swift", jobs + "\n@available(macOS 14, *) func later() {}\n")])
        XCTAssertEqual(checked.map(\.location.line), [6])
        XCTAssertTrue(checked.first?.fixIt.message.contains("(NSLocking.withLock needs macOS 14/iOS 17)") ?? false, "\(checked)")
    }
}
