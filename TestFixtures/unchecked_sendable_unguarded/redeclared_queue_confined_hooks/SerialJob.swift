import Foundation

// A base class that runs its overridable hooks only in blocks on its own serial queue.
open class SerialJob: Operation, @unchecked Sendable {
    public let workQueue = DispatchQueue(label: "SerialJob")
    private var started = false

    override public func start() {
        workQueue.async {
            self.started = true
            self.run()
        }
    }

    override public func cancel() {
        super.cancel()
        workQueue.async { self.didCancel() }
    }

    open func run() {}
    open func didCancel() {}
}
