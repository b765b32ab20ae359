import Foundation

/// The queue is set from a parameter through `self.`, and the blocks are in an extension.
final class Relay {
    var target: DispatchQueue?
    var delivered: [Int] = []

    func attach(to queue: DispatchQueue) {
        self.target = queue
    }

    func deliverNow(_ value: Int) {
        delivered.append(value)  // Quiet: `target` is set to the caller's queue.
    }
}

/// Control: the queue is the class's own, never replaced; the plain append fires.
final class OwnRelay {
    var target = DispatchQueue(label: "relay")
    var delivered: [Int] = []

    func deliverNow(_ value: Int) {
        delivered.append(value) // expect: inconsistent_locking
    }
}
