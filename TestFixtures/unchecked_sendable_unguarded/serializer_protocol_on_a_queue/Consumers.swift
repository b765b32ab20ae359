import Foundation

/// Near miss: every access of its state runs as a block of the relay's serial queue.
final class Ledger: @unchecked Sendable {
    private let relay: WorkRelay
    private var entries: [String] = []
    private var onFlush: (([String]) -> Void)?

    init(relay: WorkRelay) { self.relay = relay }

    func record(_ entry: String) {
        relay.relay {
            self.entries.append(entry)
        }
    }

    func flush(then done: @escaping ([String]) -> Void) {
        relay.relay {
            self.onFlush = done
            self.onFlush?(self.entries)
            self.entries.removeAll()
        }
    }
}

/// The same relay, but one write does not go through it.
final class Journal: @unchecked Sendable {
    private let relay: WorkRelay
    private var lines: [String] = []

    init(relay: WorkRelay) { self.relay = relay }

    func add(_ line: String) {
        relay.relay { self.lines.append(line) }
    }

    func reset() {
        lines = [] // expect: unchecked_sendable_unguarded
    }
}

/// Near miss: the relay's queue is handed in from outside, so the tool cannot tell whether it
/// is serial; the class is not told it has no lock.
final class Tracker: @unchecked Sendable {
    private let relay: BorrowedRelay
    private var marks: [Int: String] = [:]

    init(relay: BorrowedRelay) { self.relay = relay }

    func mark(_ id: Int, _ name: String) {
        relay.submit { self.marks[id] = name }
    }

    func drop(_ id: Int) {
        self.relay.submit {
            let gone = self.marks.removeValue(forKey: id)
            _ = gone
        }
    }
}
