import Foundation

// The same name declared again in another file of the module, outside any `#if`: the compiler
// rejects that, so the two never build together. They are two classes: this one's accesses
// are judged with its own code, not with the queue of its namesake.
extension Api {
    final class Fetch: @unchecked Sendable { // expect: unchecked_sendable_unguarded
        private let queue: DispatchQueue
        private var task: Int?

        init(queue: DispatchQueue) { self.queue = queue }

        func start() {
            task = 1
        }

        func cancel() {
            task = nil
        }
    }
}
