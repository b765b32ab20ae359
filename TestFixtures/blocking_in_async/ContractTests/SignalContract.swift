import Dispatch
import XCTest

// A folder named `…Tests` holds test code whatever its files are called: a wait is reported only
// when what wakes it needs the thread it blocks.
final class SignalContract: XCTestCase {
    // Signalled from a block on a queue of its own, and from a global queue: never hangs.
    func testReplyOnQueue() async {
        let replied = DispatchSemaphore(value: 0)
        let queue = DispatchQueue(label: "contract")
        queue.async { replied.signal() }
        replied.wait()
    }

    func testReplyWithTimeout() async {
        let replied = DispatchSemaphore(value: 0)
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + 0.1) { replied.signal() }
        _ = replied.wait(timeout: .now() + 2)
    }

    // Signalled from a task, which needs a pool thread while the wait holds one.
    func testReplyFromTask() async {
        let replied = DispatchSemaphore(value: 0)
        Task { replied.signal() }
        replied.wait() // expect: blocking_in_async
    }
}
