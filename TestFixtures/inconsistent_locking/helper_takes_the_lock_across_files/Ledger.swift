import Foundation

// The helper lives in an extension in another file and takes the lock itself on its slow path.
final class Ledger {
    let lock = NSLock()
    var balance = 0
    var stale = false

    func deposit(_ amount: Int) {
        lock.lock()
        defer { lock.unlock() }
        balance += amount
        _ = current()
    }

    func report() -> Int {
        current()
    }
}
