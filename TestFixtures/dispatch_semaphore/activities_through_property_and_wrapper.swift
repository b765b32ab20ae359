import Foundation

// An activity block that parks its thread on a semaphore the type keeps, so that another call can
// end the activity: the wait is on a local kept in the property (or a copy of it), and waiting is
// how the activity is held. Not reported.
final class SuspensionGuard {
    private let lock = NSLock()
    private var parkedActivity: DispatchSemaphore?

    func release() {
        lock.lock()
        let parked = parkedActivity
        parkedActivity = nil
        lock.unlock()
        parked?.signal()
    }

    func protect() {
        let parked = DispatchSemaphore(value: 0)
        lock.lock()
        parkedActivity = parked
        lock.unlock()
        ProcessInfo.processInfo.performExpiringActivity(withReason: "protect") { expired in
            if expired { parked.signal() } else { parked.wait() }
        }
    }
}

// Through a wrapper of the file that hands its block to the activity: the same block.
final class Exporter {
    private func keepAlive(_ reason: String, _ block: @escaping (Bool) -> Void) {
        ProcessInfo.processInfo.performExpiringActivity(withReason: reason, using: block)
    }

    func exportInBackground() {
        keepAlive("export") { expired in
            guard !expired else { return }
            let done = DispatchSemaphore(value: 0)
            self.export { done.signal() }
            done.wait()
        }
    }

    // A function that only calls the block later is no activity: reported.
    private func later(_ reason: String, _ block: @escaping (Bool) -> Void) {
        DispatchQueue.global().async { block(false) }
    }

    func exportLater() {
        later("export") { _ in
            let done = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
            self.export { done.signal() }
            done.wait()
        }
    }

    func export(_ done: @escaping () -> Void) {}
}

// The same stored semaphore also waited on outside any activity: reported.
final class HalfCovered {
    private var parked: DispatchSemaphore? // expect: dispatch_semaphore

    func cover() {
        let local = DispatchSemaphore(value: 0)
        parked = local
        ProcessInfo.processInfo.performExpiringActivity(withReason: "cover") { _ in local.wait() }
    }

    func block() {
        parked?.wait()
    }
}
