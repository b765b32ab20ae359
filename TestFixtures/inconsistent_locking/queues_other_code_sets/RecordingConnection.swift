import Foundation

// Its `queue` is a var the transport sets: `write` and `close` are called on whichever queue
// that is, which the tool cannot see, so it says nothing about them.
final class RecordingConnection: Connection {
    var queue = DispatchQueue(label: "recording")
    private var writes: [Data] = []
    private var closed = false

    func write(_ data: Data) {
        writes.append(data)
    }

    func close() {
        closed = true
    }

    func replay(_ data: Data) {
        queue.async { self.writes.append(data) }
    }

    func drain() -> Int { queue.sync { writes.count } }
}

// A recorder whose queue is a `let` that only it uses: a write outside it is reported.
final class Recorder {
    let queue = DispatchQueue(label: "recorder")
    private var writes: [Data] = []

    func write(_ data: Data) {
        writes.append(data) // expect: inconsistent_locking
    }

    func replay(_ data: Data) {
        queue.async { self.writes.append(data) }
    }

    func drain() -> Int { queue.sync { writes.count } }
}
