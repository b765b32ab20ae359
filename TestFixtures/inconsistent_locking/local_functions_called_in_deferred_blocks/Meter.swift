import Foundation

// A third: a lock taken in a task, the nested function called while it is held, declared
// before the task in the method's body.
final class Meter {
    private let lock = NSLock()
    private var samples: [Double] = []

    func record(_ value: Double) {
        func store() {
            samples.append(value)
        }
        Task.detached {
            self.lock.lock()
            store()
            self.lock.unlock()
        }
    }

    // Fires: the nested function runs in a task that holds nothing.
    func reset() {
        func wipe() {
            samples.removeAll() // expect: inconsistent_locking
        }
        Task.detached { wipe() }
    }

    var mean: Double {
        lock.withLock { samples.isEmpty ? 0 : samples.reduce(0, +) / Double(samples.count) }
    }
}
