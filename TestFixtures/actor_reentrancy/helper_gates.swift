import Foundation

// The caller checks, then awaits a helper of the same actor that claims its own in-progress state
// before its first await: a second call stops at the helper's gate, so the helper's writes after
// its await do not act on the caller's check twice.
actor Catalog {
    private var index: [String]?
    private var covers: [String: Data] = [:]
    private var loading = false
    private var inFlight: Set<String> = []
    private var version = 0

    // Quiet: the helper's gate is a flag tested by `guard` and set before its await.
    func ensureLoaded() async {
        if index == nil {
            await loadIndex()
        }
    }

    private func loadIndex() async {
        guard !loading else { return }
        loading = true
        let fresh = await Store.fetchIndex()
        index = fresh
        loading = false
    }

    // Quiet: another spelling, a set of keys in flight claimed in the `if` body.
    func cover(_ key: String) async -> Data? {
        if let hit = covers[key] { return hit }
        await loadCover(key)
        return covers[key]
    }

    private func loadCover(_ key: String) async {
        if !inFlight.contains(key) {
            inFlight.insert(key)
            let data = await Store.fetch(key)
            covers[key] = data
            inFlight.remove(key)
        }
    }

    // Fires: the helper claims the flag only after its await.
    func ensureLoadedLate() async {
        if index == nil {
            await loadIndexLate() // expect: actor_reentrancy
        }
    }

    private func loadIndexLate() async {
        let fresh = await Store.fetchIndex()
        guard !loading else { return }
        loading = true
        index = fresh
        loading = false
    }

    // Fires: the helper releases its claim before a second await, then writes.
    func refreshVersion() async {
        if version == 0 {
            await bumpVersion() // expect: actor_reentrancy
        }
    }

    private func bumpVersion() async {
        guard !loading else { return }
        loading = true
        _ = await Store.fetchIndex()
        loading = false
        let next = await Store.nextVersion()
        version = next
    }
}

enum Store {
    static func fetchIndex() async -> [String] { [] }
    static func fetch(_ key: String) async -> Data { Data() }
    static func nextVersion() async -> Int { 1 }
}
