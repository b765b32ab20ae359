import Foundation

/// Blocks reach the queue through a method of the class that submits its closure to it.
final class Pipe {
    private var current = DispatchQueue(label: "pipe")
    private var chunks: [String] = []

    func use(_ queue: DispatchQueue) {
        current = queue
    }

    private func onCurrent(_ body: () -> Void) {
        current.sync { body() }
    }

    func push(_ s: String) {
        onCurrent { self.chunks.append(s) }
    }

    func clear() {
        onCurrent { self.chunks.removeAll() }
    }

    func pushNow(_ s: String) {
        chunks.append(s)  // Quiet: `current` is set to the caller's queue.
    }
}

/// Control: a method replaces the queue with one of the class's own making; the plain append fires.
final class RenewedPipe {
    private var current = DispatchQueue(label: "renewed")
    private var chunks: [String] = []

    func renew() {
        current = DispatchQueue(label: "renewed")
    }

    private func onCurrent(_ body: () -> Void) {
        current.sync { body() }
    }

    func push(_ s: String) {
        onCurrent { self.chunks.append(s) }
    }

    func clear() {
        onCurrent { self.chunks.removeAll() }
    }

    func pushNow(_ s: String) {
        chunks.append(s) // expect: inconsistent_locking
    }
}
