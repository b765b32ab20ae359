import Atomics

/// A counter declared and counted here, and read in another file.
final class RequestCounter: Sendable {
    let served = ManagedAtomic<Int>(0)

    func record() {
        served.wrappingIncrement(ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }
}
