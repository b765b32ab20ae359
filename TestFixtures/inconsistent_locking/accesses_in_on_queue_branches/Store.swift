import Foundation

// Another shape: a static key compared with `!= nil`, on a serial queue, the branch calling
// a private helper that its other caller runs in a block on that queue.
final class Store {
    private static let onQueueKey = DispatchSpecificKey<Void>()
    private let queue = DispatchQueue(label: "store")
    private var entries: [String: Data] = [:]

    init() {
        queue.setSpecific(key: Store.onQueueKey, value: ())
    }

    func save(_ data: Data, as name: String) {
        if DispatchQueue.getSpecific(key: Store.onQueueKey) != nil {
            write(data, name)
        } else {
            queue.async { self.write(data, name) }
        }
    }

    private func write(_ data: Data, _ name: String) {
        entries[name] = data
    }

    func load(_ name: String) -> Data? { queue.sync { entries[name] } }

    // Fires: the condition tests something else besides the key.
    func evict(_ name: String, force: Bool) {
        if DispatchQueue.getSpecific(key: Store.onQueueKey) != nil || force {
            entries[name] = nil // expect: inconsistent_locking
        }
    }
}
