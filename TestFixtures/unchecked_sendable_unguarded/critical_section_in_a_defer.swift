import Foundation

/// `defer { lock.lock(); x = v; lock.unlock() }`: a critical section of its own, run as the block
/// ends. The write between the two holds the lock; the release is not a deferred release of a
/// lock the block took.
final class Renderer: @unchecked Sendable {
    private let renderLock = NSLock()
    private var isRendering = false
    private let queue = DispatchQueue(label: "render")

    func start() -> Bool {
        renderLock.lock()
        defer { renderLock.unlock() }
        if isRendering { return false }
        isRendering = true
        return true
    }

    func render() {
        queue.async {
            defer {
                self.renderLock.lock()
                self.isRendering = false  // Quiet: between the lock and the unlock in the defer.
                self.renderLock.unlock()
            }
            print("draw")
        }
    }
}

/// The same in a method's own defer, with a recursive lock and the statements on one line.
final class Uploader: @unchecked Sendable {
    private let lock = NSRecursiveLock()
    private var active = 0

    func upload(_ data: [UInt8]) {
        lock.lock()
        active += 1
        lock.unlock()
        defer { lock.lock(); active -= 1; lock.unlock() }  // Quiet: as above.
        print(data.count)
    }

    var busy: Bool {
        lock.lock()
        defer { lock.unlock() }
        return active > 0
    }
}

/// A write in the defer before it takes the lock is not under it.
final class Poller: @unchecked Sendable {
    private let lock = NSLock()
    private var polling = false
    private var polls = 0

    func poll() {
        lock.lock()
        polling = true
        lock.unlock()
        defer {
            polling = false  // expect: unchecked_sendable_unguarded
            lock.lock()
            polls += 1
            lock.unlock()
        }
        print("polling")
    }

    func isPolling() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return polling && polls > 0
    }
}
