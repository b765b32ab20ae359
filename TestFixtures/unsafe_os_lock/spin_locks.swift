import Foundation
import libkern

/// A spin lock declared here: one finding at the declaration, its calls are notes.
final class LegacyQueue {
    private var spin = OS_SPINLOCK_INIT // expect: unsafe_os_lock
    private var items: [Int] = []

    func push(_ item: Int) {
        OSSpinLockLock(&spin)
        items.append(item)
        OSSpinLockUnlock(&spin)
    }

    func tryPop() -> Int? {
        guard OSSpinLockTry(&spin) else { return nil }
        defer { OSSpinLockUnlock(&spin) }
        return items.popLast()
    }
}

/// A spin lock passed in: each call on a lock declared elsewhere is reported.
func withSpin(
    _ lock: UnsafeMutablePointer<OSSpinLock> // expect: unsafe_os_lock
) {
    OSSpinLockLock(lock) // expect: unsafe_os_lock
    OSSpinLockUnlock(lock) // expect: unsafe_os_lock
}

extension LegacyQueue {
    static let typeName = "OSSpinLock" // a string, not a use
}
