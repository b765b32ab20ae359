import Foundation
import Network

// The object a queue is handed to can reach the hand-out through another local: made in one
// local, kept in a property, copied to a second local that is started after a sync block. Its
// callbacks are still all in sight; when none reaches a sync, nothing can deadlock.
final class LinkWatcher {
    private let queue = DispatchQueue(label: "link.watcher")
    private var monitor: AnyObject?
    private var started = false
    private var online = true

    var isOnline: Bool {
        get { queue.sync { online } }
        set { queue.sync { online = newValue } }
    }

    func startIfNeeded() {
        var toStart: NWPathMonitor?
        queue.sync {
            guard !started else { return }
            started = true
            let fresh = NWPathMonitor()
            monitor = fresh
            fresh.pathUpdateHandler = { [weak self] path in
                self?.online = path.status == .satisfied
            }
            toStart = fresh
        }
        toStart?.start(queue: queue)
    }
}

// Near miss: the same chain of locals, but the handler reads the state through the accessor
// that waits on the queue it already runs on.
final class LinkProbe {
    private let queue = DispatchQueue(label: "link.probe")
    private var online = true

    var isOnline: Bool { queue.sync { online } } // expect: queue_sync_reentrancy

    func begin() {
        var pending: NWPathMonitor?
        let made = NWPathMonitor()
        made.pathUpdateHandler = { [weak self] _ in
            if self?.isOnline == false { print("offline") }
        }
        pending = made
        pending?.start(queue: queue)
    }
}

// Near miss: the second local is assigned something the tool cannot follow (a function's
// result), so the object's callbacks are not all in sight.
final class LinkRelay {
    private let queue = DispatchQueue(label: "link.relay")
    private var hops = 0

    var count: Int { queue.sync { hops } } // expect: queue_sync_reentrancy

    func begin(_ make: () -> NWPathMonitor) {
        var chosen: NWPathMonitor?
        chosen = make()
        chosen?.start(queue: queue)
    }
}
