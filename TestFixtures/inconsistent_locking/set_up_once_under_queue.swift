import Foundation

// State made once, under the guard, by a section that checks and sets a flag: a read after a
// call that runs that section is ordered after the write.

final class Transport {
    private let setupQueue = DispatchQueue(label: "transport-setup")
    private var ready = false
    private var channel: [String]!
    private var codec: String!

    func prepareIfNeeded() {
        setupQueue.sync {
            if !ready {
                channel = ["primary"]
                codec = "plain"
                ready = true
            }
        }
    }

    /// Quiet: the set-up runs first on every path.
    func send(_ message: String) -> Int {
        prepareIfNeeded()
        return channel.count + message.count
    }

    /// Quiet: through a member that runs the set-up first.
    private func connection() -> [String] {
        prepareIfNeeded()
        return channel
    }

    func describe() -> String {
        let c = connection()
        return "\(c.count) via \(codec!)"
    }

    /// Fires: nothing here runs the set-up before the read.
    func peek() -> String? {
        codec // expect: inconsistent_locking
    }

    /// Fires: the set-up runs only on one branch.
    func maybeSend(_ now: Bool) -> Int {
        if now { prepareIfNeeded() }
        return channel.count // expect: inconsistent_locking
    }
}

/// Fires: `shutdown` resets the flag, so the set-up can run again while `send` reads.
final class RestartingTransport {
    private let setupQueue = DispatchQueue(label: "restarting-setup")
    private var ready = false
    private var channel: [String]!

    func prepareIfNeeded() {
        setupQueue.sync {
            if !ready {
                channel = ["primary"]
                ready = true
            }
        }
    }

    func shutdown() {
        setupQueue.sync { ready = false }
    }

    func send() -> Int {
        prepareIfNeeded()
        return channel.count // expect: inconsistent_locking
    }
}

/// Fires: `swap` writes the var outside the once-section, so a read after the set-up may still
/// race with a later write.
final class SwappingTransport {
    private let setupQueue = DispatchQueue(label: "swapping-setup")
    private var ready = false
    private var channel: [String]!

    func prepareIfNeeded() {
        setupQueue.sync {
            if !ready {
                channel = ["primary"]
                ready = true
            }
        }
    }

    func swap(_ c: [String]) {
        setupQueue.sync { channel = c }
    }

    func send() -> Int {
        prepareIfNeeded()
        return channel.count // expect: inconsistent_locking
    }
}
