import Dispatch
import XCTest

// Waiting for a callback in a synchronous test is a common, working pattern: not reported in
// test code (blocking_in_async reports a wait in async test code, which can hang the test).
final class CallbackTests: XCTestCase {
    func testCallback() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { done.signal() }
        done.wait()
    }
}
