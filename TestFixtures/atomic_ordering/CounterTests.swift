import Atomics
import XCTest

/// Test code: orderings exercise the API, and the test's own waits order everything else.
final class CounterTests: XCTestCase {
    func testIncrement() {
        let counter = ManagedAtomic<Int>(0)
        counter.wrappingIncrement(ordering: .sequentiallyConsistent)
        XCTAssertEqual(counter.load(ordering: .sequentiallyConsistent), 1)
    }

    func testClaim() {
        let flag = ManagedAtomic(false)
        XCTAssertTrue(flag.compareExchange(expected: false, desired: true, ordering: .relaxed).exchanged)
        flag.store(false, ordering: .relaxed)
    }
}
