import Atomics
import Synchronization

/// A hand-made spin lock: the acquire must be .acquiring, the release .releasing.
@available(macOS 15.0, *)
final class SpinLock: @unchecked Sendable {
    private let locked = Atomic<Bool>(false)
    private var protected: [String] = []

    func lock() {
        while !locked.weakCompareExchange(
            expected: false,
            desired: true,
            ordering: .relaxed // expect: atomic_ordering
        ).exchanged {}
    }

    func unlock() {
        locked.store(false, ordering: .relaxed)
    }
}

/// A "busy" slot taken with 0 → 1 and given back with a store of 0 in another method.
final class Slot {
    private let state = ManagedAtomic<Int>(0)

    func tryTake() -> Bool {
        state.compareExchange(expected: 0, desired: 1, ordering: .relaxed).exchanged // expect: atomic_ordering
    }

    func give() {
        state.store(0, ordering: .relaxed)
    }
}

/// A lock-free stack installs nodes: a relaxed exchange publishes a node before its fields.
final class Node<Element>: AtomicReference {
    let value: Element
    var next: Node?
    init(_ value: Element) { self.value = value }
}

final class TreiberStack<Element> where Element: Sendable {
    private let head = ManagedAtomic<Node<Element>?>(nil)

    func push(_ value: Element) {
        let node = Node(value)
        var current = head.load(ordering: .relaxed)
        repeat {
            node.next = current
            let (done, seen) = head.weakCompareExchange(
                expected: current,
                desired: node,
                successOrdering: .relaxed, // expect: atomic_ordering
                failureOrdering: .relaxed
            )
            if done { return }
            current = seen
        } while true
    }
}

/// Installing an unmanaged reference into a raw word.
final class Registry {
    private let slot = ManagedAtomic<UInt>(0)

    func install(_ object: AnyObject) {
        let word = UInt(bitPattern: Unmanaged.passRetained(object).toOpaque())
        _ = slot.compareExchange(expected: 0, desired: UInt(bitPattern: Unmanaged.passRetained(object).toOpaque()), ordering: .relaxed) // expect: atomic_ordering
        _ = word
    }
}

/// A pointer-typed atomic.
final class BufferCache {
    private let buffer = UnsafeAtomic<UnsafeMutableRawPointer?>.create(nil)

    func adopt(_ p: UnsafeMutableRawPointer) -> Bool {
        buffer.compareExchange(expected: nil, desired: p, ordering: .relaxed).exchanged // expect: atomic_ordering
    }
}

// MARK: Quiet

/// Claimed once, never given back: a relaxed exchange orders nothing and needs nothing ordered.
final class OneShot {
    private let started = ManagedAtomic(false)

    func run() {
        guard started.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged else {
            preconditionFailure("run() must be called once")
        }
    }
}

/// A maximum kept with a compare-exchange loop: the new value comes from the old one.
final class HighWaterMark {
    private let peak = ManagedAtomic<Int>(0)

    func observe(_ value: Int) {
        var seen = peak.load(ordering: .relaxed)
        while value > seen {
            let (done, now) = peak.weakCompareExchange(expected: seen, desired: value, ordering: .relaxed)
            if done { break }
            seen = now
        }
    }
}

/// An inverted flag (true → false) that mirrors state for other threads: it publishes only itself.
final class Writability {
    private let writable = ManagedAtomic(true)
    func becameUnwritable() -> Bool { writable.compareExchange(expected: true, desired: false, ordering: .relaxed).exchanged }
    func becameWritable() { writable.store(true, ordering: .relaxed) }
}

/// The two-ordering form with a relaxed failure ordering is the usual idiom.
func acquire(_ flag: ManagedAtomic<Bool>) -> Bool {
    flag.compareExchange(expected: false, desired: true, successOrdering: .acquiring, failureOrdering: .relaxed).exchanged
}

/// A local atomic released in another function of the same name is another atomic.
func firstUse() -> Bool {
    let flag = ManagedAtomic(false)
    return flag.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged
}
func secondUse() {
    let flag = ManagedAtomic(true)
    flag.store(false, ordering: .relaxed)
}

/// A view of storage shared with code outside the project.
func hook(_ storage: UnsafeMutablePointer<UnsafeRawPointer?.AtomicRepresentation>, _ fn: UnsafeRawPointer) -> Bool {
    let atomic = UnsafeAtomic<UnsafeRawPointer?>(at: storage)
    return atomic.compareExchange(expected: nil, desired: fn, ordering: .relaxed).exchanged
}

/// A pointer-typed atomic taken with a correct ordering.
final class GoodCache {
    private let buffer = UnsafeAtomic<UnsafeMutableRawPointer?>.create(nil)
    func adopt(_ p: UnsafeMutableRawPointer) -> Bool {
        buffer.compareExchange(expected: nil, desired: p, ordering: .acquiringAndReleasing).exchanged
    }
}

// Lexer traps: none of these is code.
// while !locked.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged {}
let note = "head.compareExchange(expected: old, desired: node, ordering: .relaxed)"
let rawNote = ##"state.compareExchange(expected: 0, desired: 1, ordering: .relaxed) "#" "##
