import Foundation

// A store whose properties each lock in the getter and again in the setter, changed in place from
// outside the type: the change reads through one acquisition and writes back through another.
final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    private var _requests = 0
    private var _latencies: [Double] = []

    var requests: Int {
        get { lock.withLock { _requests } }
        set { lock.withLock { _requests = newValue } }
    }

    var latencies: [Double] {
        get { lock.withLock { _latencies } }
        set { lock.withLock { _latencies = newValue } }
    }

    // One acquisition for the whole change: quiet.
    func record(_ latency: Double) {
        lock.withLock {
            _requests += 1
            _latencies.append(latency)
        }
    }
}

final class Server {
    private let metrics = Metrics()

    func handle(_ latency: Double) {
        metrics.requests += 1 // expect: split_critical_section
        metrics.latencies.append(latency) // expect: split_critical_section
    }

    // Taken through the store's getter and reset through its setter: a request counted in
    // between is in neither (as for a type's own property, take_and_reset.swift).
    func reset() {
        let seen = metrics.requests
        metrics.requests = 0 // expect: split_critical_section
        print(seen)
    }

    // Set through the setter from a decision on what the getter read: stale by then.
    func restart() {
        let seen = metrics.requests
        metrics.requests = seen > 100 ? 1 : 2 // expect: split_critical_section
    }

    // A whole read and a write of other state, each one acquisition: quiet.
    func rotate() {
        let seen = metrics.requests
        print(seen)
        metrics.latencies = []
    }

    // Changed through the store's own method, in one acquisition: quiet.
    func handleAtomically(_ latency: Double) {
        metrics.record(latency)
    }
}

// A local of the type, in a free function: the same property as line 33, so a note on that
// finding (one cause, the property's accessors; one fix).
func warmUp(_ times: Int) {
    let m = Metrics()
    for _ in 0..<times {
        m.requests += 1
    }
}

// A value of another type with a property of the same name is not the store's: quiet.
struct Snapshot { var requests = 0 }
func count(_ s: inout Snapshot) {
    s.requests += 1
}

// Every change made on a serial queue the store hands out, reached through the store itself:
// the queue serializes the read and the write (quiet).
final class Journal: @unchecked Sendable {
    let queue = DispatchQueue(label: "journal")
    private let lock = NSLock()
    private var _lines: [String] = []

    var lines: [String] {
        get { lock.withLock { _lines } }
        set { lock.withLock { _lines = newValue } }
    }
}

struct Writer {
    let journal: Journal

    func write(_ line: String) {
        self.journal.queue.sync {
            self.journal.lines.append(line)
        }
    }
}
