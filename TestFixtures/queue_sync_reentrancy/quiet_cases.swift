import Foundation

final class Guarded {
    private let queue = DispatchQueue(label: "guarded")
    private let key = DispatchSpecificKey<Void>()
    private var value = 0

    init() {
        queue.setSpecific(key: key, value: ())
    }

    func perform<T>(_ work: () -> T) -> T {
        if DispatchQueue.getSpecific(key: key) != nil {
            return work()
        }
        return queue.sync(execute: work)
    }

    func outer() {
        queue.sync {
            _ = perform { value }
        }
    }

    func asserting() {
        queue.async {
            self.inner()
        }
    }

    private func inner() {
        dispatchPrecondition(condition: .notOnQueue(queue))
        queue.sync { value += 1 }
    }
}

func onMain<T>(_ work: () -> T) -> T {
    if Thread.isMainThread { return work() }
    return DispatchQueue.main.sync { work() }
}

@MainActor
func assumed() {
    MainActor.assumeIsolated { }
    DispatchQueue.main.sync { }
}

final class Concurrent {
    private let queue = DispatchQueue(label: "c", attributes: .concurrent)
    private let assigned: DispatchQueue
    init() {
        assigned = DispatchQueue(label: "a", qos: .utility, attributes: [.concurrent])
    }
    func read() {
        queue.async { self.queue.sync { } }
        assigned.async { self.assigned.sync { } }
        DispatchQueue.global().async { DispatchQueue.global().sync { } }
    }
}

final class Different {
    private let a = DispatchQueue(label: "a")
    private let b = DispatchQueue(label: "b")
    func f() {
        a.async { self.b.sync { } }
        a.sync { self.b.async { self.a.async { } } }
    }
    func g(_ other: Different) {
        a.sync { other.a.sync { } }
    }
}

final class Later {
    private let queue = DispatchQueue(label: "later")
    func f() {
        queue.async {
            Task { self.queue.sync { } }
            DispatchQueue.global().async { self.queue.sync { } }
            let work = { self.queue.sync { } }
            _ = work
        }
    }
    /// A parameter named like a method is not a call to it.
    func g(count: () -> Int) {
        queue.sync { _ = count() }
    }
    func count() -> Int { queue.sync { 0 } }
}

/// Not a dispatch queue.
final class Database {
    private let writer = Writer()
    func f() {
        writer.sync { db in writer.sync { _ in } }
    }
}

// queue.async { queue.sync { } }
let text = "queue.async { queue.sync { } }"
let regex = /queue\.sync/
let raw = #"DispatchQueue.main.async { DispatchQueue.main.sync { } }"#
