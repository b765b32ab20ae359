import Foundation

/// Quiet: `dispose(unlocking:)` runs with the caller's `stateLock` held (it asserts so with
/// `assert(!stateLock.try())`, which takes nothing on the path that goes on) and releases it; its
/// only call is in a closure run on the spot, under the lock.
final class DisposableCore {
    private let stateLock: StateLock = StateLock.make()
    private var observers: [Int] = []
    private var disposed = false

    func add(_ id: Int) {
        stateLock.lock()
        observers.append(id)
        stateLock.unlock()
    }

    func remove(_ id: Int) {
        stateLock.lock()
        if let index = observers.firstIndex(of: id) {
            let removed = observers.remove(at: index)
            withExtendedLifetime(removed) {
                dispose(unlocking: stateLock)
            }
        } else {
            stateLock.unlock()
        }
    }

    private func dispose(unlocking stateLock: StateLock) {
        assert(!stateLock.try(), "the caller holds stateLock")
        if observers.isEmpty {
            disposed = true
        }
        stateLock.unlock()
    }
}
