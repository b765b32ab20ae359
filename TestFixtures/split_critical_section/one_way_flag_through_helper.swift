import Foundation

// A flag kept in another object and reached through one property (`cancelled.value`), whose
// every assignment in the file stores the same value: a one-way latch. A stale check of it cannot
// undo another thread's write, whether the write is inline or made by a helper (`shutdown()`).

final class AtomicFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var stored = false
    var value: Bool {
        get { lock.lock(); defer { lock.unlock() }; return stored }
        set { lock.lock(); defer { lock.unlock() }; stored = newValue }
    }
}

final class Player: @unchecked Sendable {
    private let cancelled = AtomicFlag()
    private var buffered = 0

    func pump() {
        while !cancelled.value {
            if buffered == 0 {
                shutdown()
                return
            }
        }
    }

    func shutdown() {
        cancelled.value = true
    }
}

// Set back as well: a stale check can undo another thread's restart.
final class Restartable: @unchecked Sendable {
    private let stopped = AtomicFlag()

    func pump() {
        while !stopped.value {
            halt() // expect: split_critical_section
            return
        }
    }

    func halt() { stopped.value = true }
    func restart() { stopped.value = false }
}
