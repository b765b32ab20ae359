import Foundation

// A private member every call of which runs on an executor, but not the same one: a block on the
// class's serial queue calls it, and so does a main-queue block (or a block on another serial
// queue). Its writes run on either, and the two do not exclude each other. When every call runs
// on the same queue, or a call runs with nothing (a path the tool judges apart), it says nothing
// of the kind.

/// Shape 1: a serial queue and the main queue, in a class that does not claim to be Sendable.
public final class Watcher {
    private var previous: Int?
    private let serial = DispatchQueue(label: "watcher")

    public func start() {
        serial.async {
            self.changed()
        }
    }

    public func poke() {
        DispatchQueue.main.async {
            self.changed()
        }
    }

    private func changed() {
        let now = Int.random(in: 0...3)
        guard previous != now else { return }
        previous = now // expect: inconsistent_locking
    }
}

/// Near miss: every call runs on the one queue.
public final class Ticker {
    private var ticks = 0
    private let serial = DispatchQueue(label: "ticker")

    public func start() {
        serial.async { self.tick() }
    }

    public func again() {
        serial.asyncAfter(deadline: .now() + 1) { self.tick() }
    }

    private func tick() {
        ticks += 1
    }
}
