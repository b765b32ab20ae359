import Foundation
import Synchronization
import os

// The same property is a lock on one platform and an atomic on the other: the lock's uses
// belong to its own branch, and the atomic, which only counts, is told .relaxed.
final class RequestCounter: Sendable {
    #if os(macOS)
    private let storage: OSAllocatedUnfairLock<Int>
    #else
    private let storage: Atomic<Int>
    #endif

    init() {
        #if os(macOS)
        storage = OSAllocatedUnfairLock(initialState: 0)
        #else
        storage = Atomic(0)
        #endif
    }

    func record() {
        #if os(macOS)
        storage.withLock { $0 += 1 }
        #else
        storage.add(1, ordering: .sequentiallyConsistent) // expect: atomic_ordering
        #endif
    }

    var count: Int {
        #if os(macOS)
        storage.withLock { $0 }
        #else
        storage.load(ordering: .sequentiallyConsistent) // expect: atomic_ordering
        #endif
    }
}

// An atomic in both branches: a use in either branch is a use of it.
final class Gauge: Sendable {
    #if os(Linux)
    private let level = Atomic<Int>(0)
    #else
    private let level = Atomic<Int>(1)
    #endif

    #if os(Linux)
    func raise() { level.wrappingAdd(1, ordering: .sequentiallyConsistent) }
    #else
    func raise() {
        // Here the count decides a branch: not an independent counter.
        if level.wrappingAdd(1, ordering: .relaxed).newValue > 10 { print("high") }
    }
    #endif
}
