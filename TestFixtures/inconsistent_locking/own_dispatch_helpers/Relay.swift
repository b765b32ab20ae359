import Foundation

// A helper in between: `async` hands its closure to `submit`, which sends it to the queue.
final class Relay {
    private let queue = DispatchQueue(label: "relay")
    private var sent = 0

    private func async(_ job: @escaping () -> Void) {
        submit(job)
    }

    private func submit(_ job: @escaping () -> Void) {
        queue.async(execute: job)
    }

    func send() {
        async { self.sent += 1 }
    }

    func flush() {
        queue.async { self.sent = 0 }
    }

    func total() -> Int {
        sent // expect: inconsistent_locking
    }
}
