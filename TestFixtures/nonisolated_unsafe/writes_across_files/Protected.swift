import Foundation

final class Protected: @unchecked Sendable {
    private let lock = NSLock()
    func mutate(_ body: () -> Void) {
        lock.lock()
        defer { lock.unlock() }
        body()
    }
}
