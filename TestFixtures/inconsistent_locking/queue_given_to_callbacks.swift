import Foundation
import Network

// A class that gives its own serial queue to other code as the queue to call it back on: the
// closures it hands over (and the local functions they call) may run on that queue, which the
// tool cannot see, so it says nothing about their accesses, nor about a member nothing in the run
// calls (a delegate method the other code calls back). Its public methods are still judged.

struct LoadOptions {
    var callbackQueue: DispatchQueue = .main
}

final class Loader {
    func load(_ key: String, options: LoadOptions, completion: @escaping (Bool) -> Void) {}
}

/// Shape 1: the queue set in an options value, and completion closures that call local functions.
public final class Prefetcher {
    private let prefetchQueue = DispatchQueue(label: "prefetch")
    private let loader = Loader()
    private var options = LoadOptions()
    private var completed: [String] = []
    private var stopped = false

    init() {
        options.callbackQueue = prefetchQueue
    }

    func start(_ keys: [String]) {
        prefetchQueue.async {
            for key in keys where !self.stopped { self.fetch(key) }
        }
    }

    private func fetch(_ key: String) {
        func finish() {
            completed.append(key)
            if stopped { print("stopped") }
        }
        loader.load(key, options: options) { _ in finish() }
    }

    public func stop() { prefetchQueue.async { self.stopped = true } }

    public func isStopped() -> Bool { stopped } // expect: inconsistent_locking
}

/// Shape 2: a connection started on the class's queue, with a stored state handler.
public final class Link {
    private let queue = DispatchQueue(label: "link")
    private let connection: NWConnection
    private var ready = false
    private var sent = 0

    init(connection: NWConnection) {
        self.connection = connection
    }

    func open() {
        connection.stateUpdateHandler = { state in
            self.ready = state == .ready
        }
        connection.start(queue: queue)
    }

    public func send() { queue.async { if self.ready { self.sent += 1 } } }

    public func count() -> Int { sent } // expect: inconsistent_locking
}

/// Shape 3: through an observer of the run that is given the queue and a closure to store.
final class Observer {
    var onChange: (() -> Void)?
    init(queue: DispatchQueue) {}
}

final class Tracker {
    // Quiet as well: called back by the observer, on the queue it was given.
    func observerDidChange() { changes += 1 }

    private let stateQueue = DispatchQueue(label: "state")
    private var changes = 0
    private lazy var observer = Observer(queue: stateQueue)

    func watch() {
        observer.onChange = { self.changes += 1 }
    }

    func total() -> Int { stateQueue.sync { changes } }
}

/// Still reported: the queue is only named (an assertion, another queue targeting it), never
/// given out as the queue of a callback, so a closure handed to other code runs where that code
/// decides and races with the queue's blocks.
final class Asserted {
    private let queue = DispatchQueue(label: "asserted")
    private lazy var child = DispatchQueue(label: "child", target: queue)
    private var hits = 0

    func hit() {
        queue.async {
            dispatchPrecondition(condition: .onQueue(self.queue))
            self.hits += 1
        }
    }

    func later(_ work: @escaping (@escaping () -> Void) -> Void) {
        work { self.hits = 0 } // expect: inconsistent_locking
    }
}
