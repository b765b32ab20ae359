import Foundation

/// A lock reached through a protocol: its closure method says it locks.
protocol Synchronizing: Sendable {
    func synchronized<T>(_ body: () throws -> T) rethrows -> T
}

final class Store: @unchecked Sendable {
    private let sync: any Synchronizing
    nonisolated(unsafe) var cache: [String: Int] = [:]
    nonisolated(unsafe) var misses = 0 // expect: nonisolated_unsafe

    init(sync: any Synchronizing) { self.sync = sync }

    func put(_ key: String, _ value: Int) {
        sync.synchronized { cache[key] = value }
    }

    func get(_ key: String) -> Int? {
        if let v = cache[key] { return v }
        // Started under the lock, but the task runs later, without it.
        sync.synchronized { Task { self.misses += 1 } }
        return nil
    }
}
