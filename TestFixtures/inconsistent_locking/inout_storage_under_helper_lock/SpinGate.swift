import Foundation

/// A lock of the project's own: `enter()`/`leave()` around the storage it is handed.
final class SpinGate {
    private let inner = NSLock()

    func lock() { inner.lock() }
    func unlock() { inner.unlock() }

    func modify<T>(_ value: inout T, by change: (inout T) -> Void) {
        lock()
        change(&value)
        unlock()
    }

    func modify<T>(unguarded value: inout T, by change: (inout T) -> Void) {
        change(&value)
    }
}

/// A protocol in between: the queue of items is changed through the gate's method.
protocol Queueing: AnyObject {
    func push(_ n: Int)
}

final class Inbox: Queueing {
    private let gate = SpinGate()
    private var items: [Int] = []
    private var drafts: [Int] = []

    func push(_ n: Int) {
        gate.modify(&items) { $0.append(n) }  // Quiet: `modify` holds the gate around it.
        gate.modify(unguarded: &drafts) { $0.append(n) }  // expect: inconsistent_locking
    }

    func drain() -> [Int] {
        gate.lock()
        defer { gate.unlock() }
        let out = items + drafts
        items = []
        drafts = []
        return out
    }
}
