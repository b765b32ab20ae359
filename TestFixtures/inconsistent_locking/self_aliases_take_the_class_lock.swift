import Foundation

// A local bound to self (an unwrapped weak capture) is self: its semaphore is the class's.
final class Throttle {
    private let mutex = DispatchSemaphore(value: 1)
    private let queue = DispatchQueue(label: "throttle")
    private var canSend = false

    func open() {
        mutex.wait()
        canSend = true
        mutex.signal()
    }

    // Quiet: `s.mutex` is `mutex`.
    func pause() {
        queue.async { [weak self] in
            guard let s = self else { return }
            s.mutex.wait()
            s.canSend = false
            s.mutex.signal()
        }
    }

    // Quiet: the same through `if let`.
    func resume() {
        queue.async { [weak self] in
            if let strongSelf = self {
                strongSelf.mutex.wait()
                strongSelf.canSend = true
                strongSelf.mutex.signal()
            }
        }
    }

    // Reported: the alias's access without the semaphore.
    func drop() {
        queue.async { [weak self] in
            guard let s = self else { return }
            s.canSend = false // expect: inconsistent_locking
        }
    }
}
