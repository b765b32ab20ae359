import Foundation

// Both shapes fire at the second acquisition; their fix-its differ (a value written from what
// was read is read again; a decision is re-checked): see MessageWordingTests.
final class Tickets: @unchecked Sendable {
    private let lock = NSLock()
    private var next = 0
    private var failures = 0
    private var open = false

    func take() -> Int {
        let id = lock.withLock { next }
        lock.withLock { next = id + 1 } // expect: split_critical_section
        return id
    }

    func fail() {
        let count = lock.withLock { failures }
        if count > 5 {
            lock.withLock { failures = 0; open = true } // expect: split_critical_section
        }
    }

    func add(_ n: Int) {
        let t = lock.withLock { failures }
        print(t)
        lock.withLock { failures = t + n } // expect: split_critical_section
    }

    // Quiet: read and written in one acquisition.
    func bump() -> Int { lock.withLock { next += 1; return next } }
}
