import Foundation

/// Fires: the transport calls `deliver`'s closure back on its own thread; `drained(_:)`, reached
/// from it through `settle(_:)`, writes `busy` off `lock`, which guards it everywhere else.
final class Outbox {
    private let lock = NSLock()
    private let transport: Transport
    private var busy = false
    private var queued: [String] = []

    init(transport: Transport) {
        self.transport = transport
    }

    func enqueue(_ s: String) {
        lock.lock()
        queued.append(s)
        let start = !busy
        busy = true
        lock.unlock()
        if start { push() }
    }

    private func push() {
        lock.lock()
        let batch = queued
        queued = []
        lock.unlock()
        self.transmit(batch) { ok in
            self.settle(ok)
        }
    }

    private func transmit(_ batch: [String], whenDone: @escaping (Bool) -> Void) {
        transport.deliver(batch) { ok in
            whenDone(ok)
        }
    }

    private func settle(_ ok: Bool) {
        drained(ok)
    }

    private func drained(_ ok: Bool) {
        busy = false // expect: inconsistent_locking
    }
}

/// Quiet: the closure's code takes the lock itself.
final class LockedOutbox {
    private let lock = NSLock()
    private let transport: Transport
    private var busy = false

    init(transport: Transport) {
        self.transport = transport
    }

    func begin() {
        lock.lock()
        busy = true
        lock.unlock()
        self.transmit(["x"]) { _ in
            self.lock.lock()
            self.busy = false
            self.lock.unlock()
        }
    }

    private func transmit(_ batch: [String], whenDone: @escaping (Bool) -> Void) {
        transport.deliver(batch) { ok in
            whenDone(ok)
        }
    }
}
