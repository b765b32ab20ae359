import Foundation

protocol RecorderSink: AnyObject {
    func didRecord(_ name: String)
}

protocol SinkHolding: AnyObject {
    var sink: RecorderSink? { get set }
}

/// Quiet: a weak back-reference set once by its owner (a protocol requirement `{ get set }`),
/// then only read. One of its reads happens to sit in a block on the queue; that block is there
/// for `pending`, and a weak reference is loaded and stored atomically anyway.
final class Recorder: SinkHolding {
    weak var sink: RecorderSink?
    private let work = DispatchQueue(label: "recorder")
    private var pending: [String] = []

    func record(_ name: String) {
        sink?.didRecord("start")
        work.async {
            self.pending.append(name)
            self.sink?.didRecord(name)
        }
        sink?.didRecord("queued")
    }

    func flushNow() -> [String] {
        sink?.didRecord("flush")
        return work.sync { pending }
    }

    func drop() {
        pending.removeAll() // expect: inconsistent_locking
    }
}

/// Quiet: a strong reference others set, read once inside a block on the queue (a log call) and
/// three times outside: nothing shows the queue is its guard.
final class Uploader {
    var reporter: Reporter?
    private let uploads = DispatchQueue(label: "uploads")
    private var inFlight = 0

    func begin() {
        reporter?.note("begin")
        uploads.async {
            self.inFlight += 1
            self.reporter?.note("in flight")
        }
        reporter?.note("queued")
    }

    func finish() {
        reporter?.note("finish")
        uploads.async { self.inFlight -= 1 }
    }
}

/// Fires: the same shape, but the queue is where the var is read most of the time: a read
/// outside it is the odd one.
final class Forwarder {
    var target: Reporter?
    private let lane = DispatchQueue(label: "lane")

    func forward(_ s: String) {
        lane.async { self.target?.note(s) }
    }

    func forwardTwice(_ s: String) {
        lane.async { self.target?.note(s); self.target?.note(s) }
    }

    func peek() -> Bool {
        target != nil // expect: inconsistent_locking
    }
}

final class Reporter {
    func note(_ s: String) {}
}

/// Sets the references the classes above keep, once, as it builds them.
final class Wiring: RecorderSink {
    let recorder = Recorder()
    let uploader = Uploader()
    let forwarder = Forwarder()

    func wire() {
        recorder.sink = self
        uploader.reporter = Reporter()
        forwarder.target = Reporter()
    }

    func didRecord(_ name: String) {}
}
