import Synchronization

enum Job { case waiting, running, done }

final class Worker: Sendable {
    private let job = Mutex(Job.waiting)

    // Claimed through the whole value: tested and set in one hold.
    func run() {
        let mine = job.withLock { state -> Bool in
            guard state == .waiting else { return false }
            state = .running
            return true
        }
        guard mine else { return }
        job.withLock { $0 = .done }
    }

    // Read only, then set from what was read.
    func finish() {
        let current = job.withLock { $0 }
        if current == .running {
            job.withLock { $0 = .done } // expect: split_critical_section
        }
    }
}
