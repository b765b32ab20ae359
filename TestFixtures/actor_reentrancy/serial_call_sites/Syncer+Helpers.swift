import Foundation

extension Syncer {
    // Called only from `pushAssumingOnQueue()`, whose every call runs on `jobs` (quiet).
    private func markSent(_ key: String) async {
        guard status[key] != true else { return }
        await upload(key)
        status[key] = true
    }

    // One caller is a Task: calls can overlap.
    func bump() async {
        guard revision < 10 else { return }
        await upload("rev")
        revision += 1 // expect: actor_reentrancy
    }

    private func upload(_ key: String) async { await Task.yield() }
}
