import Foundation

// An observer runs only when its var is set. Nothing in the run sets `configuration` after
// init, so what its didSet writes is written only while the downloader is built: quiet.
final class Downloader: @unchecked Sendable {
    private let lock = NSLock()
    private var tasks: [Int: String] = [:]
    private var session: URLSession

    var configuration = URLSessionConfiguration.ephemeral {
        didSet {
            session.invalidateAndCancel()
            session = URLSession(configuration: configuration)
        }
    }

    // Set from another file through a reference (Downloader+Setup.swift): its observer runs
    // then, and writes `retries` without the lock.
    var policy = "default" {
        willSet { retries = 0 } // expect: unchecked_sendable_unguarded
    }
    private var retries = 0

    init() {
        session = URLSession(configuration: configuration)
    }

    func start(_ id: Int, _ url: String) {
        lock.withLock { tasks[id] = url }
        _ = session
        lock.withLock { retries += 1 }
    }
}

// The class sets its own observed var in a method: its observer runs then.
final class Uploader: @unchecked Sendable {
    private let lock = NSLock()
    private var pending = 0
    var limit = 4 {
        didSet { pending = 0 } // expect: unchecked_sendable_unguarded
    }

    func enqueue() { lock.withLock { pending += 1 } }
    func reset() { limit = 8 } // expect: unchecked_sendable_unguarded
}
