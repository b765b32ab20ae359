// A function that takes its lock only when a Bool parameter says so (`if !lockIsHeld { lock.lock() }`)
// holds it on every call that leaves the argument out, when the default is the value that takes
// it: such a call is not "made without the lock". A call that passes the other value, or leaves
// it out when the default leaves the lock to the caller, without holding the lock, still is.

import Foundation

/// Shape 1: a plain call leaves the argument out (the default, `false`, takes the lock).
final class Expiry {
    private let lock = NSLock()
    private var generation: UInt64 = 0
    private var established = false

    func begin() {
        lock.lock()
        generation &+= 1
        established = true
        lock.unlock()
    }

    func restart() {
        lock.lock()
        generation &+= 1
        let g = generation
        expire(generation: g, lockIsHeld: true)
    }

    func timerFired(_ g: UInt64) {
        expire(generation: g)
    }

    private func expire(generation expected: UInt64, lockIsHeld: Bool = false) {
        if !lockIsHeld { lock.lock() }
        guard expected == generation, !established else {
            lock.unlock()
            return
        }
        established = false
        lock.unlock()
    }
}
