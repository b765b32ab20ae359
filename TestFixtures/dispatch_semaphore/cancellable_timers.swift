import Foundation

// A function's own cancellable timer: a thread it starts waits, for a bounded time, for the
// function to call off what the thread does when the time runs out. Nothing waits for that thread
// while it waits, so there is no blocking bug to report.
struct ChildProcess {
    func interrupt() {}
    func kill() {}
    func waitForExit() {}

    func stop(grace: DispatchTime) {
        interrupt()
        let calledOff = DispatchSemaphore(value: 0)
        let killer = Thread {
            if case .timedOut = calledOff.wait(timeout: grace) { kill() }
        }
        killer.start()
        waitForExit()
        calledOff.signal()
    }

    // Another spelling: a detached thread, a wall-clock bound, the signal from a completion.
    func stopDetached(after seconds: Int, onExit: (@escaping () -> Void) -> Void) {
        let cancel = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            if cancel.wait(wallTimeout: .now() + .seconds(seconds)) == .timedOut { kill() }
        }
        onExit { cancel.signal() }
    }

    // A thread type named through its module.
    func stopQualified(grace: DispatchTime) {
        let done = DispatchSemaphore(value: 0)
        let t = Foundation.Thread {
            guard done.wait(timeout: grace) == .timedOut else { return }
            kill()
        }
        t.start()
        defer { done.signal() }
        waitForExit()
    }
}

// Not a timer of the function's own: the wait has no bound, the thread signals itself, the wait
// is made on a shared queue, or the semaphore outlives the function.
final class NotTimers {
    func kill() {}

    func unbounded() {
        let stop = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        Thread { stop.wait(); self.kill() }.start()
        stop.signal()
    }

    func signalsItself(grace: DispatchTime) {
        // Bounded, off the pool and the main thread: not reported (a bounded wait in synchronous code).
        let tick = DispatchSemaphore(value: 0)
        Thread {
            _ = tick.wait(timeout: grace)
            tick.signal()
        }.start()
    }

    func onSharedQueue(grace: DispatchTime) {
        // Bounded, on a global queue's block: not reported either.
        let calledOff = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if calledOff.wait(timeout: grace) == .timedOut { self.kill() }
        }
        calledOff.signal()
    }

    // Bounded, on a thread of its own: not reported.
    private let stored = DispatchSemaphore(value: 0)
    func storedTimer(grace: DispatchTime) {
        Thread { if self.stored.wait(timeout: grace) == .timedOut { self.kill() } }.start()
        stored.signal()
    }
}
