import Foundation

// A nested function whose only calls sit in a barrier block runs on the queue: what it calls
// is called with the queue held.
final class Worker {
    private let access = DispatchQueue(label: "worker", attributes: .concurrent)
    private var queued: [Int] = []
    private var running: Set<Int> = []

    func submit(_ jobs: [Int]) {
        access.async(flags: .barrier) {
            for job in jobs where !admit(job) {
                reject(job)
            }
        }

        func admit(_ job: Int) -> Bool {
            guard !running.contains(job) else { return false }
            queued.append(job)
            return true
        }

        func reject(_ job: Int) {
            forget(job)
        }
    }

    private func forget(_ job: Int) {
        queued.removeAll { $0 == job }
    }

    func finish(_ job: Int) {
        access.async(flags: .barrier) {
            self.running.remove(job)
            self.forget(job)
        }
    }

    // Fires: this nested function is also called from a plain global block.
    func drop(_ job: Int) {
        access.async(flags: .barrier) { clear() }
        DispatchQueue.global().async { clear() }

        func clear() {
            running.remove(job) // expect: inconsistent_locking
        }
    }

    var snapshot: [Int] { access.sync { queued } }
}
