import Foundation

// A notifier that calls its observers from notification blocks: on the main queue where it
// registers with `queue: OperationQueue.main`, on the posting thread where it passes no queue.
protocol ClockObserver: AnyObject {
    func clock(_ clock: Clock, didTick count: Int)
    func clock(_ clock: Clock, didDrift offset: Int)
}

final class Clock: @unchecked Sendable {
    private let lock = NSLock()
    private var observers: [ClockObserver] = []
    private var tokens: [NSObjectProtocol] = []

    func add(_ o: ClockObserver) { lock.withLock { observers.append(o) } }

    func start(center: NotificationCenter) {
        let tick = center.addObserver(forName: .init("tick"), object: nil, queue: OperationQueue.main) { [weak self] _ in
            guard let self else { return }
            for o in self.lock.withLock({ self.observers }) { o.clock(self, didTick: 1) }
        }
        let drift = center.addObserver(forName: .init("drift"), object: nil, queue: nil) { [weak self] _ in
            guard let self else { return }
            for o in self.lock.withLock({ self.observers }) { o.clock(self, didDrift: 1) }
        }
        lock.withLock { tokens = [tick, drift] }
    }
}

// Its only mutator is called from a main-queue notification block.
final class TickCounter: ClockObserver, @unchecked Sendable {
    private var ticks = 0

    func clock(_ clock: Clock, didTick count: Int) { ticks += count }
    func clock(_ clock: Clock, didDrift offset: Int) {}
}

// One mutator is called from a notification block that runs on the posting thread.
final class DriftCounter: ClockObserver, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    private var ticks = 0
    private var drift = 0

    func clock(_ clock: Clock, didTick count: Int) { ticks += count }
    func clock(_ clock: Clock, didDrift offset: Int) { drift += offset }
}
