import Foundation

// A public computed property that wraps a private stored var: the contract its doc comment
// states (set only before start) holds for the var it wraps. A wrapper without one, or a
// property that reaches two vars, says nothing for them.
public final class Client: @unchecked Sendable {
    private let lock = NSLock()
    private let queue = DispatchQueue(label: "client")
    private var _timeout: TimeInterval = 10
    private var _retries = 3
    private var _host = ""
    private var _port = 0
    private var pending: [Int] = []

    /// The timeout for each request. Must only be set before the client is started.
    public var timeout: TimeInterval {
        get { _timeout }
        set { _timeout = newValue }
    }

    /// How many times a request is retried.
    public var retries: Int {
        get { _retries }
        set { _retries = newValue } // expect: unchecked_sendable_unguarded
    }

    /// The address. Set it before start().
    public var address: String {
        get { "\(_host):\(_port)" }
        set {
            _host = newValue // expect: unchecked_sendable_unguarded
            _port = 0 // expect: unchecked_sendable_unguarded
        }
    }

    public func start() {
        queue.async {
            self.lock.lock()
            self.pending.append(Int(self._timeout))
            self.pending.append(self._retries)
            self.pending.append(self._host.count + self._port)
            self.lock.unlock()
        }
    }
}
