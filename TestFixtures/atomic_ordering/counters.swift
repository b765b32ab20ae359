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

    /// A new identifier per call: the value is used, but it publishes nothing.
    func nextID() -> Int {
        opened.add(1, ordering: .sequentiallyConsistent).newValue // expect: atomic_ordering
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
    func start() -> Worker { Worker(active: active) }
    func busy() -> Int { active.load(ordering: .sequentiallyConsistent) }
}

final class Worker {
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
