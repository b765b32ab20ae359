import Foundation
import os

// A plain lock guarding two stored vars, and a state box beside it.
final class Engine: @unchecked Sendable {
    private let lock = NSLock()
    private var queued = 0
    private var label = ""
    private let mode = OSAllocatedUnfairLock(initialState: 0)

    var pending: Int {
        lock.lock()
        defer { lock.unlock() }
        return queued
    }

    func setPending(_ n: Int) {
        lock.lock()
        queued = n
        lock.unlock()
    }

    func rename(_ s: String) {
        lock.withLock { label = s }
    }

    var currentMode: Int { mode.withLock { $0 } }

    func setMode(_ m: Int) {
        mode.withLock { $0 = m }
    }
}
