import Atomics

protocol Metric {
    func increment()
    var value: Int { get }
}

/// A counter behind a protocol: the wrapper only counts, so its orderings are told .relaxed.
struct HitCounter: Metric {
    private let hits = ManagedAtomic<Int>(0)

    func increment() {
        hits.wrappingIncrement(by: 1, ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }

    var value: Int {
        hits.load(ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }

    func reset() {
        hits.store(0, ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }
}

/// A reference count behind the same protocol: reaching zero hands the object over, so the
/// decrement keeps its ordering.
final class RefCount: Metric {
    private let count = ManagedAtomic<Int>(1)

    func increment() {
        count.wrappingIncrement(ordering: .relaxed)
    }

    func release() -> Bool {
        count.wrappingDecrementThenLoad(ordering: .sequentiallyConsistent) == 0
    }

    var value: Int { count.load(ordering: .sequentiallyConsistent) }
}
