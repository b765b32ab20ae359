import Foundation

// A lazy getter that fills its cache through a method that takes the semaphore: holding the
// semaphore around a use of the getter would deadlock on the first, unresolved use, so the
// fix-it never says to.
final class Relation {
    private let gate = DispatchSemaphore(value: 1)
    private var resolved: [Int]?
    private var pending: [Int] = []

    var items: [Int] {
        var current = resolved // expect: inconsistent_locking
        while current == nil {
            load()
            current = resolved
        }
        return current ?? []
    }

    func load() {
        gate.wait()
        defer { gate.signal() }
        resolved = pending
    }

    func add(_ value: Int) {
        gate.wait()
        defer { gate.signal() }
        pending.append(value)
        resolved = nil
        _ = items.count
    }

    func first() -> Int? {
        items.first
    }
}

// The same getter without the lazy load: holding the semaphore around the bare use is safe,
// and the fix-it says so.
final class PlainRelation {
    private let gate = DispatchSemaphore(value: 1)
    private var resolved: [Int] = []

    var items: [Int] {
        resolved // expect: inconsistent_locking
    }

    func replace(_ values: [Int]) {
        gate.wait()
        defer { gate.signal() }
        resolved = values
        _ = items.count
    }

    func first() -> Int? {
        items.first
    }
}
