import Foundation
import Network

// A queue handed to an API whose callbacks are all in sight: the sync deadlocks only when one of
// them reaches it. Here the listener's and the connections' handlers never do: quiet.
final class EchoServer {
    private let queue = DispatchQueue(label: "echo.server")
    private var listener: NWListener?
    private var connections = 0

    func listen() throws {
        let l = try NWListener(using: .tcp)
        l.newConnectionHandler = { [weak self] connection in self?.accept(connection) }
        l.stateUpdateHandler = { state in print(state) }
        l.start(queue: queue)
        listener = l
    }

    private func accept(_ connection: NWConnection) {
        connections += 1
        connection.stateUpdateHandler = { [weak self] state in
            if case .cancelled = state { self?.closed() }
        }
        connection.start(queue: self.queue)
    }

    private func closed() { connections -= 1 }

    var connectionCount: Int { queue.sync { connections } }
}

// The connection's handler reaches the sync through a method: reported.
final class MetricsServer {
    private let queue = DispatchQueue(label: "metrics.server")
    private var served = 0

    func serve(_ connection: NWConnection) {
        connection.receive(minimumIncompleteLength: 1, maximumLength: 1024) { [weak self] _, _, _, _ in
            self?.record()
        }
        connection.start(queue: queue)
    }

    private func record() {
        served += 1
        if total > 1_000 { print("busy") }
    }

    var total: Int { queue.sync { served } } // expect: queue_sync_reentrancy
}

// `self` is handed over as a delegate: its methods are callbacks the tool cannot list. Reported.
final class Browser: NSObject, NetServiceBrowserDelegate {
    private let queue = DispatchQueue(label: "browser")
    private var found = 0

    func browse() {
        let session = Session(delegate: self, callbackQueue: queue)
        session.resume()
    }

    var count: Int { queue.sync { found } } // expect: queue_sync_reentrancy
}
