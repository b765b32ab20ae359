import Foundation

// A method that claims an in-flight flag after its decision and holds the claim across the
// await (released in `defer`): a second call stops at the claim, so it never acts on the same
// stale decision.

actor CatalogLoader {
    private var loadedOnce = false
    private var loading = false
    private var items: [String] = []

    func loadIfNeeded() async {
        if loadedOnce { return }
        guard !loading else { return }
        loading = true
        defer { loading = false }
        let fresh = await fetch()
        items = fresh
        loadedOnce = true
    }

    private func fetch() async -> [String] { await Task.yield(); return [] }
}

// The gate is an optional task: set before the await, cleared after it.
actor AvatarCache {
    private var cached: [String: Data] = [:]
    private var pending: Task<Data, Never>?

    func avatar(for user: String) async -> Data {
        if let hit = cached[user] { return hit }
        guard pending == nil else { return Data() }
        let task = Task { Data() }
        pending = task
        defer { pending = nil }
        let data = await task.value
        cached[user] = data
        return data
    }
}

// Near miss: the flag is released before the await, so a second call passes the gate while
// the first is suspended, and both act on the same decision.
actor FeedRefresher {
    private var refreshedOnce = false
    private var busy = false
    private var entries: [Int] = []

    func refresh() async {
        if refreshedOnce { return }
        guard !busy else { return }
        busy = true
        busy = false
        entries = await download()
        refreshedOnce = true // expect: actor_reentrancy
    }

    private func download() async -> [Int] { await Task.yield(); return [] }
}
