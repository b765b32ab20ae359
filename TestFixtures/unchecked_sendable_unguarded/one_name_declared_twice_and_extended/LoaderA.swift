import Foundation

// A class declared with one lock around its state.
final class Loader: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0

    func add() {
        lock.lock()
        pending += 1
        lock.unlock()
    }
}
