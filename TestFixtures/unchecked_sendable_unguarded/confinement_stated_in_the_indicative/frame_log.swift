import Foundation

let renderQueue = DispatchQueue(label: "render")
let statsLock = NSLock()

/// All reads and writes run on the renderQueue.
final class FrameLog: @unchecked Sendable {
    var frames: [Double] = []
}

/// Its counters only ever run under statsLock.
final class FrameStats: @unchecked Sendable {
    var dropped = 0
}

/// All reads and writes run on the uploadQueue.
final class UploadLog: @unchecked Sendable { // expect: unchecked_sendable_unguarded
    var uploads: [String] = []
}

/// Its handlers run on the renderQueue; it guards its own state with its lock, and that use is
/// judged like any other.
final class FrameSink: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [Double] = []

    func add(_ frame: Double) {
        lock.lock()
        pending.append(frame)
        lock.unlock()
    }

    func count() -> Int {
        lock.lock()
        defer { lock.unlock() }
        return pending.count
    }

    func drop() {
        pending.removeAll() // expect: unchecked_sendable_unguarded
    }
}
