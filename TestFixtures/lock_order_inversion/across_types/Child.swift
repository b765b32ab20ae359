import Foundation

final class Child: @unchecked Sendable {
    private let lock = NSLock()
    weak var parent: Parent?
    private var rows: [Int] = []

    func refresh() {
        lock.lock() // expect: lock_order_inversion
        defer { lock.unlock() }
        rows.removeAll()
    }

    func reload() {
        lock.withLock {
            rows.append(1)
            parent?.update()
        }
    }
}
