import Foundation

// A helper in between: `schedule` hands its closure to `submit`, which sends it to the queue.
// Another class of the file has a `schedule` of its own that runs the closure wherever it is
// called: its closures are judged where they are written.
final class Uploader: @unchecked Sendable {
    private let lane = DispatchQueue(label: "uploads")
    private var inFlight = 0

    func begin() {
        schedule { self.inFlight += 1 }
    }

    func end() {
        schedule { self.inFlight -= 1 }
    }

    private func schedule(_ job: @escaping () -> Void) {
        submit(job)
    }

    private func submit(_ job: @escaping () -> Void) {
        lane.async(execute: job)
    }
}

final class Counter: @unchecked Sendable {
    private let lane = DispatchQueue(label: "counter")
    private var total = 0

    func bump() {
        lane.async { self.total += 1 }
    }

    func reset() {
        schedule { self.total = 0 } // expect: unchecked_sendable_unguarded
    }

    private func schedule(_ job: () -> Void) {
        job()
    }
}
