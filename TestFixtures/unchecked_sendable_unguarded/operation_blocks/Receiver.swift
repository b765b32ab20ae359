import Foundation

// The operation made with its block (`BlockOperation { }`), submitted with addOperations, here
// from an extension in another file.
final class Receiver: @unchecked Sendable {
    private let lock = NSLock()
    let readQueue: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private var closed = false
    var received = 0
    var lastSize = 0

    func close() { lock.withLock { closed = true } }
    func isClosed() -> Bool { lock.withLock { closed } }
}

// The same spelling on a queue that runs several operations at once: no guard.
final class WideReceiver: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = OperationQueue()
    private var closed = false
    private var received = 0

    func close() { lock.withLock { closed = true } }
    func isClosed() -> Bool { lock.withLock { closed } }
    func take(_ n: Int) {
        let op = BlockOperation {
            self.received += n // expect: unchecked_sendable_unguarded
        }
        queue.addOperations([op], waitUntilFinished: false)
    }
}
