import Foundation

/// The registry's state, reached only under its lock by the members declared here.
final class Registry: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []

    func lockedNames() -> [String] {
        lock.withLock { names }
    }

    func replaceNames(_ new: [String]) {
        lock.withLock { names = new }
    }

    func unlockedCount() -> Int { names.count }
}
