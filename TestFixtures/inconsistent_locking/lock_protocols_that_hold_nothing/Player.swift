import Foundation

final class Player {
    private let pause: Pausing
    private let mutex = NSLock()
    private var position = 0.0
    private var rate = 1.0

    init(pause: Pausing) { self.pause = pause }

    // Quiet: `pause` holds nothing once `lock()` returns.
    func hold() {
        pause.lock()
        position = 0
    }

    func resume() {
        position += 1
        pause.unlock()
    }

    func seek(_ p: Double) {
        pause.lock()
        defer { pause.unlock() }
        position = p
    }

    // `mutex` is a lock: `rate` is guarded by it.
    func setRate(_ r: Double) {
        mutex.lock()
        rate = r
        mutex.unlock()
    }

    func halve() {
        mutex.lock()
        defer { mutex.unlock() }
        rate /= 2
    }

    // Fires: outside `mutex`.
    func currentRate() -> Double {
        rate // expect: inconsistent_locking
    }
}
