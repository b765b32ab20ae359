import XCTest

/// Drives the cache one step at a time: nothing here runs concurrently.
final class CacheTests: XCTestCase {
    func testStores() {
        let cache = MockCache()
        cache.set("a", 1)
        XCTAssertEqual(cache.count, 1)
    }
}

/// Records from a task group: the spy's unguarded read races with these records.
final class RecorderTests: XCTestCase {
    func testConcurrentRecords() async {
        let spy = SpyRecorder()
        await withTaskGroup(of: Void.self) { group in
            for i in 0..<8 { group.addTask { spy.record("\(i)") } }
        }
        XCTAssertNotNil(spy.last)
    }
}
