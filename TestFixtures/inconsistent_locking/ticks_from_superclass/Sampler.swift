import Foundation

// A superclass arms a repeating tick with the queue its state runs on (`queue: lane`) and calls a
// method its subclasses override from the tick's closure: the overrides run on that queue, so
// what they read there is read on it. The subclasses are in the other file of this case.

public protocol TickMaker {
    func repeatingTick(after delay: TimeInterval, every period: TimeInterval, queue: DispatchQueue,
                       handler: @escaping () -> Void) -> AnyObject
}

public class Sampler {
    internal let lane: DispatchQueue
    internal let maker: TickMaker
    private var tick: AnyObject?

    init(maker: TickMaker, lane: DispatchQueue) {
        self.maker = maker
        self.lane = lane
    }

    public func activate() {
        lane.async { [weak self] in
            self?.arm()
        }
    }

    /// Subclasses do their periodic work here.
    internal func sample() {}

    private func arm() {
        tick = maker.repeatingTick(after: 1, every: 30, queue: lane) { [weak self] in
            self?.sample()
        }
    }
}
