import Foundation

// A watchdog thread of the type's own pings a queue and waits, for a bounded time, for the block
// to run; when the wait times out it waits on for the hang to end. Blocking is the measurement,
// and nothing else runs on that thread. Not reported.
final class HangWatchdog: Thread {
    private let pong = DispatchSemaphore(value: 0)
    private let observed: DispatchQueue
    private let threshold: TimeInterval = 0.25

    init(observing queue: DispatchQueue) {
        observed = queue
        super.init()
    }

    override func main() {
        let pong = self.pong
        while !isCancelled {
            let start: DispatchTime = .now()
            observed.async { pong.signal() }
            if pong.wait(timeout: start + threshold) == .success { continue }
            pong.wait()
            Thread.sleep(forTimeInterval: threshold)
        }
    }
}

// A thread the type creates, through a private helper only that thread calls.
final class StallProbe {
    private let answered = DispatchSemaphore(value: 0)
    private let target: DispatchQueue
    private var thread: Thread?

    init(target: DispatchQueue) { self.target = target }

    func start() {
        thread = Thread { [weak self] in
            while let self { self.probe() }
        }
        thread?.start()
    }

    private func probe() {
        target.async { self.answered.signal() }
        _ = answered.wait(timeout: .now() + 1)
    }
}

// Not watchdogs: an unbounded wait with no bounded one before it, a signal the thread did not
// send, and a wait outside the thread (a flush that waits for the loop).
final class NotAWatchdog: Thread {
    private let tick = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    // Waited on only for a bounded time, on the thread: not reported.
    private let ready = DispatchSemaphore(value: 0)
    var onPass: (() -> Void)?

    override func main() {
        while !isCancelled {
            DispatchQueue.main.async { self.tick.signal() }
            tick.wait()
            _ = ready.wait(timeout: .now() + 1)
            onPass?()
        }
    }

    func markReady() { ready.signal() }

    func flush() {
        let passed = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        onPass = { passed.signal() }
        passed.wait()
    }
}
