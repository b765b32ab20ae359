import Foundation

/// Shape 2: a timer made on the class's queue in an extension, its handler a method of the class
/// named as a value; the state is read by a public property.
public final class Ticker {
    private let tickQueue = DispatchQueue(label: "ticks")
    private var timer: DispatchSourceTimer?
    private var ticks = 0
    private var lastTick: Date?

    public var count: Int { ticks } // expect: inconsistent_locking

    // Quiet: on the queue.
    public func lastSeen(_ done: @escaping (Date?) -> Void) { tickQueue.async { done(self.lastTick) } }
}

extension Ticker {
    public func start() {
        let t = DispatchSource.makeTimerSource(queue: tickQueue)
        t.setEventHandler { [weak self] in
            self?.tick()
        }
        t.schedule(deadline: .now(), repeating: 1)
        t.resume()
        timer = t
    }

    private func tick() {
        ticks += 1
        lastTick = Date()
    }
}
