import Foundation

// The other declaration of the name: its hooks are confined too, but a method any caller can
// call touches the same state off the queue.
extension Jobs {
    final class Upload: SerialJob, @unchecked Sendable {
        private var attempts = 0

        override func run() {
            attempts += 1
        }

        override func didCancel() {
            attempts = 0
        }

        func resetLater() {
            workQueue.async { self.attempts = 0 }
        }

        func retry() {
            attempts += 1 // expect: unchecked_sendable_unguarded
        }
    }
}
