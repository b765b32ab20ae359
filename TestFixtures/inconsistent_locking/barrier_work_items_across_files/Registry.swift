import Foundation

// The readers and the queue; the writers are in an extension in Registry+Writes.swift.
final class Registry {
    let queue = DispatchQueue(label: "registry", attributes: .concurrent)
    var entries: [String: Int] = [:]
    var retired: Set<String> = []
    var generation = 0

    func entry(_ id: String) -> Int? {
        queue.sync { entries[id] }
    }

    func isRetired(_ id: String) -> Bool {
        queue.sync { retired.contains(id) }
    }

    var currentGeneration: Int {
        queue.sync { generation }
    }

    func register(_ id: String, _ value: Int) {
        queue.async(flags: .barrier) {
            self.entries[id] = value
            self.generation += 1
        }
    }
}
