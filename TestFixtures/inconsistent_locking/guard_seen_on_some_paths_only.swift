import Foundation

// An access counts as under a guard only where every path to it holds one. `halt()` runs on
// the queue only on an error path, from inside a `sync` block; its other callers (the start and
// stop the owner calls, deinit) run off it. That shows where one caller was, not that the queue
// guards `running`: nothing is reported.
final class Watcher {
    private let queue = DispatchQueue(label: "watcher")
    private var running = false
    private var level = 0

    deinit {
        halt()
    }

    func begin() throws {
        guard !running else { return }
        try sample()
        running = true
    }

    func end() {
        halt()
    }

    func halt() {
        running = false
    }

    private func sample() throws {
        try queue.sync {
            if level < 0 {
                halt()
                throw CocoaError(.featureUnsupported)
            }
            level = 1
        }
    }
}

// Fires: a block on the queue writes `running` on every path to it as well, so the queue is its
// guard; the reads and writes off it are reported, and so is the path that reaches `halt()`
// without the queue.
final class GuardedWatcher {
    private let queue = DispatchQueue(label: "guarded-watcher")
    private var running = false
    private var level = 0

    func begin() throws {
        guard !running else { return } // expect: inconsistent_locking
        try sample()
        queue.async { self.running = true }
    }

    func end() {
        halt()
    }

    func halt() {
        running = false // expect: inconsistent_locking
    }

    private func sample() throws {
        try queue.sync {
            if level < 0 {
                halt()
                throw CocoaError(.featureUnsupported)
            }
            level = 1
        }
    }
}
