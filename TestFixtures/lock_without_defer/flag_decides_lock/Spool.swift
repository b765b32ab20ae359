import Foundation

// Release decided by a flag: the caller keeps holding the lock when asked to.
final class Spool: @unchecked Sendable {
    private let mutex = NSLock()
    private var pending = 0

    func push() {
        mutex.lock()
        pending += 1
        drain(keepLocked: false)
    }

    func drain(keepLocked: Bool) {
        pending = 0
        if keepLocked == false {
            mutex.unlock()
        }
    }

    // Then-branch lock, else-branch nothing: the flag names whether the caller holds it.
    func touch(alreadyLocked: Bool) {
        if alreadyLocked {
        } else {
            mutex.lock()
        }
        pending += 1
        mutex.unlock()
    }
}
