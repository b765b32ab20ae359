import Foundation

// A release placed before more work of the same block (the work must run unlocked), with an
// early return or a throw before it: reported either way; the fix-it releases on that path too.
final class Relay: @unchecked Sendable {
    private let lock = NSLock()
    private var queued: [Int] = []

    func flush(_ send: ([Int]) throws -> Void) throws {
        lock.lock() // expect: lock_without_defer
        let batch = queued
        if batch.isEmpty { return }
        queued.removeAll()
        lock.unlock()
        try send(batch)
    }

    func flushChecked(_ send: ([Int]) -> Void) throws {
        lock.lock() // expect: lock_without_defer
        let batch = queued
        try validate(batch)
        queued.removeAll()
        lock.unlock()
        send(batch)
    }

    // Released on every path before the work: quiet.
    func flushAll(_ send: ([Int]) -> Void) {
        lock.lock()
        let batch = queued
        queued.removeAll()
        lock.unlock()
        send(batch)
    }

    func validate(_ b: [Int]) throws {}
}
