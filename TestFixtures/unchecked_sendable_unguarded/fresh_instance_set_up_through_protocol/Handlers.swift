import Foundation

protocol Handling: AnyObject {
    func handle(_ value: Int)
}

// Set on a fresh local inside a branch, then handed to a protocol-typed holder: still set-up.
final class Forwarder: Handling, @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0
    var scale = 1
    var offset = 0

    func handle(_ value: Int) {
        lock.lock()
        total += value * scale
        lock.unlock()
        if offset > 0 { print(offset) } // expect: unchecked_sendable_unguarded
    }
}

final class Wiring {
    var handlers: [Handling] = []

    func add(doubled: Bool) {
        let forwarder = Forwarder()
        if doubled {
            forwarder.scale = 2
        }
        handlers.append(forwarder)
    }

    // Captured by a closure first: the closure may run at once, on any thread.
    func addLater(offset: Int) {
        let forwarder = Forwarder()
        DispatchQueue.global().async { forwarder.handle(1) }
        forwarder.offset = offset
    }
}
