import Foundation
import os

/// The project's own lock type: an os_unfair_lock at a stable address, taken with lock() and
/// released with unlock().
final class Gate: @unchecked Sendable {
    private let raw: UnsafeMutablePointer<os_unfair_lock>

    init() {
        raw = .allocate(capacity: 1)
        raw.initialize(to: os_unfair_lock())
    }

    deinit { raw.deallocate() }

    func lock() { os_unfair_lock_lock(raw) }
    func unlock() { os_unfair_lock_unlock(raw) }
}
