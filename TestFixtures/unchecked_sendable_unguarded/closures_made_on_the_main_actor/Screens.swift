import Foundation

// The same lock, taken only in main-actor code, in a main-actor type's extension of another
// file. Closures its methods hand to a function that may run them on any thread (@Sendable, or
// given to a queue) are not main-actor code, and take no lock.
final class Dashboard: @unchecked Sendable {
    private let lock = NSLock()
    private var shown = 0
    let feed = Feed()
    let worker = Worker()
    let relay = Relay<Int>()
    let poller = Poller()

    @MainActor func show(_ v: Int) {
        lock.lock(); defer { lock.unlock() }
        shown = v
    }

    @MainActor var current: Int {
        lock.lock(); defer { lock.unlock() }
        return shown
    }
}

extension Dashboard {
    @MainActor func bind() {
        relay.delegate { value in
            self.shown = value
        }
        feed.observe { value in
            self.shown = value // expect: unchecked_sendable_unguarded
        }
        worker.perform {
            self.shown = 0 // expect: unchecked_sendable_unguarded
        }
        worker.later {
            self.shown = 1 // expect: unchecked_sendable_unguarded
        }
        poller.observe { value in
            self.shown = value // expect: unchecked_sendable_unguarded
        }
    }
}

// One that says its closure may run on any thread.
final class Feed {
    private var handlers: [@Sendable (Int) -> Void] = []
    func observe(handler: @escaping @Sendable (Int) -> Void) { handlers.append(handler) }
}

// One that hands the closure on, to a queue of its own.
final class Worker {
    private let queue = DispatchQueue(label: "worker")
    func perform(work: @escaping () -> Void) { queue.async(execute: work) }
    func later(then: @escaping () -> Void) { queue.asyncAfter(deadline: .now() + 1) { then() } }
}

// One that keeps the closure and calls it from a block on its own queue (where it reads the
// var that main-actor code set: that read is reported too).
final class Poller {
    private let queue = DispatchQueue(label: "poller")
    private var onUpdate: ((Int) -> Void)?
    func observe(_ f: @escaping (Int) -> Void) { onUpdate = f }
    func poll() { queue.async { self.onUpdate?(1) } } // expect: inconsistent_locking
}
