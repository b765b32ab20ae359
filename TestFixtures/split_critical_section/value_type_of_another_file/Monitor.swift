import Foundation

// Accessors that each run their own `sync` block on the queue: `traffic.sent += n` reads the
// whole struct in one block and writes it back in another, so a change made in between by
// another thread (`traffic.link = …`) is lost.
final class Monitor: @unchecked Sendable {
    private let queue = DispatchQueue(label: "monitor")
    private var _traffic = Traffic()
    private var _snapshot = Snapshot()
    private var _tally = Tally()

    var traffic: Traffic {
        get { queue.sync { _traffic } }
        set { queue.sync { _traffic = newValue } }
    }

    var snapshot: Snapshot {
        get { queue.sync { _snapshot } }
        set { queue.sync { _snapshot = newValue } }
    }

    var tally: Tally {
        get { queue.sync { _tally } }
        set { queue.sync { _tally = newValue } }
    }

    func read(sent: Int64, received: Int64) {
        self.traffic.sent += sent // expect: split_critical_section
        self.traffic.received = received // the same property again: a note on line 28's finding
        // A whole value written: nothing of another thread's is merged away. Quiet.
        traffic = Traffic(sent: sent, received: received, link: nil)
        // The one stored var of its struct: a whole overwrite. Quiet.
        snapshot.value = 3
        // Through a reference: the setter is not called. Quiet.
        tally.count += 1
    }

    func details(_ name: String) {
        // Nested members of the struct of another file: the same lost update, a note on line 28.
        traffic.link?.name = name
    }

    // Changed inside one block on the queue: quiet.
    func readAtomically(sent: Int64) {
        queue.sync { _traffic.sent += sent }
    }
}
