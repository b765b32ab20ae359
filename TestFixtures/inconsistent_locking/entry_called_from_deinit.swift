import Foundation

// `reset()` is public, and called both from a block on the queue and from deinit. An entry that
// hops onto the queue with sync would deadlock when deinit runs there (a block on the queue can
// hold the last reference): the fix-it does not offer one.
public final class Poller {
    private let queue = DispatchQueue(label: "poller")
    private var ticks = 0

    public init() {}

    deinit {
        reset()
    }

    public func tick() {
        queue.async {
            self.ticks += 1
            if self.ticks > 9 { self.reset() }
        }
    }

    public func reset() {
        ticks = 0 // expect: inconsistent_locking
    }
}

// With no deinit calling it, the split into a helper and an entry is still offered.
public final class Stepper {
    private let queue = DispatchQueue(label: "stepper")
    private var steps = 0

    public init() {}

    public func step() {
        queue.async {
            self.steps += 1
            if self.steps > 9 { self.rewind() }
        }
    }

    public func rewind() {
        steps = 0 // expect: inconsistent_locking
    }
}
