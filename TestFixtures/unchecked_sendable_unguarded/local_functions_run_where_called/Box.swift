import Foundation

// Another shape: a lock taken in the method, the nested function declared before it and called
// while it is held; and one declared inside the critical section but called after it.
final class Box: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Int] = []

    func add(_ n: Int) {
        func store() {
            items.append(n)
        }
        lock.lock()
        store()
        lock.unlock()
    }

    func clear() {
        lock.lock()
        func wipe() {
            items.removeAll() // expect: unchecked_sendable_unguarded
        }
        lock.unlock()
        wipe()
    }

    var count: Int { lock.withLock { items.count } }
}

// A third: the nested function reached through a protocol method, called under a wrapper's
// closure, and once from a Task that runs later.
protocol Counting: AnyObject {
    func bump()
}

final class Meter: Counting, @unchecked Sendable {
    private let state = NSLock()
    private var ticks = 0

    private func locked<T>(_ body: () -> T) -> T {
        state.lock()
        defer { state.unlock() }
        return body()
    }

    func bump() {
        func step() { ticks += 1 }
        locked { step() }
    }

    func bumpLater() {
        func step() {
            ticks += 1 // expect: unchecked_sendable_unguarded
        }
        Task { step() }
    }

    var value: Int { locked { ticks } }
}
