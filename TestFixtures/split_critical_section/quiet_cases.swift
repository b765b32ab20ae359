import Foundation
import Synchronization

final class Rechecked: @unchecked Sendable {
    private let lock = NSLock()
    private var failures = 0
    private var isOpen = false
    private var total = 0

    // The second acquisition checks the state again before writing.
    func recordFailure() {
        let count = lock.withLock { failures += 1; return failures }
        if count > 5 {
            lock.withLock {
                if failures > 5 { failures = 0 }
            }
        }
    }

    // One acquisition decides and writes.
    func reset() {
        lock.withLock {
            if failures > 5 { failures = 0; isOpen = true }
        }
    }

    // The write adds to what is there now (it does not replace it).
    func add(_ n: Int) {
        let open = lock.withLock { isOpen }
        if !open {
            lock.withLock { total += n }
        }
    }

    // The second acquisition writes state the first did not read.
    func note() {
        let count = lock.withLock { failures }
        if count > 0 {
            lock.withLock { total = count }
        }
    }

    // The second acquisition does not depend on the first.
    func both() {
        let count = lock.withLock { failures }
        print(count)
        lock.withLock { failures = 0 }
    }
}

// Filling a value found absent: a race makes it twice and keeps one.
final class Cache: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String: Int] = [:]
    private var shared: Int?

    func value(for key: String) -> Int {
        if let hit = lock.withLock({ values[key] }) { return hit }
        let made = key.count
        lock.withLock { values[key] = made }
        return made
    }

    func sharedValue() -> Int {
        let current = lock.withLock { shared }
        if current == nil {
            let made = 42
            lock.withLock { shared = made }
        }
        return 0
    }
}

// A one-way latch: every write stores the same value.
final class Dropper: @unchecked Sendable {
    private let lock = NSLock()
    private var dropping = true

    func receive(_ keep: Bool) {
        let drop = lock.withLock { dropping }
        if drop && keep {
            lock.withLock { dropping = false }
        }
    }

    func cancel() {
        lock.withLock { dropping = false }
    }
}

// Two different locks, and acquisitions in different cases of a switch.
final class Split: @unchecked Sendable {
    private let a = NSLock()
    private let b = NSLock()
    private var state = 0

    func run(_ event: Int) {
        let s = a.withLock { state }
        if s == 0 {
            b.withLock { state = 1 }
        }
        switch event {
        case 0:
            a.lock()
            let seen = state
            a.unlock()
            guard seen == 0 else { break }
        default:
            a.lock()
            state = 2
            a.unlock()
        }
    }
}
