import Foundation

extension Engine {
    var isStarted: Bool {
        lock.lock()
        defer { lock.unlock() }
        return started
    }

    func rewind() {
        lock.lock()
        phase = 0
        lock.unlock()
    }
}
