import Foundation

enum Slot { case empty, waiting, filled(Int), closed }

// A case that ends in `fallthrough` goes on into the next one, which releases the lock: every
// path releases it once.
final class Mailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var slot = Slot.empty

    func deliver(_ n: Int) {
        lock.lock()
        switch slot {
        case .empty:
            slot = .filled(n)
            lock.unlock()
        case .waiting:
            slot = .filled(n)
            lock.unlock()
            print("woke the reader")
        case .filled: fallthrough
        case .closed:
            lock.unlock()
        }
    }

    // Another spelling: a chain of two fallthroughs, the last into `default`.
    func close() {
        lock.lock()
        switch slot {
        case .closed:
            lock.unlock()
            return
        case .filled:
            print("dropping the value")
            fallthrough
        case .waiting:
            fallthrough
        default:
            slot = .closed
            lock.unlock()
        }
    }

    // Fires: the case that falls through is not the one that releases.
    func peek() -> Bool {
        lock.lock() // expect: lock_without_defer
        switch slot {
        case .filled:
            lock.unlock()
            return true
        case .waiting:
            fallthrough
        case .empty:
            return false
        case .closed:
            lock.unlock()
            return false
        }
    }
}
