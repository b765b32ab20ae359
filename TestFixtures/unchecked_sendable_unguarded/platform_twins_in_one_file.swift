import Foundation

// One class per platform in the two branches of one `#if`: each is its own type, judged by its
// own guard. The POSIX twin guards `handle` with a queue, the Windows one with a lock; neither
// lends its guard to the other.
#if os(Windows)
final class Channel: @unchecked Sendable {
    private let lock = NSLock()
    private var handle = 0

    func open(_ h: Int) { lock.withLock { handle = h } }
    func current() -> Int { lock.withLock { handle } }
}
#else
final class Channel: @unchecked Sendable {
    private let queue = DispatchQueue(label: "channel")
    private var handle = 0

    func open(_ h: Int) { queue.sync { handle = h } }
    func current() -> Int { queue.sync { handle } }
}
#endif

// The near miss: a twin whose own code leaves its guard is still reported, with its own guard.
#if canImport(Darwin)
final class Tap: @unchecked Sendable {
    private let lock = NSLock()
    private var taps = 0

    func tap() { lock.withLock { taps += 1 } }
    func count() -> Int { taps } // expect: unchecked_sendable_unguarded
}
#else
final class Tap: @unchecked Sendable {
    private let queue = DispatchQueue(label: "tap")
    private var taps = 0

    func tap() { queue.sync { taps += 1 } }
    func count() -> Int { queue.sync { taps } }
}
#endif
