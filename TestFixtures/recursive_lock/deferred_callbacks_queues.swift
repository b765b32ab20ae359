import Foundation

// Handing the caller's code to `queue.async` returns before it runs; `queue.sync`, `forEach`
// over stored listeners and a notification post run it before they return.

protocol ChangeSink: AnyObject {
    func changed(_ key: String)
}

protocol ChangeRelay {
    func relay(_ key: String, to sink: ChangeSink)
}

final class QueuedRelay: ChangeRelay {
    private let queue = DispatchQueue(label: "relay")
    func relay(_ key: String, to sink: ChangeSink) {
        queue.async { sink.changed(key) }
    }
}

protocol BlockingRelay {
    func relay(_ key: String, to sink: ChangeSink)
}

final class SyncRelay: BlockingRelay {
    private let queue = DispatchQueue(label: "relay.sync")
    func relay(_ key: String, to sink: ChangeSink) {
        queue.sync { sink.changed(key) }
    }
}

protocol FanOut {
    func publish(_ key: String)
}

final class ListenerFanOut: FanOut {
    var sinks: [ChangeSink] = []
    func publish(_ key: String) {
        sinks.forEach { $0.changed(key) }
    }
}

protocol Broadcaster {
    func publish(_ key: String)
}

final class NotifyingBroadcaster: Broadcaster {
    func publish(_ key: String) {
        NotificationCenter.default.post(name: Notification.Name("changed"), object: key)
    }
}

final class Settings: ChangeSink {
    private let lock = NSLock()
    private let quiet: ChangeRelay
    private let blocking: BlockingRelay
    private let fanOut: FanOut
    private let broadcaster: Broadcaster
    private var values: [String: String] = [:]

    init(quiet: ChangeRelay, blocking: BlockingRelay, fanOut: FanOut, broadcaster: Broadcaster) {
        self.quiet = quiet
        self.blocking = blocking
        self.fanOut = fanOut
        self.broadcaster = broadcaster
    }

    func set(_ value: String, for key: String) {
        lock.withLock {
            values[key] = value
            quiet.relay(key, to: self)
            blocking.relay(key, to: self) // expect: recursive_lock
            fanOut.publish(key) // expect: recursive_lock
            broadcaster.publish(key) // expect: recursive_lock
        }
    }

    func changed(_ key: String) {
        lock.withLock { _ = values[key] }
    }
}
