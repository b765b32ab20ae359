import Foundation

protocol SessionDelegate: AnyObject {
    func sessionDidTick(_ count: Int)
}

final class Session {
    private let lock = NSLock()
    private var count = 0
    weak var delegate: SessionDelegate?
    private let onEvent: (Int) -> Void
    private let relay: (Int) -> Void

    init(handler: @escaping (Int) -> Void) {
        // Built here, calling only the session's own code.
        onEvent = { [weak self] value in self?.log(value) }
        // Built here, but calling what the caller handed in.
        relay = { value in handler(value) }
    }

    // The delegate call is all the lock serialises: quiet.
    func notifyInOrder() {
        lock.withLock { delegate?.sessionDidTick(count) }
    }

    func tick() {
        lock.withLock {
            count += 1
            onEvent(count)
            relay(count) // expect: recursive_lock
        }
    }

    private func log(_ value: Int) { print(value) }
}
