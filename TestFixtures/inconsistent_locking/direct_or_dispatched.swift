import Foundation

// A function called inside a block sent to the queue in one arm of a choice and directly in the
// other: its author decided that the direct arm already runs on the queue (a caller that is on
// it says so). The direct call is not reported, and no fix-it moves it into queue.async (that
// would run it after the code that follows, which may rely on it having run).

/// Shape 1: if/else on a parameter.
final class Session {
    private let queue = DispatchQueue(label: "session")
    private var userID: String?
    private var token = ""

    func signIn(_ id: String) {
        queue.async { self.userID = id }
    }

    func clear(alreadyOnQueue: Bool) {
        if alreadyOnQueue {
            wipe()
        } else {
            queue.async { self.wipe() }
        }
    }

    private func wipe() {
        userID = nil
        token = ""
    }

    func current() -> String? { queue.sync { userID } }
    func currentToken() -> String { queue.sync { token } }
}

/// Another type decides: inside a block on the session's queue it asks for the direct arm.
final class Switcher {
    let session = Session()
    let queue = DispatchQueue(label: "switcher")

    func change(to id: String) {
        session.clear(alreadyOnQueue: false)
        session.signIn(id)
    }
}

/// Shape 2: a guard whose else sends the call to the queue and returns; the mirror with an if.
final class Outbox {
    private let queue = DispatchQueue(label: "outbox")
    private var pending: [String] = []

    func add(_ s: String) { queue.async { self.pending.append(s) } }

    func flush(onQueue: Bool) {
        guard onQueue else {
            queue.async { self.drain() }
            return
        }
        drain()
    }

    func flushLater(inline: Bool) {
        if !inline {
            self.queue.async { [weak self] in self?.drain() }
            return
        }
        self.drain()
    }

    private func drain() {
        pending.removeAll()
    }
}

// Near-misses that still fire.

/// The direct call follows the block in the same path: it runs off the queue.
final class Journal {
    private let queue = DispatchQueue(label: "journal")
    private var lines: [String] = []

    func write(_ s: String) { queue.async { self.lines.append(s) } }

    func rotate() {
        queue.async { self.trim() }
        trim()
    }

    private func trim() {
        lines.removeAll() // expect: inconsistent_locking
    }
}

/// The other arm sends another function.
final class Ledger {
    private let queue = DispatchQueue(label: "ledger")
    private var rows: [Int] = []

    func add(_ n: Int) { queue.async { self.rows.append(n) } }
    func count() -> Int { queue.sync { rows.count } }

    func reset(now: Bool) {
        if now {
            empty()
        } else {
            queue.async { self.log() }
        }
    }

    private func empty() { rows.removeAll() } // expect: inconsistent_locking
    private func log() { print("reset") }
}

/// The other arm sends it to a global queue, which runs it anywhere.
final class Tally {
    private let queue = DispatchQueue(label: "tally")
    private var total = 0

    func add(_ n: Int) { queue.async { self.total += n } }
    func read() -> Int { queue.sync { total } }

    func zero(now: Bool) {
        if now {
            clearAll()
        } else {
            DispatchQueue.global().async { self.clearAll() }
        }
    }

    private func clearAll() { total = 0 } // expect: inconsistent_locking
}
