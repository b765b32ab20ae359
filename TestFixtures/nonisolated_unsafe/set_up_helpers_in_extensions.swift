import Foundation

// Shape 3: the helper is in an extension, and writes before and after it starts a task that
// captures `self`: the write before is set-up, the one after is not.
final class Poller: Sendable {
    nonisolated(unsafe) private var interval = 0.0
    nonisolated(unsafe) private var started = false // expect: nonisolated_unsafe

    init(interval: Double) {
        start(interval)
    }

    func isRunning() -> Bool { started && interval > 0 }
}

extension Poller {
    private func start(_ seconds: Double) {
        interval = seconds
        Task { [self] in
            _ = self.isRunning()
        }
        started = true
    }
}

// A closure the helper stores runs later, whenever it is called: its write is not set-up.
final class Relay: Sendable {
    nonisolated(unsafe) private var onValue: ((Int) -> Void)?
    nonisolated(unsafe) private var last = 0 // expect: nonisolated_unsafe

    init() {
        wire()
    }

    private func wire() {
        onValue = { [unowned self] v in last = v }
    }

    func send(_ v: Int) { onValue?(v) }
}
