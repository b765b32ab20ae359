import Foundation

// Another spelling: the members sit in extensions, and a `public extension` makes its members
// public, so code outside the module calls `stop()` without the queue. Its one call on the queue
// (from inside `refresh()`'s `sync` block) does not make the queue the guard of `running`.
public final class Notifier {
    var running = false
    let queue = DispatchQueue(label: "notifier")
    var value = 0

    deinit { stop() }
}

public extension Notifier {
    func start() throws {
        guard !running else { return }
        try refresh()
        running = true
    }

    func stop() {
        defer { running = false }
        value = 0 // expect: inconsistent_locking
    }
}

fileprivate extension Notifier {
    func refresh() throws {
        try queue.sync {
            if value < 0 {
                self.stop()
                throw CocoaError(.featureUnsupported)
            }
            self.value = 1
        }
    }
}
