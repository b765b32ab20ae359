import Foundation

// A watchdog's timed wait runs on the type's own queue or thread, not in the async code that
// starts it: that thread is the watchdog's, and the main queue that signals never waits for it.
final class ResponsivenessMonitor {
    private let queue = DispatchQueue(label: "monitor", qos: .utility)

    func start() async {
        queue.async {
            let pong = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { pong.signal() }
            _ = pong.wait(timeout: .now() + 1)
        }
    }

    func startOnThread() async {
        Thread {
            let pong = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { pong.signal() }
            _ = pong.wait(timeout: .now() + 1)
        }.start()
    }

    func startThroughHelper() async {
        queue.async { self.ping() }
    }

    private func ping() {
        let pong = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { pong.signal() }
        _ = pong.wait(timeout: .now() + 1)
    }

    // The same wait made by the async function itself holds a pool thread for up to the timeout.
    func checkNow() async {
        let pong = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { pong.signal() }
        _ = pong.wait(timeout: .now() + 1) // expect: blocking_in_async
    }
}
