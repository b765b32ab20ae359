import Foundation

/// Its own `synchronise` hands its closure straight to the mutex's closure method (in another file).
class Job: @unchecked Sendable {  // Quiet: every access goes through synchronise.
    fileprivate let stateLock = RawMutex()
    fileprivate var _state = 0
    fileprivate var _queue: JobQueue?
    fileprivate var _finished = false
    weak var weakQueue: JobQueue?

    @discardableResult
    fileprivate func synchronise<T>(block: () -> T) -> T {
        return stateLock.withCriticalScope(block: block)
    }

    var state: Int {
        get { synchronise { _state } }
        set { synchronise { _state = newValue } }
    }

    var isDone: Bool { synchronise { _isDone } }

    /// To be used within the lock.
    private var _isDone: Bool { _finished }

    func enqueue(on q: JobQueue) {
        synchronise {
            _queue = q
            _state = 1
        }
    }

    func finish() {
        guard let strongQueue = weakQueue else { return }
        let queue: JobQueue? = synchronise {
            _finished = true
            return _queue
        }
        strongQueue.unlock(categories: [])
        print(queue as Any)
    }
}
