import Atomics
import Synchronization

/// Request statistics shared by every connection.
@available(macOS 15.0, iOS 18.0, *)
final class RequestStats: Sendable {
    private let served = Atomic<Int>(0)
    private let failed = ManagedAtomic<Int>(0)
    private let lastStatus = ManagedAtomic<Int>(200)

    // Stores are reported. 'served' and 'failed' only count (added to, read, reset): their adds
    // are told .relaxed too. 'lastStatus' is exchanged: its exchange stays quiet.
    func recordSuccess() {
        served.add(1, ordering: .sequentiallyConsistent) // expect: atomic_ordering
    }

    func recordFailure(status: Int) {
        failed.wrappingIncrement(ordering: AtomicUpdateOrdering.sequentiallyConsistent) // expect: atomic_ordering
        lastStatus.store(status, ordering: AtomicStoreOrdering.sequentiallyConsistent) // expect: atomic_ordering
    }

    var summary: String {
        // The interpolation is code: a store in it is reported.
        "served \(served.store(0, ordering: .sequentiallyConsistent)) failed \(failed.load(ordering: .relaxed))" // expect: atomic_ordering
            + "\([1, 2].map { _ in "\(failed.store(1, ordering: .sequentiallyConsistent))" }.joined())" // expect: atomic_ordering
    }

    func swapStatus(_ new: Int) -> Int {
        lastStatus.store(
            new,
            ordering: // expect: atomic_ordering
                .sequentiallyConsistent // split over lines: reported at the label
        )
        return lastStatus.exchange(new, ordering: .sequentiallyConsistent)
    }
}

extension RequestStats {
    func resetIfUnchanged(from old: Int) -> Bool {
        // A compare-exchange costs the same either way: quiet.
        lastStatus.compareExchange(
            expected: old,
            desired: 200,
            successOrdering: .sequentiallyConsistent,
            failureOrdering: .sequentiallyConsistent
        ).exchanged
    }

    struct Nested {
        let ticks = UnsafeAtomic<UInt64>.create(0)

        @inline(__always)
        func tick() -> UInt64 {
            ticks.store(0, ordering: .sequentiallyConsistent) // expect: atomic_ordering
            // Returned to callers this file cannot all see: not judged as a counter.
            return ticks.loadThenWrappingIncrement(by: 1, ordering: .sequentiallyConsistent)
        }
    }
}

enum Generic<Value: AtomicValue> where Value.AtomicRepresentation.Value == Value {
    static func read(_ a: ManagedAtomic<Value>) -> Value where Value: Equatable {
        a.store(a.load(ordering: .sequentiallyConsistent), ordering: .sequentiallyConsistent) // expect: atomic_ordering
        return a.load(ordering: .sequentiallyConsistent)
    }
}

#if canImport(Darwin)
let darwinEpoch = ManagedAtomic<Int>(0)
func resetDarwin() { darwinEpoch.store(0, ordering: .sequentiallyConsistent) } // expect: atomic_ordering
#else
let otherEpoch = ManagedAtomic<Int>(0)
func resetOther() { otherEpoch.store(0, ordering: .sequentiallyConsistent) } // expect: atomic_ordering
#endif

// MARK: Quiet

// counter.add(1, ordering: .sequentiallyConsistent) in a comment
/* a block comment /* nested: x.load(ordering: .sequentiallyConsistent) */ still comment */
let prose = "store(true, ordering: .sequentiallyConsistent)"
let raw = #"x.load(ordering: .sequentiallyConsistent) \#("y.load(ordering: .sequentiallyConsistent)")"#
let multi = """
    counter.add(1, ordering: .sequentiallyConsistent)
    """
let pattern = /ordering: \.sequentiallyConsistent/

/// Orderings as values: a parameter's default, a switch, a variable.
struct OrderingPassThrough {
    let base = ManagedAtomic<Int>(0)

    func load(ordering: AtomicLoadOrdering = .sequentiallyConsistent) -> Int {
        base.load(ordering: ordering)
    }

    func describe(_ ordering: AtomicUpdateOrdering) -> String {
        switch ordering {
        case .sequentiallyConsistent: return "seq_cst"
        case .relaxed: return "relaxed"
        default: return "other"
        }
    }

    func bump(order: AtomicUpdateOrdering) {
        base.wrappingIncrement(ordering: order)
    }
}

/// A fence that asks for sequential consistency does so on purpose.
func publishFence() {
    atomicMemoryFence(ordering: .sequentiallyConsistent)
}

/// Dekker-style intent flags: each side stores its own flag, then loads the other's. Only
/// sequential consistency keeps the store and the following load in order.
final class Handshake {
    private let mine = ManagedAtomic<Bool>(false)
    private let theirs = ManagedAtomic<Bool>(false)

    func tryEnter() -> Bool {
        mine.store(true, ordering: .sequentiallyConsistent)
        if theirs.load(ordering: .sequentiallyConsistent) {
            mine.store(false, ordering: .releasing)
            return false
        }
        return true
    }
}

/// Orderings that fit the operation.
final class Fitting {
    private let hits = ManagedAtomic<Int>(0)
    private let ready = ManagedAtomic<Bool>(false)
    func hit() { hits.wrappingIncrement(ordering: .relaxed) }
    func publish() { ready.store(true, ordering: .releasing) }
    func isReady() -> Bool { ready.load(ordering: .acquiring) }
}

func unrelated(items: [Int]) -> [Int] {
    items.sorted(by: <).map { $0 }  // `ordering:` of other APIs with other values is not an atomic
}
func sortIt(_ x: [Int]) { _ = x.sorted(ordering: .ascending) }
