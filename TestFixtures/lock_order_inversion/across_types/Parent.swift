import Foundation

// The parent locks itself and calls into its child; the child locks itself and calls back
// into the parent: the two locks are taken in opposite orders through the calls.
final class Parent: @unchecked Sendable {
    private let lock = NSLock()
    private let child = Child()
    private var version = 0

    func update() {
        lock.withLock { // expect: lock_order_inversion
            version += 1
        }
    }

    func publish() {
        lock.withLock {
            child.refresh()
        }
    }
}
