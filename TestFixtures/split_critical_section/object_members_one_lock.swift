import Foundation

// One lock guards two variables; a check through one member and an act through another touch
// different variables.
final class Turnstile: @unchecked Sendable {
    private let lock = NSLock()
    private var room = 10
    private var passed: [String] = []

    var freeRoom: Int {
        lock.lock()
        defer { lock.unlock() }
        return room
    }

    func admit(_ name: String) {
        lock.lock()
        passed = [name]
        lock.unlock()
    }

    func setRoom(_ value: Int) {
        lock.withLock { room = value }
    }
}

final class Gatekeeper {
    let gate = Turnstile()

    // Near-miss: `freeRoom` reads `room`, `admit` writes only `passed`.
    func letIn(_ name: String) {
        guard gate.freeRoom > 0 else { return }
        gate.admit(name)
    }

    // `setRoom(_:)` writes `room`, which `freeRoom` read.
    func take() {
        let left = gate.freeRoom
        if left > 0 {
            gate.setRoom(left - 1) // expect: split_critical_section
        }
    }
}
