import Foundation

/// Jobs kept on a serial queue; the helper that drains them hops onto the queue itself.
final class JobBoard: @unchecked Sendable {  // Quiet: `drain` runs its use of the inout list on the queue.
    private let queue = DispatchQueue(label: "jobs")
    private var waiting: [Int] = []

    func add(_ job: Int) {
        queue.async { self.waiting.append(job) }
    }

    func takeAll() -> [Int] {
        drain(&waiting)
    }

    private func drain(_ list: inout [Int]) -> [Int] {
        queue.sync {
            defer { list.removeAll() }
            return list
        }
    }
}

/// The helper's lock is one it makes for the call: it guards nothing.
final class LooseJobBoard: @unchecked Sendable {
    private let queue = DispatchQueue(label: "jobs")
    private var waiting: [Int] = []

    func add(_ job: Int) {
        queue.async { self.waiting.append(job) }
    }

    func takeAll() -> [Int] {
        drain(&waiting)  // expect: unchecked_sendable_unguarded
    }

    private func drain(_ list: inout [Int]) -> [Int] {
        let queue = NSLock()
        queue.lock()
        defer { queue.unlock() }
        defer { list.removeAll() }
        return list
    }
}
