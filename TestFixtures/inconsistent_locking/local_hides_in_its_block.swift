import Foundation

// A local named like a stored property hides it only inside its own block.
final class UploadQueue {
    private let queue = DispatchQueue(label: "uploads")
    private var pending: [String] = []

    func enqueue(_ name: String) {
        queue.async {
            self.pending.append(name)
        }
    }

    // The local in the closure's `if` is gone after the closure; the count reads the property.
    func pendingCount() -> Int {
        queue.sync {
            if pending.isEmpty {
                let pending = ["placeholder"]
                print(pending)
            }
        }
        return pending.count // expect: inconsistent_locking
    }

    // Quiet: the value is copied out on the queue and the local read afterwards.
    func snapshot() -> [String] {
        let pending = queue.sync { self.pending }
        return pending
    }
}
