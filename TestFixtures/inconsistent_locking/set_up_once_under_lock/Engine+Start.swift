import Foundation

extension Engine {
    func start() {
        stateLock.lock()
        defer { stateLock.unlock() }
        guard !started else { return }
        workers = [1, 2, 3]
        label = "engine"
        started = true
    }
}
