import XCTest

// A lock around a list of results; the work that fills it is joined by a semaphore or an
// expectation it signals. A wait orders only the work that signals what it waits on.
final class HarvestTests: XCTestCase {
    let mutex = NSLock()
    var picked: [Int] = []

    func testSemaphoreJoinsTheWorker() {
        picked = []
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.mutex.lock()
            self.picked.append(1)
            self.mutex.unlock()
            done.signal()
        }
        done.wait()
        XCTAssertEqual(picked, [1])
    }

    func testExpectationJoinsTheTask() {
        let finished = expectation(description: "finished")
        Task {
            self.mutex.withLock { self.picked.append(2) }
            finished.fulfill()
        }
        wait(for: [finished], timeout: 2)
        XCTAssertEqual(picked.count, 1)
    }

    func testWaitOnWhatOnlyAnotherWorkerSignals() {
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            self.mutex.lock()
            self.picked.append(3)
            self.mutex.unlock()
        }
        DispatchQueue.global().async { done.signal() }
        done.wait()
        XCTAssertEqual(picked.count, 1) // expect: inconsistent_locking
    }

    func testReadBetweenStartAndWait() {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            self.mutex.lock()
            self.picked.append(4)
            self.mutex.unlock()
        }
        XCTAssertTrue(picked.isEmpty) // expect: inconsistent_locking
        group.wait()
    }

    func testAnotherStartAfterTheWait() {
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) {
            self.mutex.lock()
            self.picked.append(5)
            self.mutex.unlock()
        }
        group.wait()
        DispatchQueue.global().async {
            self.mutex.lock()
            self.picked.removeAll()
            self.mutex.unlock()
        }
        XCTAssertEqual(picked, [5]) // expect: inconsistent_locking
    }
}
