import Foundation

extension SettingsSync {
    // Quiet: the decision on `syncedThisSession` is followed by the in-flight claim, held
    // across the await.
    func syncIfNeeded() async {
        if syncedThisSession { return }
        guard !syncing else { return }
        syncing = true
        defer { syncing = false }
        values = await pull()
        syncedThisSession = true
    }

    // Near miss: nothing is claimed before the await, so two calls can both pass the check.
    func syncNow(force: Bool) async {
        if syncedThisSession { return }
        if force { print("forced") }
        values = await pull()
        syncedThisSession = true // expect: actor_reentrancy
    }

    private func pull() async -> [String: String] { await Task.yield(); return [:] }
}
