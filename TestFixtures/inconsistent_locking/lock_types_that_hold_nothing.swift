import Foundation

// A type whose `lock()` takes its inner lock and gives it back before it returns counts work
// in flight: a caller of `lock()` holds nothing, so it guards no state of the class that keeps it.
final class Channel {
    final class Lock {
        private var count = 0
        private var closing = false
        private let inner = NSLock()

        @discardableResult
        func lock() -> Bool {
            inner.lock()
            if closing {
                inner.unlock()
                return false
            }
            count += 1
            inner.unlock()
            return true
        }

        func unlock() {
            inner.lock()
            count -= 1
            inner.unlock()
        }
    }

    private let lock = Lock()
    private var native: Int? = nil
    private var onConnect: (() -> Void)?

    // Quiet: `lock` is a counter, not a guard of `native` or `onConnect`.
    func connect() {
        lock.lock()
        native = 1
        onConnect = {}
    }

    func send() {
        guard lock.lock() else { return }
        defer { lock.unlock() }
        _ = native
        onConnect?()
    }

    func finish() {
        native = nil
        lock.unlock()
    }

    func state() -> Int? {
        native
    }
}

// A type whose `lock()` returns with its inner lock held is a lock: the class's accesses are
// judged by it.
final class Stream {
    final class Exclusive {
        private let inner = NSLock()
        func lock() { inner.lock() }
        func unlock() { inner.unlock() }
    }

    private let lock = Exclusive()
    private var buffer: [UInt8] = []

    func append(_ b: UInt8) {
        lock.lock()
        defer { lock.unlock() }
        buffer.append(b)
    }

    func drain() -> [UInt8] {
        lock.lock()
        defer { lock.unlock() }
        let out = buffer
        buffer = []
        return out
    }

    // Fires: read outside the lock the other accesses hold.
    var count: Int {
        buffer.count // expect: inconsistent_locking
    }
}
