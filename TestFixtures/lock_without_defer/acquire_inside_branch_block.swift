import Foundation

// The lock is taken inside an `if` and released after it: a `defer` written right after the
// acquire would run at the end of the `if`, so the fix-it never offers one.
final class Presenter {
    private let frontLock = NSLock()
    private var shared = false
    private var frame = 0

    func render(_ ready: Bool) {
        if shared {
            frontLock.lock() // expect: lock_without_defer
        }
        if !ready { return }
        frame += 1
        if shared {
            frontLock.unlock()
        }
    }

    // The whole critical section inside the `if`: the defer there is right, and it is used.
    func renderInside(_ ready: Bool) {
        if shared {
            frontLock.lock()
            defer { frontLock.unlock() }
            if !ready { return }
            frame += 1
        }
    }

    // Taken inside the `if`, with the early return inside it too: a defer there is safe.
    func renderLeaking(_ ready: Bool) {
        if shared {
            frontLock.lock() // expect: lock_without_defer
            if !ready { return }
            frame += 1
            frontLock.unlock()
        }
    }
}
