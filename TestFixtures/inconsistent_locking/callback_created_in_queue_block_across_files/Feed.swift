import Foundation

/// Quiet: the writes made "on `queue`" are in closures handed to the loader, a protocol whose
/// implementation (in another file) keeps them for later; the loader calls them where it
/// likes.
final class Feed {
    private let queue = DispatchQueue(label: "feed")
    private let loader: FeedLoader
    private var loading = false

    init(loader: FeedLoader) {
        self.loader = loader
    }

    func start() {
        guard !loading else { return }
        loading = true
        queue.async {
            self.loader.load(page: 1) { _ in
                self.loading = false
            }
        }
    }

    func stop() {
        loading = false
    }
}

/// Fires: the block's own write and the one in its `map` run on `queue`; `clear()` does not.
final class FeedCache {
    private let queue = DispatchQueue(label: "feed-cache")
    private let loader: FeedLoader
    private var pages: [Int] = []

    init(loader: FeedLoader) {
        self.loader = loader
    }

    func add(_ n: Int) {
        queue.async {
            self.pages = [n].map { p in self.pages.count + p }
            self.loader.load(page: n) { items in
                self.pages.append(items.count)
            }
        }
    }

    func clear() {
        pages = [] // expect: inconsistent_locking
    }
}
