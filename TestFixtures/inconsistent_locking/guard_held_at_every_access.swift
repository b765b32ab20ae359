import Foundation

// The var's guard is the lock held at every access. A second lock that some accesses (or some
// callers of a helper) also hold does not make the others unguarded.
final class OutboundPipe {
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var queued = 0

    func enqueue() {
        sendLock.lock()
        stateLock.lock()
        queued += 1
        stateLock.unlock()
        sendLock.unlock()
    }

    func flush() {
        sendLock.lock()
        stateLock.lock()
        queued = 0
        log()
        stateLock.unlock()
        sendLock.unlock()
    }

    // Quiet: stateLock is held here as at every other access; sendLock is not needed.
    func peek() {
        stateLock.lock()
        log()
        stateLock.unlock()
    }

    private func log() {
        print(queued)
    }
}

// One access holds neither lock: it is reported, and the guard it lacks is the one held on
// every path at the others (stateLock), not the one only some callers add.
final class InboundPipe {
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var received = 0

    func receive() {
        sendLock.lock()
        stateLock.lock()
        received += 1
        stateLock.unlock()
        sendLock.unlock()
    }

    func drain() {
        stateLock.lock()
        record()
        stateLock.unlock()
    }

    private func record() {
        received = 0
    }

    func count() -> Int {
        received // expect: inconsistent_locking
    }
}
