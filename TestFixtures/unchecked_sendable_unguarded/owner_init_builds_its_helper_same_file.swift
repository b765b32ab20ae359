import Foundation

protocol Forwarding: AnyObject {
    var target: URLSessionDelegate? { get set }
}

// The owner in the same file, holding the helper through a protocol: the only write of
// `target` is made by the owner's initializer, to the instance it made in its private `let`
// (construction). Quiet.
final class Forwarder: NSObject, URLSessionDataDelegate, Forwarding, @unchecked Sendable {
    var target: URLSessionDelegate? {
        didSet { dataTarget = target as? URLSessionDataDelegate }
    }
    private var dataTarget: URLSessionDataDelegate?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataTarget?.urlSession?(session, dataTask: dataTask, didReceive: data)
    }
}

final class Transport {
    private let forwarder: Forwarding = Forwarder()

    init(target: URLSessionDelegate) {
        self.forwarder.target = target
    }
}

// Fires: the owner's initializer writes the helper from a closure, which may run at any time
// after the helper is shared.
final class LateForwarder: NSObject, URLSessionDataDelegate, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var endpoint: URLSessionDelegate? {
        didSet { dataEndpoint = endpoint as? URLSessionDataDelegate }
    }
    private var dataEndpoint: URLSessionDataDelegate?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataEndpoint?.urlSession?(session, dataTask: dataTask, didReceive: data)
    }
}

final class LateTransport {
    private let lateForwarder = LateForwarder()

    init(target: URLSessionDelegate) {
        DispatchQueue.global().async {
            self.lateForwarder.endpoint = target
        }
    }
}
