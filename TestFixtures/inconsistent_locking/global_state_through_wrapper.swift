import Foundation

// A file-level wrapper function runs its closure under the file's lock: accesses in the closure
// hold the lock.
private let sessionsLock = NSRecursiveLock()
private var sessions: [Int: String] = [:]

private func withSessions<T>(_ body: () -> T) -> T {
    sessionsLock.lock()
    defer { sessionsLock.unlock() }
    return body()
}

func open(_ id: Int, _ name: String) {
    withSessions { sessions[id] = name }
}

func close(_ id: Int) {
    withSessions { _ = sessions.removeValue(forKey: id) }
}

func openCount() -> Int {
    sessions.count // expect: inconsistent_locking
}

// Quiet: a helper whose name says its caller holds the lock.
private func sessionsLocked() -> [Int: String] {
    sessions
}
