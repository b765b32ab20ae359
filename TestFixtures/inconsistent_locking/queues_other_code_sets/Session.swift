import Foundation

// A third shape: a plain class (no protocol) whose owner hands it its queue through a property
// of another name, then calls it only there. Still a queue other code sets: quiet.
final class Session {
    var callbackQueue = DispatchQueue(label: "session")
    private var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }

    func flush() -> [String] { callbackQueue.sync { events } }
    func later(_ e: String) { callbackQueue.async { self.events.append(e) } }
}

final class SessionOwner {
    private let queue = DispatchQueue(label: "owner")
    private let session = Session()

    init() { session.callbackQueue = queue }

    func handle(_ e: String) { queue.async { self.session.record(e) } }
}
