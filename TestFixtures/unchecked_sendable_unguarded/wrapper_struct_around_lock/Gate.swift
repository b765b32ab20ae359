import Foundation

/// A struct that runs its closure with a lock it stores.
struct Gate: @unchecked Sendable {
    private let bolt = NSLock()

    func pass<T>(_ body: () throws -> T) rethrows -> T {
        bolt.lock()
        defer { bolt.unlock() }
        return try body()
    }
}
