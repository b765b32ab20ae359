import Atomics
import Foundation

// State kept in atomics the class loads and stores with an ordering, and one plain flag beside
// them: the flag is reported, and the message names the atomics, not a missing lock.
final class RingCursor: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let readIndex = ManagedAtomic<Int>(0)
    private var writeIndex: ManagedAtomic<Int>
    var enabled = true

    init() { writeIndex = ManagedAtomic<Int>(0) }

    func advance(by n: Int) {
        guard enabled else { return }
        let r = readIndex.load(ordering: .acquiring)
        readIndex.store(r + n, ordering: .releasing)
        writeIndex.wrappingIncrement(by: n, ordering: .relaxed)
    }

    func pause() { enabled = false }
}

// Only atomics: nothing to report.
final class Counters: @unchecked Sendable {
    private let hits = ManagedAtomic<Int>(0)
    private let misses = ManagedAtomic<Int>(0)
    func hit() { hits.wrappingIncrement(ordering: .relaxed) }
    func miss() { _ = misses.loadThenWrappingIncrement(ordering: .relaxed) }
}

// A method named like an atomic operation but given no ordering (a cache's own `store`): no
// atomic, so the class is told it has no lock.
final class Shelf: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let cache = NSCache<NSString, NSString>()
    private var count = 0
    func put(_ v: String) {
        store(v)
        count += 1
    }
    private func store(_ v: String) { cache.setObject(v as NSString, forKey: v as NSString) }
}

// A public setting nothing in the run writes, beside atomics: reported, with the atomics named.
public final class Meter: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private let level = ManagedAtomic<Int>(0)
    public var isMuted = false
    public func record(_ v: Int) {
        if !isMuted { level.store(v, ordering: .relaxed) }
    }
}
