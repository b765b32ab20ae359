import Foundation

// Another spelling: the flag tested with `if`, the lock a serial queue's `sync`, the winner's
// code the body of `if self.finish() { … }`, the gate in an extension.
final class Completion {
    let queue = DispatchQueue(label: "completion")
    var done = false
    var action: (() -> Void)?

    init(_ action: @escaping () -> Void) { self.action = action }

    func fire() {
        if self.finish() {
            let run = action
            queue.sync { action = nil }
            run?()
        }
    }
}

extension Completion {
    func finish() -> Bool {
        queue.sync {
            if done { return false }
            done = true
            return true
        }
    }
}

// Near-miss: the winner writes a var others read under the queue: those reads race with it.
final class Outcome {
    let queue = DispatchQueue(label: "outcome")
    var settled = false
    var value: Int?

    func settle(_ v: Int) {
        if settleOnce() {
            value = v // expect: inconsistent_locking
        }
    }

    private func settleOnce() -> Bool {
        queue.sync {
            if settled { return false }
            settled = true
            return true
        }
    }

    var current: Int? { queue.sync { value } }

    func reset() {
        queue.sync { value = nil }
    }
}
