import Foundation

// In another file, a method that only reads the flag is no gate: many callers get true.
final class Job {
    private let lock = NSLock()
    private var finished = false
    private var output: String?

    func isFinished() -> Bool {
        lock.withLock { finished }
    }

    func finish(_ s: String) {
        lock.withLock {
            finished = true
            output = s
        }
    }

    func clear() {
        if isFinished() {
            output = nil // expect: inconsistent_locking
        }
    }
}
