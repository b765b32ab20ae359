import Foundation

// Another spelling: the main queue against a worker queue; the worker's write is the odd one.
final class Feed {
    private let worker = DispatchQueue(label: "feed.worker")
    private var headline = ""

    func show(_ text: String) {
        DispatchQueue.main.async {
            self.headline = text
        }
    }

    func clear() {
        DispatchQueue.main.async {
            self.headline = ""
        }
    }

    func refresh(_ text: String) {
        worker.async {
            self.headline = text // expect: inconsistent_locking
        }
    }
}
