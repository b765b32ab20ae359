import Foundation

// A value bound by `if let` and tested further (`if let last, expired(last)`) decides the write
// on the path where it was found present: two callers can both find it expired and both renew.
final class Heartbeat: @unchecked Sendable {
    private let lock = NSLock()
    private var lastBeat: Date?
    private var epoch = 0

    func beat() {
        let last = lock.withLock { lastBeat }
        if let last, Date().timeIntervalSince(last) > 30 {
            lock.withLock { // expect: split_critical_section
                lastBeat = Date()
                epoch += 1
            }
        }
    }

    // The carrier written with its type.
    func beatTyped() {
        let last: Date? = lock.withLock { lastBeat }
        if let last, last < Date.distantFuture {
            lock.withLock { lastBeat = Date() } // expect: split_critical_section
        }
    }

    // Quiet: found absent and filled (a race fills it twice and keeps one).
    func start() {
        if let _ = lock.withLock({ lastBeat }) { return }
        lock.withLock { lastBeat = Date() }
    }

    // Quiet: present, not tested further, and the value written does not come from it.
    func touch() {
        if let _ = lock.withLock({ lastBeat }) {
            lock.withLock { lastBeat = Date() }
        }
    }

    // Quiet: tested, and tested again inside the second acquisition.
    func beatChecked() {
        let last = lock.withLock { lastBeat }
        if let last, Date().timeIntervalSince(last) > 30 {
            lock.withLock {
                if lastBeat == last { lastBeat = Date() }
            }
        }
    }
}
