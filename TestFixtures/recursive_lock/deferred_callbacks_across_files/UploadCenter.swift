import Foundation

final class UploadCenter: UploadHandler {
    private let lock = NSLock()
    private let uploader: Uploader
    private let announcer: Announcer
    private var inFlight: Set<Int> = []

    init(uploader: Uploader, announcer: Announcer) {
        self.uploader = uploader
        self.announcer = announcer
    }

    func upload(_ id: Int) {
        lock.lock()
        defer { lock.unlock() }
        guard inFlight.insert(id).inserted else { return }
        uploader.start(id, handler: self)
        announcer.announce(id, handler: self) // expect: recursive_lock
    }

    func cancel() {
        lock.withLock {
            inFlight.removeAll()
            uploader.cancelAll()
        }
    }

    func uploadFinished(_ id: Int) {
        lock.withLock { _ = inFlight.remove(id) }
    }
}
