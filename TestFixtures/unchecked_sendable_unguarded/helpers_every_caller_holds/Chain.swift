import Foundation

// A third shape: the helpers are reached through a protocol requirement's implementation, each
// called only from another one that runs with the lock held.
protocol Measuring {
    func measure() -> Int
}

final class Meter: Measuring, @unchecked Sendable {
    private let lock = NSLock()
    private var reading = 0
    private var scale = 1

    func measure() -> Int {
        lock.withLock { _first_pass() }
    }

    func update(_ n: Int) {
        lock.withLock { reading = n; scale = n + 1 }
    }

    private func _first_pass() -> Int {
        _second_pass + reading
    }

    private var _second_pass: Int {
        scale * 2
    }
}
