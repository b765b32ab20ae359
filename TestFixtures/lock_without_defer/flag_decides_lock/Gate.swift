import Foundation

// A guard on the flag skips taking the lock: the caller's hold is released on that path.
final class Gate: @unchecked Sendable {
    private let entry = NSLock()
    private var open = false

    func toggle(heldByCaller: Bool) {
        guard !heldByCaller else {
            open.toggle()
            entry.unlock()
            return
        }
        entry.lock()
        open.toggle()
        entry.unlock()
    }

    func flip() {
        entry.lock()
        open = false
        toggle(heldByCaller: true)
    }

    // Near-miss: a guard on an ordinary value, not a flag; the leak on its path is reported.
    func set(_ value: Int) {
        entry.lock() // expect: lock_without_defer
        guard value > 0 else { return }
        open = true
        entry.unlock()
    }

    // Near-miss: a guard on a flag whose else releases as the rest does; the leak past it is reported.
    func arm(now: Bool) {
        entry.lock() // expect: lock_without_defer
        guard now else {
            entry.unlock()
            return
        }
        open = true
    }
}
