import Foundation

/// A connection manager.
///
/// **NOTE**: The manager is not thread/queue safe, all interaction with the manager should be
/// done on the `handleQueue`.
final class ConnectionManager {
    let handleQueue: DispatchQueue
    private var status = 0

    init(handleQueue: DispatchQueue) { self.handleQueue = handleQueue }

    // The queue hop exists for callbacks from other threads; the public entry points are on
    // handleQueue by the documented contract.
    func engineDidOpen() {
        handleQueue.async { self.status = 1 }
    }

    func connect() {
        guard status == 0 else { return }
        status = 2
    }
}

/// Renders thumbnails. Must only be called from the main thread; the render queue does the
/// drawing.
final class ThumbnailRenderer {
    private let renderQueue = DispatchQueue(label: "render")
    private var pending: [String] = []

    // The doc confines callers to the main thread, but the class itself hands `pending` to its
    // render queue: that is a race the comment does not cover.
    func enqueue(_ name: String) {
        pending.append(name) // expect: inconsistent_locking
        renderQueue.async { self.drain() }
    }

    private func drain() {
        pending.removeAll()
    }
}

extension ThumbnailRenderer {
    func cancelAll() {
        pending.removeAll() // expect: inconsistent_locking
    }
}

/// A parser's scratch state. Not thread- or queue-safe: each parse keeps its instance on one
/// queue.
final class ScratchBuffer {
    private let statsLock = NSLock()
    private var bytes: [UInt8] = []
    private var parsed = 0

    func append(_ b: UInt8) {
        bytes.append(b)
        statsLock.withLock { parsed += 1 }
    }

    func reset() {
        bytes.removeAll()
        parsed = 0
    }
}

/// Downloads files. Safe to use from any thread.
final class Downloader {
    private let lock = NSLock()
    private var tasks: [String: Int] = [:]

    func start(_ name: String) {
        lock.lock()
        tasks[name] = 1
        lock.unlock()
    }

    func cancel(_ name: String) {
        tasks[name] = nil // expect: inconsistent_locking
    }
}
