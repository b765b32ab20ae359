import Foundation

// `DispatchQueue.main.sync` in main-actor code that runs only off the main thread (by the check
// around it) cannot wait for itself: not reported. Without such a check it is a deadlock.
@MainActor
final class BatchCounter {
    var count = 0

    func post() {
        if !Thread.isMainThread {
            DispatchQueue.main.sync {
                NotificationCenter.default.post(name: .init("done"), object: nil)
            }
        } else {
            NotificationCenter.default.post(name: .init("done"), object: nil)
        }
    }

    func postAnyway() {
        DispatchQueue.main.sync { self.count = 0 } // expect: dispatch_main_in_async
    }

    // The condition also lets main-thread code in: reported.
    func postMaybe(force: Bool) {
        if !Thread.isMainThread || force {
            DispatchQueue.main.sync { self.count = 0 } // expect: dispatch_main_in_async
        }
    }
}
