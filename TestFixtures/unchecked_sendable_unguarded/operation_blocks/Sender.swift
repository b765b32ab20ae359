import Foundation

// A lock for the open flag, and a serial operation queue for what the operations touch: an
// operation built first and given its one block, then added to the queue, runs there like a
// block handed to addOperation directly, and so do the private helpers only it calls.
final class Sender: @unchecked Sendable {
    private let mutex = NSLock()
    private var writeQueue = OperationQueue()
    private var open = false
    private var sent = 0
    private var frames: [Int] = []
    private var retries = 0

    init() {
        writeQueue.maxConcurrentOperationCount = 1
    }

    func setOpen(_ value: Bool) { mutex.lock(); open = value; mutex.unlock() }
    var isOpen: Bool { mutex.lock(); defer { mutex.unlock() }; return open }

    func write(_ frame: Int) {
        let operation = BlockOperation()
        operation.addExecutionBlock { [weak self, weak operation] in
            guard let self, let op = operation, !op.isCancelled else { return }
            self.sent += 1
            self.record(frame)
            if !self.isOpen { self.retries += 1 }
        }
        writeQueue.addOperation(operation)
    }

    private func record(_ frame: Int) { frames.append(frame) }

    // Outside the queue: a real race with the operations.
    func resetRetries() {
        retries = 0 // expect: unchecked_sendable_unguarded
    }

    // Two blocks on one operation run concurrently with each other: no guard.
    func writeTwice(_ frame: Int) {
        let operation = BlockOperation()
        operation.addExecutionBlock { self.pairs += 1 } // expect: unchecked_sendable_unguarded
        operation.addExecutionBlock { self.pairs += 1 }
        writeQueue.addOperation(operation)
    }
    private var pairs = 0
}
