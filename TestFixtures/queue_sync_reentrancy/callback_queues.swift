import Foundation

final class Downloader: NSObject, URLSessionDataDelegate {
    private let stateQueue = DispatchQueue(label: "downloader.state")
    private var received: [Data] = []
    private lazy var session: URLSession = {
        let operations = OperationQueue()
        operations.underlyingQueue = stateQueue
        return URLSession(configuration: .default, delegate: self, delegateQueue: operations)
    }()

    // Delegate callbacks arrive on `stateQueue`; this one reaches the sync below.
    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        if total() > 1_000_000 { dataTask.cancel() }
        stateQueue.async { self.received.append(data) }
    }

    func total() -> Int {
        stateQueue.sync { received.reduce(0) { $0 + $1.count } } // expect: queue_sync_reentrancy
    }
}

// The timer's handler runs on `queue` and reaches `count`, which syncs on it.
final class Watcher {
    private let queue = DispatchQueue(label: "watcher")
    private var events = 0
    private var source: DispatchSourceTimer?

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        source = timer
    }

    private func tick() {
        events += 1
        if count > 100 { source?.cancel() }
    }

    var count: Int {
        queue.sync { events } // expect: queue_sync_reentrancy
    }

    // The same queue synced again, reached too: one mistake, one finding (a note at this sync).
    var isIdle: Bool {
        queue.sync { events == 0 }
    }

    func log() { if isIdle { print("idle") } }
}

// Quiet: every callback that runs on the queue is in sight (the timer's handler), and none
// reaches the sync.
final class QuietWatcher {
    private let queue = DispatchQueue(label: "quiet.watcher")
    private var events = 0
    private var source: DispatchSourceTimer?

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.tick() }
        timer.resume()
        source = timer
    }

    private func tick() { events += 1 }

    var count: Int {
        queue.sync { events }
    }
}

final class Exposed {
    private let workQueue = DispatchQueue(label: "exposed")
    private var value = 0

    func callbackQueue() -> DispatchQueue { return workQueue }

    func read() -> Int {
        workQueue.sync { value } // expect: queue_sync_reentrancy
    }
}

final class ExposedProperty {
    private let queue = DispatchQueue(label: "exposed.property")
    private var value = 0

    var delegateQueue: DispatchQueue { queue }

    func read() -> Int {
        queue.sync { value } // expect: queue_sync_reentrancy
    }
}

// Quiet: a private accessor keeps the queue inside the type.
final class PrivateAccessor {
    private let queue = DispatchQueue(label: "private.accessor")
    private var value = 0

    private func currentQueue() -> DispatchQueue { return queue }

    func read() -> Int { currentQueue().async { }; return queue.sync { value } }
}

// Quiet: the queue handed out is not the one used with sync.
final class SeparateQueues {
    private let callbacks = DispatchQueue(label: "callbacks")
    private let state = DispatchQueue(label: "state")
    private var value = 0

    func start(_ center: NotificationCenter) {
        let operations = OperationQueue()
        operations.underlyingQueue = callbacks
        center.addObserver(forName: .init("x"), object: nil, queue: operations) { _ in }
    }

    func read() -> Int { state.sync { value } }
}

// Quiet: the handed-out queue is only used with async.
final class AsyncOnly {
    private let queue = DispatchQueue(label: "async")
    private var value = 0

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { self.value += 1 }
        timer.resume()
    }

    func bump() { queue.async { self.value += 1 } }
}

// Quiet: the sync checks whether it already runs on the queue.
final class Checked {
    private let queue = DispatchQueue(label: "checked")
    private let key = DispatchSpecificKey<Void>()
    private var value = 0

    init() { queue.setSpecific(key: key, value: ()) }

    func start() {
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { _ = self.read() }
        timer.resume()
    }

    func read() -> Int {
        if DispatchQueue.getSpecific(key: key) != nil { return value }
        return queue.sync { value }
    }

    func write(_ v: Int) {
        dispatchPrecondition(condition: .notOnQueue(queue))
        queue.sync { value = v }
    }
}

// Quiet: the queue goes to a helper of this file, which is read like any other code.
final class Internal {
    private let queue = DispatchQueue(label: "internal")
    private var value = 0

    private func schedule(queue: DispatchQueue, _ work: @escaping () -> Void) { queue.async(execute: work) }

    func start() { schedule(queue: queue) { } }

    func read() -> Int { queue.sync { value } }
}
