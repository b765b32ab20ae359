import Foundation

// A helper its owner makes and keeps: the observer of `upstream` writes the three vars, and the
// only writes of `upstream` are made by the owners' initializers, to the instance each just made
// (Client.swift): construction, before the helper can be reached. Quiet.
final class Relay: NSObject, URLSessionDataDelegate, @unchecked Sendable {
    var upstream: URLSessionDelegate? {
        didSet {
            taskDelegate = upstream as? URLSessionTaskDelegate
            dataDelegate = upstream as? URLSessionDataDelegate
            label = upstream == nil ? "none" : "set"
        }
    }
    private var taskDelegate: URLSessionTaskDelegate?
    private var dataDelegate: URLSessionDataDelegate?
    private var label = ""

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataDelegate?.urlSession?(session, dataTask: dataTask, didReceive: data)
        _ = taskDelegate
        _ = label
    }
}

// Fires: its owner also sets `source` in a method, after the helper is shared, so what the
// observer writes is written while delegate callbacks may read it.
final class LateRelay: NSObject, URLSessionDataDelegate, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var source: URLSessionDelegate? {
        didSet {
            dataDelegate = source as? URLSessionDataDelegate
        }
    }
    private var dataDelegate: URLSessionDataDelegate?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataDelegate?.urlSession?(session, dataTask: dataTask, didReceive: data)
    }
}

// Fires: the owner hands the instance to a function before setting it up, so it may already be
// in use when the write comes.
final class EarlyRelay: NSObject, URLSessionDataDelegate, @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var source: URLSessionDelegate? {
        didSet {
            dataDelegate = source as? URLSessionDataDelegate
        }
    }
    private var dataDelegate: URLSessionDataDelegate?

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        dataDelegate?.urlSession?(session, dataTask: dataTask, didReceive: data)
    }
}
