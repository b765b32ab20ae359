#if os(Linux)
import Foundation

extension Clock {
    func read() -> Int {
        mutex.lock()
        defer { mutex.unlock() }
        return ticks
    }

    // The near miss: the Linux twin's own extension reads without its lock.
    func peek() -> Int { ticks } // expect: inconsistent_locking
}
#endif
