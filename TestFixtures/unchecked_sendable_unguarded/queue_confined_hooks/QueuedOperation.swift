import Foundation

// A project's own operation base class that owns a serial queue and calls its overridable hooks
// only from code on that queue: a subclass's override of such a hook runs on that queue, and so
// does every private method only those overrides call.
open class QueuedOperation: Operation, @unchecked Sendable {
    public let dispatchQueue: DispatchQueue
    private let stateLock = NSLock()
    private var finished = false

    public init(dispatchQueue: DispatchQueue? = nil) {
        self.dispatchQueue = dispatchQueue ?? DispatchQueue(label: "QueuedOperation")
        super.init()
    }

    override public final func start() {
        // Already on the queue when the operation queue runs its operations there.
        if OperationQueue.current?.underlyingQueue == dispatchQueue {
            begin()
        } else {
            dispatchQueue.async(execute: { self.begin() })
        }
    }

    private func begin() {
        main()
    }

    override open func main() {}

    override public final func cancel() {
        super.cancel()
        dispatchQueue.async {
            self.notifyCancellation()
            self.operationWillFinish()
        }
    }

    // A helper in between: it runs only on the queue, and so does the hook it calls.
    private func notifyCancellation() {
        operationDidCancel()
    }

    open func operationDidCancel() {}

    // Called from a block on the queue, and straight from `finish()` on the caller's thread.
    open func operationWillFinish() {}

    public func finish() {
        operationWillFinish()
        stateLock.withLock { finished = true }
    }
}
