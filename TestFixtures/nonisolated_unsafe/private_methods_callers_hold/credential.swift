import Foundation

// A private instance method every call of which (in its file, the only one that can call it)
// holds a lock (calls in init or deinit aside): its writes hold it too. One call made with
// nothing held leaves the write
// unguarded on that path.

public final class Credential: @unchecked Sendable {
    let lock = NSLock()
    private var _automaticRefresh = false
    nonisolated(unsafe) private var refreshTask: Task<Void, Never>?

    public var automaticRefresh: Bool {
        get { lock.withLock { _automaticRefresh } }
        set {
            lock.withLock {
                guard _automaticRefresh != newValue else { return }
                _automaticRefresh = newValue
                if newValue { startRefresh() }
            }
        }
    }

    public func pause() {
        lock.lock()
        self.cancelRefresh()
        lock.unlock()
    }

    /// (A call in deinit runs while no other thread holds the instance.)
    deinit {
        cancelRefresh()
    }

    private func startRefresh() {
        refreshTask = Task { print("refresh") }
    }

    private func cancelRefresh() {
        refreshTask?.cancel()
        refreshTask = nil
    }
}

public final class Session: @unchecked Sendable {
    let lock = NSLock()
    nonisolated(unsafe) private var heartbeat: Task<Void, Never>? // expect: nonisolated_unsafe

    public func start() {
        lock.withLock { beat() }
    }

    public func restart() {
        beat()
    }

    private func beat() {
        heartbeat = Task { print("beat") }
    }
}
