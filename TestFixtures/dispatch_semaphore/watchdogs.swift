import Foundation

// A watchdog waits, on a thread or queue of its own and for a bounded time, for the main thread to
// answer a ping: the main queue never waits for that thread, and the wait is the measurement.
final class HangDetector {
    private var thread: Thread?

    func start() {
        thread = Thread { [weak self] in
            while self != nil {
                let pong = DispatchSemaphore(value: 0)
                DispatchQueue.main.async { pong.signal() }
                if pong.wait(timeout: .now() + 2) == .timedOut { self?.report() }
                Thread.sleep(forTimeInterval: 1)
            }
        }
        thread?.start()
    }

    func startDetached() {
        Thread.detachNewThread {
            let answered = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { answered.signal() }
            _ = answered.wait(wallTimeout: .now() + .seconds(3))
        }
    }

    func report() {}
}

final class MainThreadMonitor {
    private let monitorQueue = DispatchQueue(label: "monitor", qos: .utility)
    private let pong = DispatchSemaphore(value: 0)

    func begin() {
        monitorQueue.async { [weak self] in
            while let self { self.ping() }
        }
    }

    // Through a private helper only the monitor's queue runs.
    private func ping() {
        DispatchQueue.main.async { self.pong.signal() }
        if pong.wait(timeout: .now() + .milliseconds(500)) == .timedOut { print("main thread is busy") }
    }
}

// Not watchdogs: a wait with no bound, a wait on a global queue, a signal from another queue.
final class NotWatchdogs {
    private let queue = DispatchQueue(label: "not.watchdog")

    func forever() {
        queue.async {
            let pong = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
            DispatchQueue.main.async { pong.signal() }
            pong.wait()
        }
    }

    func onGlobalQueue() {
        DispatchQueue.global().async {
            // Bounded, on a global queue, not in async code: not reported.
            let pong = DispatchSemaphore(value: 0)
            DispatchQueue.main.async { pong.signal() }
            _ = pong.wait(timeout: .now() + 1)
        }
    }

    func signalledElsewhere() {
        queue.async {
            // Bounded, on the type's queue: not reported.
            let done = DispatchSemaphore(value: 0)
            DispatchQueue.global().async { done.signal() }
            _ = done.wait(timeout: .now() + 1)
        }
    }
}

// `wait(timeout: .now())` returns at once: a semaphore only ever polled never blocks anyone.
final class Gate {
    private let slot = DispatchSemaphore(value: 1)
    private let ready: DispatchSemaphore

    init() { ready = DispatchSemaphore(value: 0) }

    func tryEnter() -> Bool { slot.wait(timeout: .now()) == .success }
    func leave() { slot.signal() }
    func isReady() -> Bool { ready.wait(timeout: DispatchTime.now()) == .success }
    func markReady() { ready.signal() }
}

func pollOnce() -> Bool {
    let flag = DispatchSemaphore(value: 0)
    return flag.wait(wallTimeout: .now()) == .success
}

// Polled in one place and waited on in another: reported.
final class HalfPolled {
    private let ready = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
    func isReady() -> Bool { ready.wait(timeout: .now()) == .success }
    func waitUntilReady() { ready.wait() }
}
