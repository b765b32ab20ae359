import Foundation

// Code written inside a block on the queue (or under the lock) that runs later somewhere else: a
// session task's completion handler, a Task. It does not hold the queue, and its accesses are
// judged as unguarded ones.

/// Shape 1: a data task's completion, written inside a block on the queue.
final class Fetcher {
    private let queue = DispatchQueue(label: "fetcher")
    private let session = URLSession(configuration: .ephemeral)
    private var pending = 0
    private var last: Data?

    func fetch(_ url: URL) {
        queue.async {
            self.pending += 1
            self.session.dataTask(with: url) { data, _, _ in
                self.pending -= 1 // expect: inconsistent_locking
                // Quiet: hops back onto the queue.
                self.queue.async { self.last = data }
            }.resume()
        }
    }

    func latest(_ done: @escaping (Data?) -> Void) { queue.async { done(self.last) } }
}

/// Shape 2: a task started from a block on the queue, another spelling of the same escape.
final class Indexer {
    private let indexQueue = DispatchQueue(label: "index")
    private var entries: [String] = []

    func add(_ e: String) {
        indexQueue.async {
            self.entries.append(e)
            Task.detached {
                self.entries.removeAll() // expect: inconsistent_locking
            }
        }
    }

    func count(_ done: @escaping (Int) -> Void) { indexQueue.async { done(self.entries.count) } }
}

/// Shape 3: an upload's completion written under a lock, through the session's other method.
final class Uploader {
    private let lock = NSLock()
    private let session: URLSession
    private var inFlight = 0

    init(session: URLSession) { self.session = session }

    func upload(_ request: URLRequest, _ body: Data) {
        lock.withLock {
            inFlight += 1
            let task = session.uploadTask(with: request, from: body) { _, _, _ in
                self.inFlight -= 1 // expect: inconsistent_locking
            }
            task.resume()
        }
    }

    // Quiet: under the lock.
    var busy: Bool { lock.withLock { inFlight > 0 } }
}
