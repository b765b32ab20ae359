import Foundation

// A lock type of the project with a second closure method besides `withLock`: the setter takes
// the lock through that other method, so the getter and the setter still lock separately.
final class Latch: @unchecked Sendable {
    private let inner = NSLock()
    func withLock<T>(_ body: () throws -> T) rethrows -> T {
        inner.lock()
        defer { inner.unlock() }
        return try body()
    }
    func discarding(_ body: () throws -> Void) rethrows {
        inner.lock()
        defer { inner.unlock() }
        try body()
    }
}

final class Peers: @unchecked Sendable {
    private let latch = Latch()
    private var _known: Set<String> = []
    private var _seen = 0

    var known: Set<String> {
        get { latch.withLock { _known } }
        set { latch.discarding { _known = newValue } }
    }

    var seen: Int {
        get { latch.withLock { _seen } }
        set { latch.discarding { _seen = newValue } }
    }

    func learn(_ peer: String) {
        known.insert(peer) // expect: split_critical_section
        seen += 1 // expect: split_critical_section
    }

    // One acquisition for the whole change: quiet.
    func forget(_ peer: String) {
        latch.discarding {
            _known.remove(peer)
            _seen -= 1
        }
    }
}

// The setter hands its write to a queue that is not a lock: only the getter locks, and the
// setter's block runs later. Not a pair that locks on both sides: quiet here.
final class Outbox: @unchecked Sendable {
    private let lock = NSLock()
    private let worker = DispatchQueue(label: "outbox")
    private var _pending: [String] = []

    var pending: [String] {
        get { lock.withLock { _pending } }
        set { worker.async { self._pending = newValue } }
    }

    func post(_ line: String) {
        pending.append(line)
    }
}

// A setter that calls a closure method of something that is not used as a lock (a notifier):
// quiet.
final class Notifier {
    func announce(_ body: () -> Void) { body() }
}

final class Board: @unchecked Sendable {
    private let lock = NSLock()
    private let notifier = Notifier()
    private var _notes: [String] = []

    var notes: [String] {
        get { lock.withLock { _notes } }
        set { notifier.announce { _notes = newValue } }
    }

    func pin(_ note: String) {
        notes.append(note)
    }
}
