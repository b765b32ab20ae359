import Foundation

extension Orders {
    // Quiet: the copy in an extension in another file.
    func replay(_ items: [Int]) {
        let ordersLock = self.lock
        ordersLock.withLock {
            waitlist.append(contentsOf: items)
        }
    }

    // Fires: outside the lock, after the copy's closure.
    func peek() -> Int? {
        let ordersLock = lock
        let n = ordersLock.withLock { next }
        return n > 0 ? waitlist.first : nil // expect: inconsistent_locking
    }
}
