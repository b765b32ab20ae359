import Foundation

// An activity block must not return before the work it covers ends: the extra time lasts only as
// long as the block runs. Waiting inside it for asynchronous work is the documented way, not a bug.
final class DraftSaver {
    func saveOnBackground() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "save draft") { expired in
            guard !expired else { return }
            let saved = DispatchSemaphore(value: 0)
            self.save { saved.signal() }
            saved.wait()
        }
    }

    func exportWhileActive() {
        ProcessInfo().performActivity(options: .userInitiated, reason: "export", using: {
            let exported = DispatchSemaphore(value: 0)
            self.export { exported.signal() }
            _ = exported.wait(timeout: .distantFuture)
        })
    }

    // Through a private helper that only the activity block calls.
    func flushOnBackground() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "flush") { expired in
            if !expired { self.flushAndWait() }
        }
    }

    private func flushAndWait() {
        let flushed = DispatchSemaphore(value: 0)
        flush { flushed.signal() }
        flushed.wait()
    }

    // The same kind of helper, also called outside any activity: reported.
    func syncNow() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "sync") { _ in self.syncAndWait() }
        syncAndWait()
    }

    private func syncAndWait() {
        let synced = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
        sync { synced.signal() }
        synced.wait()
    }

    // The wait is handed to another queue: the block returns at once, so it is not the activity's wait.
    func uploadOnBackground() {
        ProcessInfo.processInfo.performExpiringActivity(withReason: "upload") { _ in
            let uploaded = DispatchSemaphore(value: 0) // expect: dispatch_semaphore
            DispatchQueue.global().async {
                self.upload { uploaded.signal() }
                uploaded.wait()
            }
        }
    }

    func save(_ done: @escaping () -> Void) {}
    func export(_ done: @escaping () -> Void) {}
    func flush(_ done: @escaping () -> Void) {}
    func sync(_ done: @escaping () -> Void) {}
    func upload(_ done: @escaping () -> Void) {}
}
