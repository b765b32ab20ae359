import Foundation

// Quiet: `sink` (an existential of a class-bound protocol with no implementation in the run)
// is assigned in init only; setting `paused` changes the sink, not the variable.
final class Uploader {
    private let lock = NSLock()
    private var sink: any UploadSink
    private var sent = 0

    init(sink: any UploadSink) { self.sink = sink }

    func send() {
        lock.withLock {
            sent += 1
            sink.paused = false
        }
    }

    func hold() {
        sink.paused = true
    }
}

// Near miss: the variable itself is replaced off the lock it is replaced under elsewhere.
final class SwitchingUploader {
    private let lock = NSLock()
    private var sink: any UploadSink

    init(sink: any UploadSink) { self.sink = sink }

    func use(_ next: any UploadSink) {
        lock.withLock { sink = next }
    }

    func restore(_ old: any UploadSink) {
        lock.withLock { sink = old }
    }

    func force(_ next: any UploadSink) {
        sink = next // expect: inconsistent_locking
    }
}
