import Foundation

// A box whose `withValue` runs the closure under its lock and binds nothing: it is a lock, and
// the var read without it is reported.
final class Box {
    private let lock = NSLock()
    func withValue<R>(_ body: () -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body()
    }
}

final class Tracker {
    private let box = Box()
    private var seen = 0

    func record() {
        box.withValue { seen += 1 }
    }

    func reset() {
        box.withValue { seen = 0 }
    }

    func peek() -> Int {
        seen // expect: inconsistent_locking
    }
}

// A plain receiver whose `withValue` takes the value it binds besides the closure: no lock.
final class Binder {
    private(set) var current = 0
    func withValue<R>(_ value: Int, _ body: () -> R) -> R {
        let old = current
        current = value
        defer { current = old }
        return body()
    }
}

final class Session {
    private let lock = NSLock()
    private let binder = Binder()
    private var log: [String] = []
    private var token = ""

    func write(_ s: String) { lock.withLock { log.append(s) } }
    func lines() -> [String] { lock.withLock { log } }

    func open() {
        binder.withValue(7) { token = "open" }
    }

    func describe() -> String { token }
    func close() { token = "" }
}
