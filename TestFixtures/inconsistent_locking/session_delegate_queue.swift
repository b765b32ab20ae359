import Foundation

// A session made with no delegate queue: URLSession runs its operations on a serial queue of its
// own, so operations added to it exclude each other, and a write outside them does not.
final class Tally {
    private let session: URLSession
    private var total = 0

    init() {
        session = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: nil)
    }

    func add(_ n: Int) { session.delegateQueue.addOperation { self.total += n } }
    func double() { self.session.delegateQueue.addOperation { self.total *= 2 } }
    func clear() { total = 0 } // expect: inconsistent_locking
}

// Quiet: the queue handed to the session runs operations side by side, so nothing here is a
// guard the class keeps.
final class WideTally {
    private let work = OperationQueue()
    private let session: URLSession
    private var total = 0

    init() {
        work.maxConcurrentOperationCount = 4
        session = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: work)
    }

    func add(_ n: Int) { session.delegateQueue.addOperation { self.total += n } }
    func double() { session.delegateQueue.addOperation { self.total *= 2 } }
    func clear() { total = 0 }
}

// Quiet: the session's queue is the class's own property, handed to URLSession to run its
// callbacks (completion handlers) on: which of the class's code runs there the tool cannot tell.
final class NarrowTally {
    private let work: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private lazy var session = URLSession(configuration: .ephemeral, delegate: nil, delegateQueue: work)
    private var total = 0

    func add(_ n: Int) { session.delegateQueue.addOperation { self.total += n } }
    func double() { session.delegateQueue.addOperation { self.total *= 2 } }
    func clear() { total = 0 }
}
