import Foundation

// One file's `Meter`: its lock is held at every access of `total`.
final class Meter {
    private let lock = NSLock()
    private var total = 0

    func add(_ n: Int) {
        lock.lock()
        total += n
        lock.unlock()
    }

    func read() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }
}
