import Foundation

/// A lock type of the project: `mutate` runs its closure with the lock held, `later` does not.
final class Protected: @unchecked Sendable {
    private let lock = NSLock()

    func mutate(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body()
    }

    func later(_ body: @escaping @Sendable () -> Void) {
        DispatchQueue.global().async(execute: body)
    }
}
