import Synchronization
import Testing

// A Swift Testing file that is not named …Tests.swift: the import marks it as test code.
@available(macOS 15.0, *)
@Test func countsOnce() {
    let hits = Atomic<Int>(0)
    hits.add(1, ordering: .sequentiallyConsistent)
    #expect(hits.load(ordering: .sequentiallyConsistent) == 1)
}
