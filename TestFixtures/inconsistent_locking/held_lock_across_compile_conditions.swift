import Foundation

// A lock taken with lock() and a deferred unlock() before an `#if` is held in every branch of
// it: only one branch is compiled, so a `return` in one branch does not end the others.
private let levelLock = NSLock()
nonisolated(unsafe) private var levelStorage = 0

private func readLevel() -> Int {
    levelLock.lock()
    defer { levelLock.unlock() }
#if compiler(>=6.2)
    return unsafe levelStorage
#else
    return levelStorage
#endif
}

private func writeLevel(_ value: Int) {
    levelLock.lock()
    defer { levelLock.unlock() }
#if compiler(>=6.2)
    unsafe levelStorage = value
#else
    levelStorage = value
#endif
}

// Another spelling: `#if os(…)` with `#elseif` and `#else`, each branch returning.
private func describeLevel() -> String {
    levelLock.lock()
    defer { levelLock.unlock() }
    #if os(macOS)
    return "mac \(levelStorage)"
    #elseif os(Linux)
    return "linux \(levelStorage)"
    #else
    return "other \(levelStorage)"
    #endif
}

// Near miss: each branch releases the lock before the read after `#endif`.
private func releasedInBranches() -> Int {
    levelLock.lock()
    #if DEBUG
    levelLock.unlock()
    #else
    levelLock.unlock()
    #endif
    return levelStorage // expect: inconsistent_locking
}

// Near miss: the lock is taken in the first branch only; the `#else` branch starts from the
// state before the `#if`, without it.
private func peekLevel() -> Int {
#if DEBUG
    levelLock.lock()
    defer { levelLock.unlock() }
    return levelStorage
#else
    return levelStorage // expect: inconsistent_locking
#endif
}
