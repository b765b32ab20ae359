import Foundation

// A protocol in between: the requirement that hands the class a queue is the method that
// replaces it.
protocol Scheduling: AnyObject {
    func scheduleAfter(_ delay: TimeInterval, on queue: DispatchQueue, _ work: @escaping () -> Void)
}

final class SchedulerDouble: Scheduling {
    private var queueOfLastCall: DispatchQueue?
    private var scheduled: [(TimeInterval, () -> Void)] = []

    func scheduleAfter(_ delay: TimeInterval, on queue: DispatchQueue, _ work: @escaping () -> Void) {
        queueOfLastCall = queue
        scheduled.append((delay, work))
    }

    func fire() {
        queueOfLastCall?.async {
            while !self.scheduled.isEmpty { self.scheduled.removeFirst().1() }
        }
    }
}

// The same double with the queue handed in once, at construction: reported.
final class FixedSchedulerDouble: Scheduling {
    private let callbackQueue: DispatchQueue
    private var scheduled: [(TimeInterval, () -> Void)] = []

    init(callbackQueue: DispatchQueue) { self.callbackQueue = callbackQueue }

    func scheduleAfter(_ delay: TimeInterval, on queue: DispatchQueue, _ work: @escaping () -> Void) {
        scheduled.append((delay, work)) // expect: inconsistent_locking
    }

    func fire() {
        callbackQueue.async {
            while !self.scheduled.isEmpty { self.scheduled.removeFirst().1() }
        }
    }
}
