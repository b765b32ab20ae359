import Foundation

// Every write holds both locks, so a read under either one is ordered against every write;
// two reads need not exclude each other.
final class Span {
    private let lock = NSLock()
    private let eventsLock = NSLock()
    private var ended = false
    private var name = ""

    func end() {
        lock.lock()
        eventsLock.lock()
        ended = true
        eventsLock.unlock()
        lock.unlock()
    }

    var hasEnded: Bool {
        lock.lock(); defer { lock.unlock() }
        return ended
    }

    func addEvent() -> Bool {
        eventsLock.lock(); defer { eventsLock.unlock() }
        return !ended
    }

    // Fires: one write holds only `eventsLock`, so a read under `lock` is not ordered against it.
    func rename(_ n: String) {
        eventsLock.lock()
        name = n
        eventsLock.unlock()
    }

    func finish(_ n: String) {
        lock.lock()
        eventsLock.lock()
        name = n
        eventsLock.unlock()
        lock.unlock()
    }

    var label: String {
        lock.lock(); defer { lock.unlock() }
        return name // expect: inconsistent_locking
    }
}
