import Foundation

func register(_ delegate: URLSessionDelegate) {}

// Writes through the initializer to the helper it made and keeps in a private `let`; the
// helper goes to the session's initializer first, an object built alongside, with no task yet.
actor Client {
    private let relay = Relay()
    private let session: URLSession

    init(delegate: URLSessionDelegate?) {
        self.session = URLSession(configuration: .default, delegate: relay, delegateQueue: nil)
        self.relay.upstream = delegate
    }
}

// Another spelling: the `let` is assigned in init, and written without `self.`.
final class Mirror {
    private let relay: Relay
    private let late = LateRelay()

    init(delegate: URLSessionDelegate) {
        relay = Relay()
        relay.upstream = delegate
        late.source = delegate
    }

    func retarget(_ d: URLSessionDelegate) {
        late.source = d
    }
}

// The instance escapes (a function gets it) before the write.
final class Leaky {
    private let relay = EarlyRelay()

    init(delegate: URLSessionDelegate) {
        register(relay)
        relay.source = delegate
    }
}
