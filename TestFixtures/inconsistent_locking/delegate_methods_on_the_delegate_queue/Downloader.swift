import Foundation

// URLSession calls its delegate on the delegate queue it was made with: a serial operation
// queue here.
final class Downloader: NSObject, URLSessionDataDelegate {
    private let delegateQueue: OperationQueue = {
        let q = OperationQueue()
        q.maxConcurrentOperationCount = 1
        return q
    }()
    private var received = 0
    private var session: URLSession?

    func open() {
        session = URLSession(configuration: .default, delegate: self, delegateQueue: delegateQueue)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        received += data.count
    }

    func clear() {
        delegateQueue.addOperation { self.received = 0 }
    }

    public func progress() -> Int {
        received // expect: inconsistent_locking
    }
}
