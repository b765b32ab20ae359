import Foundation

// A protocol in between: every implementation's `lock()` takes its mutex and releases it before
// returning (a pause counter), so a value of the protocol type guards nothing.
protocol Pausing: AnyObject {
    func lock()
    func unlock()
}

final class PauseCounter: Pausing {
    private let mutex = NSRecursiveLock()
    private var depth = 0

    func lock() {
        mutex.lock()
        defer { mutex.unlock() }
        depth += 1
    }

    func unlock() {
        mutex.lock()
        depth -= 1
        mutex.unlock()
    }
}
