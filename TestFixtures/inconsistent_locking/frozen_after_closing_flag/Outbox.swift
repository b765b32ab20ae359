import Foundation

// The flag and the queue, with the close in this file and the gated writes in the other.
final class Outbox {
    let sendQueue = DispatchQueue(label: "outbox")
    var stopped = false
    var pending: [String] = []

    /// Quiet: the read follows the close on the queue.
    func stop() -> Int {
        sendQueue.sync { stopped = true }
        return pending.count
    }

    /// Fires: the read comes before the close, while writes may still run.
    func stopLate() -> Int {
        let left = pending.count // expect: inconsistent_locking
        sendQueue.sync { self.stopped = true }
        return left
    }
}
