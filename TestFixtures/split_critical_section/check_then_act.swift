import Foundation
import Synchronization

// A circuit breaker: the failure count read under one acquisition decides a reset under another;
// failures recorded in between are lost.
final class CircuitBreaker: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    private var isOpen = false

    func recordFailure(threshold: Int) {
        let count = lock.withLock {
            failures += 1
            return failures
        }
        if count >= threshold {
            lock.withLock { // expect: split_critical_section
                failures = 0
                isOpen = true
            }
        }
    }

    // The same with lock() and unlock(), and a guard that leaves.
    func recordSuccess() {
        lock.lock()
        let wasOpen = isOpen
        lock.unlock()
        guard wasOpen else { return }
        lock.lock() // expect: split_critical_section
        isOpen = false
        failures = 0
        lock.unlock()
    }
}

enum Phase { case idle, running, stopped }

// A state machine: two callers can both see `.idle` and both start.
@available(macOS 15, *)
final class Job: Sendable {
    private let phase = Mutex(Phase.idle)

    func start() -> Bool {
        let current = phase.withLock { $0 }
        if current != .idle { return false }
        phase.withLock { $0 = .running } // expect: split_critical_section
        return true
    }

    func stop() {
        phase.withLock { $0 = .stopped }
    }
}

// Taking a pending value: two threads can both see it and both run it.
final class Pending: @unchecked Sendable {
    private let lock = NSLock()
    private var work: (() -> Void)?

    func runPending() {
        guard let next = lock.withLock({ work }) else { return }
        lock.withLock { work = nil } // expect: split_critical_section
        next()
    }

    func schedule(_ w: @escaping () -> Void) {
        lock.withLock { work = w }
    }
}
