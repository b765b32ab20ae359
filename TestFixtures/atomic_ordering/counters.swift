import Atomics
import Synchronization

/// Counters that only count: every sequentially consistent add and load is told .relaxed.
@available(macOS 15.0, iOS 18.0, *)
final class ConnectionStats: Sendable {
    private let opened = Atomic<Int>(0)
    private let bytes = Atomic<UInt64>(0)

    func didOpen() {
        opened.wrappingAdd(1, ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }

    func didRead(_ n: Int) {
        _ = bytes.add(UInt64(n), ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }

    var report: String {
        "\(opened.load(ordering: .sequentiallyConsistent)) connections, " // expect: atomic_ordering
            + "\(bytes.load(ordering: .relaxed)) bytes"
    }

    /// A new name per connection: the count is data, and publishes nothing.
    func register() -> String { "connection-\(nextID())" }

    private func nextID() -> Int {
        opened.add(1, ordering: .sequentiallyConsistent).newValue // expect: atomic_ordering
    }
}

/// A count returned to callers this file cannot all see: what they do with it is not known.
@available(macOS 15.0, iOS 18.0, *)
final class Tickets: Sendable {
    private let issued = Atomic<Int>(0)
    func next() -> Int {
        issued.add(1, ordering: .sequentiallyConsistent).newValue
    }
}

/// A count returned by a private method whose caller decides on it: a claim made once.
@available(macOS 15.0, iOS 18.0, *)
final class Worker: Sendable {
    private let stops = Atomic<UInt8>(0)
    private func addOne() -> UInt8 {
        return stops.add(1, ordering: .sequentiallyConsistent).newValue
    }
    func stop() {
        guard addOne() == 1 else { return }
        print("stopping")
    }
}

// MARK: Quiet: the count decides something, or publishes what was written before it.

/// A latch: the thread that brings the count to zero reads what every other arrival wrote.
final class Latch: @unchecked Sendable {
    private let remaining: ManagedAtomic<Int>
    private var results: [Int] = []
    init(count: Int) { remaining = ManagedAtomic(count) }

    func arrive(_ value: Int, finish: ([Int]) -> Void) {
        if remaining.wrappingDecrementThenLoad(ordering: .sequentiallyConsistent) == 0 {
            finish(results)
        }
    }
}

/// A claim made by the first caller only.
@available(macOS 15.0, iOS 18.0, *)
final class Shutdown: Sendable {
    private let calls = Atomic<Int>(0)
    func shutdown() {
        guard calls.add(1, ordering: .sequentiallyConsistent).newValue == 1 else { return }
        print("closing")
    }
}

/// A producer that writes an item, then counts it: the count publishes the item.
final class Queue: @unchecked Sendable {
    private var items: [Int] = []
    private let count = ManagedAtomic<Int>(0)
    func push(_ item: Int) {
        items.append(item)
        count.wrappingIncrement(ordering: .sequentiallyConsistent)
    }
    func available() -> Int { count.load(ordering: .sequentiallyConsistent) }
}

/// A counter handed to other code: what that code does with it is not seen here.
final class Pool {
    private let active = ManagedAtomic<Int>(0)
    func start() -> PoolWorker { PoolWorker(active: active) }
    func busy() -> Int { active.load(ordering: .sequentiallyConsistent) }
}

final class PoolWorker {
    let active: ManagedAtomic<Int>
    init(active: ManagedAtomic<Int>) { self.active = active }
}

/// A counter declared elsewhere: this file does not see all its uses.
func total(_ stats: ManagedAtomic<Int>) -> Int {
    stats.wrappingIncrement(ordering: .sequentiallyConsistent)
    return stats.load(ordering: .sequentiallyConsistent)
}

/// A flag is only stored and loaded: no counter, so only its store is reported.
final class Gate {
    private let open = ManagedAtomic<Bool>(false)
    func openGate() { open.store(true, ordering: .sequentiallyConsistent) } // expect: atomic_ordering
    var isOpen: Bool { open.load(ordering: .sequentiallyConsistent) }
}
