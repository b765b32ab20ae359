import Foundation

/// A wrapper in between: the work comes from a protocol implemented in another file, the blocks
/// are dispatched, and the group's block is passed as `execute:`.
final class Aggregator {
    let feeds: [Feed]
    let queue = DispatchQueue(label: "aggregator")
    init(feeds: [Feed]) { self.feeds = feeds }

    func collect(_ done: @escaping ([String], [String]) -> Void) {
        nonisolated(unsafe) var headlines: [String] = []
        nonisolated(unsafe) var extras: [String] = []
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            headlines = self.feeds.first?.fetch() ?? []
            group.leave()
        }
        group.enter()
        DispatchQueue.global().async {
            defer { group.leave() }
            extras = self.feeds.last?.fetch() ?? []
        }
        group.notify(queue: queue, execute: {
            done(headlines, extras)
        })
    }

    /// Near miss: the count is read before the group's block is handed over.
    func collectCounting(_ done: @escaping ([String]) -> Void) -> Int {
        nonisolated(unsafe) var headlines: [String] = [] // expect: nonisolated_unsafe
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            headlines = self.feeds.first?.fetch() ?? []
            group.leave()
        }
        let early = headlines.count
        group.notify(queue: queue, execute: {
            done(headlines)
        })
        return early
    }

    /// Near miss: the group is never entered, so its block may run at once.
    func collectUnentered(_ done: @escaping ([String]) -> Void) {
        nonisolated(unsafe) var headlines: [String] = [] // expect: nonisolated_unsafe
        let group = DispatchGroup()
        DispatchQueue.global().async {
            headlines = self.feeds.first?.fetch() ?? []
            group.leave()
        }
        group.notify(queue: queue) {
            done(headlines)
        }
    }
}
