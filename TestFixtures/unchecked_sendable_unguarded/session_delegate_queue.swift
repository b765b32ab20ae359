import Foundation

// A session's delegate queue: an OperationQueue limited to one operation at a time, made in init
// and handed to URLSession; blocks added to `session.delegateQueue` run on it, and so do the
// delegate callbacks, which the tool does not follow: it says nothing about this class.
final class Fetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    private var session: URLSession!
    private var received = Data()

    override init() {
        super.init()
        let queue = OperationQueue()
        queue.maxConcurrentOperationCount = 1
        session = URLSession(configuration: .default, delegate: self, delegateQueue: queue)
    }

    func clear() {
        session.delegateQueue.addOperation { self.received.removeAll() }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received.append(data)
    }
}

// Fires: the queue handed to the session runs operations side by side (its width is never set
// to 1), so blocks added to it exclude nothing.
final class WideFetcher: NSObject, URLSessionDataDelegate, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var session: URLSession!
    private var received = Data()

    override init() {
        super.init()
        let queue = OperationQueue()
        queue.qualityOfService = .utility
        session = URLSession(configuration: .default, delegate: self, delegateQueue: queue)
    }

    func clear() {
        session.delegateQueue.addOperation { self.received.removeAll() }
    }
}

// With no queue given (nil), URLSession makes a serial one of its own: blocks added to it are
// serialised, and the bare read outside them fires.
final class Poller: @unchecked Sendable {
    private let session = URLSession(configuration: .default, delegate: nil, delegateQueue: nil)
    private var attempts = 0

    func retry() { self.session.delegateQueue.addOperation { self.attempts += 1 } }
    func reset() { session.delegateQueue.addOperation { self.attempts = 0 } }

    func current() -> Int {
        attempts // expect: unchecked_sendable_unguarded
    }
}
