import Foundation
import Network

// A function checks the property before it makes a local of the same name and keeps the local
// in that property: the name before the local's declaration is the property, not the local.
// Every callback of the object the queue is handed to is in sight, and none reaches a sync.
final class FrameServer {
    private let queue = DispatchQueue(label: "frame.server")
    private var listener: NWListener?
    private var clients: [ObjectIdentifier: NWConnection] = [:]

    var clientCount: Int { queue.sync { clients.count } }

    func begin() throws {
        guard listener == nil else { return }
        let listener = try NWListener(using: .tcp, on: 8090)
        listener.newConnectionHandler = { [weak self] connection in
            self?.queue.async { self?.accept(connection) }
        }
        listener.start(queue: queue)
        self.listener = listener
    }

    private func accept(_ connection: NWConnection) {
        connection.stateUpdateHandler = { [weak self] state in
            if case .cancelled = state { self?.queue.async { self?.clients[ObjectIdentifier(connection)] = nil } }
        }
        connection.start(queue: queue)
        clients[ObjectIdentifier(connection)] = connection
    }
}

// Near miss: the same shape, but a connection's callback reads the count through the accessor
// that waits on the queue it already runs on.
final class FrameRelay {
    private let queue = DispatchQueue(label: "frame.relay")
    private var acceptor: NWListener?
    private var clients: [ObjectIdentifier: NWConnection] = [:]

    var clientCount: Int { queue.sync { clients.count } } // expect: queue_sync_reentrancy

    func begin() throws {
        guard acceptor == nil else { return }
        let acceptor = try NWListener(using: .tcp, on: 8091)
        acceptor.newConnectionHandler = { [weak self] link in
            self?.queue.async { self?.admit(link) }
        }
        acceptor.start(queue: queue)
        self.acceptor = acceptor
    }

    private func admit(_ link: NWConnection) {
        link.stateUpdateHandler = { [weak self] _ in
            if self?.clientCount == 0 { print("first") }
        }
        link.start(queue: queue)
    }
}

// A timer made after a check of the property it is kept in; its handler does not wait.
final class Ticker {
    private let queue = DispatchQueue(label: "ticker")
    private var timer: DispatchSourceTimer?
    private var ticks = 0

    var count: Int { queue.sync { ticks } }

    func begin() {
        if timer != nil { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.ticks += 1 }
        timer.schedule(deadline: .now(), repeating: 1)
        timer.resume()
        self.timer = timer
    }
}

// Near miss: the local is kept in a property other files can reach, where more callbacks may
// be set: the tool cannot see them all.
final class OpenTicker {
    private let queue = DispatchQueue(label: "open.ticker")
    var timer: DispatchSourceTimer?
    private var ticks = 0

    var count: Int { queue.sync { ticks } } // expect: queue_sync_reentrancy

    func begin() {
        if timer != nil { return }
        let timer = DispatchSource.makeTimerSource(queue: queue)
        timer.setEventHandler { [weak self] in self?.ticks += 1 }
        timer.resume()
        self.timer = timer
    }
}
