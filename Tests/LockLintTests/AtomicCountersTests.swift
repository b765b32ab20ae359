import XCTest
@testable import LockLintCore

/// The engine's atomic-counter questions on their own: which atomics only count, and what counts as
/// an add and as a write of stored state.
final class AtomicCountersTests: XCTestCase {
    func structure(_ code: String) -> FileStructure { FileStructure(file: SourceFile(path: "S.swift", text: code)) }

    /// The code token index of the `n`th occurrence of `word`.
    func token(_ s: FileStructure, _ word: String, _ n: Int = 0) -> Int {
        s.code.indices.filter { s.text($0) == word }[n]
    }

    func testIndependentCountersOnlyCountAndRead() {
        let s = structure("""
            final class Stats {
                let hits = Atomic<Int>(0)
                let refs = Atomic<Int>(1)
                let flag = Atomic<Bool>(false)
                var plain = 0
                func hit() { hits.wrappingAdd(1, ordering: .sequentiallyConsistent) }
                func read() -> Int { hits.load(ordering: .sequentiallyConsistent) }
                func release() {
                    if refs.wrappingSubtract(1, ordering: .sequentiallyConsistent).newValue == 0 { free() }
                }
                func set() { flag.store(true, ordering: .sequentiallyConsistent) }
                func check() -> Bool { flag.load(ordering: .sequentiallyConsistent) }
            }
            """)
        let counters = AtomicCounters.independentCounters(s, names: ["hits", "refs", "flag", "plain"])
        XCTAssertEqual(counters["hits"], true)
        XCTAssertEqual(counters["refs"], false, "its count decides a branch")
        XCTAssertEqual(counters["flag"], false, "only loaded and stored: a flag")
        XCTAssertEqual(counters["plain"], false, "not an atomic")
    }

    func testAnAddAfterAWriteOfStoredStateIsNoIndependentCounter() {
        let s = structure("""
            final class Queue {
                let count = Atomic<Int>(0)
                var items: [Int] = []
                func push(_ x: Int) {
                    items.append(x)
                    count.wrappingAdd(1, ordering: .sequentiallyConsistent)
                }
            }
            """)
        XCTAssertEqual(AtomicCounters.independentCounters(s, names: ["count"])["count"], false)
        XCTAssertEqual(AtomicCounters.mutableProperties(s, around: token(s, "push"), excluding: "count"), ["items"])
    }

    func testCountingCallsAndWrites() {
        let s = structure("""
            func run() {
                a.wrappingIncrement(ordering: .relaxed)
                b.load(ordering: .relaxed)
                c += 1
                d.append(2)
                e == f
            }
            """)
        XCTAssertTrue(AtomicCounters.isCounting(s, token(s, "wrappingIncrement")))
        XCTAssertFalse(AtomicCounters.isCounting(s, token(s, "load")))
        XCTAssertTrue(AtomicCounters.isWrite(s, token(s, "c")))
        XCTAssertTrue(AtomicCounters.isWrite(s, token(s, "d")))
        XCTAssertFalse(AtomicCounters.isWrite(s, token(s, "e")))
    }
}
