import Foundation
import Synchronization
import os

// A flag kept in a lock that holds its state and only ever set one way: a stale check of it
// cannot undo another thread's write, so the check and the write need not be one acquisition.
private let fallbackNeeded = Mutex(false)

func fastStat(_ path: String) -> Int {
    let useFallback = fallbackNeeded.withLock { $0 }
    if !useFallback {
        let result = path.count
        if result < 0 {
            fallbackNeeded.withLock { $0 = true }
            return 0
        }
        return result
    }
    return 0
}

enum Phase { case idle, stopped }

// Another spelling: a member lock with an enum case, set from a method of the class.
final class Service: @unchecked Sendable {
    private let phase = OSAllocatedUnfairLock(initialState: Phase.idle)

    func stop() {
        let current = phase.withLock { $0 }
        if current != .stopped {
            print("stopping")
            phase.withLock { $0 = .stopped }
        }
    }
}

// A third: reached through `self.`, the check made inline in the condition.
final class Uploader: @unchecked Sendable {
    private let finished = Mutex(false)

    func upload() {
        if self.finished.withLock({ $0 }) { return }
        print("uploading")
        self.finished.withLock { $0 = true }
    }
}

// Near-miss: the box is set both ways, so the write can undo another thread's.
final class Toggle: @unchecked Sendable {
    private let enabled = Mutex(false)

    func enable() {
        let on = enabled.withLock { $0 }
        if !on {
            print("enabling")
            enabled.withLock { $0 = true } // expect: split_critical_section
        }
    }

    func disable() {
        enabled.withLock { $0 = false }
    }
}

// Near-miss: changed in place elsewhere.
final class Counter: @unchecked Sendable {
    private let armed = Mutex(false)

    func arm() {
        let isArmed = armed.withLock { $0 }
        if !isArmed {
            print("arming")
            armed.withLock { $0 = true } // expect: split_critical_section
        }
    }

    func flip() {
        armed.withLock { $0.toggle() }
    }
}
