import Foundation

// The `on:` spelling, through a small wrapper type the class stores: a closure handed to
// `every(_:on:)` with the class's queue runs on that queue (the wrapper is not in the run, so the
// tool takes the call at its word), and so does the method called from it.

protocol Repeater {
    func every(_ seconds: TimeInterval, on queue: DispatchQueue, run block: @escaping () -> Void)
}

struct Chores {
    let repeater: Repeater
}

/// Quiet: `sweep()` runs only from the repeated block, on `serial`.
final class CacheSweeper {
    private let serial = DispatchQueue(label: "cache-sweeper")
    private let chores: Chores
    private var entries: [String: Date] = [:]

    init(chores: Chores) {
        self.chores = chores
        chores.repeater.every(10, on: serial) { [weak self] in
            self?.sweep()
        }
    }

    func remember(_ key: String) {
        serial.async { self.entries[key] = Date() }
    }

    private func sweep() {
        entries = entries.filter { $0.value.timeIntervalSinceNow > -60 }
    }
}

/// Fires: the repeated block is handed the main queue, not `serial`.
final class LogSweeper {
    private let serial = DispatchQueue(label: "log-sweeper")
    private let chores: Chores
    private var lines: [String] = []

    init(chores: Chores) {
        self.chores = chores
        chores.repeater.every(10, on: .main) { [weak self] in
            self?.sweep()
        }
    }

    func append(_ line: String) {
        serial.async { self.lines.append(line) }
    }

    private func sweep() {
        lines.removeAll() // expect: inconsistent_locking
    }
}
