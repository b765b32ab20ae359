import Foundation

extension Watchdog {
    func schedulePing() {
        queue.async {
            let pong = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { pong.signal() }
            if pong.wait(timeout: .now() + 1) == .timedOut { self.missed += 1 }
        }
    }

    // Waiting on the same queue with no bound is not a watchdog: reported.
    func waitForMain() {
        queue.async {
            let pong = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
            DispatchQueue.main.async { pong.signal() }
            pong.wait()
        }
    }
}
