import Foundation

// A subclass of a main-actor class declared in another file is isolated to the main actor.
final class FeedController: BaseController {
    func reload() async {
        Thread.sleep(forTimeInterval: 0.1) // expect: blocking_in_async
    }

    nonisolated func prefetch() async {
        Thread.sleep(forTimeInterval: 0.1) // expect: blocking_in_async
    }
}
