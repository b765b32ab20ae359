import Foundation

protocol Sink: AnyObject {
    func write(_ s: String)
}

// A sink set up by its creator before it is handed to the holder: the holder reaches it only
// through the protocol, and never calls `attach` again.
final class FileSink: Sink, @unchecked Sendable {
    var prefix = ""

    func attach(prefix: String) {
        self.prefix = prefix
    }

    func write(_ s: String) { print(prefix + s) }
}

// The same, except a holder keeps the concrete type and re-attaches it later: reported.
final class NetSink: Sink, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var host = ""

    func attach(host: String) {
        self.host = host
    }

    func write(_ s: String) { print(host + s) }
}
