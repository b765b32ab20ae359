import Foundation

protocol Gate {
    func lock()
    func unlock()
}

final class Loader {
    let gate: any Gate

    init(gate: any Gate) { self.gate = gate }

    func load() {
        Registry.mutex.withLock { Registry.rebuild() }
        Registry.markStale()
    }

    // Under a lock reached through a protocol.
    func reload() {
        gate.lock()
        defer { gate.unlock() }
        Registry.rebuild()
    }
}
