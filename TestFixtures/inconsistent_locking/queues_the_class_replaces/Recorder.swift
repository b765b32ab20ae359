import Foundation

// The queue of the last caller, kept in a var one of the class's methods sets: blocks sent to it
// at two times may run on two queues, so it guards nothing the tool can name: quiet.
final class WorkRecorder {
    private var lastQueue: DispatchQueue?
    private var pending: [() -> Void] = []

    func schedule(on queue: DispatchQueue, _ work: @escaping () -> Void) {
        lastQueue = queue
        pending.append(work)
    }

    func runAll() {
        lastQueue!.async {
            while !self.pending.isEmpty { self.pending.removeFirst()() }
        }
    }
}

// The same shape with a queue made once: every block runs on it, and the write outside it is
// reported.
final class FixedRecorder {
    private let queue = DispatchQueue(label: "fixed")
    private var pending: [() -> Void] = []

    func schedule(_ work: @escaping () -> Void) {
        pending.append(work) // expect: inconsistent_locking
    }

    func runAll() {
        queue.async {
            while !self.pending.isEmpty { self.pending.removeFirst()() }
        }
    }
}
