import Foundation

// The same, but one call of the private method is made on `self`, off the queue: that call is
// what the finding names.
final class Sockets {
    private let serviceQueue = DispatchQueue(label: "sockets")
    private var pending: [String: Int] = [:]

    private func onQueue(_ work: @escaping (Sockets) -> Void) {
        serviceQueue.async { [weak self] in
            guard let self else { return }
            work(self)
        }
    }

    /// Must run on `serviceQueue`.
    private func request(_ id: String) { perform(id) }

    private func perform(_ id: String) { pending[id] = 1 } // expect: inconsistent_locking

    private func retry(_ id: String) { perform(id) }

    func open(_ id: String) { onQueue { service in service.request(id) } }

    func closed(_ id: String) { retry(id) }

    func count() -> Int { serviceQueue.sync { pending.count } }
}
