import Foundation

// A private computed property, like a private method, holds the lock when every use of it does.
final class Mailbox {
    private let stateLock = NSLock()
    private let sendLock = NSLock()
    private var letters: [String] = []

    private var backlog: Int { letters.count }
    private var isIdle: Bool {
        return letters.isEmpty
    }

    func post(_ s: String) {
        sendLock.lock()
        stateLock.lock()
        letters.append(s)
        print(backlog, isIdle)
        stateLock.unlock()
        sendLock.unlock()
    }

    // Quiet: stateLock held, as at every use; sendLock is taken only after.
    func poll() -> Bool {
        stateLock.lock()
        let idle = isIdle || backlog > 10
        sendLock.lock()
        stateLock.unlock()
        print(idle)
        sendLock.unlock()
        return idle
    }
}

// Reported: one use of the helper property holds no lock; the report is at the helper's access.
final class Ledger {
    private let lock = NSLock()
    private var values: [Int] = []

    private var total: Int { values.reduce(0, +) } // expect: inconsistent_locking

    func add(_ i: Int) {
        lock.lock()
        values.append(i)
        lock.unlock()
    }

    func sum() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return total
    }

    func report() {
        print(total)
    }
}
