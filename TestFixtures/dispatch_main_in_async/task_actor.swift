import Combine
import Foundation

// A `Task { }` runs on the actor it inherits from the code that starts it, through closures that
// pass their isolation on: judged by that actor, it is main-actor code.
final class SearchModel {
    private var subscriptions = Set<AnyCancellable>()
    private var results: [String] = []

    @MainActor
    init(queries: AnyPublisher<String, Never>) {
        queries.sink { query in
            Task {
                let found = await self.search(query)
                DispatchQueue.main.async { self.results = found } // quiet: on the main actor the hop only defers the block
            }
        }.store(in: &subscriptions)
    }

    @MainActor
    func refresh() {
        Task {
            DispatchQueue.main.async { self.results = [] } // quiet: on the main actor the hop only defers the block
            await self.reindex()
        }
    }

    // A block sent to a global queue is nonisolated: a Task started there is not on the main actor.
    // Its last step, in a task nobody keeps: not reported.
    @MainActor
    func refreshInBackground() {
        DispatchQueue.global().async {
            Task {
                let found = await self.search("")
                DispatchQueue.main.async { self.results = found }
            }
        }
    }

    func search(_ q: String) async -> [String] { [] }
    func reindex() async {}
}
