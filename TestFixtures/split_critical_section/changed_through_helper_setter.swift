import Foundation

// The setter takes the lock in a method of the type it calls (`set { store(newValue) }`), and an
// owner changes the property in place from a closure it schedules: two acquisitions still.
final class Queue: @unchecked Sendable {
    private let lock = NSLock()
    private var _pending: [String] = []

    var pending: [String] {
        get { lock.withLock { _pending } }
        set { store(newValue) }
    }

    private func store(_ value: [String]) {
        lock.withLock { _pending = value }
    }
}

final class Scheduler {
    private let jobs: Queue = Queue()

    func schedule(_ job: String) {
        DispatchQueue.global().async {
            self.jobs.pending.append(job) // expect: split_critical_section
        }
    }

    // Replaced whole: quiet.
    func clear() {
        jobs.pending = []
    }
}
