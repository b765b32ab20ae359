import Foundation
import Network

// The listener is a property other files can reach: an extension elsewhere may give it callbacks
// (as `Relay+Handlers.swift` does), so not every callback is in sight. Reported.
final class Relay {
    let queue = DispatchQueue(label: "relay")
    var listener: NWListener?
    var forwarded = 0

    func open() throws {
        listener = try NWListener(using: .tcp)
        listener?.start(queue: queue)
    }

    var count: Int { queue.sync { forwarded } } // expect: queue_sync_reentrancy
}

// A private listener: every callback is in this file, and none reaches the sync. Quiet.
final class Beacon {
    private let queue = DispatchQueue(label: "beacon")
    private var listener: NWListener?
    private var pings = 0

    func listen() throws {
        listener = try NWListener(using: .udp)
        listener?.newConnectionHandler = { [weak self] connection in
            self?.pings += 1
            connection.cancel()
        }
        listener?.start(queue: queue)
    }

    var count: Int { queue.sync { pings } }
}
