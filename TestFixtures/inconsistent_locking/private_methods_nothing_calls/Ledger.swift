import Foundation

// Another shape: a lock, the class in one file, its private helpers in an extension in
// another file.
final class Ledger {
    let lock = NSLock()
    var balance = 0

    func deposit(_ n: Int) {
        lock.lock()
        balance += n
        lock.unlock()
    }
}
