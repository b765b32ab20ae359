import Foundation
import Network

// A class that hands its own serial queue to an object it keeps privately and gives that object
// its callbacks: the run shows the registration, so the callbacks run on the queue, and an
// access to their state outside the queue is inconsistent.

/// Shape 1: a connection kept in a private property, its handlers set in one method and the
/// queue handed over in another.
public final class Link {
    private let queue = DispatchQueue(label: "link")
    private let connection: NWConnection
    private var ready = false
    private var received = 0
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

    public func receive() {
        connection.receive(minimumIncompleteLength: 1, maximumLength: 10) { _, _, _, _ in
            self.received += 1
            // Started from the callback, run by the task's executor: not on the queue.
            Task { self.sent = 0 } // expect: inconsistent_locking
        }
    }

    public func send() { queue.async { if self.ready { self.sent += 1 } } }

    public func isReady() -> Bool { ready } // expect: inconsistent_locking

    public func reset() { received = 0 } // expect: inconsistent_locking

    // Quiet: on the queue, as the callbacks are.
    public func total() -> Int { queue.sync { received + sent } }
}
