import Foundation

// A method that takes the lock only when its flag says the caller does not hold it.
final class Tally: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    func add(_ n: Int) {
        lock.lock()
        total += n
        commit(lockHeld: true)
    }

    private func commit(lockHeld: Bool) {
        if !lockHeld { lock.lock() }
        total = max(total, 0)
        lock.unlock()
    }

    // Near-miss: a method that always locks, called with the lock held.
    func reset() {
        lock.lock()
        defer { lock.unlock() }
        clear() // expect: recursive_lock
    }

    private func clear() {
        lock.lock()
        total = 0
        lock.unlock()
    }

    // Near-miss: the flag does not decide this lock (balanced inside the branch).
    func bump(loud: Bool) {
        lock.lock()
        defer { lock.unlock() }
        announce(loud: loud) // expect: recursive_lock
    }

    private func announce(loud: Bool) {
        if loud {
            lock.lock()
            total += 1
            lock.unlock()
        }
    }
}

// Same, with the flag compared to a literal and the release in the callee's guard.
final class Meter: @unchecked Sendable {
    private let mutex = NSLock()
    private var reading = 0

    func sample() {
        mutex.lock()
        reading += 1
        publish(inside: true)
    }

    private func publish(inside: Bool) {
        guard inside == true else {
            mutex.lock()
            reading = 0
            mutex.unlock()
            return
        }
        mutex.unlock()
    }

    // Near-miss: a guard on a flag whose else-branch releases as the rest does: balanced, judged.
    func check(valid: Bool) {
        mutex.lock()
        guard valid else { mutex.unlock(); return }
        touch() // expect: recursive_lock
        mutex.unlock()
    }

    private func touch() {
        mutex.lock()
        reading += 1
        mutex.unlock()
    }
}
