import Foundation

/// Code asserted to run on a queue through a queue-specific key, and closures handed over with
/// the queue they run on (`then(on:)`, `notify(queue:)`, `response(queue:)`).
public final class Manager {
    private let dataQueue = DispatchQueue(label: "data")
    private let key = DispatchSpecificKey<Bool>()
    private var sessions: Set<String> = []
    private var pending = 0

    init() {
        dataQueue.setSpecific(key: key, value: true)
    }

    private func session(_ id: String) -> String? {
        assert(DispatchQueue.getSpecific(key: key) == true)
        return sessions.first { $0 == id }
    }

    func send(_ id: String, group: DispatchGroup, promise: Promise) {
        group.notify(queue: dataQueue) { self.sessions.insert(id) }
        promise.then(on: dataQueue) { _ in self.pending += 1 }
        promise.done(on: .main) { _ in print("sent") }
    }

    public func reset() { pending = 0 } // expect: inconsistent_locking
}
