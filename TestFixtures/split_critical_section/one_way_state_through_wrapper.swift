import Foundation

// A generic box in between, holding an enum: every assignment stores one case (`.closed`).

final class Guarded<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value
    init(_ value: Value) { stored = value }
    var current: Value {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}

enum Phase { case open, closing, closed }

final class Channel: @unchecked Sendable {
    private let phase = Guarded(Phase.open)

    func receive() {
        if phase.current != .closed {
            close()
        }
    }

    func close() { phase.current = .closed }
}

// Two different cases stored: a stale check can overwrite the other transition.
final class Session: @unchecked Sendable {
    private let phase = Guarded(Phase.open)

    func receive() {
        if phase.current == .open {
            beginClosing() // expect: split_critical_section
        }
    }

    func beginClosing() { phase.current = .closing }
    func finishClosing() { phase.current = .closed }
}
