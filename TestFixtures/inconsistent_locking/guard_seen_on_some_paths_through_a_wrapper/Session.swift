import Foundation

protocol Stoppable: AnyObject {
    func shutDown()
}

// A wrapper in between, in another file: the error path inside the `sync` block calls `fail()`,
// which calls `shutDown()`; `close()` calls `shutDown()` off the queue. No path-independent
// access to `open` holds the queue: nothing is reported.
final class Session: Stoppable {
    let queue = DispatchQueue(label: "session")
    var open = false
    var buffer: [Int] = []

    func connect() {
        open = true
        pump()
    }

    func close() {
        shutDown()
    }

    func shutDown() {
        open = false
    }
}

// Fires: here a block on the queue also writes `open`, so the queue is its guard.
final class QueuedSession: Stoppable {
    let queue = DispatchQueue(label: "queued-session")
    var open = false
    var buffer: [Int] = []

    func connect() {
        queue.async { self.open = true }
        pump()
    }

    func close() {
        shutDown()
    }

    func shutDown() {
        open = false // expect: inconsistent_locking
    }
}
