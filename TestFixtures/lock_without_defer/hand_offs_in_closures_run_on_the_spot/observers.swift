import Foundation

// A function of the file that releases the lock its caller took (its parameter named as the
// caller's lock; it asserts the caller holds
// it, `assert(!lock.try())`, which takes nothing on the path that goes on) hands the hold over:
// a call of it ends the caller's hold, also from a closure run on the spot
// (`withExtendedLifetime(x) { … }`). A helper that does not release it leaves the lock held.

final class ObserverSet {
    private let stateLock = NSLock()
    private var observers: [Int: () -> Void] = [:]
    private var closed = false

    /// Quiet: the `if` path hands the lock to `finish(unlocking:)` inside the closure.
    func remove(_ id: Int) {
        stateLock.lock()
        if let observer = observers.removeValue(forKey: id) {
            withExtendedLifetime(observer) {
                finish(unlocking: stateLock)
            }
        } else {
            stateLock.unlock()
        }
    }

    /// Quiet: the same hand-off, straight in the body.
    func close() {
        stateLock.lock()
        closed = true
        finish(unlocking: stateLock)
    }

    /// Fires: `log(holding:)` only reads under the caller's lock and gives nothing back.
    func drop(_ id: Int) {
        stateLock.lock() // expect: lock_without_defer
        if let observer = observers.removeValue(forKey: id) {
            withExtendedLifetime(observer) {
                log(holding: stateLock)
            }
        } else {
            stateLock.unlock()
        }
    }

    private func finish(unlocking stateLock: NSLock) {
        assert(!stateLock.try(), "the caller holds the lock")
        let empty = observers.isEmpty
        stateLock.unlock()
        if empty { print("no observers left") }
    }

    private func log(holding stateLock: NSLock) {
        print(observers.count)
    }
}
