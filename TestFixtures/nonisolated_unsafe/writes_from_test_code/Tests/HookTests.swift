import XCTest
@testable import Hooks

extension XCTestCase {
    func catchingFailures(_ body: () -> Void) -> [String] {
        var seen: [String] = []
        onFailure = { seen.append($0) }
        body()
        onFailure = { print($0) }
        return seen
    }
}

final class RetryTests: XCTestCase {
    func testNoRetries() {
        Hooks.retryBudget = 0
        fail("x")
    }
}
