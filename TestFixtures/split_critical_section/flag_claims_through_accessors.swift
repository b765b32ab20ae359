import Foundation

// A flag read through a getter and set through a setter that each run their own block on the
// queue: `guard !pinging …; pinging = true` lets two callers both find it clear and both claim
// it (two pings, two timers). The flag is released later, so it is not a one-way latch.
final class Prober: @unchecked Sendable {
    private let queue = DispatchQueue(label: "prober")
    private var _pinging = false
    private var _pending = false
    private var _started = false
    private var ready = true

    private var pinging: Bool {
        get { queue.sync { _pinging } }
        set { queue.sync { _pinging = newValue } }
    }

    private var pending: Bool {
        get { queue.sync { _pending } }
        set { queue.sync { _pending = newValue } }
    }

    private var started: Bool {
        get { queue.sync { _started } }
        set { queue.sync { _started = newValue } }
    }

    func probe() {
        guard !self.pinging && ready else { return }
        self.pinging = true // expect: split_critical_section
        send { self.pinging = false }
    }

    func probeAgain() {
        if pinging == false {
            pinging = true // expect: split_critical_section
            send { self.pinging = false }
        }
    }

    func probeOnce() {
        if pinging { return }
        pinging = true // expect: split_critical_section
        send { self.pinging = false }
    }

    // Other values bound beside the flag's test do not make the claim a fill. Reported.
    func probeBound(_ host: String?) {
        guard !pinging, let host else { return }
        pinging = true // expect: split_critical_section
        send { print(host); self.pinging = false }
    }

    // Found set and cleared: two callers can both find it set and both flush.
    func flushIfPending() {
        if pending {
            pending = false // expect: split_critical_section
            send {}
        }
    }

    func markPending() { pending = true }

    // The write does not depend on the flag's test alone (`||`): quiet.
    func either() {
        if !pinging || ready {
            pinging = true
        }
    }

    // Written the value the check found: nothing turns over. Quiet.
    func settle() {
        if !pinging {
            pinging = false
        }
    }

    // A one-way latch (only ever set to true): a second caller sets what the first did. Quiet.
    func start() {
        guard !started else { return }
        started = true
    }

    // Checked and claimed in one block on the queue: quiet.
    func claim() -> Bool {
        queue.sync {
            guard !_pinging else { return false }
            _pinging = true
            return true
        }
    }

    private func send(_ done: @escaping () -> Void) { DispatchQueue.global().async(execute: done) }
}
