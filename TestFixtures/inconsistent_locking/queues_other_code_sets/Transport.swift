import Foundation

protocol Connection: AnyObject {
    var queue: DispatchQueue { get set }
    func write(_ data: Data)
    func close()
}

// The transport decides which queue its connection is called on: it sets the connection's
// queue to its own, then calls it only from blocks on that queue.
final class Transport {
    private let internalQueue = DispatchQueue(label: "transport")
    private var connection: Connection?

    func attach(_ c: Connection) {
        c.queue = internalQueue
        internalQueue.async { self.connection = c }
    }

    func send(_ data: Data) {
        internalQueue.async { self.connection?.write(data) }
    }

    func stop() {
        internalQueue.async { self.connection?.close() }
    }
}
