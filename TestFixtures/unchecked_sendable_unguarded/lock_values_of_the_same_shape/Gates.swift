import Foundation
import Synchronization

final class Gate: @unchecked Sendable {
    var open = false
    func describe() -> String { open ? "open" : "shut" }
}

/// Shape 3: `self.` before a stored `Mutex` whose value is a struct declared in another file.
final class Turnstile: Sendable {
    private let monitor = Mutex(GateState())
    func admit(_ g: Gate) -> String {
        self.monitor.withLock { $0.open = true }
        return g.describe()
    }
}
