import Foundation

final class Ledger: @unchecked Sendable {
    private let lock = NSLock()
    var balance = 0

    func deposit(_ n: Int) {
        lock.withLock { balance += n }
    }

    func withBalance<T>(_ body: (inout Int) -> T) -> T {
        lock.withLock { body(&balance) }
    }
}
