import Foundation

// A private method called only through the instance a helper hands to its closure
// (`onQueue { service in service.retry(id) }`): the tool does not resolve that call, so it
// cannot tell what its caller holds, and says nothing of what it reaches.
final class Tunnels {
    private let serviceQueue = DispatchQueue(label: "tunnels")
    private var pending: [String: Int] = [:]

    private func onQueue(_ work: @escaping (Tunnels) -> Void) {
        serviceQueue.async { [weak self] in
            guard let self else { return }
            work(self)
        }
    }

    /// Must run on `serviceQueue`.
    private func request(_ id: String) { perform(id) }

    private func perform(_ id: String) { pending[id] = 1 }

    private func retry(_ id: String) { perform(id) }

    func open(_ id: String) { onQueue { service in service.request(id) } }

    func closed(_ id: String) { onQueue { service in service.retry(id) } }

    func count() -> Int { serviceQueue.sync { pending.count } }
}
