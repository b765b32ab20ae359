import Foundation

nonisolated(unsafe) var pendingLines: [String] = []
nonisolated(unsafe) var nesting = 0
nonisolated(unsafe) var lastError: String? = nil
nonisolated(unsafe) var sampleCount = 0 // expect: nonisolated_unsafe
let tableLock = NSRecursiveLock()

// Every caller holds `tableLock` (taken only when asked to, a recursive lock): the helper's
// writes hold it too.
private func clearAll() {
    pendingLines = []
    nesting = 0
}

// One caller holds the lock and the other does not: the tool cannot tell, and says nothing.
private func noteError(_ e: String) {
    lastError = e
}

// No caller holds a lock: a write with no lock held.
private func countSample() {
    sampleCount += 1
}

final class Printer {
    func emit(_ line: String, exclusive: Bool) {
        if exclusive { tableLock.lock() }
        defer { if exclusive { tableLock.unlock() } }
        nesting += 1
        pendingLines.append(line)
        if nesting > 8 { clearAll() }
    }

    func abort(_ why: String) {
        tableLock.lock()
        defer { tableLock.unlock() }
        clearAll()
        noteError(why)
    }

    func warn(_ why: String) {
        noteError(why)
        countSample()
    }

    func tick() { countSample() }
}
