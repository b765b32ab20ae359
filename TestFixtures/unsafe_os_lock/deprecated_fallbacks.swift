import Foundation
import os

// A spin lock inside a declaration the code itself marks deprecated is the legacy path it keeps
// for systems older than its replacement: the code already says so. The same spin lock outside
// such a declaration is reported.

protocol Locking {
    func lock()
    func unlock()
}

extension UnsafeMutablePointer {
    @available(macOS, deprecated: 10.12)
    static func makeSpin() -> Self where Pointee == OSSpinLock {
        let spin = UnsafeMutablePointer<OSSpinLock>.allocate(capacity: 1)
        spin.initialize(to: OS_SPINLOCK_INIT)
        return spin
    }

    @available(macOS, introduced: 10.12)
    static func makeUnfair() -> Self where Pointee == os_unfair_lock {
        let lock = UnsafeMutablePointer<os_unfair_lock>.allocate(capacity: 1)
        lock.initialize(to: os_unfair_lock())
        return lock
    }
}

// A whole type marked deprecated on every platform.
@available(*, deprecated, message: "use UnfairBox")
final class SpinBox: Locking {
    private let spin = UnsafeMutablePointer<OSSpinLock>.allocate(capacity: 1)
    func lock() { OSSpinLockLock(spin) }
    func unlock() { OSSpinLockUnlock(spin) }
}

// Obsoleted on one platform: the same.
@available(iOS, obsoleted: 10.0)
func legacySpin(_ p: UnsafeMutablePointer<OSSpinLock>) {
    OSSpinLockLock(p)
    OSSpinLockUnlock(p)
}

// Only introduced, not deprecated: reported.
@available(macOS, introduced: 10.10)
final class StillSpinning {
    private let spin = UnsafeMutablePointer<OSSpinLock>.allocate(capacity: 1) // expect: unsafe_os_lock
    func run() {
        OSSpinLockLock(spin)
        OSSpinLockUnlock(spin)
    }
}

// A pointer parameter: no declaration of the file holds it, so each call is its own finding.
func spinThrough(_ p: UnsafeMutablePointer<OSSpinLock>) { // expect: unsafe_os_lock
    OSSpinLockLock(p) // expect: unsafe_os_lock
    OSSpinLockUnlock(p) // expect: unsafe_os_lock
}
