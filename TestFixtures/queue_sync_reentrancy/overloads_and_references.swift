import Foundation

// Overloads are told apart by their argument labels, and a method named as a value
// (`handleDownloadEvent(event:)`) is not called where it is named.

final class OperationTaskMapper {
    private let queue = DispatchQueue(label: "mapper")
    private var operations: [String: Int] = [:]
    private var tasks: [Int: String] = [:]

    func removePair(for operation: String) {
        queue.sync {
            guard let taskId = operations[operation] else { return }
            removePair(operationId: operation, taskId: taskId)
        }
    }

    private func removePair(operationId: String, taskId: Int) {
        operations[operationId] = nil
        tasks[taskId] = nil
    }
}

final class TransferDatabase {
    private let queue = DispatchQueue(label: "db")
    private var handlers: [String: (String) -> Void] = [:]

    func register(_ id: String) {
        queue.sync {
            handlers[id] = handleDownloadEvent(event:)
        }
    }

    func handleDownloadEvent(event: String) {
        queue.sync { print(event) }
    }
}

// The public overload called from the queue's own block does deadlock.
final class Registry {
    private let queue = DispatchQueue(label: "registry")
    private var names: [String: Int] = [:]

    func remove(named name: String) {
        queue.sync { // expect: queue_sync_reentrancy
            names[name] = nil
        }
    }

    private func remove(at index: Int, named name: String) {
        names[name] = index
    }

    func removeAll(_ list: [String]) {
        queue.sync {
            for n in list { remove(named: n) }
        }
    }

    // The private overload from the block: no sync there.
    func reindex(_ list: [String]) {
        queue.sync {
            for (i, n) in list.enumerated() { remove(at: i, named: n) }
        }
    }
}
