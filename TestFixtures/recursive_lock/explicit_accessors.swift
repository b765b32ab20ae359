import Foundation

// A property whose getter and setter each take the lock, read or changed while it is held.
final class Meter: @unchecked Sendable {
    private let lock = NSLock()
    private var _count = 0

    var count: Int {
        get { lock.withLock { _count } }
        set { lock.withLock { _count = newValue } }
    }

    func bump() {
        lock.withLock { count += 1 } // expect: recursive_lock
    }

    func report() -> String {
        lock.withLock { "\(count)" } // expect: recursive_lock
    }

    // The stored value itself under the lock: quiet.
    func reset() {
        lock.withLock { _count = 0 }
    }
}
