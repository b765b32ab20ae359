import Foundation

// A DispatchSemaphore(value: 1) used as a lock: `wait()` takes it, `signal()` gives it back.
// The failure count read under one hold decides a reset under another.
final class Breaker: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 1)
    private var failures = 0
    private var isOpen = false

    func recordFailure() {
        semaphore.wait()
        failures += 1
        let count = failures
        semaphore.signal()
        if count >= 3 {
            semaphore.wait() // expect: split_critical_section
            failures = 0
            isOpen = true
            semaphore.signal()
        }
    }

    // Through a wrapper method of the class that holds the semaphore around its closure.
    private func locked<T>(_ body: () throws -> T) rethrows -> T {
        semaphore.wait()
        defer { semaphore.signal() }
        return try body()
    }

    func halfOpen() {
        let wasOpen = locked { isOpen }
        guard wasOpen else { return }
        locked { // expect: split_critical_section
            isOpen = false
            failures = 2
        }
    }

    // Decided and written in one call of the wrapper: quiet.
    func halfOpenAtomically() {
        locked {
            guard isOpen else { return }
            isOpen = false
            failures = 2
        }
    }

    // One hold decides and writes: quiet.
    func reset() {
        semaphore.wait()
        defer { semaphore.signal() }
        if failures >= 3 {
            failures = 0
            isOpen = true
        }
    }
}

// A global semaphore used as the lock of file-level state.
private let tokenGate = DispatchSemaphore(value: 1)
private var cachedToken: String?

func storeToken(_ token: String) {
    tokenGate.wait()
    cachedToken = token
    tokenGate.signal()
}

func invalidateToken(ifEqualTo stale: String) {
    tokenGate.wait()
    let current = cachedToken
    tokenGate.signal()
    if current == stale {
        tokenGate.wait() // expect: split_critical_section
        cachedToken = nil
        tokenGate.signal()
    }
}

// A semaphore counting free slots (value 2) or signalled by other work (value 0) is not a lock:
// waiting on it twice is no split (quiet).
final class Pool: @unchecked Sendable {
    private let slots = DispatchSemaphore(value: 2)
    private let done = DispatchSemaphore(value: 0)
    private var busy = 0

    func run() {
        slots.wait()
        let n = busy
        slots.signal()
        if n > 0 {
            slots.wait()
            busy = 0
            slots.signal()
        }
        done.wait()
        let m = busy
        done.signal()
        if m > 0 {
            done.wait()
            busy = 0
            done.signal()
        }
    }
}
