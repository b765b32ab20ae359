import Foundation

final class Hub {
    func register(_ o: AnyObject) {}
}

// A helper that only the initializer calls runs while the instance is being built, unless the
// initializer has already handed `self` on: then another thread may reach the instance.
final class Meter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    init(hub: Hub, start: Int) {
        reset(start)
        hub.register(self)
    }

    private func reset(_ start: Int) {
        count = start
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

final class SharedMeter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    init(hub: Hub, start: Int) {
        hub.register(self)
        reset(start)
    }

    private func reset(_ start: Int) {
        count = start // expect: unchecked_sendable_unguarded
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}
