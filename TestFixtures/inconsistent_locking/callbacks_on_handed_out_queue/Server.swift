import Foundation
import Network

/// Shape 3: a listener whose new connections are started on the same queue through a private
/// helper: the helper runs on the queue because the callback calls it, and the connections'
/// handlers set there run on it too.
public final class Server {
    private let serverQueue = DispatchQueue(label: "server")
    private var listener: NWListener?
    private var connections: [ObjectIdentifier: NWConnection] = [:]
    private var failures = 0

    public func listen() throws {
        let l = try NWListener(using: .tcp)
        l.newConnectionHandler = { [weak self] conn in
            self?.accept(conn)
        }
        l.start(queue: serverQueue)
        listener = l
    }

    private func accept(_ connection: NWConnection) {
        connections[ObjectIdentifier(connection)] = connection
        connection.stateUpdateHandler = { [weak self] state in
            guard let self else { return }
            if case .failed = state {
                self.failures += 1
                self.connections[ObjectIdentifier(connection)] = nil
            }
        }
        connection.start(queue: serverQueue)
    }

    public var connectionCount: Int { connections.count } // expect: inconsistent_locking

    public func clearFailures() { failures = 0 } // expect: inconsistent_locking

    // Quiet: the same queue.
    public func closeAll() { serverQueue.async { self.connections.removeAll() } }
}

/// Quiet: the queue goes to a connection that code outside the class can reach (an internal
/// property): other code may give it handlers that run there, so the tool cannot tell what runs
/// on the queue and says nothing about the handlers' state.
public final class OpenLink {
    private let queue = DispatchQueue(label: "open")
    let connection: NWConnection
    private var ready = false

    init(connection: NWConnection) {
        self.connection = connection
    }

    func open() {
        connection.stateUpdateHandler = { state in
            self.ready = state == .ready
        }
        connection.start(queue: queue)
    }

    public func isReady() -> Bool { ready }
}

/// Quiet: the class hands itself over with the queue (a delegate): which of its methods run there
/// the tool cannot list, so neither the closures nor the methods count as on the queue.
public final class Watcher: NSObject, URLSessionDataDelegate {
    private let queue = DispatchQueue(label: "watch")
    private lazy var operations: OperationQueue = {
        let o = OperationQueue()
        o.underlyingQueue = queue
        return o
    }()
    private var bytes = 0

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        bytes += data.count
    }

    public func total() -> Int { bytes }
}
