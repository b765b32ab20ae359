import Foundation

// A protocol between the caller and the operation: the requirement is implemented by a method
// that submits the operation; state its block and helpers touch stays on the queue, while the
// requirement that writes it directly is reported.
protocol FrameSink: AnyObject {
    func push(_ frame: Int)
    func drop()
}

final class Channel: FrameSink, @unchecked Sendable {
    private let stateLock = NSLock()
    private let queue: OperationQueue
    private var active = true
    private var backlog: [Int] = []

    init() {
        queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
    }

    var isActive: Bool { stateLock.withLock { active } }
    func stop() { stateLock.withLock { active = false } }

    func push(_ frame: Int) {
        let work = BlockOperation()
        work.addExecutionBlock { [unowned self] in
            self.append(frame)
        }
        queue.addOperation(work)
    }

    private func append(_ frame: Int) {
        guard isActive else { return }
        backlog.append(frame)
        if backlog.count > 8 { backlog.removeFirst() }
    }

    func drop() {
        backlog.removeAll() // expect: unchecked_sendable_unguarded
    }
}
