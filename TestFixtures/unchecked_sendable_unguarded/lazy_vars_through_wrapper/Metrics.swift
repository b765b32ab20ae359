import Foundation

// The class's guard is its own wrapper method that runs a closure under the lock.
final class Metrics: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]
    private lazy var encoder = JSONEncoder()
    private lazy var decoder = JSONDecoder()

    private func withStateLock<T>(_ body: () throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }

    func record(_ name: String) { withStateLock { counts[name, default: 0] += 1 } }

    // Read through the wrapper: quiet.
    func export() throws -> Data {
        try withStateLock { try encoder.encode(counts) }
    }

    // A private helper every caller runs under the wrapper: quiet.
    private func decodeLocked(_ data: Data) throws -> [String: Int] {
        try decoder.decode([String: Int].self, from: data)
    }

    func load(_ data: Data) throws {
        try withStateLock { counts = try decodeLocked(data) }
    }

    // Read outside the wrapper: the first read may race another.
    func preview() throws -> Data {
        try encoder.encode(["preview": 1]) // expect: unchecked_sendable_unguarded
    }
}
