import Foundation

// `Meter` declared again in another file of the module, outside any `#if`: the compiler rejects
// a redeclaration, so the two never build together and are two classes. This one takes its lock
// for the write and not for the read: that read is reported, with a note in this file.
final class Meter {
    private let lock = NSLock()
    private var total = 0

    func add(_ n: Int) {
        lock.lock()
        total += n
        lock.unlock()
    }

    func read() -> Int {
        total // expect: inconsistent_locking
    }
}
