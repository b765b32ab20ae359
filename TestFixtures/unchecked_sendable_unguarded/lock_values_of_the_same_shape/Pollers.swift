import Foundation
import os

final class PauseSwitch: @unchecked Sendable {
    var paused = false
    func describe() -> String { paused ? "paused" : "running" }
}

/// Shape 2: a named closure parameter of a stored `OSAllocatedUnfairLock` with a tuple state.
final class Poller: Sendable {
    private let state = OSAllocatedUnfairLock(initialState: (paused: false, polls: 0))
    func pause(_ s: PauseSwitch) -> String {
        state.withLock { current in
            current.paused = true
        }
        return s.describe()
    }
}
