import Foundation

// The values come from other files: a literal passed at a call site in another folder, and a
// member assignment there. Each captures only values.

final class AttemptLimiter {
    private let lock = NSLock()
    private var attempts: [Date] = []
    let currentTime: () -> Date
    var describe: (Int) -> String = { count in "\(count) attempts" }

    init(currentTime: @escaping () -> Date) {
        self.currentTime = currentTime
    }

    func record() -> String {
        lock.lock()
        defer { lock.unlock() }
        attempts.append(currentTime())
        return describe(attempts.count)
    }
}

// Near-miss: the only value is built by an owner that holds the type and calls itself from it.
final class UploadSlot {
    private let lock = NSLock()
    private var busy = false
    private let finished: () -> Void

    init(finished: @escaping () -> Void) {
        self.finished = finished
    }

    func end() {
        lock.withLock {
            busy = false
            finished()  // expect: recursive_lock
        }
    }

    func isBusy() -> Bool { lock.withLock { busy } }
}
