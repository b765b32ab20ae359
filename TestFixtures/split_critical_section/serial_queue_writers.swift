import Foundation

// A check and an act that both run in blocks of one serial queue of the type, on state that
// every write in the run changes only there: the queue runs one block at a time, so nothing can
// come between them, although the lock is taken twice. A write off the queue, or a concurrent
// queue, still splits them.

struct Box<Value> {
    private let lock = NSLock()
    private var value: Value
    init(_ value: Value) { self.value = value }
    mutating func withLock<T>(_ body: (inout Value) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Shape 1: a retry counter behind a getter and a setter that each lock, changed only by a
/// private method that runs from async and asyncAfter blocks on the queue.
final class Finder {
    private struct State {
        var attempts = 0
        var found = false
    }
    private var state = Box(State())
    private let queue = DispatchQueue(label: "finder")

    private var attempts: Int {
        get { state.withLock { $0.attempts } }
        set { state.withLock { $0.attempts = newValue } }
    }

    init() {
        queue.async { [weak self] in self?.look() }
    }

    private func again(after delay: Double) {
        queue.asyncAfter(deadline: .now() + delay) { [weak self] in
            self?.look()
        }
    }

    private func look() {
        guard attempts < 5 else { return }
        attempts += 1
        again(after: 1)
    }
}

/// Shape 2: check under the lock, then act under it again, in blocks on the queue; the act in a
/// helper of an extension.
final class Registry {
    private var entries = Box([String: Int]())
    private let queue = DispatchQueue(label: "registry")

    func add(_ key: String) {
        queue.async {
            let known = self.entries.withLock { $0[key] != nil }
            if !known {
                self.entries.withLock { $0[key] = 1 }
            }
        }
    }
}

extension Registry {
    func drop(_ key: String) {
        queue.async { self.forget(key) }
    }

    private func forget(_ key: String) {
        let count = entries.withLock { $0[key] ?? 0 }
        if count > 0 {
            entries.withLock { $0[key] = nil }
        }
    }
}

// Near-misses that still fire.

/// One write of the counter runs off the queue.
final class Retrier {
    private var state = Box(0)
    private let queue = DispatchQueue(label: "retrier")

    private var tries: Int {
        get { state.withLock { $0 } }
        set { state.withLock { $0 = newValue } }
    }

    func start() { queue.async { self.step() } }

    private func step() {
        tries += 1 // expect: split_critical_section
    }

    func reset() { tries = 0 }
}

/// The queue is concurrent: its blocks run side by side.
final class Cache {
    private var items = Box([String: Int]())
    private let queue = DispatchQueue(label: "cache", attributes: .concurrent)

    func bump(_ key: String) {
        queue.async {
            let seen = self.items.withLock { $0[key] != nil }
            if seen {
                self.items.withLock { $0[key] = nil } // expect: split_critical_section
            }
        }
    }
}
