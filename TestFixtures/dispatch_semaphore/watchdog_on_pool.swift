import Foundation

// A watchdog whose loop runs in a block sent to a global queue: bounded waits, signalled from the
// main queue, and nothing waits for the block. Not reported, as on a Thread of its own.
final class StallMonitor {
    private let answer = DispatchSemaphore(value: 0)
    private var running = false

    func begin(limit: Double) {
        running = true
        DispatchQueue.global(qos: .background).async { [weak self] in
            while self?.running == true {
                DispatchQueue.main.async { self?.answer.signal() }
                if self?.answer.wait(timeout: .now() + limit) == .timedOut { print("stall") }
                Thread.sleep(forTimeInterval: 1)
            }
        }
    }

    func end() { running = false }
}

final class FreezeWatch {
    private let pool = DispatchQueue.global(qos: .utility)
    private var watching = true

    func watch() {
        pool.async {
            repeat {
                let reply = DispatchSemaphore(value: 0)
                DispatchQueue.main.async { reply.signal() }
                _ = reply.wait(wallTimeout: .now() + .seconds(2))
            } while self.watching
        }
    }
}

final class BeatCheck {
    private let heartbeat = DispatchSemaphore(value: 0)
    private var on = true

    func run() {
        DispatchQueue.global().async {
            while self.on { self.check() }
        }
    }

    private func check() {
        DispatchQueue.main.async { self.heartbeat.signal() }
        _ = heartbeat.wait(timeout: .now() + .milliseconds(300))
    }
}

// Near misses: no loop on the global queue, a signal that does not come from the main queue, a
// wait with no bound.
final class NotPoolWatchdogs {
    private var on = true

    func once() {
        DispatchQueue.global().async {
            // Bounded, on a global queue, not in async code: not reported.
            let pong = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { pong.signal() }
            _ = pong.wait(timeout: .now() + 1)
        }
    }

    func otherSignaller() {
        DispatchQueue.global().async {
            while self.on {
                // Bounded, off the pool and the main thread: not reported.
                let done = DispatchSemaphore(value: 0)
                DispatchQueue.global().async { done.signal() }
                _ = done.wait(timeout: .now() + 1)
            }
        }
    }

    func unbounded() {
        DispatchQueue.global().async {
            while self.on {
                let pong = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
                DispatchQueue.main.async { pong.signal() }
                pong.wait()
            }
        }
    }
}
