import Foundation

// A lazy semaphore first read on the queue, then signalled from a completion made after that
// read: the completion runs after the value is stored, and no code assigns it.
final class RetryGate: @unchecked Sendable {
    private let queue = DispatchQueue(label: "retry.gate")
    private lazy var turn = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    var filter: (@Sendable (Int, @escaping @Sendable (Bool?) -> Void) -> Void)?

    func retry(_ n: Int) {
        guard let filter = filter else { return }
        queue.async { [weak self] in
            self?.turn.wait()
            filter(n) { [weak self] _ in
                self?.turn.signal()
            }
        }
    }

    func again(_ n: Int) {
        guard let filter else { return }
        queue.async {
            self.turn.wait()
            filter(n) { _ in self.turn.signal() }
        }
    }
}

// The same, but another method reads the lazy var first off the queue: that first read races
// the queue's.
final class LooseGate: @unchecked Sendable {
    private let queue = DispatchQueue(label: "loose.gate")
    private lazy var turn = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    var filter: (@Sendable (Int, @escaping @Sendable (Bool?) -> Void) -> Void)?

    func retry(_ n: Int) {
        guard let filter else { return }
        queue.async {
            self.turn.wait()
            filter(n) { _ in self.turn.signal() }
        }
    }

    func release() {
        turn.signal() // expect: unchecked_sendable_unguarded
    }
}

// A lazy var the code also assigns: the assignment off the queue is reported.
final class SwappedGate: @unchecked Sendable {
    private let queue = DispatchQueue(label: "swapped.gate")
    private lazy var turn = DispatchSemaphore(value: 1) // expect: dispatch_semaphore
    var filter: (@Sendable (Int, @escaping @Sendable (Bool?) -> Void) -> Void)?

    func retry(_ n: Int) {
        guard let filter else { return }
        queue.async {
            self.turn.wait()
            filter(n) { _ in
                self.turn.signal()
            }
        }
    }

    func reset() {
        turn = DispatchSemaphore(value: 1) // expect: unchecked_sendable_unguarded
    }
}
