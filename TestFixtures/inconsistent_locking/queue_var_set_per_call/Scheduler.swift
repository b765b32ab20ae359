import Foundation

/// Keeps the queue its last caller passed: blocks on it run on whichever queue that was.
final class WorkRecorder {
    private var lastQueue: DispatchQueue?
    private var pending: [() -> Void] = []

    func schedule(on queue: DispatchQueue, _ work: @escaping () -> Void) {
        lastQueue = queue
        pending.append(work)  // Quiet: the queue is whichever one the last caller passed.
    }

    func drain() {
        lastQueue!.async {
            while !self.pending.isEmpty {
                self.pending.removeFirst()()
            }
        }
    }
}

/// The same shape with one queue of its own: the plain append is outside it.
final class OwnQueueRecorder {
    private let queue = DispatchQueue(label: "recorder")
    private var pending: [() -> Void] = []

    func schedule(_ work: @escaping () -> Void) {
        pending.append(work) // expect: inconsistent_locking
    }

    func drain() {
        queue.async {
            while !self.pending.isEmpty {
                self.pending.removeFirst()()
            }
        }
    }
}
