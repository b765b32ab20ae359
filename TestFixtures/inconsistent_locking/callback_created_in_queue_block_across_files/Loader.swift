import Foundation

protocol FeedLoader {
    func load(page: Int, completion: @escaping ([String]) -> Void)
}

final class NetworkFeedLoader: FeedLoader {
    private var pending: [([String]) -> Void] = []

    func load(page: Int, completion: @escaping ([String]) -> Void) {
        pending.append(completion)
    }

    func finish(_ items: [String]) {
        let all = pending
        pending = []
        all.forEach { $0(items) }
    }
}
