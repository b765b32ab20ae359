import Foundation

// A lock taken only after an access (hand-over-hand, or a try() whose release comes later) is
// not held at the access, and not held on entry to the function either.
final class ZipGate {
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var done: [Bool] = []
    private var late = false

    private var allDone: Bool {
        return done.allSatisfy { $0 }
    }

    func push(_ v: Int) {
        stateLock.lock()
        let finish = allDone
        sendLock.lock()
        stateLock.unlock()
        print(v, finish)
        sendLock.unlock()
        stateLock.lock()
        if late {
            print("late")
        }
        stateLock.unlock()
    }

    func complete(at i: Int) {
        stateLock.lock()
        done[i] = true
        if late || allDone {
            if sendLock.try() {
                stateLock.unlock()
                print("completed")
                sendLock.unlock()
                return
            }
            late = true
        }
        stateLock.unlock()
    }

    // Reported: no lock at all.
    func reset() {
        late = false // expect: inconsistent_locking
    }
}

// The same with the try in a guard and the lock's release deferred.
final class SendOnce {
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var pending = 0

    func send() {
        stateLock.lock()
        pending += 1
        stateLock.unlock()
        guard sendLock.try() else { return }
        defer { sendLock.unlock() }
        stateLock.lock()
        pending = 0
        stateLock.unlock()
    }

    func total() -> Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return pending
    }
}
