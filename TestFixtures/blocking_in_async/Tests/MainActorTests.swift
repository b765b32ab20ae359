import Dispatch
import XCTest

// On the main actor, a wait whose signal needs the main actor waits for itself.
@MainActor
final class MainActorTests: XCTestCase {
    func testRefreshOnMain() async {
        let refreshed = DispatchSemaphore(value: 0)
        DispatchQueue.main.async { refreshed.signal() }
        refreshed.wait() // expect: blocking_in_async
    }

    func testRefreshInBackground() async {
        let refreshed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async { refreshed.signal() }
        refreshed.wait()
    }

    // A Task started here inherits the main actor, through the closure around it.
    func testGroupLeftByAMainActorTask() async {
        let group = DispatchGroup()
        group.enter()
        [1].forEach { _ in
            Task { group.leave() }
        }
        group.wait() // expect: blocking_in_async
    }

    // A detached task runs on the pool: the main thread's wait does not stop it.
    func testGroupLeftByADetachedTask() async {
        let group = DispatchGroup()
        group.enter()
        Task.detached { group.leave() }
        group.wait()
    }
}
