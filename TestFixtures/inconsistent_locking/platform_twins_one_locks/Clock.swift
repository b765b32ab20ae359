import Foundation

#if os(Windows)
// The Windows build's clock takes its lock for the write, not for the read.
final class Clock {
    private let lock = NSLock()
    private var ticks = 0

    func tick() {
        lock.lock()
        ticks += 1
        lock.unlock()
    }

    func now() -> Int {
        ticks // expect: inconsistent_locking
    }
}
#else
// The other builds' clock has no lock at all, and is not judged by its twin's.
final class Clock {
    private var ticks = 0

    func tick() {
        ticks += 1
    }

    func now() -> Int {
        ticks
    }
}
#endif
