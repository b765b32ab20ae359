import Foundation

protocol Receiver: AnyObject {
    func receive(_ value: Int)
}

// A method of a private class that nothing in the file names may still be a protocol
// witness, called through the protocol from anywhere: it is judged like any other.
enum Relays {
    static func make() -> Receiver { Relay() }

    private final class Relay: Receiver {
        private let lock = NSLock()
        private var last = 0

        // Fires: called through `Receiver`, with nothing held.
        func receive(_ value: Int) {
            last = value // expect: inconsistent_locking
        }

        var current: Int { lock.withLock { last } }

        func reset() { lock.withLock { last = 0 } }
    }
}
