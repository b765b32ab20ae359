import Foundation

// Setting a member through a variable whose protocol only classes implement changes the
// instance, not the variable: the variable itself is only read there.

protocol Reporting {
    var isOnline: Bool { get set }
    func flush()
}

final class NetworkReporter: Reporting {
    var isOnline = false
    func flush() {}
}

final class SilentReporter: Reporting {
    var isOnline = true
    func flush() {}
}

// Quiet: `reporter` is assigned in init only; its member is set on the queue and off it.
final class Client {
    private let queue = DispatchQueue(label: "client")
    private var reporter: Reporting
    private var online = false

    init(reporter: Reporting) { self.reporter = reporter }

    func setOnline(_ value: Bool) {
        queue.async {
            self.online = value
            self.reporter.isOnline = value
        }
    }

    func pause() {
        reporter.isOnline = false
        reporter.flush()
    }
}

// Near miss: a struct implements the protocol too, so setting a member may write the variable.
protocol Tracking {
    var enabled: Bool { get set }
}

struct LocalTracker: Tracking {
    var enabled = false
}

final class TrackedClient {
    private let queue = DispatchQueue(label: "tracked")
    private var tracker: Tracking

    init(tracker: Tracking) { self.tracker = tracker }

    func enable() {
        queue.async { self.tracker.enabled = true }
    }

    func disable() {
        queue.async { self.tracker.enabled = false }
    }

    func reset() {
        tracker.enabled = false // expect: inconsistent_locking
    }
}
