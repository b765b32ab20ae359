import Foundation

// A queue the class is given (an initializer's parameter, or a property its user sets) and only
// submits work to with async is where it delivers events, on the queue its user chose: holding
// it is no sign that it guards the callbacks its user sets. A queue the class makes itself, a
// handed-in queue it also uses with sync, or a var the class writes both on the queue and off it
// are still judged. (A public var that only its users write is reported only in a package
// target; GuardInferenceTests lints these files as one and checks the lines marked
// "in a package".)

/// Shape 1: the queue from an initializer's parameter, with a default.
public final class FeedObserver {
    public var onItem: ((String) -> Void)?
    public var onFailure: ((Error) -> Void)?
    private let queue: DispatchQueue

    public init(queue: DispatchQueue = .main) {
        self.queue = queue
    }

    func receive(_ item: String) {
        queue.async { [weak self] in
            self?.onItem?(item)
        }
    }

    func receive(batch: [String]) {
        queue.async { [weak self] in
            for item in batch { self?.onItem?(item) }
        }
    }

    func fail(_ error: Error) {
        queue.async { self.onFailure?(error) }
        queue.asyncAfter(deadline: .now() + 1) { self.onFailure?(error) }
    }
}

/// Shape 2: the queue is a property its user may set, delivered to with asyncAfter too.
public final class TickerFeed {
    public var deliveryQueue: DispatchQueue
    public var onTick: ((Int) -> Void)?

    public init(on queue: DispatchQueue) {
        deliveryQueue = queue
    }

    func tick(_ n: Int) {
        deliveryQueue.async { self.onTick?(n) }
    }

    func tickLater(_ n: Int) {
        self.deliveryQueue.asyncAfter(deadline: .now() + 0.5) { [weak self] in self?.onTick?(n) }
    }
}

/// Client code that configures the callbacks, then lets the events come.
func configure(_ observer: FeedObserver, _ ticker: TickerFeed, _ own: OwnQueueFeed, _ synced: SyncedFeed) {
    observer.onItem = { print($0) }
    observer.onFailure = { print($0) }
    ticker.onTick = { print($0) }
    ticker.deliveryQueue = .global()
    own.onItem = { print($0) }
    synced.onItem = { print($0) }
}

// Near-misses that still fire.

/// The class makes its queue itself: its own reads on it are its own discipline.
public final class OwnQueueFeed {
    public var onItem: ((String) -> Void)? // in a package: inconsistent_locking
    private let queue = DispatchQueue(label: "own.feed")

    func receive(_ item: String) {
        queue.async { self.onItem?(item) }
    }

    func again(_ item: String) {
        queue.async { self.onItem?(item) }
    }
}

/// A handed-in queue the class also waits on with sync is not only a delivery queue.
public final class SyncedFeed {
    public var onItem: ((String) -> Void)? // in a package: inconsistent_locking
    private let queue: DispatchQueue

    public init(queue: DispatchQueue) {
        self.queue = queue
    }

    func receive(_ item: String) {
        queue.async { self.onItem?(item) }
    }

    func receiveNow(_ item: String) {
        queue.sync { self.onItem?(item) }
    }
}

/// A var the class writes on the handed-in queue in one place and off it in another.
final class CountingFeed {
    private var delivered = 0
    private let queue: DispatchQueue

    init(queue: DispatchQueue) { self.queue = queue }

    func receive() {
        queue.async { self.delivered += 1 }
    }

    func peek() -> Int {
        queue.async { print(self.delivered) }
        return 0
    }

    func reset() {
        delivered = 0 // expect: inconsistent_locking
    }
}
