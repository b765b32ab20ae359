import Foundation

/// Shape 2: the queue handed to a timer whose handler is in sight, and a `@MainActor`
/// extension, in another file, whose method nothing in the run calls.
final class Poller {
    let pollQueue = DispatchQueue(label: "poll")
    var source: DispatchSourceTimer?
    var polls = 0

    func start() { pollQueue.async { self.arm() } }

    private func arm() {
        source?.cancel()
        let s = DispatchSource.makeTimerSource(queue: pollQueue)
        s.setEventHandler { self.poll() }
        s.resume()
        source = s
    }

    func bump() { pollQueue.async { self.polls += 1 } }

    private func poll() {
        polls += 1
        if polls > 10 { source?.cancel() }
    }
}

/// A timer handler in sight is the queue's only other user.
final class Sampler {
    let sampleQueue = DispatchQueue(label: "samples")
    var samples = 0

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: sampleQueue)
        timer.setEventHandler { self.sample() }
        timer.resume()
    }

    private func sample() { samples += 1 }

    func bump() { sampleQueue.async { self.samples += 1 } }
}

/// The same, but the queue also goes to a session as its delegate queue, with `self` as the
/// delegate: its delegate methods, which the tool cannot see called, may run on the queue.
final class Fetcher: NSObject, URLSessionDelegate {
    let fetchQueue = DispatchQueue(label: "fetch")
    var session: URLSession?
    var fetched = 0

    func start() {
        let q = OperationQueue()
        q.underlyingQueue = fetchQueue
        session = URLSession(configuration: .default, delegate: self, delegateQueue: q)
        fetchQueue.async { self.fetched = 0 }
    }

    func note() { fetchQueue.async { self.fetched += 1 } }
}
