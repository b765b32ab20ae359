import Foundation

// Through an optional: the protocol's implementations in the run are all classes, so
// `monitor?.level = …` changes the monitor, not the variable that holds it.

protocol LevelMonitor {
    var level: Int { get set }
}

final class MeterMonitor: LevelMonitor {
    var level = 0
}

final class Amplifier: @unchecked Sendable {
    private let lock = NSLock()
    private var monitor: LevelMonitor?
    private var gain = 1

    init(monitor: LevelMonitor?) { self.monitor = monitor }

    func boost() {
        lock.withLock {
            gain += 1
            monitor?.level = gain
        }
    }

    func mute() {
        monitor?.level = 0
    }
}

// Near miss: the same optional replaced outside the lock it is replaced under elsewhere.
final class Mixer: @unchecked Sendable {
    private let lock = NSLock()
    private var monitor: LevelMonitor?

    func attach(_ m: LevelMonitor) { lock.withLock { monitor = m } }

    func detach() {
        monitor = nil // expect: unchecked_sendable_unguarded
    }
}
