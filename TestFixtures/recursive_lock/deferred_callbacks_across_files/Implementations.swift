import Foundation

final class BackgroundUploader: Uploader {
    private let work = DispatchQueue(label: "uploads")
    private var pending: [Int] = []

    func start(_ id: Int, handler: UploadHandler) {
        pending.append(id)
        work.async {
            handler.uploadFinished(id)
        }
    }

    func cancelAll() {
        pending.removeAll()
    }
}

struct DeferredUploader: Uploader {
    let delay: Double
    func start(_ id: Int, handler: UploadHandler) {
        DispatchQueue.global().asyncAfter(deadline: .now() + delay) { handler.uploadFinished(id) }
    }
    func cancelAll() {}
}

final class LoudAnnouncer: Announcer {
    private var last = 0
    func announce(_ id: Int, handler: UploadHandler) {
        last = id
        deliver(id, to: handler)
    }
    private func deliver(_ id: Int, to handler: UploadHandler) {
        handler.uploadFinished(id)
    }
}

struct PoliteAnnouncer: Announcer {
    func announce(_ id: Int, handler: UploadHandler) {
        DispatchQueue.main.async { handler.uploadFinished(id) }
    }
}
