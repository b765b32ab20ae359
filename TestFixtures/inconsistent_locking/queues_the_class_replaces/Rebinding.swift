import Foundation

// Another spelling: a non-optional queue var, set through `self.` by a start method and used
// with sync and async.
final class Relay {
    private var workQueue = DispatchQueue(label: "relay")
    private var items: [String] = []

    func start(on queue: DispatchQueue) {
        self.workQueue = queue
    }

    func add(_ s: String) { workQueue.async { self.items.append(s) } }
    func snapshot() -> [String] { workQueue.sync { items } }
    func reset() { items.removeAll() }
}

// The same class whose queue var only its initializer sets: one queue for the instance's
// lifetime, and the write outside it is reported.
final class FixedRelay {
    private var workQueue: DispatchQueue
    private var items: [String] = []

    init(queue: DispatchQueue) { self.workQueue = queue }

    func add(_ s: String) { workQueue.async { self.items.append(s) } }
    func snapshot() -> [String] { workQueue.sync { items } }
    func reset() { items.removeAll() } // expect: inconsistent_locking
}

// A queue var a method replaces with a queue it makes: every block runs off the caller's thread,
// and the write outside it is reported.
final class Restarting {
    private var worker: DispatchQueue?
    private var lines: [String] = []

    func start() {
        worker = DispatchQueue(label: "restarting")
        worker?.async { self.lines.append("started") }
    }

    func add(_ s: String) { worker?.async { self.lines.append(s) } }
    func clear() { lines = [] } // expect: inconsistent_locking
}
