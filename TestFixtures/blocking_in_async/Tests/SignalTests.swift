import Dispatch
import XCTest

// In a test, a wait is reported only when the code that wakes it needs the thread it blocks.
final class SignalTests: XCTestCase {
    // The signals come from dispatch queues and threads: they always get to run.
    func testSignalFromGlobalQueue() async {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { done.signal() }
        done.wait()
    }

    func testGroupLeftOnAQueue() async {
        let group = DispatchGroup()
        let queue = DispatchQueue(label: "work")
        group.enter()
        queue.async { group.leave() }
        group.wait()
    }

    func testSignalFromAThread() async {
        let started = DispatchSemaphore(value: 0)
        Thread { started.signal() }.start()
        _ = started.wait(timeout: .now() + 5)
    }

    // A sleep ends on its own: it cannot hang the test.
    func testExpiry() async throws {
        sleep(1)
    }

    // The signal comes from a task: it needs a pool thread while the wait holds one.
    func testSignalFromTask() async {
        let done = DispatchSemaphore(value: 0)
        Task { done.signal() }
        done.wait() // expect: blocking_in_async
    }

    // The unknown: a callback of an API this file does not show. Not reported in a test.
    func testSignalFromCallback() async {
        let done = DispatchSemaphore(value: 0)
        Service().load { done.signal() }
        done.wait()
    }
}
