import Foundation

// Handed to the queue at once or after a delay, from the two branches of an `if`.
final class Uploader: @unchecked Sendable {
    private let queue = DispatchQueue(label: "uploads")
    private let otherQueue = DispatchQueue(label: "other")
    private var current: String?
    private var attempts = 0

    func next(after failures: Int) {
        let step: () -> Void = { [weak self] in
            guard let self else { return }
            self.current = nil
            self.attempts = failures
        }
        if failures == 0 {
            queue.async(execute: step)
        } else {
            queue.asyncAfter(deadline: .now() + Double(failures), execute: step)
        }
    }

    // Fires: handed to two different queues, so it is not one queue's work.
    func retry() {
        let again = { [weak self] in
            self?.attempts += 1 // expect: unchecked_sendable_unguarded
        }
        queue.async(execute: again)
        otherQueue.async(execute: again)
    }

    func start(_ name: String) {
        queue.async {
            self.current = name
            self.attempts = 0
        }
    }
}
