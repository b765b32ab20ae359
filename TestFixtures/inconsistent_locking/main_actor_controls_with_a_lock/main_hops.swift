import Foundation

// The project's own helpers: a hop whose closure parameter is typed `@MainActor` runs the
// closure on the main actor; a lock's `perform { }` runs it on the caller's thread.

extension DispatchQueue {
    static func onMain(execute work: @MainActor () -> Void) {
        if Thread.isMainThread {
            MainActor.assumeIsolated(work)
        } else {
            DispatchQueue.main.sync(execute: work)
        }
    }

    /// Not a hop to main: the closure runs wherever the queue's work does.
    static func whenIdle(execute work: @escaping () -> Void) {
        DispatchQueue.global().async(execute: work)
    }
}

extension NSLocking {
    func perform(_ body: () -> Void) {
        lock()
        defer { unlock() }
        body()
    }
}

func onMainThread(_ work: @escaping @MainActor () -> Void) {
    DispatchQueue.main.async { MainActor.assumeIsolated(work) }
}

protocol MainScheduler: AnyObject {
    func schedule(_ work: @escaping @MainActor () -> Void)
}
