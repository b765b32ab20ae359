import Foundation

// Code in the branch of `if DispatchQueue.getSpecific(key: k) == v` runs on the queue the file
// marked with that key; the other branch hops there. Both hold the queue.
final class Scheduler {
    private let access = DispatchQueue(label: "scheduler", attributes: .concurrent)
    private let key = DispatchSpecificKey<String>()
    private let label = "scheduler"
    private var running: [Int] = []

    init() {
        access.setSpecific(key: key, value: label)
    }

    func start(_ job: Int) {
        access.async(flags: .barrier) { self.running.append(job) }
    }

    func cancelAll() {
        if DispatchQueue.getSpecific(key: key) == label {
            running.removeAll()
        } else {
            access.async(flags: .barrier) { self.running.removeAll() }
        }
    }

    // Fires: the `else` branch runs wherever the caller is.
    func drain() {
        if DispatchQueue.getSpecific(key: key) == label {
            access.async(flags: .barrier) { self.running.removeAll() }
        } else {
            running.removeAll() // expect: inconsistent_locking
        }
    }

    var jobs: [Int] { access.sync { running } }
}
