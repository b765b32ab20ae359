import Foundation

enum Api {}

// One file's `Api.Fetch`: every access of `task` runs on its queue.
extension Api {
    final class Fetch: @unchecked Sendable {
        private let queue: DispatchQueue
        private var task: Int?

        init(queue: DispatchQueue) { self.queue = queue }

        func start() {
            queue.async { self.task = 1 }
        }

        func cancel() {
            queue.async {
                self.task = nil
            }
        }
    }
}
